"""The authored tasks of bench/authored_tasks.py are what the MCP tools accept: each piece parses as the tool's
draft (a misnamed field is an error there), each statement is whole, and the three mutate along different axes.
No sandbox runs: the bench itself publishes them through `frontiersmith serve`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from frontiersmith.drafts import MutationDraft, SolutionDraft, TestsDraft, VerifierDraft, problem_from_draft
from frontiersmith.models import Problem, ProblemKind
from frontiersmith.statement import missing_sections
from frontiersmith.tools.seeds.authored import AuthoredSeed

BENCH = Path(__file__).parents[1] / "bench" / "authored_tasks.py"


def test_authored_tasks_are_valid_drafts_with_whole_statements() -> None:
    spec = importlib.util.spec_from_file_location("authored_tasks_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    tasks = bench.task_modules()
    assert len(tasks) >= 3 and len({t.AXIS for t in tasks}) == 3
    for task in tasks:
        content = bench.authored(task)
        seed = AuthoredSeed.model_validate(content["add_seed"])
        assert seed.tests and seed.references, task.TITLE
        closed = Problem(
            id="seed",
            title=seed.title,
            statement=seed.statement,
            objective=seed.objective,
            kind=ProblemKind.CLOSED,
        )
        assert missing_sections(closed) == [], task.TITLE
        mutation = MutationDraft.model_validate(content["mutate_problem"])
        assert missing_sections(problem_from_draft("cand", mutation, {})) == [], task.TITLE
        assert mutation.input_spec.bounds and mutation.objective.sense is not None
        solutions = [SolutionDraft.model_validate(s) for s in content["sample_solutions"]]
        assert len({s.strategy for s in solutions}) == len(solutions) == len(task.LABELS) >= 2
        tests = TestsDraft.model_validate(content["generate_tests"])
        assert tests.adversarial and len(tests.distributions) >= 3
        verifier = VerifierDraft.model_validate(content["run_verifier"])
        assert verifier.feasibility is not None and verifier.baseline_summary
