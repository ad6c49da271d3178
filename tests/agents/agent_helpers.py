"""Shared pieces of the agent tests: the toy open problem (pick numbers with sum <= C, maximise the sum) as a
stored candidate with three sampled solutions, the arguments a scripted agent passes to the server, and the
scripted model turns that pass them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from agents.testing import assistant_message, function_call

from frontiersmith.drafts import MutationDraft, SolutionDraft
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds


def _load_toy():
    path = Path(__file__).resolve().parents[1] / "pipeline" / "toy_problem.py"
    spec = importlib.util.spec_from_file_location("frontiersmith_toy_problem", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


toy = _load_toy()
ROLES = ("test_case_agent", "verifier_agent")

# Valid inputs for "small" and "large", but an item above the capacity for "mixed": the validator rejects
# that one, while the others are stored, so the verifier can still be checked in the same round.
HALF_BAD_GENERATOR = toy.GENERATOR.replace(
    "print(n, c); print(*items)",
    "items[-1] = c + 5 if dist == 'mixed' else items[-1]; print(n, c); print(*items)",
)
assert HALF_BAD_GENERATOR != toy.GENERATOR

TOY = MutationDraft(
    title="Capacity filling",
    statement="# Capacity filling\n\nGiven n numbers and a capacity C, choose distinct numbers whose sum is at most C; "
    "maximise the sum.\n\n## Input\n\n`n C` (1 <= n <= 40), then the n numbers (1 <= item <= C).\n\n## Output\n\n"
    "k, then the k chosen indices (0-based).",
    objective={"kind": "optimise", "sense": "max", "formula": "sum of the chosen numbers"},
    input_spec={"constraints": "1 <= n <= 40, 1 <= item <= C", "bounds": {"n": [1, 40]}},
    output_spec={"description": "k distinct indices with sum at most C"},
)


async def toy_candidate(store: Store, settings: Settings) -> str:
    """A kept candidate with three sampled solutions (two greedy orders and a subset-sum DP)."""
    ensure_catalog_seeds(store)
    result = await syn.mutate_problem(store, "seed_knapsack_01", "objective", authored=TOY)
    cid = result.candidate.id
    await syn.sample_solutions(
        store,
        cid,
        authored=[
            SolutionDraft(code=toy.GREEDY_LARGE, language="python", strategy="greedy, largest number first"),
            SolutionDraft(code=toy.GREEDY_SMALL, language="python", strategy="greedy, smallest number first"),
            SolutionDraft(code=toy.DP, language="python", strategy="subset-sum dynamic programming"),
        ],
        settings=settings,
    )
    return cid


def suite_args(cid: str, generator: str, feedback: list[str] | None = None) -> dict[str, Any]:
    return {
        "candidate_id": cid,
        "authored": {
            "generator": {"code": generator, "language": "python"},
            "validator": {"code": toy.GENERATOR, "language": "python"},
            "distributions": ["small", "large", "mixed"],
            "tests_per_distribution": 1,
        },
        "feedback": feedback or [],
    }


def verifier_args(cid: str, verifier: str, feedback: list[str] | None = None) -> dict[str, Any]:
    return {
        "candidate_id": cid,
        "authored": {
            "verifier": {"code": verifier, "language": "python"},
            "baseline": {"code": toy.BASELINE, "language": "python"},
            "sense": "max",
            "feasibility": {"code": toy.FEASIBILITY, "language": "python"},
        },
        "feedback": feedback or [],
    }


def calls(*steps: tuple[str, dict] | str) -> list:
    """One scripted model turn per step: a tool call (name, arguments) or a final message."""
    out = []
    for i, step in enumerate(steps):
        if isinstance(step, str):
            out.append([assistant_message(step)])
        else:
            out.append([function_call(step[0], step[1], call_id=f"call_{i}")])
    return out
