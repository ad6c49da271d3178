"""The cross-validation protocol, check by check: good artefacts pass every check, and each artefact below is
written to break one check (named in the test), which must fail while the others pass. No model is
involved: the programs are the toy problem's (pick numbers with sum <= C, maximise the sum)."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontiersmith.drafts import TestsDraft
from frontiersmith.models import Language, Limits, OracleRelation, ProbeStatus, Program, Sense
from frontiersmith.sandbox import open_sandbox
from frontiersmith.tools.judging.testgen import GeneratedTest, build_tests
from frontiersmith.tools.synthesis.crossval.checks import cross_validate
from frontiersmith.tools.synthesis.crossval.feasibility import SECOND_CHECK, SEED_CHECK
from frontiersmith.tools.synthesis.crossval.oracle import SeedOracle
from frontiersmith.tools.synthesis.crossval.probes import HACKING_CHECK, STRUCTURAL_CHECK
from frontiersmith.tools.synthesis.crossval.run import CrossValidation

from . import toy_problem as toy

pytestmark = pytest.mark.anyio

DISTRIBUTIONS = ["small", "large", "mixed"]
SOLUTIONS = {"greedy-large": toy.GREEDY_LARGE, "greedy-small": toy.GREEDY_SMALL, "dp": toy.DP}
EVERY_CHECK = {
    "inputs are valid",
    "baseline is feasible",
    "verifier is deterministic",
    "verifier rejects corrupted outputs",
    "verifier never crashes",
    "solutions run on valid inputs",
    "baseline scores 0",
    "scores are not collapsed",
    "scores use the scale",
    "ordering is sane",
    "verifier kills mutants",
    "verifier judges well-formed mutants",
    "seed's checker agrees",
    "feasibility checker agrees",
    "verifier judges structural mutants",
    "verifier judges the seed's own answer",
    "verifier resists reward hacking",
    "adversarial tests bite",
    "tests carry signal",
}
# Judged from the scores, so only once the verifier passes its own checks.
SCORE_READ_CHECKS = {"adversarial tests bite", "tests carry signal"}

# -- artefacts, each breaking one check ----------------------------------------------------------------

_PARSE = "out = open(sys.argv[3]).read().split()\n        k = int(out[0]); idx = [int(x) for x in out[1:]]"
# Adds noise to the objective of every one-item answer (the baseline's): two verdicts on one output differ.
NOISY_VERIFIER = toy.VERIFIER.replace("import json, sys", "import json, random, sys").replace(
    'print(json.dumps({"feasible": True, "objective": total, "message": ""}))',
    'print(json.dumps({"feasible": True, "objective": total + (random.random() if k == 1 else 0), "message": ""}))',
)
# Takes anything it cannot parse for an empty selection worth nothing, garbage included.
GARBAGE_TOLERANT_VERIFIER = toy.VERIFIER.replace(
    "    except (ValueError, IndexError, AssertionError):",
    "    except ValueError:\n"
    '        print(json.dumps({"feasible": True, "objective": 0, "message": "read as empty"})); return\n'
    "    except (IndexError, AssertionError):",
)
# Crashes on the output of a solution that picks more than ten items, once it has checked it.
CRASH_ON_BIG_ANSWERS = toy.VERIFIER.replace(
    "        assert 1 <= total <= c\n",
    "        assert 1 <= total <= c\n        if k > 10 and idx == sorted(idx, key=lambda i: items[i]): raise SystemExit(3)\n",
)
# Gives every feasible answer the same objective: no solution can be told from another.
CONSTANT_VERIFIER = toy.VERIFIER.replace('"objective": total,', '"objective": 1,')
# Reads an empty output as "take every item", which scores above any real answer.
EMPTY_IS_EVERYTHING = toy.VERIFIER.replace(
    "        out = open(sys.argv[3]).read().split()\n",
    "        out = open(sys.argv[3]).read().split() or [str(n)] + [str(i) for i in range(n)]\n",
).replace("        assert 1 <= total <= c\n", "        assert 1 <= total and (total <= c or k == n)\n")
# Checks indices and nothing else: any repeated, over-capacity or miscounted selection is accepted.
LAX_VERIFIER = toy.VERIFIER.replace(
    "        assert len(idx) == k and len(set(idx)) == k and all(0 <= i < n for i in idx)\n"
    "        total = sum(items[i] for i in idx)\n        assert 1 <= total <= c\n",
    "        assert idx and all(0 <= i < n for i in idx)\n        total = sum(items[i] for i in idx)\n",
)
# Forgets the capacity: every selection of distinct items is feasible to it.
CAPACITY_BLIND_FEASIBILITY = toy.FEASIBILITY.replace(
    "    if sum(items[i] for i in picked) > c:\n", "    if False:\n"
)
# Accepts at most five items, a narrower C_O than the toy's (as an output mutation of it would be).
NARROW_VERIFIER = toy.VERIFIER.replace("assert 1 <= total <= c\n", "assert 1 <= total <= c and k <= 5\n")
NOTHING_IS_IN_THE_SEEDS_DOMAIN = "import sys\nsys.exit('outside the seed\\'s inputs')\n"
# Picks item n, which does not exist, on the large instances.
BAD_BASELINE = toy.BASELINE.replace("print(1, 0)", "print(1, n if n > 30 else 0)")
# The same input whatever the distribution: no distribution can be adversarial.
ONE_INPUT_GENERATOR = toy.GENERATOR.replace(
    'rng = random.Random(f"{dist}:{seed}")', "rng = random.Random(7)"
).replace('    hi = {"small": c // 10, "large": c // 2, "mixed": c}[dist]\n', "    hi = c\n")
# Instances with 55 items on one distribution, which the statement's solutions below refuse (n <= 50).
BIG_N_GENERATOR = toy.GENERATOR.replace(
    "    n = rng.randint(20, 40)\n", '    n = 55 if dist == "large" else rng.randint(20, 40)\n'
)
SMALL_N_ONLY = {
    name: code.replace(
        "items = list(map(int, input().split()))",
        "items = list(map(int, input().split())); assert n <= 50",
        1,
    )
    for name, code in SOLUTIONS.items()
}

# The suites are built with a validator that accepts anything: judging the inputs is the protocol's job.
ACCEPT_ANY = "import sys\nif sys.argv[1] != 'validate':\n    raise SystemExit(2)\n"
_suites: dict[str, list[GeneratedTest]] = {}


def python(code: str) -> Program:
    return Program(code=code, language=Language.PYTHON)


async def suite(generator: str = toy.GENERATOR) -> list[GeneratedTest]:
    """The tests a generator builds, built once per generator."""
    if generator not in _suites:
        draft = TestsDraft(
            generator=python(generator), validator=python(ACCEPT_ANY), distributions=DISTRIBUTIONS
        )
        async with open_sandbox("process") as sb:
            built = await build_tests(sb, draft)
        assert built.tests, built.failures
        _suites[generator] = built.tests
    return _suites[generator]


async def protocol(
    *,
    generator: str = toy.GENERATOR,
    verifier: str = toy.VERIFIER,
    baseline: str = toy.BASELINE,
    solutions: dict[str, str] = SOLUTIONS,
    feasibility: str | None = toy.FEASIBILITY,
    sense: Sense = Sense.MAX,
    **options,
) -> CrossValidation:
    return await cross_validate(
        await suite(generator),
        python(toy.GENERATOR),
        python(verifier),
        python(baseline),
        sense,
        {sid: python(code) for sid, code in solutions.items()},
        Limits(time_ms=5000, memory_mb=256),
        backend="process",
        feasibility=python(feasibility) if feasibility else None,
        **options,
    )


def failed(report: CrossValidation) -> set[str]:
    # Every check runs when everything compiles, but what the scores say of the tests only once the verifier
    # is sound (and the example's only when there is one).
    expected = EVERY_CHECK - (SCORE_READ_CHECKS if report.failures("verifier") else set())
    expected |= (
        {"the example is judged"}
        if report.example is not None or any(c.name == "the example is judged" for c in report.checks)
        else set()
    )
    assert {c.name for c in report.checks} == expected
    return {c.name for c in report.checks if not c.passed}


# -- the tests -------------------------------------------------------------------------------------------


async def test_good_artefacts_pass_every_check() -> None:
    report = await protocol()
    assert failed(report) == set(), report.failures()
    assert report.kill_rate is not None and report.kill_rate >= 0.5
    # The reference page's table names every check the protocol ran, with its owner.
    table = (Path(__file__).parents[2] / "docs" / "reference" / "crossval.md").read_text()
    missing = [c.name for c in report.checks if f"| {c.name} | {c.owner} |" not in table]
    assert not missing, missing


async def test_a_generator_whose_inputs_the_validator_rejects_fails_input_validity() -> None:
    report = await protocol(generator=toy.BAD_GENERATOR)
    assert failed(report) == {"inputs are valid"}, report.failures()
    assert report.failures("tests") and not report.failures("verifier")


async def test_a_baseline_that_is_infeasible_on_some_tests_fails_baseline_feasibility() -> None:
    report = await protocol(baseline=BAD_BASELINE)
    assert failed(report) == {"baseline is feasible"}, report.failures()


async def test_a_baseline_that_crashes_is_told_apart_from_a_verifier_that_refuses_it() -> None:
    report = await protocol(baseline=toy.BASELINE.replace("print(1, 0)", "print(1, 0)\nraise SystemExit(1)"))
    (detail,) = [c.detail for c in report.checks if c.name == "baseline is feasible"]
    assert detail.startswith("the baseline gets RE on ") and "the verifier" not in detail
    refused = await protocol(baseline=BAD_BASELINE)
    (detail,) = [c.detail for c in refused.checks if c.name == "baseline is feasible"]
    assert detail.startswith("the verifier does not accept the baseline on ")


async def test_a_noisy_verifier_fails_determinism() -> None:
    report = await protocol(verifier=NOISY_VERIFIER)
    assert failed(report) == {"verifier is deterministic"}, report.failures()


async def test_a_verifier_that_accepts_garbage_fails_the_corruption_probe() -> None:
    report = await protocol(verifier=GARBAGE_TOLERANT_VERIFIER)
    assert failed(report) == {"verifier rejects corrupted outputs"}, report.failures()


async def test_a_verifier_that_crashes_on_an_output_fails_never_crashes() -> None:
    report = await protocol(verifier=CRASH_ON_BIG_ANSWERS)
    assert "verifier never crashes" in failed(report), report.failures()
    allowed = {"verifier never crashes", "verifier kills mutants", "verifier judges well-formed mutants"}
    assert failed(report) <= allowed, report.failures()


async def test_a_verifier_failing_the_same_way_everywhere_is_told_its_error_once() -> None:
    """What its author reads: the error itself (a traceback's last line, not the harness's first ones), once,
    with the places it happened."""
    deep = "def f(d):\n    return 1 / 0 if d == 0 else f(d - 1)\n"
    crashing = deep + toy.VERIFIER.replace(
        "        assert 1 <= total <= c\n", "        assert 1 <= total <= c\n        f(40)\n"
    )
    report = await protocol(verifier=crashing)
    (detail,) = [c.detail for c in report.checks if c.name == "verifier never crashes"]
    assert detail.count("ZeroDivisionError: division by zero") == 1 and " more: verifier failed" in detail


async def test_inputs_that_crash_most_solutions_fail_solutions_run() -> None:
    report = await protocol(generator=BIG_N_GENERATOR, solutions=SMALL_N_ONLY)
    assert failed(report) == {"solutions run on valid inputs"}, report.failures()
    assert report.failures("tests") and not report.failures("verifier")


async def test_a_constant_objective_collapses_the_scores() -> None:
    report = await protocol(verifier=CONSTANT_VERIFIER)
    # Every score is then 0, the baseline's: the best solution cannot beat it either.
    collapsed = {"scores are not collapsed", "ordering is sane"}
    assert failed(report) == collapsed, report.failures()


async def test_an_empty_output_that_scores_fails_the_ordering() -> None:
    report = await protocol(verifier=EMPTY_IS_EVERYTHING)
    # The author's feasibility checker says an empty output is no answer, too.
    assert failed(report) == {"ordering is sane", SECOND_CHECK}, report.failures()
    assert "an empty output scores" in " ".join(report.failures())


async def test_a_lax_verifier_lets_mutants_survive() -> None:
    report = await protocol(verifier=LAX_VERIFIER)
    # Its author's own feasibility checker refutes the repeats the probes make and find, too.
    probed = {STRUCTURAL_CHECK, HACKING_CHECK}
    assert failed(report) == {"verifier kills mutants", SECOND_CHECK, *probed}, report.failures()
    assert "duplicated output" in " ".join(report.failures("verifier"))
    assert report.probes is not None
    hack = report.probes.result("reward hacking")
    assert hack is not None and hack.status is ProbeStatus.FAILED and hack.output_excerpt
    assert "your feasibility checker calls it infeasible (an index repeats" in hack.detail


async def test_a_kill_rate_under_the_threshold_fails_with_the_survivors() -> None:
    report = await protocol(min_kill_rate=1.0)
    assert failed(report) == {"verifier kills mutants"}, report.failures()
    assert report.surviving_mutants and "kill rate" in report.failures()[0]


async def test_tests_that_never_bite_fail_the_adversarial_check() -> None:
    report = await protocol(generator=ONE_INPUT_GENERATOR)
    assert failed(report) == {"adversarial tests bite"}, report.failures()
    assert report.failures("tests") and not report.failures("verifier")


async def test_only_the_named_adversarial_distributions_must_bite() -> None:
    # On these tests only the mixed instances push a greedy solution below its median elsewhere.
    assert "adversarial tests bite" in failed(await protocol(adversarial=["small"]))
    report = await protocol(adversarial=["mixed"])
    assert failed(report) == set(), report.failures()
    assert [c.detail for c in report.checks if c.name == "adversarial tests bite"] == [
        "mixed lowers greedy-large below its median elsewhere"
    ]


# -- feasibility beside the verifier: the seed's checker (the oracle) and the author's second opinion ---


def toy_oracle(relation: OracleRelation, domain: str | None = None) -> SeedOracle:
    """The toy's feasibility checker standing in for a seed's checker."""
    return SeedOracle(
        python(toy.FEASIBILITY), relation, "the toy seed's checker", python(domain) if domain else None
    )


def detail(report: CrossValidation, name: str) -> str:
    return next(c.detail for c in report.checks if c.name == name)


async def test_without_an_oracle_or_a_feasibility_checker_the_well_formed_mutants_are_unexplained() -> None:
    report = await protocol(feasibility=None)
    assert failed(report) == {"verifier judges well-formed mutants"}, report.failures()
    why = detail(report, "verifier judges well-formed mutants")
    assert (
        "no oracle (no seed checker was given to the protocol)" in why and "write a feasibility-only" in why
    )
    assert report.feasibility.well_formed > 0 and report.feasibility.well_formed_feasible is None


async def test_a_feasibility_checker_that_disagrees_with_the_verifier_fails_the_second_opinion() -> None:
    report = await protocol(feasibility=CAPACITY_BLIND_FEASIBILITY)
    assert failed(report) == {SECOND_CHECK}, report.failures()
    assert (
        "the verifier says infeasible (malformed or infeasible), the feasibility checker says feasible"
        in (detail(report, SECOND_CHECK))
    )
    [first, *_] = report.feasibility.disagreements
    assert first.judge == "feasibility checker" and first.input_excerpt and first.output_excerpt


async def test_a_feasibility_checker_that_does_not_compile_fails_the_second_opinion() -> None:
    report = await protocol(feasibility="def broken(:\n")
    assert SECOND_CHECK in failed(report) and "does not compile" in detail(report, SECOND_CHECK)


async def test_the_seed_checker_catches_a_lax_verifier_with_both_verdicts() -> None:
    report = await protocol(verifier=LAX_VERIFIER, feasibility=None, oracle=toy_oracle(OracleRelation.EQUAL))
    assert SEED_CHECK in failed(report), report.failures()
    assert "the verifier says feasible" in detail(report, SEED_CHECK)
    assert report.feasibility.oracle == "the toy seed's checker" and report.feasibility.tests_judged == 6


async def test_an_output_mutations_verifier_may_be_stricter_than_the_seed_checker_but_not_laxer() -> None:
    narrow = await protocol(
        verifier=NARROW_VERIFIER, oracle=toy_oracle(OracleRelation.IMPLIES), feasibility=None
    )
    assert SEED_CHECK not in failed(narrow), detail(narrow, SEED_CHECK)
    assert "accepts every output the verifier accepts" in detail(narrow, SEED_CHECK)
    # ... which only bounds it: the narrowing needs a second opinion to explain the mutants it rejects.
    assert "verifier judges well-formed mutants" in failed(narrow)
    equal = await protocol(
        verifier=NARROW_VERIFIER, oracle=toy_oracle(OracleRelation.EQUAL), feasibility=None
    )
    assert SEED_CHECK in failed(equal)
    lax = await protocol(verifier=LAX_VERIFIER, oracle=toy_oracle(OracleRelation.IMPLIES), feasibility=None)
    assert SEED_CHECK in failed(lax) and "must accept every output the verifier accepts" in detail(
        lax, SEED_CHECK
    )


async def test_an_oracle_judges_only_the_inputs_in_the_seeds_domain() -> None:
    oracle = toy_oracle(OracleRelation.EQUAL, domain=NOTHING_IS_IN_THE_SEEDS_DOMAIN)
    report = await protocol(verifier=LAX_VERIFIER, oracle=oracle, feasibility=None)
    assert "no oracle: every input lies outside the seed's C_I" in detail(report, SEED_CHECK)
    assert (report.feasibility.tests_judged, report.feasibility.tests_outside) == (0, 6)
    # Nothing judged the mutants then, which the well-formed check says.
    assert "verifier judges well-formed mutants" in failed(report)


async def test_the_report_keeps_the_thresholds_it_applied() -> None:
    report = await protocol(min_kill_rate=0.25)
    assert report.thresholds is not None and report.thresholds.min_kill_rate == 0.25
    assert report.thresholds.disagreements_allowed == 0 and report.thresholds.well_formed_per_output > 0


# -- task quality: the scale the scores use, tests that carry signal, the statement's example ------------------

# Minimise what is left of the capacity (c − sum + 1): the toy turned around, so a poor baseline sits far above
# every real answer.
LEFTOVER_VERIFIER = toy.VERIFIER.replace('"objective": total,', '"objective": c - total + 1,')
# Takes the smallest item alone: almost the whole capacity is left, hundreds of times what any real answer
# leaves, so every real answer scores within a hair of 1.
SMALLEST_ITEM_BASELINE = toy.BASELINE.replace(
    "print(1, 0)", "print(1, min(range(n), key=lambda i: items[i]))"
)
# A first attempt's answer: items in input order while they fit.
FIRST_FIT_BASELINE = toy.BASELINE.replace(
    "print(1, 0)",
    "chosen, total = [], 0\nfor i in range(n):\n    if total + items[i] <= c:\n        chosen.append(i); total += items[i]\n"
    "print(len(chosen), *chosen)",
)
# Capacity of at least the sum of the items: every solution takes everything, on every test.
# Capacity of at least the sum of the items on the small and large instances: every solution takes everything
# there, and only the mixed ones tell solutions apart.
ROOMY_GENERATOR = toy.GENERATOR.replace(
    "    c = rng.randint(500, 1000)\n", '    c = 10**6 if dist != "mixed" else rng.randint(500, 1000)\n'
).replace('hi = {"small": c // 10, "large": c // 2,', 'hi = {"small": 100, "large": 500,')
# Capacity of at least the sum of the items everywhere: every solution takes everything, on every test.
ALL_ROOMY_GENERATOR = (
    toy.GENERATOR.replace("    c = rng.randint(500, 1000)\n", "    c = 10**6\n")
    .replace('"mixed": c}[dist]', '"mixed": 1000}[dist]')
    .replace('hi = {"small": c // 10, "large": c // 2,', 'hi = {"small": 100, "large": 500,')
)


async def test_a_baseline_far_below_every_solution_is_told_it_squeezes_the_scale() -> None:
    """Range normalisation fixes a ceiling near the baseline, not a baseline far from everything: the verifier's
    author is told, with numbers, to write a sensible one, and a first attempt's baseline passes."""
    squeezed = await protocol(verifier=LEFTOVER_VERIFIER, baseline=SMALLEST_ITEM_BASELINE, sense=Sense.MIN)
    assert "scores use the scale" in failed(squeezed), squeezed.failures()
    (detail,) = [c.detail for c in squeezed.checks if c.name == "scores use the scale"]
    assert "the baseline sets the scale" in detail and "objectives differ by" in detail
    sensible = await protocol(verifier=LEFTOVER_VERIFIER, baseline=FIRST_FIT_BASELINE, sense=Sense.MIN)
    assert "scores use the scale" not in failed(sensible), sensible.failures()


async def test_tests_on_which_every_solution_scores_the_same_carry_no_signal() -> None:
    report = await protocol(generator=ROOMY_GENERATOR, min_kill_rate=0.0)
    assert "tests carry signal" in failed(report), report.failures()
    assert len(report.silent_tests) >= 4 and report.failures("tests")  # a mixed test may tie too
    # All alike on every test says more of the problem than of its tests: the divergence filter decides.
    alike = await protocol(generator=ALL_ROOMY_GENERATOR, min_kill_rate=0.0)
    assert (
        not {"tests carry signal", "adversarial tests bite"} & failed(alike) and len(alike.silent_tests) == 6
    )


async def test_range_scores_run_from_the_baseline_to_the_best_sampled_objective() -> None:
    report = await protocol()
    assert report.normalisation.value == "range"
    for name, best in report.best_objectives.items():
        top = max(
            c.objective or 0 for cells in report.cells.values() for c in cells.values() if c.name == name
        )
        assert best == max(top, report.baseline_objectives[name])
        scores = [cells[name].score for cells in report.cells.values()]
        # where the baseline is as good as anything sampled, nothing beats it: every score is 0
        assert max(scores) == (1.0 if best > report.baseline_objectives[name] else 0.0) and min(scores) >= 0.0


async def test_the_statement_example_is_judged_and_kept() -> None:
    example = GeneratedTest("example", "example", 0, b"3 10\n4 5 6\n")
    report = await protocol(example=example)
    assert "the example is judged" in {c.name for c in report.checks} and not failed(report)
    assert report.example is not None and report.example.objective == 10
    assert report.example.baseline_objective == 4 and report.example.input == "3 10\n4 5 6\n"
