"""MCP tools for solvers (list and read problems, submit code, leaderboards) and lineage; thin adapters over
``frontiersmith.tools.submit`` and the store."""

from __future__ import annotations

from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from pydantic import Field

from frontiersmith.errors import NotFoundError
from frontiersmith.store import Store
from frontiersmith.tools.frontier.evaluate import known_best
from frontiersmith.tools.llm.prompts import PROGRAM_CONTRACT
from frontiersmith.tools.problems import resolver as problems
from frontiersmith.tools.problems import submit as solving
from frontiersmith.tools.problems.submit import SubmitResult

from .backend import Backend, progress
from .schemas import LeaderboardEntry, LeaderboardOut, LineageNode, LineageOut, ProblemBrief, ProblemList

ProblemId = Annotated[
    str,
    Field(
        description="A problem id from list_problems: a task id (task_...), an imported problem, or a built-in "
        "catalog family as catalog/NAME (e.g. catalog/min_true_2sat)."
    ),
]


def register(mcp: MCPServer, backend: Backend) -> None:
    """Register the solve scope's tools on ``mcp``: the problems, submit, the leaderboard and lineage."""
    _register_problems(mcp, backend)
    _register_submit(mcp, backend)
    _register_records(mcp, backend)


def _register_problems(mcp: MCPServer, backend: Backend) -> None:
    @mcp.tool()
    async def list_problems() -> ProblemList:
        """List every problem you can solve and `submit` to: published tasks, imported problem packages and the
        built-in catalog's open-ended families (catalog/NAME). Each has a continuous score: your output is
        judged by the problem's verifier and compared with a simple baseline solution. Catalog families marked
        pseudo_open look open-ended but one simple strategy is optimal on them. Start here, then read one with
        get_problem (or the problem://{id} resource)."""
        return ProblemList(problems=solving.list_problems(backend.store()))

    @mcp.tool()
    async def get_problem(problem_id: ProblemId) -> ProblemBrief:
        """Read one problem in full: statement (story, input and output format, constraints, scoring), objective
        (what to minimise or maximise), and time and memory limits. Any seed or candidate id works too. For a
        published task, latest_version names the newest version of it (tasks never change; a problem's new
        verifier or tests make a new task)."""
        store = backend.store()
        problem = problems.get_problem(store, problem_id)
        return ProblemBrief.of(
            problem,
            latest_version=_latest_version(store, problem.id),
            interactive=problems.is_interactive(store, problem.id),
        )


def _register_submit(mcp: MCPServer, backend: Backend) -> None:
    settings = backend.settings

    @mcp.tool(
        description=(
            "Judge your solution to a problem and record the submission. The code is compiled and run in a "
            "sandbox (no network) on every test of the problem; each output is checked by the problem's "
            "verifier, which computes the objective value. Per test the score is "
            "max(0, s*(O - O_base)/max(O, O_base)) against the baseline solution (s=+1 to maximise, -1 to "
            "minimise): 0 means no better than the baseline, and a crash, time-out, memory-out or invalid "
            "output scores 0. `score` is the mean over tests, in [0, 1]. The result lists every test's "
            "verdict (OK, CE compile error, RE runtime error, TLE, MLE, OLE output limit, INVALID output, "
            "SYSTEM_ERROR = the checker could not read the output: it counts as 0; a fault of the judge's own "
            "or of the problem's is never a verdict: the call fails, nothing is stored), objective, score, a "
            "one-line diagnostic (an INVALID test names the rule the output broke where the verifier says; a TLE "
            "tells a program that used its CPU time from one that sat waiting for input), and its CPU time and "
            "memory as the upper edge of a bucket of the limit (10%, 25%, 50%, 100%); the tests are hidden, so no "
            "exact exit code, signal, time or memory is told. Submit as often as you like; each submission is "
            "stored and the leaderboard keeps each author's best beside the best known score.\n\n"
            + PROGRAM_CONTRACT.split("\n- generator")[0]
            + "\n- an interactive problem (interactive: true in list_problems and get_problem): the program "
            "talks to an interactor instead, and must flush after every line it writes."
        )
    )
    async def submit(
        ctx: Context,
        problem_id: ProblemId,
        code: Annotated[str, Field(description="The complete program (at most 1 MB).")],
        language: Annotated[
            str,
            Field(
                description="'cpp' (C++17) or 'python' (Python 3), in any case; c++, cpp17, py, python3 work too."
            ),
        ],
        author: Annotated[
            str, Field(min_length=1, max_length=100, description="Your name on the leaderboard.")
        ] = "anonymous",
    ) -> SubmitResult:
        store = backend.store()
        async with backend.sandbox_slot(ctx, "submit"):
            await progress(ctx, 0, None, "compiling")

            async def judged(done: int, total: int) -> None:
                await progress(ctx, done, total, f"{done}/{total} tests judged")

            return await solving.submit(
                store, problem_id, code, language, author=author, progress=judged, settings=settings
            )


def _register_records(mcp: MCPServer, backend: Backend) -> None:
    @mcp.tool()
    async def leaderboard(
        problem_id: ProblemId,
        limit: Annotated[int, Field(ge=1, le=1000, description="How many entries.")] = 10,
    ) -> LeaderboardOut:
        """The best submissions to a problem (each author's best score, best first; an earlier submission wins
        a tie) beside the best score known on it, the frontier to beat. Use it to see how your score compares."""
        store = backend.store()
        # the problem's one id (a prefix names it too); an unknown id is an error, not an empty board
        problem_id = problems.get_problem(store, problem_id).id
        entries = store.tasks.leaderboard(problem_id, limit)
        return LeaderboardOut(
            problem_id=problem_id,
            best_known=known_best(store, problem_id),
            entries=[LeaderboardEntry.of(i + 1, s) for i, s in enumerate(entries)],
        )

    @mcp.tool()
    async def lineage(
        record_id: Annotated[
            str,
            Field(
                description="Any stored id (a task, candidate, seed, solution, verifier or submission) or catalog/NAME."
            ),
        ],
    ) -> LineageOut:
        """The family tree of a record: the chain it came from (seed -> candidate -> ... -> itself) and what was
        derived from it. Use it to see which seed and axis a task was mutated from."""
        return lineage_of(backend, record_id)


def _latest_version(store: Store, problem_id: str) -> str | None:
    try:
        task = store.tasks.get(problem_id)
    except NotFoundError:
        return None  # not a task: a seed, candidate, import or catalog family has no versions
    latest = store.tasks.latest(task.candidate_id)
    return latest.id if latest is not None else task.id


def lineage_of(backend: Backend, record_id: str) -> LineageOut:
    """The lineage of ``record_id``: its ancestors back to the seed and its descendants."""
    ancestors, descendants = problems.lineage(backend.store(), record_id)
    return LineageOut(
        id=record_id,
        ancestors=[LineageNode.of(r) for r in ancestors],
        descendants=[LineageNode.of(r) for r in descendants],
    )
