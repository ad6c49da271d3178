"""The test-case agent and the verifier agent as the authors of the one cross-validation loop
(tools/synthesis/crossval/loop.py), mediated by the server's ``generate_tests`` and ``run_verifier`` tools: each failed
protocol check goes back to the agent that owns it, with its evidence, for a bounded number of rounds and
tokens.

An author's answer is what the tool returned to its agent (the structured result of the call), never what
the agent says about its own work, nor a read of the store behind the tool.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from frontiersmith.models import Problem, Solution, Stage
from frontiersmith.server.schemas import TestsOut, VerifierOut
from frontiersmith.store import Store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.llm import prompts
from frontiersmith.tools.problems.resolver import get_problem
from frontiersmith.tools.synthesis.crossval.loop import (
    Answer,
    Authors,
    BuiltTests,
    CheckedVerifier,
    CrossValidationOutcome,
    cross_validation_loop,
)

from .team import AgentRun, AgentTeam, ToolCall

TESTS, VERIFIER = "test_case_agent", "verifier_agent"
M = TypeVar("M", bound=BaseModel)
CODE_SHOWN = 2500  # characters of each sampled solution the test-case agent reads


def tests_prompt(
    candidate_id: str,
    problem: Problem,
    solutions: Sequence[Solution],
    feedback: Sequence[str],
    rnd: int,
    max_rounds: int,
) -> str:
    """What the test-case agent is asked in round ``rnd``: the problem, up to eight sampled solutions to aim
    at, and the checks its last tests failed."""
    listing = "\n\n".join(
        f"### {s.id} ({s.language.value}) — strategy: {s.strategy}\n```\n{s.code[:CODE_SHOWN]}\n```"
        for s in solutions[:8]
    )
    return f"""Cross-validation round {rnd} of {max_rounds} for candidate {candidate_id}.

Problem:
{prompts.describe(problem)}

Sampled solutions; aim at least one adversarial distribution at their weaknesses:
{listing or "(none sampled yet)"}

Call generate_tests with candidate_id="{candidate_id}", your generator and validator in `authored`, and the
failed checks below (if any) in `feedback`.{prompts.feedback_block(list(feedback))}"""


def verifier_prompt(
    candidate_id: str, problem: Problem, feedback: Sequence[str], rnd: int, max_rounds: int
) -> str:
    """What the verifier agent is asked in round ``rnd``: the problem, its objective's sense, and the checks
    its last verifier failed."""
    sense = problem.objective.sense.value if problem.objective.sense else "min or max, as the objective says"
    return f"""Cross-validation round {rnd} of {max_rounds} for candidate {candidate_id}.

Problem:
{prompts.describe(problem)}

Call run_verifier with candidate_id="{candidate_id}", your verifier, baseline and sense ({sense}) in
`authored`, and the failed checks below (if any) in `feedback`.{prompts.feedback_block(list(feedback))}"""


def _authored(call: ToolCall) -> dict[str, Any]:
    """The arguments of ``call`` without its feedback: what to send to check the same programs again."""
    return {k: v for k, v in call.arguments.items() if k != "feedback"}


def _answer(run: AgentRun, tool: str, schema: type[M], missing: str) -> Answer[M]:
    """The agent's turn as the tool answered it: the result of its last call that the tool accepted; else the
    tool's error text, or ``missing`` when the agent never called the tool."""
    calls = run.answers(tool)
    accepted = [c for c in calls if c.result is not None]
    if accepted:
        return Answer(schema.model_validate(accepted[-1].result), tokens=run.tokens)
    stopped = f" (the agent stopped with {run.error})" if run.error else ""
    if calls:
        return Answer(
            error=f"{tool} answered with an error: {calls[-1].error[:600]}{stopped}", tokens=run.tokens
        )
    return Answer(error=missing + stopped, tokens=run.tokens)


@dataclass
class AgentTestAuthor:
    """The test-case agent, building the candidate's tests through the server's generate_tests."""

    team: AgentTeam
    candidate_id: str
    problem: Problem
    solutions: Sequence[Solution]
    max_rounds: int
    name: str = TESTS

    async def write_tests(self, round: int, feedback: Sequence[str]) -> Answer[BuiltTests]:
        """The tests the agent built through generate_tests this round, or the error its turn ended with."""
        prompt = tests_prompt(
            self.candidate_id, self.problem, self.solutions, feedback, round, self.max_rounds
        )
        context = {"step": prompts.WRITE_TESTS.name, "round": round, "feedback": list(feedback)}
        # The agent's turn is to build tests: its first move is the call (a small model asked to choose might
        # never make it; llama.cpp's server parses only a forced tool choice into a call).
        run = await self.team.run(
            TESTS, prompt, subject=self.candidate_id, context=context, tool_choice="generate_tests"
        )
        missing = "no tests were built: call generate_tests with your generator and validator"
        return _answer(run, "generate_tests", TestsOut, missing)


@dataclass
class AgentVerifierAuthor:
    """The verifier agent, cross-validating its verifier and baseline through the server's run_verifier."""

    team: AgentTeam
    candidate_id: str
    problem: Problem
    max_rounds: int
    name: str = VERIFIER
    last: ToolCall | None = None  # the run_verifier call whose verifier was checked last

    async def write_verifier(self, round: int, feedback: Sequence[str]) -> Answer[CheckedVerifier]:
        """The verifier the agent checked through run_verifier this round (the last one the server accepted),
        or the error its turn ended with."""
        prompt = verifier_prompt(self.candidate_id, self.problem, feedback, round, self.max_rounds)
        context = {"step": prompts.WRITE_VERIFIER.name, "round": round, "feedback": list(feedback)}
        run = await self.team.run(
            VERIFIER, prompt, subject=self.candidate_id, context=context, tool_choice="run_verifier"
        )
        accepted = [c for c in run.answers("run_verifier") if c.result is not None]
        self.last = accepted[-1] if accepted else self.last
        missing = "the verifier was not checked: call run_verifier with your verifier and baseline"
        return _answer(run, "run_verifier", VerifierOut, missing)

    async def recheck(self, round: int) -> Answer[CheckedVerifier]:
        """The last accepted verifier checked again on the round's new tests, without the agent (written anew
        when there is none)."""
        # Only the tests changed: the server checks the verifier that passed its own checks again, on them.
        if self.last is None:
            return await self.write_verifier(round, ())
        call = await self.team.call_tool(VERIFIER, "run_verifier", _authored(self.last))
        if call.result is None:
            return Answer(error=f"run_verifier answered with an error: {call.error[:600]}")
        return Answer(VerifierOut.model_validate(call.result))


def agent_authors(team: AgentTeam, candidate_id: str, *, max_rounds: int | None = None) -> Authors:
    """The team's test-case and verifier agents as the authors of ``candidate_id``, under the team's budget."""
    rounds = max_rounds or team.budget.max_rounds
    problem = get_problem(team.store, candidate_id)
    solutions = syn.sampled(team.store, candidate_id)
    return Authors(
        tests=AgentTestAuthor(team, candidate_id, problem, solutions, rounds),
        verifier=AgentVerifierAuthor(team, candidate_id, problem, rounds),
        by="agents",
        max_tokens=team.budget.max_tokens_per_candidate,
        out_of_budget=team.over_total_budget,
    )


async def validate_candidate(
    team: AgentTeam, candidate_id: str, *, max_rounds: int | None = None
) -> CrossValidationOutcome:
    """Run the loop on one candidate, outside a pipeline: a candidate that never converges is rejected with
    the failed checks of its last round as the reason."""
    rounds = max_rounds or team.budget.max_rounds
    authors = agent_authors(team, candidate_id, max_rounds=rounds)
    outcome = await cross_validation_loop(team.store, candidate_id, authors, max_rounds=rounds)
    if not outcome.ok:
        reason = f"no agreement after {outcome.rounds} rounds: " + "; ".join(outcome.failures)
        team.store.candidates.reject(candidate_id, Stage.PROTOCOL, reason[:2000])
        team.store.events.add("crossval.rejected", candidate_id, {"failures": outcome.failures})
    return outcome


def transcripts(store: Store, record_id: str) -> list[dict[str, Any]]:
    """The agent transcripts stored for a record, oldest first."""
    return [e.payload for e in store.events.list(record_id, kind="agent.transcript")]


__all__ = ["agent_authors", "transcripts", "validate_candidate"]
