"""The test-case and verifier agents cross-validate each other through the real `frontiersmith serve` over
stdio. The language model is `agents.testing.ScriptedModel` (no network): each role's moves are scripted, the
server, sandbox and store are real."""

from __future__ import annotations

import pytest
from agent_helpers import HALF_BAD_GENERATOR, ROLES, calls, suite_args, toy, toy_candidate, verifier_args
from agents.testing import ScriptedModel

from frontiersmith.agents.authors import transcripts, validate_candidate
from frontiersmith.agents.team import AgentTeam, Budget
from frontiersmith.models import CandidateStatus, Solution, Verifier
from frontiersmith.models import TestCase as StoredTest
from frontiersmith.settings import Settings
from frontiersmith.store import Store

pytestmark = pytest.mark.anyio


async def cross_validate(
    store: Store,
    settings: Settings,
    cid: str,
    tests_model: ScriptedModel,
    verifier_model: ScriptedModel,
    rounds: int = 3,
):
    """The agents' cross-validation of ``cid``; each scripted model must have played its whole script."""
    models = {"test_case_agent": tests_model, "verifier_agent": verifier_model}
    async with AgentTeam(store, settings, models, roles=ROLES, budget=Budget(max_rounds=rounds)) as team:
        outcome = await validate_candidate(team, cid)
    tests_model.assert_complete()
    verifier_model.assert_complete()
    return outcome


def tool_outputs(transcript: dict) -> list[str]:
    return [
        str(item.get("output")) for item in transcript["items"] if item.get("type") == "function_call_output"
    ]


async def test_crossval_fails_in_round_one_and_converges_in_round_two(store: Store, settings: Settings):
    cid = await toy_candidate(store, settings)
    tests_model = ScriptedModel(
        calls(
            ("generate_tests", suite_args(cid, HALF_BAD_GENERATOR)),
            "three distributions",
            ("generate_tests", suite_args(cid, toy.GENERATOR, ["validator rejects mixed"])),
            "fixed the mixed distribution",
        )
    )
    verifier_model = ScriptedModel(
        calls(
            ("run_verifier", verifier_args(cid, toy.ACCEPT_ALL_VERIFIER)),
            "verifier written",
            ("run_verifier", verifier_args(cid, toy.VERIFIER, ["accepts garbage"])),
            "verifier now checks feasibility",
        )
    )
    outcome = await cross_validate(store, settings, cid, tests_model, verifier_model, rounds=3)

    assert outcome.ok and outcome.rounds == 2
    rounds = [e.payload for e in store.events.list(cid, kind="crossval.round")]
    assert [r["ok"] for r in rounds] == [False, True]
    first = " ".join(rounds[0]["failures"])
    assert "tests: " in first and "validator rejects" in first and "mixed" in first
    assert "verifier: verifier rejects corrupted outputs: it accepts garbage" in first

    # Each failure went back to its owner, with the evidence, in the round-2 prompt.
    logs = transcripts(store, cid)
    assert [(t["agent"], t["round"]) for t in logs] == [
        ("test_case_agent", 1),
        ("verifier_agent", 1),
        ("test_case_agent", 2),
        ("verifier_agent", 2),
    ]
    assert any("validator rejects" in f for f in logs[2]["feedback"])
    assert not any("accepts garbage" in f for f in logs[2]["feedback"])
    assert any("accepts garbage" in f for f in logs[3]["feedback"])
    assert "accepts garbage" in logs[3]["items"][0]["content"]
    # The transcripts hold the tool calls and the server's answers.
    assert '"ok": false' in tool_outputs(logs[0])[0] and '"ok": true' in tool_outputs(logs[2])[0]
    assert '"ok": true' in tool_outputs(logs[3])[0]

    # Every intermediate artefact is stored and reachable from the candidate.
    assert store.candidates.get(cid).status is CandidateStatus.KEPT
    below = {r.id: r.kind for r in store.lineage.descendants(cid)}
    verifiers = store.problems.list_verifiers(cid)
    assert len(verifiers) == 2 and all(v.id in below for v in verifiers)
    assert all(t.id in below for t in store.problems.list_tests(cid))
    assert len(store.candidates.list_suites(cid)) == 2
    baseline = store.get(Solution, verifiers[0].baseline_solution_id)
    assert baseline.id in below and store.get(Verifier, verifiers[1].id).problem_id == cid
    assert all(isinstance(store.get(StoredTest, t.id), StoredTest) for t in store.problems.list_tests(cid))


async def test_agent_sees_a_bad_argument_error_and_recovers(store: Store, settings: Settings):
    cid = await toy_candidate(store, settings)
    tests_model = ScriptedModel(
        calls(
            ("generate_tests", {"candidate_id": cid, "authored": {"generator": 3}}),
            ("generate_tests", {**suite_args(cid, toy.GENERATOR), "candidate_id": "cand_nope"}),
            ("generate_tests", suite_args(cid, toy.GENERATOR)),
            "tests built",
        )
    )
    verifier_model = ScriptedModel(calls(("run_verifier", verifier_args(cid, toy.VERIFIER)), "verified"))
    outcome = await cross_validate(store, settings, cid, tests_model, verifier_model)
    assert outcome.ok and outcome.rounds == 1

    # The model was shown each error as the tool's answer, and its next call was the corrected one.
    seen = tool_outputs(transcripts(store, cid)[0])
    assert "authored.generator" in seen[0] and "fix it and call again" in seen[0]
    assert "cand_nope" in seen[1]
    assert '"ok": true' in seen[2]
    second_call_input = tests_model.calls[1].input
    assert any(
        i.get("type") == "function_call_output" and "authored.generator" in str(i.get("output"))
        for i in second_call_input
    )


async def test_candidate_that_never_converges_is_rejected_with_its_reason(store: Store, settings: Settings):
    cid = await toy_candidate(store, settings)
    tests_model = ScriptedModel(calls(("generate_tests", suite_args(cid, toy.GENERATOR)), "tests built"))
    verifier_model = ScriptedModel(
        calls(
            ("run_verifier", verifier_args(cid, toy.CRASHING_VERIFIER)),
            "done",
            ("run_verifier", verifier_args(cid, toy.CRASHING_VERIFIER, ["baseline is feasible"])),
            "done again",
        )
    )
    outcome = await cross_validate(store, settings, cid, tests_model, verifier_model, rounds=2)

    assert not outcome.ok and outcome.rounds == 2
    candidate = store.candidates.get(cid)
    assert candidate.status is CandidateStatus.REJECTED
    assert candidate.reason.startswith("protocol: no agreement after 2 rounds: verifier: ")
    assert "verifier bug" in candidate.reason  # the evidence: the verifier's own crash message
    rounds = store.events.list(cid, kind="crossval.round")
    assert [r.payload["authors"] for r in rounds] == [
        ["test_case_agent", "verifier_agent"],
        ["verifier_agent"],
    ]
    assert len(transcripts(store, cid)) == 3
