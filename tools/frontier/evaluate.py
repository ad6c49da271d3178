"""``evaluate``: a solver under evaluation makes k attempts on each problem; every attempt is judged by the one
judge, classified and stored as a ``Trajectory``. ``replay`` does the same for solutions that already exist as
files (``files:DIR``, such as FrontierCS's real model solutions), and ``scores_at`` reads a solver's Score@1,
Avg@k and Best@k off its trajectories. ``select_problems`` reads a ``--tasks`` selector.
"""

from __future__ import annotations

import re
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field

from frontiersmith.errors import EndpointUnreachable, InvalidInputError
from frontiersmith.models import (
    FailureType,
    Program,
    Seed,
    Task,
    TestInfo,
    TestResult,
    Trajectory,
    Verdict,
    content_hash,
    make_id,
)
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from ..catalog import list_families
from ..exports.bundle import best_sampled
from ..judging.executor import get_executor
from ..judging.package import JudgePackage
from ..problems.resolver import CATALOG_PREFIX, from_store, get_problem
from ..problems.submit import list_problems
from .board import BOARD_EVENT, Board, board_of, judge_program, judge_programs
from .diagnose import DELTA, classify
from .solvers import (
    AttemptContext,
    Draft,
    FilesSolver,
    SolutionFile,
    Solver,
    parse_solver,
    read_solution,
    solution_files,
)

MAX_ATTEMPTS = 20
FEEDBACK_TESTS = 5  # diagnostics of at most this many failed tests go back to the solver per attempt
SELECTORS = ("all", "latest", "catalog")
Progress = Callable[[str], Awaitable[None] | None]
_FIRST_INT = re.compile(rb"\s*(\d{1,12})\b")


def select_problems(store: Store, selector: str | Sequence[str]) -> list[str]:
    """The problems a ``--tasks`` selector names: ``catalog`` (the catalog's open families), ``latest`` (the
    latest version of every published task), ``all`` (both, and the imported problems), or problem ids
    (comma- or space-separated, each checked)."""
    words = selector.replace(",", " ").split() if isinstance(selector, str) else list(selector)
    if not words:
        raise InvalidInputError("--tasks is empty; pass task ids, all, latest or catalog.")
    out: list[str] = []
    latest = store.tasks.latest_ids()
    for word in words:
        if word == "catalog":
            found = [f"{CATALOG_PREFIX}{f.name}" for f in list_families("open")]
        elif word == "latest":
            found = [t.id for t in store.tasks.list() if t.id in latest]
        elif word == "all":
            found = [
                p.id
                for p in list_problems(store)
                if p.latest is not False and p.kind != "catalog (pseudo-open)"
            ]
        else:
            get_problem(store, word)  # an unknown id is one sentence, before anything runs
            found = [word]
        out += [p for p in found if p not in out]
    if not out:
        raise InvalidInputError(
            f"--tasks {selector!r} names no problems; publish tasks first or use catalog."
        )
    return out


def test_info(pkg: JudgePackage) -> dict[str, TestInfo]:
    """Each test's features: its distribution, its size in bytes and the n its input starts with."""
    info = {}
    for t in pkg.tests:
        found = _FIRST_INT.match(t.input)
        info[t.name] = TestInfo(
            distribution=t.distribution, input_bytes=len(t.input), n=int(found.group(1)) if found else None
        )
    return info


def best_known(store: Store, problem_id: str, board: Board) -> tuple[float, dict[str, float]]:
    """The best known score of a problem and per test: over its board and every attempt stored on it."""
    best, per_test = board.best, board.best_per_test()
    for traj in store.frontier.list_trajectories(problem_id=problem_id):
        best = max(best, traj.score)
        for t in traj.tests:
            per_test[t["name"]] = max(per_test.get(t["name"], 0.0), float(t.get("score", 0.0)))
    return best, per_test


class BestKnown(BaseModel):
    """The best score known on a problem: the frontier a solver tries to beat, and where it was reached."""

    score: float = Field(description="The best mean normalised score known on this problem, in [0, 1].")
    by: str = Field(description="Where it was reached: a sampled solution, a catalog solver, a submission.")


def known_best(store: Store, problem_id: str) -> BestKnown | None:
    """The best score known on a problem without judging anything: the best of the problem's own programs
    as already judged (a task's sampled solutions in cross-validation, any board cached by evaluate), every
    attempt stored on it and every submission; for a FrontierCS checker, whose ratio is 1 at the reference
    solution, at least 1. None when nothing has been judged on it yet."""
    found: list[BestKnown] = []
    task = store.find(Task, problem_id)
    if task is not None:
        best = best_sampled(store, task)
        if best is not None:
            found.append(
                BestKnown(score=best.mean_score, by=f"a sampled solution ({best.solution.strategy})")
            )
    elif not problem_id.startswith(CATALOG_PREFIX):
        seed = store.find(Seed, problem_id)
        if seed is not None and seed.problem.provenance.get("format") == "frontiercs":
            found.append(BestKnown(score=1.0, by="the package's reference solution (the checker's ratio 1)"))
    for event in store.events.list(problem_id, kind=BOARD_EVENT):
        for entry in Board.model_validate(event.payload).entries:
            found.append(
                BestKnown(score=entry.score, by=f"the problem's own {entry.strategy} ({entry.label})")
            )
    for traj in store.frontier.list_trajectories(problem_id=problem_id):
        found.append(BestKnown(score=traj.score, by=f"an attempt of solver {traj.solver}"))
    for sub in store.tasks.leaderboard(problem_id, 1):
        found.append(BestKnown(score=sub.score, by=f"submission {sub.id} by {sub.author or 'anonymous'}"))
    return max(found, key=lambda b: b.score, default=None)


def feedback_line(traj: Trajectory) -> str:
    """What the solver is told about one attempt: its score, verdict counts and the diagnostics of a few
    failed tests (``TestResult.diagnostic``: verdicts and measurements, never test data)."""
    if not traj.tests:
        return f"attempt {traj.attempt}: {traj.detail or traj.failure.value}"
    results = traj.results()
    counts = Counter(r.verdict.value for r in results)
    line = f"attempt {traj.attempt}: score {traj.score:.3f}; verdicts " + ", ".join(
        f"{v} x{n}" for v, n in sorted(counts.items())
    )
    if traj.verdict is Verdict.CE:
        return line + f"; compile error: {results[0].message[:400]}"
    failed = [r for r in results if r.verdict is not Verdict.OK][:FEEDBACK_TESTS]
    notes = [
        f"test {r.name} ({traj.test_info.get(r.name, TestInfo()).distribution}): {r.message}" for r in failed
    ]
    return line + ("; " + "; ".join(notes) if notes else "")


async def _judged(
    store: Store, pkg: JudgePackage, draft: Draft, settings: Settings
) -> tuple[list[TestResult], float, Verdict | None, dict[str, str]]:
    """(data-free results, score, overall verdict, constraints named) of a draft: from the board or the
    server's submit when it was judged there, else judged now; nothing when there is no program."""
    if draft.board_entry is not None:
        e = draft.board_entry
        return e.tests, e.score, e.verdict, e.constraints
    if draft.judged is not None:
        j = draft.judged
        return j.report.tests, j.report.score, j.report.verdict, j.constraints
    if draft.submitted is not None:
        s = draft.submitted
        verdict = (
            Verdict.CE if s.compile_message and all(t.verdict is Verdict.CE for t in s.tests) else Verdict.OK
        )
        return list(s.tests), s.score, verdict, {}
    if draft.reason or draft.language is None:
        return [], 0.0, None, {}
    judged = await judge_program(store, pkg, Program(code=draft.code, language=draft.language), settings)
    return judged.report.tests, judged.report.score, judged.report.verdict, judged.constraints


async def attempt_once(
    store: Store,
    solver: Solver,
    ctx: AttemptContext,
    evaluation_id: str,
    *,
    delta: float = DELTA,
) -> tuple[Trajectory, Draft]:
    """One attempt: the solver writes, the judge scores, the diagnoser classifies; the trajectory is stored."""
    started = time.monotonic()
    try:
        draft = await solver.write(ctx)
    except EndpointUnreachable:  # no attempt of this solver can be answered: stop, in one sentence
        raise
    except Exception as exc:  # a solver that breaks (its server would not start, ...) fails this attempt only
        first = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
        draft = Draft(reason=f"no code: the solver failed ({first})")
    results, score, verdict, constraints = await _judged(store, ctx.pkg, draft, ctx.settings)
    info = test_info(ctx.pkg)
    best, per_test = best_known(store, ctx.problem.id, ctx.board) if ctx.board else (None, {})
    if draft.reason or (not results and verdict is None):
        failure, detail, dist, size = FailureType.NO_SOLUTION, draft.reason or "no code", "", ""
    else:
        found = classify(
            results,
            info,
            best=best,
            best_per_test=per_test,
            constraints=constraints,
            compile_error=verdict is Verdict.CE,
            delta=delta,
        )
        failure, detail, dist, size = found.failure, found.detail, found.distribution, found.size
    traj = Trajectory(
        id=make_id("traj", evaluation_id, ctx.problem.id, ctx.attempt),
        solver=solver.spec,
        problem_id=ctx.problem.id,
        attempt=ctx.attempt,
        evaluation_id=evaluation_id,
        code=draft.code,
        language=draft.language,
        score=score,
        verdict=verdict,
        tests=[r.model_dump(mode="json") for r in results],
        test_info=info,
        messages=draft.messages,
        tokens=draft.tokens,
        wall_s=round(time.monotonic() - started, 3),
        failure=failure,
        detail=detail,
        distribution=dist,
        size=size,
        best_known=best,
        strategy=draft.strategy,
    )
    store.frontier.put_trajectories([traj])
    return traj, draft


async def evaluate(
    store: Store,
    solver: str | Solver,
    problems: Sequence[str],
    attempts: int = 1,
    *,
    feedback: bool = False,
    settings: Settings | None = None,
    progress: Progress | None = None,
    delta: float = DELTA,
) -> list[Trajectory]:
    """Have ``solver`` make ``attempts`` attempts on each of ``problems`` and store each as a trajectory.

    With ``feedback`` each attempt after the first is told the judge's data-free diagnostics of the ones
    before. A deterministic solver (the catalog's) makes one attempt: another would repeat it. The judging
    runs on the settings' executor (or the active one): on Ray, on its workers; the trajectories are stored
    here."""
    settings = settings or get_settings()
    if not 1 <= attempts <= MAX_ATTEMPTS:
        raise InvalidInputError(f"--attempts must be between 1 and {MAX_ATTEMPTS}, not {attempts}.")
    chosen = parse_solver(solver, settings) if isinstance(solver, str) else solver
    ids = select_problems(store, list(problems))
    evaluation_id = make_id("eval", chosen.spec, ids, uuid.uuid4().hex)
    out: list[Trajectory] = []
    async with get_executor(settings):
        for pid in ids:
            out += await _attempts(
                store, chosen, pid, attempts, feedback, settings, evaluation_id, progress, delta
            )
    return out


async def _attempts(
    store: Store,
    chosen: Solver,
    pid: str,
    attempts: int,
    feedback: bool,
    settings: Settings,
    evaluation_id: str,
    progress: Progress | None,
    delta: float,
) -> list[Trajectory]:
    """The solver's attempts on one problem, each told about the ones before when ``feedback``."""
    pkg = await from_store(store, pid, settings)
    board = await board_of(store, pid, pkg, settings)
    notes: list[str] = []
    previous: Draft | None = None
    out: list[Trajectory] = []
    for k in range(1, attempts + 1):
        ctx = AttemptContext(
            store, pkg.problem, pkg, k, list(notes) if feedback else [], settings, board, previous
        )
        traj, previous = await attempt_once(store, chosen, ctx, evaluation_id, delta=delta)
        out.append(traj)
        notes.append(feedback_line(traj))
        if progress is not None:
            shown = progress(f"{pid} attempt {k}: {traj.failure.value} (score {traj.score:.3f})")
            if shown is not None:
                await shown
        if not chosen.repeats:
            break
    return out


# -- files:DIR: existing solutions replayed --------------------------------------------------------------------


@dataclass
class Replay:
    """What ``replay`` did: the trajectories it stored (or found stored), and the folders it could not use."""

    trajectories: list[Trajectory]
    skipped: dict[str, str]  # problem folder -> why its files were not judged
    resumed: int = 0  # attempts already stored by an earlier replay of the same files


def problem_for_folder(store: Store, folder: str, candidates: Sequence[str] | None = None) -> str:
    """The problem a solutions folder is for: a problem id, or the source name of an imported package
    (``import frontiercs``: FrontierCS's folder names); one sentence when none or several match."""
    if store.find(Seed, folder) is not None or folder.startswith(CATALOG_PREFIX):
        return folder
    found = [
        s.id
        for s in store.seeds.list(origin="problem")
        if s.problem.provenance.get("source") == folder and (candidates is None or s.id in candidates)
    ]
    if len(found) == 1:
        return found[0]
    if not found:
        return ""
    raise InvalidInputError(
        f"the folder {folder} matches {len(found)} imported problems ({', '.join(found)}); pass --tasks to choose."
    )


async def replay(
    store: Store,
    root: Path | str,
    *,
    attempts: int | None = None,
    problems: Sequence[str] | None = None,
    settings: Settings | None = None,
    progress: Progress | None = None,
    delta: float = DELTA,
) -> Replay:
    """Judge every solution file under ``root`` (``solvers.solution_files``) as a trajectory of the solver its
    name gives (``files:NAME``), attempt by attempt, up to ``attempts`` each (all by default). A problem's files
    are judged as one batch on the executor (local workers or Ray). The same files replayed again store
    nothing new: an interrupted replay goes on where it stopped."""
    settings = settings or get_settings()
    files = [f for f in solution_files(root) if attempts is None or f.attempt <= attempts]
    by_folder: dict[str, list[SolutionFile]] = {}
    for f in files:
        by_folder.setdefault(f.problem, []).append(f)
    solvers = {name: FilesSolver(name) for name in sorted({f.solver for f in files})}
    # one evaluation per solver and set of files: the same files give the same ids, so a replay resumes
    evaluation = {
        name: make_id(
            "eval", solver.spec, content_hash(sorted(_file_key(f) for f in files if f.solver == name))
        )
        for name, solver in solvers.items()
    }
    out = Replay([], {})
    async with get_executor(settings):
        for folder, mine in by_folder.items():
            pid = problem_for_folder(store, folder, problems)
            if not pid:
                out.skipped[folder] = "no problem of that name or id is stored (import the benchmark first)"
                continue
            if problems is not None and pid not in problems:
                continue
            done = {t.id: t for t in store.frontier.list_trajectories(problem_id=pid)}
            todo = []
            for f in mine:
                tid = make_id("traj", evaluation[f.solver], pid, f.attempt)
                if tid in done:
                    out.trajectories.append(done[tid])
                    out.resumed += 1
                else:
                    todo.append(f)
            if not todo:
                continue
            pkg = await from_store(store, pid, settings)
            board = await board_of(store, pid, pkg, settings)
            drafts = {f: read_solution(f) for f in todo}
            runnable = [f for f in todo if not drafts[f].reason and drafts[f].language is not None]
            judged = await judge_programs(
                store,
                pkg,
                [Program(code=drafts[f].code, language=drafts[f].language) for f in runnable],
                settings,
            )
            for f, j in zip(runnable, judged, strict=True):
                drafts[f].judged = j
            for f in todo:
                solver = solvers[f.solver]
                solver.drafts[(pid, f.attempt)] = drafts[f]
                ctx = AttemptContext(store, pkg.problem, pkg, f.attempt, [], settings, board)
                traj, _ = await attempt_once(store, solver, ctx, evaluation[f.solver], delta=delta)
                out.trajectories.append(traj)
                del solver.drafts[(pid, f.attempt)]
            if progress is not None:
                shown = progress(f"{folder} ({pid}): {len(todo)} attempts judged")
                if shown is not None:
                    await shown
    return out


def _file_key(f: SolutionFile) -> list[object]:
    return [
        f.problem,
        f.attempt,
        f.path.name,
        content_hash(f.path.read_bytes().hex()) if f.path.is_file() else "",
    ]


@dataclass
class SolverScores:
    """A solver's scores over the problems it attempted, each the mean over problems of the per-problem value
    x100 (as the FrontierSmith paper reports FrontierCS): its first attempt (Score@1), the mean of its k
    attempts (Avg@k) and the best of them (Best@k)."""

    solver: str
    problems: int
    attempts: int  # k: the most attempts it made on a problem
    score_at_1: float
    avg_at_k: float
    best_at_k: float


def scores_at(trajectories: Iterable[Trajectory]) -> list[SolverScores]:
    """Score@1, Avg@k and Best@k of every solver among ``trajectories``, best Avg@k first."""
    per: dict[str, dict[str, dict[int, float]]] = {}
    for t in trajectories:
        per.setdefault(t.solver, {}).setdefault(t.problem_id, {})[t.attempt] = t.score
    out = []
    for solver, problems in per.items():
        firsts = [by_attempt.get(1, 0.0) for by_attempt in problems.values()]
        means = [sum(by_attempt.values()) / len(by_attempt) for by_attempt in problems.values()]
        bests = [max(by_attempt.values()) for by_attempt in problems.values()]
        n = len(problems)
        out.append(
            SolverScores(
                solver=solver,
                problems=n,
                attempts=max(len(b) for b in problems.values()),
                score_at_1=round(100 * sum(firsts) / n, 2),
                avg_at_k=round(100 * sum(means) / n, 2),
                best_at_k=round(100 * sum(bests) / n, 2),
            )
        )
    return sorted(out, key=lambda s: (-s.avg_at_k, s.solver))
