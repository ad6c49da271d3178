"""The offline provider: answers every LLM step from the built-in catalog, so the whole pipeline runs with
no model at all. It authors nothing new; the tools still run, check and score everything it returns.
"""

from __future__ import annotations

import re

from frontiersmith.drafts import (
    CheckerDraft,
    CoarseVerdict,
    MutationDraft,
    SeedTupleDraft,
    SolutionDraft,
    StrategyGroups,
    TestsDraft,
    VerifierDraft,
)
from frontiersmith.errors import ProviderError
from frontiersmith.models import Axis, ObjectiveKind, Problem

from ..catalog import Family, family_for, list_families
from ..seeds.statement import offline_tuple

# Words that name an algorithmic idea. The offline divergence judge compares solutions by the ideas their
# strategy summaries name; it is a stand-in for an LLM judge, not a claim about code semantics.
IDEAS: dict[str, tuple[str, ...]] = {
    "greedy": ("greedy", "sort by", "largest first", "smallest first", "earliest", "ratio"),
    "local-search": ("local search", "hill climb", "swap", "2-opt", "or-opt", "flip", "improvement", "k-opt"),
    "annealing": ("anneal",),
    "tabu": ("tabu",),
    "dp": ("dynamic programming", " dp", "dp ", "knapsack dp", "bitmask"),
    "exact": ("branch and bound", "branch-and-bound", "exact", "backtrack", "exhaustive", "brute"),
    "random": ("random", "restart", "monte carlo", "grasp"),
    "graph": (
        "matching",
        "flow",
        "shortest path",
        "dijkstra",
        "bfs",
        "dfs",
        "scc",
        "spanning",
        "kruskal",
        "prim",
    ),
    "relaxation": ("lp ", "relax", "rounding", "lagrang"),
    "evolutionary": ("genetic", "evolution", "crossover"),
    "beam": ("beam",),
}


def idea_signature(strategy: str) -> frozenset[str]:
    """The primary idea a strategy summary names: the idea whose word appears first (a summary such as
    "local search from a greedy start" is a local search). Empty when no known idea is named."""
    text = f" {strategy.lower()} "
    first: tuple[int, str] | None = None
    for idea, words in IDEAS.items():
        for w in words:
            pos = text.find(w)
            if pos >= 0 and (first is None or pos < first[0]):
                first = (pos, idea)
    return frozenset([first[1]]) if first else frozenset()


def _label(strategy: str) -> str:
    return strategy.split(":", 1)[0].strip().lower()


def _stem(strategy: str) -> str:
    return re.sub(r"\s+", " ", _label(strategy).split("(", 1)[0]).strip()


def _idea(strategy: str) -> frozenset[str]:
    """The idea the label names, else the one its summary names first."""
    return idea_signature(_label(strategy)) or idea_signature(strategy)


def _tokens(code: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))


def _family_of(problem: Problem) -> Family:
    fam = family_for(problem)  # a targeted variant's own program, tests and limits
    if fam is None:
        raise ProviderError(
            f"The offline provider only knows catalog problems and {problem.id} is not one; "
            "configure a model (--provider openai) to work on it."
        )
    return fam


class OfflineProvider:
    """Catalog-backed answers to every step; deterministic."""

    name = "offline"

    def axes_for(self, seed: Problem) -> list[Axis]:
        """One offer per catalog family mutated from this seed (an axis may be offered twice)."""
        name = seed.provenance.get("catalog")
        return sorted((f.axis for f in list_families() if f.parent == name and f.axis), key=list(Axis).index)

    async def describe_seed(self, problem: Problem) -> SeedTupleDraft:
        """The tuple read from the statement's sections (tools/seeds/statement.py), not authored."""
        return offline_tuple(problem.statement)

    async def write_checker(self, problem: Problem, feedback: list[str]) -> CheckerDraft:
        """Always ProviderError: without a model no checker is written."""
        raise ProviderError("The offline provider writes no checker: configure a model to have one written.")

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft:
        """The ``index``-th catalog family mutated from the seed's family along ``axis``; ProviderError when
        there is none."""
        parent = seed.provenance.get("catalog")
        options = [f for f in list_families() if f.parent == parent and f.axis == axis and f.kind != "closed"]
        if not options:
            raise ProviderError(
                f"The offline catalog has no mutation of {parent or seed.id} along the {axis} axis."
            )
        if index >= len(options):
            raise ProviderError(
                f"The offline catalog has no further mutation of {parent} along the {axis} axis "
                f"(it has {len(options)})."
            )
        return options[index].as_mutation_draft()

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict:
        """The structural part of the pre-filter only: an optimisation objective with a sense is kept."""
        # Without a model only the structural part of the pre-filter can be checked; deciding that one
        # strategy dominates is left to the idea-divergence filter, which is what the paper shows is
        # load-bearing.
        if problem.objective.kind is not ObjectiveKind.OPTIMISE:
            return CoarseVerdict(
                keep=False,
                reason="still_closed",
                explanation=f"objective is {problem.objective.kind}, not optimise",
            )
        if problem.objective.sense is None:
            return CoarseVerdict(
                keep=False, reason="not_continuous", explanation="objective has no sense (min/max)"
            )
        return CoarseVerdict(keep=True, reason="ok", explanation="optimisation objective with a sense")

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft:
        """The family's shipped solver number ``index`` (cycling through them); ProviderError when it has none."""
        fam = _family_of(problem)
        if not fam.solvers:
            raise ProviderError(f"The catalog family {fam.name} has no solvers.")
        solver = fam.solvers[index % len(fam.solvers)]
        return SolutionDraft(
            code=solver.path.read_text(),
            language=solver.language,
            strategy=f"{solver.strategy}: {solver.summary}",
        )

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups:
        """Two solutions share an idea when their strategy labels name the same idea: the same label stem
        (the words before any parenthesised variant, "greedy by ratio (heap)" ~ "greedy by ratio (sort)"),
        or the same primary idea word ("greedy", "annealing", ...); failing both, near-identical code."""
        labels: list[int] = []
        reps: list[tuple[str, frozenset[str], set[str]]] = []
        for sol in solutions:
            stem, sig, toks = _stem(sol.strategy), _idea(sol.strategy), _tokens(sol.code)
            for label, (rstem, rsig, rtoks) in enumerate(reps):
                same_stem = bool(stem) and stem == rstem
                same_idea = bool(sig) and sig == rsig
                same_code = len(toks & rtoks) / max(1, len(toks | rtoks)) > 0.8
                if same_stem or same_idea or same_code:
                    labels.append(label)
                    break
            else:
                reps.append((stem, sig, toks))
                labels.append(len(reps) - 1)
        return StrategyGroups(labels=labels, explanation="grouped by the idea each strategy label names")

    async def write_tests(
        self, problem: Problem, solutions: list[SolutionDraft], feedback: list[str]
    ) -> TestsDraft:
        """The family's own generator and validator; ``feedback`` changes nothing."""
        return _family_of(problem).tests_draft()

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft:
        """The family's own verifier and baseline, with its feasibility checker as a second opinion;
        ProviderError when it lacks a baseline or a sense."""
        fam = _family_of(problem)
        if fam.baseline is None or fam.sense is None:
            raise ProviderError(f"The catalog family {fam.name} has no baseline or no objective sense.")
        # The family's feasibility checker is a second opinion written apart from its verifier.
        return VerifierDraft(
            verifier=fam.program,
            baseline=fam.baseline.program,
            sense=fam.sense,
            feasibility=fam.feasibility_program,
            interactive=fam.interactive,
            baseline_summary=fam.baseline.summary,
        )
