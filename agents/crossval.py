"""The cross-validation loop between the test-case agent and the verifier agent, mediated by the server's
``generate_tests`` and ``run_verifier`` tools: each failed protocol check goes back to the agent that owns it,
with its evidence, for a bounded number of rounds and tokens.

The verdict is read from what the server stored (the ``tests.built`` and ``verifier.checked`` events), never
from what an agent says about its own work.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frontiersmith.models import CandidateStatus, Problem, Solution, Verifier
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.llm import prompts
from frontiersmith.tools.synthesis import CrossValidationOutcome, current_tests, load_problem, sampled

from .team import AgentTeam

TESTS, VERIFIER = "test_case_agent", "verifier_agent"
ROUND = (
    "crossval.round"  # the same event kind as the pipeline's own loop, so readers need not care who ran it
)
CODE_SHOWN = 2500  # characters of each sampled solution the test-case agent reads


def _latest(store: Store, subject: str, kind: str, after: int) -> dict[str, Any] | None:
    events = [e for e in store.list_events(subject, kind=kind) if e.id > after]
    return events[-1].payload if events else None


def _last_id(store: Store, subject: str, kind: str) -> int:
    events = store.list_events(subject, kind=kind)
    return events[-1].id if events else 0


def tests_prompt(
    candidate_id: str,
    problem: Problem,
    solutions: Sequence[Solution],
    feedback: Sequence[str],
    rnd: int,
    max_rounds: int,
) -> str:
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
    sense = problem.objective.sense.value if problem.objective.sense else "min or max, as the objective says"
    return f"""Cross-validation round {rnd} of {max_rounds} for candidate {candidate_id}.

Problem:
{prompts.describe(problem)}

Call run_verifier with candidate_id="{candidate_id}", your verifier, baseline and sense ({sense}) in
`authored`, and the failed checks below (if any) in `feedback`.{prompts.feedback_block(list(feedback))}"""


def stored_verifier_args(store: Store, candidate_id: str, verifier_id: str) -> dict[str, Any]:
    """run_verifier arguments that re-check a stored verifier and baseline (after the tests changed)."""
    verifier = store.get(Verifier, verifier_id)
    baseline = store.get(Solution, verifier.baseline_solution_id or "")
    return {
        "candidate_id": candidate_id,
        "authored": {
            "verifier": {"code": verifier.code, "language": verifier.language.value},
            "baseline": {"code": baseline.code, "language": baseline.language.value},
            "sense": verifier.sense.value if verifier.sense else None,
        },
    }


def _failures(check: dict[str, Any], owner: str) -> list[str]:
    return [f"{c['name']}: {c['detail']}" for c in check["checks"] if not c["passed"] and c["owner"] == owner]


async def agent_cross_validation_loop(
    store: Store,
    candidate_id: str,
    provider: Any,
    *,
    max_rounds: int = 3,
    seed: int = 0,
    settings: Settings | None = None,
) -> CrossValidationOutcome:
    """Cross-validate a candidate's tests and verifier with the team's agents, for at most ``max_rounds``.

    ``provider`` is an AgentTeam or anything with a ``team`` (the AgentProvider), so this fits the pipeline's
    cross-validation hook. ``seed`` and ``settings`` belong to the server here: the agents choose the
    generator's arguments and the server its sandbox. Every round is a ``crossval.round`` event.
    """
    team: AgentTeam = getattr(provider, "team", provider)
    budget = team.budget
    problem = load_problem(store, candidate_id)
    solutions = sampled(store, candidate_id)
    tests_fb: list[str] = []
    verifier_fb: list[str] = []
    need_tests = not current_tests(store, candidate_id)
    verifier_id: str | None = None  # the last verifier the server checked, to re-check on new tests
    spent = 0
    failures: list[str] = []
    for rnd in range(1, max_rounds + 1):
        ran: list[str] = []
        if need_tests:
            mark = _last_id(store, candidate_id, "tests.built")
            run = await team.run(
                TESTS,
                tests_prompt(candidate_id, problem, solutions, tests_fb, rnd, max_rounds),
                subject=candidate_id,
                context={"round": rnd, "feedback": tests_fb},
            )
            spent += run.tokens
            ran.append(TESTS)
            built = _latest(store, candidate_id, "tests.built", mark)
            if built is None:
                tests_fb = [
                    "no tests were built: call generate_tests with your generator and validator"
                    + (f" (the agent stopped with {run.error})" if run.error else "")
                ]
            else:
                tests_fb = list(built["failures"])
                if not built["test_ids"]:
                    tests_fb.append("the generator produced no input the validator accepts")
        check: dict[str, Any] | None = None
        if current_tests(store, candidate_id):
            mark = _last_id(store, candidate_id, "verifier.checked")
            if verifier_id is None or verifier_fb:
                run = await team.run(
                    VERIFIER,
                    verifier_prompt(candidate_id, problem, verifier_fb, rnd, max_rounds),
                    subject=candidate_id,
                    context={"round": rnd, "feedback": verifier_fb},
                )
                spent += run.tokens
                ran.append(VERIFIER)
                error = run.error
            else:
                # Only the tests changed: the server re-checks the verifier that already passed its own checks.
                result = await team.servers[VERIFIER].call_tool(
                    "run_verifier", stored_verifier_args(store, candidate_id, verifier_id)
                )
                error = _tool_error(result)
            check = _latest(store, candidate_id, "verifier.checked", mark)
            if check is None:
                verifier_fb = [
                    "the verifier was not checked: call run_verifier with your verifier and baseline"
                    + (f" (it stopped with {error})" if error else "")
                ]
            else:
                verifier_id = check["verifier_id"]
                tests_fb = [*tests_fb, *_failures(check, "tests")]
                verifier_fb = _failures(check, "verifier")
        ok = check is not None and check["ok"] and not tests_fb
        failures = [f"tests: {f}" for f in tests_fb] + [f"verifier: {f}" for f in verifier_fb]
        store.add_event(
            ROUND,
            candidate_id,
            {"round": rnd, "ok": ok, "failures": failures, "agents": ran, "tokens": spent, "by": "agents"},
        )
        if ok:
            return CrossValidationOutcome(True, rnd, [])
        cap = budget.max_tokens_per_candidate
        if (cap is not None and spent > cap) or team.over_total_budget():
            failures.append(f"token budget exhausted after round {rnd} ({spent} tokens on this candidate)")
            return CrossValidationOutcome(False, rnd, failures)
        need_tests = bool(tests_fb)
    return CrossValidationOutcome(False, max_rounds, failures)


def _tool_error(result: Any) -> str | None:
    if not getattr(result, "isError", False):
        return None
    texts = [getattr(c, "text", "") for c in getattr(result, "content", [])]
    return " ".join(t for t in texts if t)[:400] or "a tool error"


async def validate_candidate(
    team: AgentTeam, candidate_id: str, *, max_rounds: int | None = None
) -> CrossValidationOutcome:
    """Run the loop on one candidate, outside a pipeline: a candidate that never converges is rejected with
    the failed checks of its last round as the reason."""
    rounds = max_rounds or team.budget.max_rounds
    outcome = await agent_cross_validation_loop(team.store, candidate_id, team, max_rounds=rounds)
    if not outcome.ok:
        reason = f"protocol: no agreement after {outcome.rounds} rounds: " + "; ".join(outcome.failures)
        team.store.set_candidate_status(candidate_id, CandidateStatus.REJECTED, reason[:2000])
        team.store.add_event("crossval.rejected", candidate_id, {"failures": outcome.failures})
    return outcome


def transcripts(store: Store, record_id: str) -> list[dict[str, Any]]:
    """The agent transcripts stored for a record, oldest first."""
    return [e.payload for e in store.list_events(record_id, kind="agent.transcript")]


__all__ = ["agent_cross_validation_loop", "transcripts", "validate_candidate"]
