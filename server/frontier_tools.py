"""MCP tools and the ``defects://`` resource of FrontierSynth: evaluate a solver, diagnose its failures, read
its defect map. Thin adapters over ``frontiersmith.tools.frontier``, in the synthesis scope: an agent under
evaluation is served the solve scope, so it can neither run an evaluation on itself nor read its own map."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, cast
from urllib.parse import unquote

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import DefectMap, FailureType
from frontiersmith.tools import frontier
from frontiersmith.tools.llm.factory import MODEL_PROVIDERS, make_provider

from .backend import Backend, FrontierSmithServer, progress
from .content import caller_mistakes
from .scopes import Grant

SolverSpec = Annotated[
    str,
    Field(
        description="The solver under evaluation: catalog:weak|medium|strong (the problems' own solvers, "
        "graded), model:NAME (a model at the server's OpenAI-compatible endpoint) or agent:NAME (an agent "
        "solving through a solve-scoped server)."
    ),
]


class AttemptOut(BaseModel):
    """One attempt of a solver under evaluation: its trajectory, score and failure type."""

    trajectory_id: str
    problem_id: str
    attempt: int
    score: float
    failure: FailureType
    detail: str = ""


class EvaluateOut(BaseModel):
    """A solver's evaluation: its attempts, their mean score and the failures by type."""

    solver: str
    evaluation_id: str | None
    problems: int
    failures: dict[str, int]
    mean_score: float
    attempts: list[AttemptOut]


def _backend(ctx: Context) -> Backend:
    return cast(FrontierSmithServer, ctx.mcp_server).backend


async def evaluate_solver(
    ctx: Context,
    solver: SolverSpec,
    tasks: Annotated[
        str,
        Field(
            description="Task ids (comma-separated), 'all', 'latest' or 'catalog' (the catalog's open families)."
        ),
    ] = "catalog",
    attempts: Annotated[int, Field(ge=1, le=20, description="Attempts per problem (k).")] = 1,
    feedback: Annotated[
        bool, Field(description="Tell the solver the judge's data-free diagnostics between attempts.")
    ] = False,
) -> EvaluateOut:
    """Evaluate a solver on problems: k attempts on each, every attempt judged by the problem's verifier in
    the sandbox and stored as a trajectory (code, per-test verdicts and scores, messages, tokens, time, and
    its failure type: compile error, runtime error, time-out, memory-out, invalid output, below baseline,
    suboptimal, near-success, success). Bad solver output is a failed attempt with its reason. Then call
    diagnose for the solver's defect map."""
    backend = _backend(ctx)
    store = backend.store()
    if solver.startswith("command:"):
        raise InvalidInputError(
            "command: solvers name a program on the server; run `frontiersmith evaluate` there."
        )
    chosen = frontier.parse_solver(solver, backend.settings)
    problems = frontier.select_problems(store, tasks)
    done = 0

    async def shown(line: str) -> None:
        nonlocal done
        done += 1
        await progress(ctx, done, len(problems) * attempts, line)

    async with backend.sandbox_slot(ctx, "evaluate_solver"):
        trajectories = await frontier.evaluate(
            store, chosen, problems, attempts, feedback=feedback, settings=backend.settings, progress=shown
        )
    return EvaluateOut(
        solver=chosen.spec,
        evaluation_id=trajectories[0].evaluation_id if trajectories else None,
        problems=len(problems),
        failures=dict(Counter(t.failure.value for t in trajectories)),
        mean_score=sum(t.score for t in trajectories) / len(trajectories) if trajectories else 0.0,
        attempts=[
            AttemptOut(
                trajectory_id=t.id,
                problem_id=t.problem_id,
                attempt=t.attempt,
                score=t.score,
                failure=t.failure,
                detail=t.detail,
            )
            for t in trajectories
        ],
    )


async def diagnose(
    ctx: Context,
    solver: SolverSpec,
    delta: Annotated[
        float, Field(ge=0, le=1, description="Near-success: within this share of the best known score.")
    ] = frontier.DELTA,
) -> DefectMap:
    """A solver's Capability Defect Map from its stored trajectories (evaluate_solver first): its failures
    clustered by failure type x problem features (family, axis, distribution, input-size bucket, tags), each
    cluster with difficulty anchors (success rate over attempts, attempts to first success, score entropy),
    example trajectory ids and a one-sentence label (by the server's model when it has one). Stored; also
    readable as defects://{solver}."""
    backend = _backend(ctx)
    store = backend.store()
    defect_map = frontier.diagnose(store, solver, delta=delta)
    if backend.settings.llm_provider in MODEL_PROVIDERS:
        defect_map = await frontier.label_clusters(
            store, defect_map, make_provider(backend.settings.llm_provider, backend.settings)
        )
    return defect_map


def register(mcp: MCPServer, backend: Backend, grant: Grant) -> None:
    """Register evaluate_solver and diagnose on ``mcp``, and the ``defects://`` resource when ``grant`` serves
    it."""
    mcp.add_tool(evaluate_solver)
    mcp.add_tool(diagnose)
    if "defects" not in grant.resources:
        return  # resources cannot be removed once registered (server/app._keep_only)

    @mcp.resource(
        "defects://{+solver}",
        name="defects",
        description="A solver's latest Capability Defect Map as JSON (diagnose writes it).",
        mime_type="application/json",
    )
    def defects_resource(solver: str) -> str:
        with caller_mistakes():
            return frontier.latest_defect_map(backend.store(), unquote(solver)).model_dump_json(indent=1)


__all__ = ["EvaluateOut", "register"]
