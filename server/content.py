"""MCP resources (problem statements, lineage, the catalog listing) and prompts (solve a problem, mutate a
seed along an axis, write a verifier)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import unquote

from mcp.server import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from frontiersmith.errors import FrontierSmithError
from frontiersmith.models import Axis, Problem
from frontiersmith.store import Store
from frontiersmith.tools.catalog import list_families, seed_id_for
from frontiersmith.tools.llm.prompts import AXIS_TASK, PROGRAM_CONTRACT, seed_kind, solution_io
from frontiersmith.tools.problems.resolver import get_problem, is_interactive

from .backend import Backend
from .solving_tools import lineage_of


def statement_markdown(problem: Problem, interactive: bool = False) -> str:
    """A problem as a solver reads it over MCP: its statement, objective, how a solution reads and writes, its
    limits and its id."""
    o = problem.objective
    objective = (
        o.kind.value
        + (f", {o.sense.value}imise" if o.sense else "")
        + (f": {o.formula}" if o.formula else "")
    )
    return (
        f"# {problem.title}\n\n{problem.statement.strip()}\n\n"
        f"**Objective:** {objective}\n\n"
        f"**Input and output:** {solution_io(interactive)}\n\n"
        f"**Limits:** {problem.limits.time_ms} ms of CPU time, {problem.limits.memory_mb} MB per test\n\n"
        f"Problem id: `{problem.id}` (what `submit` and `leaderboard` take)\n"
    )


def solver_statement(store: Store, problem_id: str) -> tuple[Problem, str]:
    """The problem ``problem_id`` names and its statement as a solver reads it (the resource and the prompt)."""
    problem = get_problem(store, problem_id)
    return problem, statement_markdown(problem, is_interactive(store, problem.id))


@contextmanager
def caller_mistakes() -> Iterator[None]:
    """A bad id or argument in a resource URI or prompt becomes an invalid-params error carrying its one
    sentence, instead of the SDK's generic "error creating resource" and a logged traceback."""
    try:
        yield
    except FrontierSmithError as exc:
        raise MCPError(code=INVALID_PARAMS, message=exc.for_mcp()) from None
    except ValueError as exc:  # e.g. an axis that is not one of the three
        raise MCPError(code=INVALID_PARAMS, message=f"{str(exc).rstrip('.')}; check the arguments.") from None


def register(mcp: MCPServer, backend: Backend) -> None:
    """Register the server's resources and prompts on ``mcp``."""
    _register_resources(mcp, backend)
    _register_prompts(mcp, backend)


def _register_resources(mcp: MCPServer, backend: Backend) -> None:
    # `{+id}` lets the id carry a slash (catalog/NAME); a percent-encoded slash works as well.
    @mcp.resource(
        "problem://{+problem_id}",
        name="problem",
        description="A problem statement in markdown, by id (task id, seed id, candidate id or catalog/NAME).",
        mime_type="text/markdown",
    )
    def problem_statement(problem_id: str) -> str:
        with caller_mistakes():
            return solver_statement(backend.store(), unquote(problem_id))[1]

    @mcp.resource(
        "task://{task_id}/lineage",
        name="lineage",
        description="The lineage of a task (or any record) as JSON: ancestors back to the seed, and descendants.",
        mime_type="application/json",
    )
    def task_lineage(task_id: str) -> str:
        with caller_mistakes():
            return lineage_of(backend, unquote(task_id)).model_dump_json(indent=1)

    @mcp.resource(
        "catalog://families",
        name="catalog",
        description="The built-in catalog as JSON: closed seed problems (mutate them with mutate_problem, seed id "
        "seed_NAME) and open-ended families (submit to them as catalog/NAME).",
        mime_type="application/json",
    )
    def catalog_families() -> str:
        rows = [
            {
                "name": f.name,
                "kind": f.kind,
                "title": f.title,
                "problem_id": seed_id_for(f.name) if f.kind == "closed" else f"catalog/{f.name}",
                "mutated_from": f.parent,
                "axis": f.axis.value if f.axis else None,
            }
            for f in list_families()
        ]
        return json.dumps({"families": rows}, indent=1)


def _register_prompts(mcp: MCPServer, backend: Backend) -> None:
    @mcp.prompt(name="solve_problem", description="Solve one problem and submit the solution for a score.")
    def solve_problem(problem_id: str) -> str:
        with caller_mistakes():
            problem, statement = solver_statement(backend.store(), problem_id)
        return (
            f"Solve this optimisation problem as well as you can.\n\n{statement}\n"
            "Write one complete program in C++17 or Python 3 (standard library only, no network, no files "
            "outside its work folder).\n\n"
            f"Submit your program with the `submit` tool (problem_id={problem.id!r}, language 'cpp' or "
            "'python'). Read the per-test verdicts, scores and diagnostics (an INVALID test names the rule the "
            "output broke), improve the weakest tests, and submit again; `leaderboard` shows the best known "
            "score, the frontier to beat, beside the submissions."
        )

    @mcp.prompt(
        name="mutate_seed", description="Mutate a seed problem along one axis into an open-ended one."
    )
    def mutate_seed(seed_id: str, axis: str) -> str:
        with caller_mistakes():
            problem = get_problem(backend.store(), seed_id)
            the_axis = Axis(axis)
        return (
            f"Here is {seed_kind(problem)}:\n\n{statement_markdown(problem)}\n"
            f"Mutate it along the {the_axis.value} axis: {AXIS_TASK[the_axis]}. The result must be an "
            "optimisation problem whose exact optimum is out of reach at its scale, that admits several "
            "genuinely different algorithmic ideas, and whose every legal output is scored by one number. "
            "Write its statement whole (a solver never sees the old one): the story, then `## Input` (the "
            "format, with every bound), `## Output` (what a legal output is) and `## Objective`; FrontierSmith "
            "adds the Scoring section, the limits and a judged example when it publishes the task. Then call "
            f"`mutate_problem` with parent_id={seed_id!r}, axis={the_axis.value!r} and your problem as "
            "`authored` (title, statement, objective {kind: 'optimise', sense: 'min'|'max', formula}, "
            "input_spec {constraints, bounds: {name: [lo, hi]} for each size of the input}, output_spec)."
        )

    @mcp.prompt(name="write_verifier", description="Write the verifier and baseline of a candidate problem.")
    def write_verifier(candidate_id: str) -> str:
        with caller_mistakes():
            problem = get_problem(backend.store(), candidate_id)
        return (
            f"Write the verifier and the baseline solution for this problem:\n\n{statement_markdown(problem)}\n"
            f"{PROGRAM_CONTRACT}\n\nThen call `run_verifier` with candidate_id={candidate_id!r} and "
            "authored={verifier: {code, language}, baseline: {code, language}, sense: 'min'|'max', "
            "baseline_summary: 'what the baseline does, in one sentence', "
            "feasibility: {code, language}}, where feasibility is a second, feasibility-only checker written "
            'apart from the verifier (`verify INPUT_FILE OUTPUT_FILE` prints {"feasible": ..., '
            '"message": ...}); cross-validation requires the two to agree on every output. '
            "If the report is not ok, fix the checks owned by 'verifier' and call it again."
        )
