"""Step 2 of Algorithm 1: sample solutions to a candidate from independent solver calls (or the caller's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import anyio

from frontiersmith.drafts import Provider, SolutionDraft, provider_name
from frontiersmith.errors import InvalidInputError, ProviderError
from frontiersmith.models import Program, Solution, content_hash, make_id
from frontiersmith.sandbox import Sandbox
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from ..judging.executor import run_step
from ..llm.chat import keeping_bad_answers
from ..llm.exchanges import bounded_calls
from ..problems.resolver import get_problem
from ..problems.submit import check_size

BASELINE_AUTHOR = "baseline"
BASELINE_STRATEGY = (
    "baseline s*"  # a baseline's strategy, followed by ": " and what it does when its author said
)


def baseline_strategy(summary: str) -> str:
    """The stored strategy of a baseline s* whose author said what it does in ``summary``."""
    summary = " ".join(summary.split())
    return f"{BASELINE_STRATEGY}: {summary}" if summary else BASELINE_STRATEGY


def baseline_summary(baseline: Solution | None) -> str:
    """What a stored baseline s* does, as its author said (empty when they did not)."""
    if baseline is None:
        return ""
    return baseline.strategy.removeprefix(BASELINE_STRATEGY).removeprefix(":").strip()


# A solver's answer with no usable program: its reason (the raw answer is an llm.bad_answer event).
UNUSABLE = "solution.unusable"
MAX_SAMPLED = 64  # solutions per sample_solutions call: each one is compiled and later judged on every test


async def sample_solutions(
    store: Store,
    candidate_id: str,
    n: int = 4,
    *,
    provider: Provider | None = None,
    authored: Sequence[SolutionDraft] = (),
    author: str | None = None,
    settings: Settings | None = None,
) -> list[Solution]:
    """Store ``n`` solutions from independent solver calls (or the caller's), each compile-checked in the sandbox."""
    problem = get_problem(store, candidate_id)
    if n < 0 or n > MAX_SAMPLED:
        raise InvalidInputError(f"n must be between 0 and {MAX_SAMPLED}.")
    if len(authored) > MAX_SAMPLED:
        raise InvalidInputError(f"Pass at most {MAX_SAMPLED} solutions at once; {len(authored)} were given.")
    for i, draft in enumerate(authored):
        check_size(f"Solution {i + 1}'s code", draft.code)
    stored = {s.id: s for s in store.problems.list_solutions(candidate_id)}
    wanted: list[tuple[str, SolutionDraft | None, int]] = []
    for draft in authored:
        wanted.append((make_id("sol", candidate_id, content_hash(draft)), draft, -1))
    if not authored:
        if provider is None:
            raise InvalidInputError("Pass the solutions you wrote or a provider to write them.")
        wanted += [(make_id("sol", candidate_id, i), None, i) for i in range(n)]
    todo = [item for item in wanted if item[0] not in stored]
    drafts: dict[str, SolutionDraft | ProviderError] = {}
    failed: dict[str, Exception] = {}  # what stops the step (an endpoint gone): raised as itself, not a group

    async def write(sid: str, authored_draft: SolutionDraft | None, index: int) -> None:
        try:
            with keeping_bad_answers(store):
                drafts[sid] = authored_draft or await provider.solve(problem, index=index)  # type: ignore[union-attr]
        except ProviderError as exc:
            drafts[sid] = exc
        except Exception as exc:
            failed[sid] = exc

    # The solvers are asked at once (each independently, none shown another's answer), as many at a time as
    # the run allows model calls in flight; a call outside a run bounds its own.
    with bounded_calls((settings or get_settings()).llm_concurrency):
        async with anyio.create_task_group() as tg:
            for sid, authored_draft, index in todo:
                tg.start_soon(write, sid, authored_draft, index)
    for sid, _authored, _index in todo:
        if sid in failed:
            raise failed[sid]
    new: list[Solution] = []
    for sid, _authored, index in todo:  # in index order, whichever solver answered first
        got = drafts[sid]
        if isinstance(got, ProviderError):
            # One solver's unusable answer costs that solution, not the candidate: it is recorded, the others go on.
            store.events.add(UNUSABLE, candidate_id, {"index": index, "reason": str(got)})
            continue
        who = author or ("caller" if index < 0 else provider_name(provider))
        new.append(
            Solution(
                id=sid,
                problem_id=candidate_id,
                code=got.code,
                language=got.language,
                strategy=got.strategy,
                author=who,
            )
        )
    if new:
        # The solver calls above stay here; the compiles run where the run's executor runs jobs.
        programs = {sol.id: Program(code=sol.code, language=sol.language) for sol in new}
        errors = await run_step(compile_errors, programs, settings=settings)
        for sol in new:
            if sol.id in errors:
                store.events.add("solution.compile_error", sol.id, {"message": errors[sol.id][:2000]})
        with store.transaction():
            for sol in new:
                store.problems.put_solution(sol)
    return sampled(store, candidate_id)


async def compile_errors(
    programs: Mapping[str, Program], *, sandbox: Sandbox, settings: Settings
) -> dict[str, str]:
    """The compiler's message for each of ``programs`` (by id) that does not compile: the sampling step's
    sandbox work (``executor.run_step``). One at a time: up to ``MAX_SAMPLED`` g++ at once would not fit."""
    errors = {}
    for pid, program in programs.items():
        compiled = await sandbox.compile(program.code, program.language, name="solution")
        if not compiled.ok:
            errors[pid] = compiled.message
    return errors


def sampled(store: Store, candidate_id: str) -> list[Solution]:
    """The candidate's sampled solutions (its baselines s* are not samples)."""
    return [s for s in store.problems.list_solutions(candidate_id) if s.author != BASELINE_AUTHOR]
