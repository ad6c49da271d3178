"""A synthesis run recorded from a strong model replays with no model. The fixture
(tests/fixtures/replay/strong-model-k2.jsonl: `synthesize -K 2 -n 2 --seeds catalog --seed 3`, its 17 requests
answered by hand, as a strong model would, through bench/relay.py on loopback; docs/benchmarks.md) holds every
exchange of the run and what the run reached: 2 candidates published, one after 3 rounds of cross-validation (its
tests sent back twice), the other after 2. Nothing is scripted here: every answer is the recorded model's, looked
up by its step."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from doc_blocks import commands, doc_block
from starlette.testclient import TestClient

from frontiersmith.errors import InvalidInputError
from frontiersmith.server.dashboard.app import dashboard_app
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.llm.exchanges import Recording
from frontiersmith.tools.synthesis.replay import load_recording, replay_config, replay_run

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "replay" / "strong-model-k2.jsonl"
SWITCHES = "cand_d07f7c21f18ed0ab"  # the recorded run's "Switches with conflicting rules" (3 rounds)
HALL = "cand_59694b835b8d05e1"  # "A varied week in the lecture hall" (2 rounds)

pytestmark = pytest.mark.anyio


@pytest.mark.slow
def test_a_strong_models_recorded_run_replays_to_the_same_task_without_a_model(tmp_path, run_cli):
    recorded = Recording.from_file(FIXTURE)
    store_file = tmp_path / "replay.db"
    # docs/reference/replay.md's command, its fixture named from the checkout and its store put in tmp_path
    (line,) = commands(doc_block("docs/reference/replay.md", "--replay tests/fixtures"))
    args = shlex.split(line)[1:]
    args[args.index("--replay") + 1] = str(ROOT / args[args.index("--replay") + 1])
    args[args.index("--store") + 1] = str(store_file)
    report = json.loads(run_cli(tmp_path, *args).stdout)

    assert report["run_id"] == recorded.run_id  # the recorded run's id, so its records' ids too
    assert report["replay"] == {
        "answers": 17,
        "unused": 0,
        "missing": [],
        "reproduced": True,
        "differences": [],
    }
    assert report["reasons"] == []
    assert report["cost"]["tokens"] == 0 and report["cost"]["model"]["calls"] == 0  # no model was asked

    # The replay keeps its exchanges like any run: each the recorded answer under the recorded key. The same
    # candidates are published (a task's id also hashes FrontierSmith's harness around the model's programs).
    store = open_store(store_file)
    published = sorted(store.tasks.get(t).candidate_id for t in report["tasks"])
    assert published == recorded.header["outcome"]["published"]
    again = {e.id: e for e in store.exchanges.list(recorded.run_id)}
    assert set(again) == {e.id for e in recorded.exchanges}
    assert all(again[e.id].answer == e.answer and again[e.id].replayed for e in recorded.exchanges)
    task = next(store.tasks.get(t) for t in report["tasks"] if store.tasks.get(t).candidate_id == SWITCHES)
    rounds = [e.payload["ok"] for e in store.events.list(SWITCHES, kind="crossval.round")]
    assert rounds == [False, False, True]  # its tests sent back twice, as recorded

    listing = run_cli(tmp_path, "store", "exchanges", "--store", str(store_file), "--step", "solve").stdout
    assert listing.count("(replayed)") == 4 and "index=1 language=python" in listing

    # The dashboard's candidate page lists them too, each with its request and answer, and as JSON.
    ui = TestClient(dashboard_app(lambda: store, Settings(store_path=store_file, data_dir=tmp_path)))
    page = ui.get(f"/ui/candidates/{task.candidate_id}").text
    about = [
        e for e in recorded.exchanges if e.subject_id == SWITCHES
    ]  # judged, solved twice, tests 3 times...
    assert "<h2>Model exchanges</h2>" in page and page.count("(replayed)") == len(about) == 8
    shown = ui.get(f"/ui/candidates/{task.candidate_id}?format=json").json()["exchanges"]
    assert [e["step"] for e in shown] == [e.step for e in store.exchanges.list(subject_id=task.candidate_id)]


AGENTS_FIXTURE = ROOT / "tests" / "fixtures" / "replay" / "strong-model-agents.jsonl"
BOOKINGS = "cand_b2b79f8d8a3c4094"  # the agents run's "One booking per duration" (its tests sent back twice)


@pytest.mark.slow
def test_a_strong_models_recorded_agents_run_replays_its_tool_calls_to_the_same_tasks(tmp_path, run_cli):
    """The agents' run (`synthesize --agents -K 2 -n 2 --n-div 2 --n-final 2 --seeds catalog --seed 5`, its 22
    requests answered by hand through bench/relay.py, each agent's forced tool call and its reply to the tool's
    result; docs/benchmarks.md): its tool calls are made again against a new serve, with the recorded arguments,
    and reach the recorded funnel and tasks. Nothing is scripted: every answer is the recorded model's."""
    recorded = Recording.from_file(AGENTS_FIXTURE)
    store_file = tmp_path / "agents.db"
    report = json.loads(
        run_cli(
            tmp_path, "synthesize", "--replay", str(AGENTS_FIXTURE), "--store", str(store_file), "--json"
        ).stdout
    )

    assert report["run_id"] == recorded.run_id
    assert report["replay"] == {
        "answers": 22,
        "unused": 0,
        "missing": [],
        "reproduced": True,
        "differences": [],
    }
    assert report["stages"]["published"] == 2 and report["rejected"] == {}
    # the same candidates published (a task's id also names its package, whose time limit comes from the
    # references' timings on this machine: docs/reference/replay.md)
    store = open_store(store_file)
    assert (
        sorted(store.tasks.get(t).candidate_id for t in report["tasks"])
        == recorded.header["outcome"]["published"]
    )
    # the tool results the agents read came from the new serve: the bookings' tests were refused twice by the
    # protocol (no signal, then an adversarial distribution that did not bite) before the third build passed
    rounds = [e.payload["ok"] for e in store.events.list(BOOKINGS, kind="crossval.round")]
    assert rounds == [False, False, True]
    assert {(e.step, e.turn) for e in store.exchanges.list(recorded.run_id)} >= {
        ("write_tests", 1),
        ("write_verifier", 1),
    }


async def test_a_replay_refilters_without_a_model_and_names_each_step_it_has_no_answer_for(tmp_path):
    """The same recording with one answer taken out (the lecture hall's first tests) and a stricter N_div and
    cross-validation: the candidate that no longer passes semantic divergence leaves its answers unused, and
    the missing tests are a rejection that names the step; nothing asks a model."""
    lines = FIXTURE.read_text().splitlines()
    cut_out = [
        i
        for i, line in enumerate(lines[1:], start=1)
        if (e := json.loads(line))["step"] == "write_tests" and e["subject_id"] == HALL and e["ask"] == 0
    ]
    assert len(cut_out) == 1
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(line for i, line in enumerate(lines) if i not in cut_out) + "\n")
    recording = load_recording(str(cut))
    settings = Settings(data_dir=tmp_path, sandbox_backend="process", workers=2)
    store = open_store(None, settings)
    config = replay_config(recording, n_div=1, crossval_rounds=1)

    replay = await replay_run(store, recording, config, settings)

    hall = store.candidates.get(HALL)
    assert hall.reason.startswith("protocol: no agreement after 1 rounds")
    assert f"has no answer for write_tests of {HALL}" in hall.reason
    assert replay.missing == [f"write_tests of {HALL}"]
    assert store.candidates.get(SWITCHES).reason.startswith("semantic: not in the top 1")
    # never asked for: the switches' 3 tests and 1 verifier, and the hall's verifier and second tests
    assert replay.unused == 6
    assert replay.reproduced is False and (
        f"published candidates: {', '.join(recording.header['outcome']['published'])} recorded, none now"
        in replay.differences
    )

    # What a replay cannot do is refused in one sentence, before any work.
    with pytest.raises(InvalidInputError, match=r"--candidates cannot change"):
        replay_config(recording, candidates=8)
    with pytest.raises(InvalidInputError, match=r"holds the recorded run .* itself"):
        other = open_store(tmp_path / "recorded.db", settings)
        other.pipeline_runs.start(recording.run_id, {})
        await replay_run(other, recording, config, settings)
    with pytest.raises(InvalidInputError, match=r"is not an exchanges file"):
        load_recording(str(Path(__file__)))
