"""The agents on the Agents SDK's real HTTP path: OpenAIChatCompletionsModel over AsyncOpenAI with a base_url
pointing at a scripted chat-completions endpoint on loopback, which answers with `tool_calls` the SDK executes
against the real `frontiersmith serve` (stdio). No network beyond 127.0.0.1; only the model is scripted."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from agent_helpers import HALF_BAD_GENERATOR, ROLES, TOY, suite_args, toy, toy_candidate, verifier_args
from chat_endpoint import (
    Answer,
    ChatEndpoint,
    call,
    last_role,
    say,
    system_text,
    task_text,
    tool_names,
    user_text,
)
from model_answers import grouping, keep, module, mutation, solution, solver_index, step_of

from frontiersmith.agents.authors import transcripts, validate_candidate
from frontiersmith.agents.orchestrator import AgentPipeline, agent_replay_pipeline, build_model
from frontiersmith.agents.team import AgentTeam, Budget
from frontiersmith.errors import EndpointUnreachable
from frontiersmith.models import CandidateStatus
from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store
from frontiersmith.tools.llm.exchanges import Recording
from frontiersmith.tools.synthesis.cost import run_cost
from frontiersmith.tools.synthesis.pipeline import SynthesisConfig
from frontiersmith.tools.synthesis.replay import export_run, replay_outcome

pytestmark = pytest.mark.anyio


def crossval_model(body: dict[str, Any]) -> Answer:
    """Round 1: a generator with one invalid distribution and an accept-all verifier; round 2: both fixed."""
    if last_role(body) == "tool":
        return say("done")
    user, system = user_text(body), system_text(body)
    cid = re.search(r"candidate (cand_\w+)", user).group(1)
    first = "round 1 of" in user
    if "TEST-CASE AGENT" in system:
        return call("generate_tests", suite_args(cid, HALF_BAD_GENERATOR if first else toy.GENERATOR))
    if "VERIFIER AGENT" in system:
        return call("run_verifier", verifier_args(cid, toy.ACCEPT_ALL_VERIFIER if first else toy.VERIFIER))
    raise AssertionError("unexpected agent")


async def test_crossval_over_an_openai_compatible_endpoint_converges_in_round_two(
    store: Store, settings: Settings
):
    cid = await toy_candidate(store, settings)
    with ChatEndpoint(crossval_model) as endpoint:
        model = build_model("scripted-chat", endpoint.base_url)
        async with AgentTeam(store, settings, model, roles=ROLES) as team:
            outcome = await validate_candidate(team, cid)
    assert endpoint.errors == []
    assert outcome.ok and outcome.rounds == 2

    # The static tool filter: each agent was offered only its role's tools.
    offered = {("TEST-CASE" in system_text(b), frozenset(tool_names(b))) for b in endpoint.requests}
    assert offered == {
        (True, frozenset({"get_candidate", "generate_tests"})),
        (False, frozenset({"get_candidate", "run_verifier"})),
    }
    # The server's answers went back to the model as tool messages.
    tool_msgs = [m for b in endpoint.requests for m in b["messages"] if m.get("role") == "tool"]
    assert len(tool_msgs) == 4 and any("validator rejects" in str(m["content"]) for m in tool_msgs)

    logs = transcripts(store, cid)
    assert [t["agent"] for t in logs] == list(ROLES) * 2
    assert all(t["model"] == "scripted-chat" and t["usage"]["total_tokens"] == 240 for t in logs)
    assert all(any(i.get("type") == "function_call" for i in t["items"]) for t in logs)
    assert store.events.list(cid, kind="crossval.round")[-1].payload["tokens"] == 4 * 240


async def test_token_budget_stops_the_loop_and_says_so(store: Store, settings: Settings):
    cid = await toy_candidate(store, settings)
    with ChatEndpoint(crossval_model) as endpoint:
        budget = Budget(max_rounds=3, max_tokens_per_candidate=300)
        async with AgentTeam(
            store, settings, build_model("scripted-chat", endpoint.base_url), roles=ROLES, budget=budget
        ) as team:
            outcome = await validate_candidate(team, cid)
    assert not outcome.ok and outcome.rounds == 1
    candidate = store.candidates.get(cid)
    assert candidate.status is CandidateStatus.REJECTED
    assert "token budget exhausted after round 1 (480 tokens" in candidate.reason


SOLUTIONS = [
    (toy.GREEDY_LARGE, "greedy, largest number first"),
    (toy.GREEDY_SMALL, "greedy, smallest number first"),
    (toy.DP_SMALL_ONLY, "subset-sum dynamic programming on small instances"),
]


def synthesis_model(body: dict[str, Any]) -> Answer:
    """Every role of Algorithm 1, scripted; the test-case and verifier agents call the server's tools when they
    are offered them (the pipeline hands them cross-validation), else answer with their modules."""
    system, task = system_text(body), task_text(body)
    if "MUTATOR" in system:
        return say(mutation(TOY.title, TOY.statement))
    if "DIVERGENCE JUDGE" in system:
        return say(keep() if step_of(task) == "coarse" else grouping([0, 1, 2]))
    if "SOLVER" in system:
        code, strategy = SOLUTIONS[solver_index(task)]
        return say(solution(code, strategy))
    if last_role(body) == "tool":
        return say("done")
    if "TEST-CASE AGENT" in system:
        if "generate_tests" in tool_names(body):
            cid = re.search(r"candidate (cand_\w+)", task)[1]
            return call("generate_tests", {**suite_args("?", toy.GENERATOR), "candidate_id": cid})
        return say(module(toy.TESTS_MODULE))
    if "VERIFIER AGENT" in system:
        if "run_verifier" in tool_names(body):
            cid = re.search(r"candidate (cand_\w+)", task)[1]
            return call("run_verifier", {**verifier_args("?", toy.VERIFIER), "candidate_id": cid})
        return say(module(toy.VERIFIER_MODULE))
    raise AssertionError("unexpected agent")


async def test_agent_pipeline_publishes_concurrent_candidates_with_transcripts_in_the_lineage(
    store: Store, settings: Settings, tmp_path: Path
):
    config = SynthesisConfig(rounds=1, candidates=2, n_solutions=3, n_div=2, n_final=2, crossval_rounds=2)
    with ChatEndpoint(synthesis_model) as endpoint:
        pipeline = AgentPipeline(store, config, settings, model="scripted-chat", base_url=endpoint.base_url)
        table = await pipeline.run()
    assert endpoint.errors == []
    assert table.published == 2, table.reasons

    candidate = store.candidates.list()[0]
    assert candidate.status is CandidateStatus.ACCEPTED and candidate.proposer == "agents:scripted-chat"
    task = store.tasks.list(candidate.id)[0]
    chain = store.lineage.ancestors(task.id)
    assert [r.kind for r in chain][-2:] == ["candidate", "task"]
    # Every agent's transcript hangs off a record of the task's lineage: the mutation off the seed, the rest
    # off the candidate.
    seed_logs = transcripts(store, chain[0].id)
    assert seed_logs and all(t["agent"] == "mutator" and t["step"] == "mutate" for t in seed_logs)
    assert {t["axis"] for t in seed_logs} >= {candidate.axis.value}
    agents_seen = [t["agent"] for t in transcripts(store, candidate.id)]
    assert agents_seen.count("solver") == 3 and agents_seen.count("divergence_judge") == 2
    assert "test_case_agent" in agents_seen and "verifier_agent" in agents_seen
    below = {r.id for r in store.lineage.descendants(candidate.id)}
    assert task.id in below and all(s.id in below for s in store.problems.list_solutions(candidate.id))

    # Every model turn of every agent was kept (a tool call, then the answer after the tool's result), and
    # the run replays from them with no endpoint up: the same tool calls made against a new server, the same
    # tasks under the same ids.
    turns = store.exchanges.list(pipeline.run_id)
    assert len(turns) == len(endpoint.requests)
    # and each turn is charged to the run's cost, as a chat provider's calls are (usage 100 + 20 a call)
    cost = run_cost(store, pipeline.run_id).total
    assert (cost.model_calls, cost.tokens) == (len(turns), 120 * len(turns))
    tests_turns = sorted((e.turn, e.role) for e in turns if e.step == "write_tests")
    assert tests_turns[:2] == [(0, "test_case_agent"), (0, "test_case_agent")]
    assert any('"function_call"' in e.answer and "generate_tests" in e.answer for e in turns)
    assert all(e.messages[0]["role"] == "system" for e in turns)
    exported = tmp_path / "agents.jsonl"
    export_run(store, pipeline.run_id, exported)
    replay_store = open_store(tmp_path / "replay.db", settings)
    recording = Recording.from_file(exported)
    replay = agent_replay_pipeline(replay_store, recording, config, settings)
    again = await replay.run()
    outcome = replay_outcome(recording, again)
    assert (outcome.missing, outcome.unused, outcome.differences) == ([], 0, [])
    assert sorted(t.id for t in replay_store.tasks.list()) == sorted(t.id for t in store.tasks.list())


class RefusingEndpoint(ChatEndpoint):
    """An endpoint that refuses every request's API key, as OpenAI's does."""

    def reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests.append(body)
        error = {"message": "Incorrect API key provided: sk-wrong.", "type": "invalid_request_error"}
        return 401, {"error": {**error, "param": None, "code": "invalid_api_key"}}


async def test_an_endpoint_that_refuses_the_key_stops_the_agents_in_one_sentence(
    store: Store, settings: Settings
):
    """No agent can do anything with a refused key: the first refusal stops the work (a synthesis run then
    stops, marked failed), naming the endpoint and what to fix, instead of each agent's run failing alone."""
    cid = await toy_candidate(store, settings)
    with RefusingEndpoint(crossval_model) as endpoint:
        model = build_model("scripted-chat", endpoint.base_url)
        async with AgentTeam(store, settings, model, roles=ROLES) as team:
            with pytest.raises(BaseException) as raised:
                await validate_candidate(team, cid)
    found: BaseException = raised.value
    while isinstance(found, BaseExceptionGroup):
        found = found.exceptions[0]
    assert isinstance(found, EndpointUnreachable), repr(raised.value)
    assert f"The model endpoint {endpoint.base_url}" in str(found) and "refused the API key (401" in str(
        found
    )
    assert len(endpoint.requests) == 1  # stopped at the first refusal
