"""Every catalog family's feasibility checkers, in-process: its ``feasible`` (the second opinion the offline
provider writes) gives its verifier's feasibility verdict, and its seed's checker relates to that verdict as
the family's axis says, on the outputs the protocol sees: its Python programs' answers to its default tests,
their corrupted and their well-formed mutants."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache

import pytest

from frontiersmith.models import Axis
from frontiersmith.tools.catalog import Family, families, load_module
from frontiersmith.tools.catalog.export import GeneratedTest
from frontiersmith.tools.synthesis.crossval.mutants import mutants, well_formed_mutants

# An interactive family judges conversations, not outputs: it has no output to check apart from its interactor.
MUTABLE = sorted(name for name, fam in families().items() if fam.kind != "closed" and not fam.interactive)
INTERACTIVE = sorted(name for name, fam in families().items() if fam.interactive)
REJECTIONS = (ValueError, IndexError, KeyError, AssertionError, OverflowError)  # what the harness catches


def _tests(fam: Family) -> list[GeneratedTest]:
    module = load_module(fam.module_path)
    return [
        GeneratedTest(
            name=name,
            distribution=dist,
            seed=seed,
            input=module.generate(
                module.Config(), dist, random.Random(f"{module.NAME}:{dist}:{seed}")
            ).encode(),
        )
        for name, dist, seed in fam.test_plan(0)
    ]


@cache
def _answers(name: str) -> dict[str, list[bytes]]:
    """Per default test, what the family's baseline and first Python solver print (trusted catalog code, run
    on the host): two answers of different quality, whose mutants reach both sides of feasibility."""
    fam = families()[name]
    programs = [s for s in (fam.baseline, *fam.solvers) if s is not None and s.path.suffix == ".py"][:2]
    out: dict[str, list[bytes]] = {}
    for test in _tests(fam):
        for solver in programs:
            run = subprocess.run(
                [sys.executable, str(solver.path)], input=test.input, capture_output=True, timeout=120
            )
            assert run.returncode == 0, (
                f"{name}/{solver.path.name} failed on {test.name}: {run.stderr[-500:]!r}"
            )
            out.setdefault(test.name, []).append(run.stdout)
    return out


def _call(check, cfg, input_text: str, output: bytes) -> bool:
    """The verdict of a module's check as the harness gives it: an exception it catches is a rejection."""
    try:
        return bool(check(cfg, input_text, output.decode("utf-8", "replace"))[0])
    except REJECTIONS:
        return False


@pytest.mark.parametrize("name", MUTABLE)
def test_feasible_agrees_with_the_verifier_and_the_seed_checker_with_the_axis(name: str) -> None:
    fam = families()[name]
    module = load_module(fam.module_path)
    cfg = module.Config()
    seed_check = getattr(module, "seed_feasible", None)
    in_domain = getattr(module, "in_seed_domain", lambda _cfg, _text: True)
    seen = feasible_seen = 0
    for test in _tests(fam):
        text = test.input.decode()
        answers = _answers(name)[test.name]
        outputs = set(answers)
        for i, answer in enumerate(answers):
            outputs.update(mutants(answer, random.Random(f"{test.name}:{i}")).values())
            outputs.update(well_formed_mutants(answer, random.Random(f"{test.name}:{i}"), answers).values())
        inside = seed_check is not None and in_domain(cfg, text)
        for output in sorted(outputs):
            verdict = _call(module.verify, cfg, text, output)
            assert _call(module.feasible, cfg, text, output) == verdict, (test.name, output[:200])
            if inside:
                seed = _call(seed_check, cfg, text, output)
                if fam.axis is Axis.OUTPUT:
                    assert seed or not verdict, (test.name, output[:200])
                else:
                    assert seed == verdict, (test.name, output[:200])
            seen += 1
            feasible_seen += verdict
    # Both kinds were seen: the mutants reach feasible outputs other than the answers, and infeasible ones.
    assert 0 < feasible_seen < seen


def test_every_mutable_family_exposes_its_seeds_checker_or_says_why_it_cannot() -> None:
    checkers = {name: families()[name].seed_checker() for name in MUTABLE}
    cannot = {name: why for name, why in checkers.items() if isinstance(why, str)}
    assert sorted(cannot) == [
        "coin_denominations",
        "fractional_knapsack",
        "graph_coloring",
        "grid_bottleneck_path",
        "interval_stabbing",
        "line_matching",
        "max_3sat",
        "rect_selection",
        "three_dim_assignment",
    ]
    assert all(why and "exposes no" not in why for why in cannot.values()), cannot
    # An input mutation's oracle names the seed's C_I; the others judge every input the family has.
    bounded = sorted(name for name, c in checkers.items() if isinstance(c, tuple) and c[1] is not None)
    assert bounded == ["general_graph_mis", "multi_lcs"]
    assert all(families()[name].axis is Axis.INPUT for name in bounded)
    assert all(families()[name].feasibility_program is not None for name in MUTABLE)


def test_an_interactive_family_says_why_its_seed_cannot_judge_it() -> None:
    assert INTERACTIVE == ["hidden_maxsat", "maze_explore"]
    for name in INTERACTIVE:
        fam = families()[name]
        why = fam.seed_checker()
        assert isinstance(why, str) and "conversation" in why and fam.feasibility_program is None
