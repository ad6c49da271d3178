"""The one cross-validation loop (tools/synthesis/crossval/loop.py) with its authors as parameters: the offline provider and
a chat model and the agents plug into the same loop, and every author answers with what its tool returned. The
language models are scripted: `agents.testing.ScriptedModel` for the agents, a chat-completions endpoint on
loopback for the chat provider; the server (a real `frontiersmith serve` over stdio), sandbox and store are
real."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from agent_helpers import HALF_BAD_GENERATOR, ROLES, calls, suite_args, toy, toy_candidate, verifier_args
from agents.testing import ScriptedModel
from chat_endpoint import Answer, ChatEndpoint, say, task_text
from model_answers import module, step_of

from frontiersmith.agents.authors import agent_authors, transcripts
from frontiersmith.agents.team import AgentTeam, Budget
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds
from frontiersmith.tools.synthesis.crossval.authors import provider_authors
from frontiersmith.tools.synthesis.crossval.loop import cross_validation_loop

pytestmark = pytest.mark.anyio


def rounds_of(store: Store, cid: str) -> list[dict]:
    return [e.payload for e in store.events.list(cid, kind="crossval.round")]


async def test_the_same_loop_runs_with_offline_authors_and_with_agent_authors(
    store: Store, settings: Settings
):
    offline = OfflineProvider()
    ensure_catalog_seeds(store)
    mutated = await syn.mutate_problem(store, "seed_two_sat", "objective", provider=offline)
    catalog_cid = mutated.candidate.id
    await syn.sample_solutions(store, catalog_cid, 2, provider=offline, settings=settings)
    by_offline = await cross_validation_loop(
        store, catalog_cid, provider_authors(store, catalog_cid, offline, settings=settings)
    )

    toy_cid = await toy_candidate(store, settings)
    tests_model = ScriptedModel(calls(("generate_tests", suite_args(toy_cid, toy.GENERATOR)), "built"))
    verifier_model = ScriptedModel(calls(("run_verifier", verifier_args(toy_cid, toy.VERIFIER)), "checked"))
    models = {"test_case_agent": tests_model, "verifier_agent": verifier_model}
    async with AgentTeam(store, settings, models, roles=ROLES) as team:
        by_agents = await cross_validation_loop(store, toy_cid, agent_authors(team, toy_cid))
    tests_model.assert_complete()
    verifier_model.assert_complete()

    assert (by_offline.ok, by_offline.rounds) == (True, 1)
    assert (by_agents.ok, by_agents.rounds) == (True, 1)
    [offline_round] = rounds_of(store, catalog_cid)
    [agents_round] = rounds_of(store, toy_cid)
    assert offline_round["by"] == "offline"
    assert offline_round["authors"] == ["offline:tests", "offline:verifier"]
    assert agents_round["by"] == "agents" and agents_round["authors"] == list(ROLES)
    # Both outcomes carry the check their verifier's author got back from run_verifier.
    assert by_offline.verifier is not None and by_offline.verifier.ok
    assert by_agents.verifier is not None and {c.owner for c in by_agents.verifier.checks} == {
        "tests",
        "verifier",
    }


async def test_agents_loop_feeds_the_tool_error_back_to_the_test_author(store: Store, settings: Settings):
    cid = await toy_candidate(store, settings)
    wrong_id = {**suite_args(cid, toy.GENERATOR), "candidate_id": "cand_nope"}
    tests_model = ScriptedModel(
        calls(
            ("generate_tests", wrong_id),
            "I could not build them",
            ("generate_tests", suite_args(cid, toy.GENERATOR)),
            "built",
        )
    )
    verifier_model = ScriptedModel(calls(("run_verifier", verifier_args(cid, toy.VERIFIER)), "checked"))
    models = {"test_case_agent": tests_model, "verifier_agent": verifier_model}
    async with AgentTeam(store, settings, models, roles=ROLES) as team:
        outcome = await cross_validation_loop(store, cid, agent_authors(team, cid))
    tests_model.assert_complete()
    verifier_model.assert_complete()

    assert outcome.ok and outcome.rounds == 2
    first = rounds_of(store, cid)[0]
    # Round 1's feedback is the server's own error text for the failed call, and the verifier waited for tests.
    [failure] = first["failures"]
    assert failure.startswith("tests: generate_tests answered with an error: ") and "cand_nope" in failure
    assert first["authors"] == ["test_case_agent"]
    logs = transcripts(store, cid)
    assert logs[1]["agent"] == "test_case_agent" and logs[1]["round"] == 2
    assert any("cand_nope" in f for f in logs[1]["feedback"])
    assert "cand_nope" in logs[1]["items"][0]["content"]


async def test_verifier_that_passed_is_checked_again_on_new_tests_without_its_agent(
    store: Store, settings: Settings
):
    cid = await toy_candidate(store, settings)
    tests_model = ScriptedModel(
        calls(
            ("generate_tests", suite_args(cid, HALF_BAD_GENERATOR)),
            "two distributions built",
            ("generate_tests", suite_args(cid, toy.GENERATOR, ["validator rejects mixed"])),
            "all three built",
        )
    )
    verifier_model = ScriptedModel(calls(("run_verifier", verifier_args(cid, toy.VERIFIER)), "checked"))
    models = {"test_case_agent": tests_model, "verifier_agent": verifier_model}
    async with AgentTeam(store, settings, models, roles=ROLES, budget=Budget(max_rounds=3)) as team:
        outcome = await cross_validation_loop(store, cid, agent_authors(team, cid))
    tests_model.assert_complete()
    verifier_model.assert_complete()  # one model turn pair: round 2's check was the server's alone

    assert outcome.ok and outcome.rounds == 2
    rounds = rounds_of(store, cid)
    assert [r["authors"] for r in rounds] == [list(ROLES), ["test_case_agent"]]
    assert "validator rejects" in " ".join(rounds[0]["failures"])
    assert not any(f.startswith("verifier: ") for f in rounds[0]["failures"])
    # The same verifier, checked twice: once per suite.
    checks = store.candidates.list_reports(cid)
    assert len(checks) == 2 and len({c.verifier_id for c in checks}) == 1
    assert checks[0].suite_id != checks[1].suite_id


def _a_verifier_without_its_feasibility_checker_first() -> tuple[
    list[str], Callable[[dict[str, Any]], Answer]
]:
    """A chat model that writes the toy's tests, then (twice) a verifier module without its feasibility
    checker, then the whole module; it records every verifier task it was sent."""
    prompts: list[str] = []
    incomplete = toy.VERIFIER_MODULE.replace("def feasible(", "def _unused(")

    def respond(body: dict[str, Any]) -> Answer:
        task = task_text(body)
        if step_of(task) == "tests":
            return say(module(toy.TESTS_MODULE))
        prompts.append(task)
        return say(module(incomplete if len(prompts) <= 2 else toy.VERIFIER_MODULE))

    return prompts, respond


async def test_provider_authors_hand_an_unusable_verifier_back_as_feedback(store: Store, settings: Settings):
    """Scripted model. Its unusable answer is asked again at once with the reason; when that one is unusable
    too, the reason is the round's failure and goes back to it as the next round's feedback."""
    cid = await toy_candidate(store, settings)
    verifier_prompts, respond = _a_verifier_without_its_feasibility_checker_first()
    with ChatEndpoint(respond) as endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        outcome = await cross_validation_loop(
            store, cid, provider_authors(store, cid, provider, settings=settings)
        )
    assert endpoint.errors == []

    assert outcome.ok and outcome.rounds == 2
    [refused] = rounds_of(store, cid)[0]["failures"]
    assert refused == "verifier: The module defines no feasible() at its top level."
    first, again, next_round = verifier_prompts
    assert "could not be used: The module defines no feasible()" in again
    assert "failed these cross-validation checks" in next_round and "defines no feasible()" in next_round
    # Both unusable answers are kept, with their reason and what the model wrote.
    kept = [e.payload for e in store.events.list(cid, kind="llm.bad_answer")]
    assert [(k["step"], k["attempt"], k["retried"]) for k in kept] == [
        ("write_verifier", 1, True),
        ("write_verifier", 2, False),
    ]
    assert all("def _unused(" in k["raw"] for k in kept)
