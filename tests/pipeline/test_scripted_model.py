"""Algorithm 1 driven through the OpenAI-compatible provider (the real Agents SDK HTTP path) against a
scripted chat endpoint on loopback. The model is the only scripted part: its answers include invalid JSON,
code that does not compile, a generator that emits invalid inputs, a verifier that accepts everything and
a verifier that crashes — each must be caught by the protocol and the run must go on."""

from __future__ import annotations

import json

import pytest
from model_answers import grouping, keep, module, mutation, solution, step_of, title_of

from frontiersmith.models import CandidateStatus
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.llm.exchanges import Recording, export_exchanges
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.synthesis.pipeline import Pipeline, SynthesisConfig
from frontiersmith.tools.synthesis.replay import replay_run

from . import toy_problem as toy
from .scripted_llm import ScriptedEndpoint

pytestmark = pytest.mark.anyio


def route(task: str) -> str:
    step = step_of(task)
    if step == "mutate":
        return "mutate"  # one mutation at a time (max_concurrency=1): answers are served in order
    return f"{step}:{title_of(task)}"


async def test_bad_model_output_is_caught_and_the_run_goes_on(tmp_path):
    endpoint = ScriptedEndpoint(route)
    # the first candidate ("Repairable"): invalid JSON first, retried, then a real mutation
    endpoint.script("mutate", "this is { not json", mutation("Repairable"), mutation("Hopeless"))
    endpoint.script("coarse:Repairable", keep())
    endpoint.script("coarse:Hopeless", keep())
    for title in ("Repairable", "Hopeless"):
        endpoint.script(
            f"solve:{title}",
            solution(toy.GREEDY_LARGE, "greedy, largest first"),
            solution(toy.NOT_COMPILING, "broken C++", "cpp"),
            solution(toy.DP_SMALL_ONLY, "subset-sum DP on small instances"),
        )
        endpoint.script(f"group:{title}", grouping([0, 1, 2]))
    # Repairable: the generator breaks the validator in round 1, the verifier accepts everything in round 2
    endpoint.script("tests:Repairable", module(toy.BAD_TESTS_MODULE), module(toy.TESTS_MODULE))
    endpoint.script("verifier:Repairable", module(toy.ACCEPT_ALL_MODULE), module(toy.VERIFIER_MODULE))
    # Hopeless: its verifier crashes every round; asked to fix it, the model repeats it unchanged, which is an
    # unusable answer asked once more (2 asks in each of rounds 2 and 3)
    endpoint.script("tests:Hopeless", module(toy.TESTS_MODULE))
    endpoint.script("verifier:Hopeless", *[module(toy.CRASHING_MODULE)] * 5)

    # Solutions in either language: a C++ one that does not compile is judged, and recorded as such.
    settings = Settings(
        data_dir=tmp_path, sandbox_backend="process", max_concurrency=1, workers=2, llm_language="any"
    )
    store = open_store(None, settings)
    config = SynthesisConfig(
        rounds=1, candidates=2, n_solutions=3, n_div=2, n_final=2, crossval_rounds=3, provider="openai"
    )
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        table = await Pipeline(store, provider, config, settings).run()

    assert endpoint.unanswered == []
    keys = [k for k, _ in endpoint.requests]
    assert keys.count("mutate") == 3, "invalid JSON must be retried"

    cands = {c.problem.title: c for c in store.candidates.list()}
    good, bad = cands["Repairable"], cands["Hopeless"]
    assert good.status is CandidateStatus.ACCEPTED
    assert bad.status is CandidateStatus.REJECTED
    assert bad.reason.startswith("protocol:") and "verifier" in bad.reason
    repeats = [e.payload for e in store.events.list(bad.id, kind="llm.bad_answer")]
    assert len(repeats) == 4 and all("repeats the code that failed" in r["reason"] for r in repeats)
    assert table.published == 1 and table.rejected["protocol"] == 1

    rounds = [e.payload for e in store.events.list(good.id, kind="crossval.round")]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert "validator rejects" in " ".join(rounds[0]["failures"])
    assert "accepts garbage" in " ".join(rounds[1]["failures"])
    assert rounds[2]["ok"] is True

    ce = [s for s in store.problems.list_solutions(good.id) if "broken" in s.strategy]
    assert ce and store.events.list(ce[0].id, kind="solution.compile_error")
    task = store.tasks.list(good.id)[0]
    chain = [r.kind for r in store.lineage.ancestors(task.id)]
    assert chain[0] == "seed" and chain[-2:] == ["candidate", "task"]

    # Replayed from its exported exchanges with no model (no endpoint is up): the same retries, repair
    # rounds and repeated programs, the same checks, the same records under the same ids.
    exported = tmp_path / "exchanges.jsonl"
    assert export_exchanges(store, config.run_id, exported) == len(endpoint.requests)
    replay_store = open_store(tmp_path / "replay.db", settings)
    replay = await replay_run(replay_store, Recording.from_file(exported), config, settings)
    assert (replay.missing, replay.unused, replay.table.funnel()) == ([], 0, table.funnel())
    assert {(c.id, c.status, c.reason) for c in replay_store.candidates.list()} == {
        (c.id, c.status, c.reason) for c in store.candidates.list()
    }
    assert [t.id for t in replay_store.tasks.list()] == [t.id for t in store.tasks.list()]
    replayed = replay_store.exchanges.list(config.run_id, messages=False)
    assert len(replayed) == len(endpoint.requests) and all(e.replayed for e in replayed)


CLOSED_ROWS = [
    {
        "name": "1A. Heaviest pair",
        "description": "Given n integers, print the largest sum of two of them.\n\nInput\n\nThe first line holds n "
        "(2 ≤ n ≤ 10^5), the second n integers a_i (1 ≤ a_i ≤ 10^9).\n\nOutput\n\nPrint the maximum sum.\n",
        "public_tests": {"input": ["3\n1 5 2\n"], "output": ["7\n"]},
        "private_tests": {"input": ["2\n4 4\n"], "output": ["8\n"]},
        "generated_tests": {"input": [], "output": []},
        "solutions": {
            "language": [3],
            "solution": ["input()\na = sorted(map(int, input().split()))\nprint(a[-1] + a[-2])\n"],
        },
        "incorrect_solutions": {"language": [], "solution": []},
        "time_limit": {"seconds": 1, "nanos": 0},
        "memory_limit_bytes": 268435456,
        "difficulty": 7,
        "source": 2,
        "cf_tags": ["greedy"],
    },
    {
        "name": "1B. Even count",
        "description": "Given n integers, print how many of them are even.\n\nInput\n\nThe first line holds n "
        "(1 ≤ n ≤ 10^5), the second n integers a_i (1 ≤ a_i ≤ 10^9).\n\nOutput\n\nPrint the count.\n",
        "public_tests": {"input": ["3\n1 2 4\n"], "output": ["2\n"]},
        "private_tests": {"input": ["1\n7\n"], "output": ["0\n"]},
        "generated_tests": {"input": [], "output": []},
        "solutions": {
            "language": [3],
            "solution": ["input()\nprint(sum(int(x) % 2 == 0 for x in input().split()))\n"],
        },
        "incorrect_solutions": {"language": [], "solution": []},
        "time_limit": {"seconds": 1, "nanos": 0},
        "memory_limit_bytes": 268435456,
        "difficulty": 8,
        "source": 2,
        "cf_tags": ["implementation"],
    },
]


async def test_a_run_on_imported_seeds_publishes_tasks_that_descend_from_them(tmp_path):
    """Only the model is scripted: the seeds are imported from CodeContests-shaped rows (their references run
    in the sandbox), the run's default selection is those seeds, and lineage leads back to the file and row."""
    from frontiersmith.tools.seeds.importer import import_seeds

    rows = tmp_path / "closed.jsonl"
    rows.write_text("".join(json.dumps(r) + "\n" for r in CLOSED_ROWS))
    settings = Settings(data_dir=tmp_path, sandbox_backend="process", max_concurrency=1, workers=2)
    store = open_store(None, settings)
    summary = await import_seeds(rows, store, settings=settings)
    imported = {s.id: s for s in store.seeds.list(origin="import")}
    assert len(imported) == 2 and all(s.status.value == "verified" for s in imported.values()), summary

    endpoint = ScriptedEndpoint(route)
    endpoint.script("mutate", mutation("Derived One"), mutation("Derived Two"))
    for title in ("Derived One", "Derived Two"):
        endpoint.script(f"coarse:{title}", keep())
        endpoint.script(
            f"solve:{title}",
            solution(toy.GREEDY_LARGE, "greedy, largest first"),
            solution(toy.DP_SMALL_ONLY, "subset-sum DP on small instances"),
        )
        endpoint.script(f"group:{title}", grouping([0, 1]))
        endpoint.script(f"tests:{title}", module(toy.TESTS_MODULE))
        endpoint.script(f"verifier:{title}", module(toy.VERIFIER_MODULE))
    config = SynthesisConfig(rounds=1, candidates=2, n_solutions=2, n_div=2, n_final=2, provider="openai")
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        table = await Pipeline(store, provider, config, settings).run()

    mutated = [prompt for key, prompt in endpoint.requests if key == "mutate"]
    assert len(mutated) == 2 and all("closed" in p for p in mutated)
    assert {c.parent_id for c in store.candidates.list()} == set(imported), "one slot per imported seed"
    tasks = store.tasks.list()
    assert tasks and table.published == len(tasks)
    for task in tasks:
        root = store.lineage.ancestors(task.id)[0]
        assert root.id in imported and root.provenance["file"].endswith("closed.jsonl")
        assert root.provenance["row"] in (1, 2) and root.provenance["format"] == "codecontests"


async def test_solutions_in_the_wrong_language_are_kept_as_unusable_answers_and_reject_the_candidate(
    tmp_path,
):
    """Scripted model. The run writes C++ (llm_language); the model answers every solver in Python, asked
    again with the reason each time: each answer is kept with its reason and raw text, each solver's failure
    is recorded, and the candidate is rejected at sampling saying why, while the run finishes. The two
    solvers are asked at once (the endpoint holds the first until the second arrives)."""
    endpoint = ScriptedEndpoint(route)
    endpoint.script("mutate", mutation("Wrong tongue"))
    endpoint.script("coarse:Wrong tongue", keep())
    endpoint.script("solve:Wrong tongue", *[solution(toy.GREEDY_LARGE, "greedy, largest first")] * 4)
    endpoint.together("solve:Wrong tongue", 2)  # the two solvers are answered only if asked at once
    settings = Settings(
        data_dir=tmp_path, sandbox_backend="process", max_concurrency=1, workers=2, llm_language="cpp"
    )
    store = open_store(None, settings)
    config = SynthesisConfig(rounds=1, candidates=1, n_solutions=2, n_div=1, n_final=1, provider="openai")
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        table = await Pipeline(store, provider, config, settings).run()

    assert endpoint.unanswered == [] and endpoint.apart == [] and table.published == 0
    assert store.pipeline_runs.get(config.run_id).progress.peak_model_calls == 2
    solves = [prompt for key, prompt in endpoint.requests if key.startswith("solve")]
    assert len(solves) == 4 and all("complete C++17 program" in p for p in solves)
    # the two solvers are asked at once, so their retries may come in either order
    retries = [
        p for p in solves if "could not be used: The program is python, but this run writes C++17." in p
    ]
    assert len(retries) == 2
    (candidate,) = store.candidates.list()
    assert candidate.status is CandidateStatus.REJECTED
    assert candidate.reason.startswith("sample: only 0 solutions could be sampled: 2 answers unusable")
    kept = [e.payload for e in store.events.list(candidate.id, kind="llm.bad_answer")]
    assert sorted((k["step"], k["attempt"]) for k in kept) == [("solve", 1)] * 2 + [("solve", 2)] * 2
    assert all(k["run"] == config.run_id and "```python" in k["raw"] for k in kept)
    # Every exchange is kept with its key, the unusable ones with why: the retry is the solver's attempt 2.
    solved = store.exchanges.list(config.run_id, step="solve")
    assert sorted((e.context["index"], e.attempt) for e in solved) == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert all("this run writes C++17" in e.unusable and e.messages[-1]["role"] == "user" for e in solved)
    retried = [e for e in solved if e.attempt == 2]
    assert all("could not be used" in e.messages[-1]["content"] for e in retried)
    steps = [e.step for e in store.exchanges.list(config.run_id, messages=False)]
    assert steps.count("mutate") == steps.count("coarse_judge") == 1 and len(steps) == 6
