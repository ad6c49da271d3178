"""The protocol's checks are declared once (tools/synthesis/crossval/checks.STEPS), and the reference page's table
of checks says the same: every check, in the order a report lists them, with its owner and whether it runs on an
interactor. Both kinds of verifier run the one declaration, so a check one kind reports the other reports the same
way (a crashing baseline told apart from a refused one on both)."""

from __future__ import annotations

from pathlib import Path

from frontiersmith.models import CheckOwner, TestResult, Verdict
from frontiersmith.tools.synthesis.crossval.checks import CHECKS, STEPS
from frontiersmith.tools.synthesis.crossval.verdict_checks import baseline_problem

PAGE = Path(__file__).parents[2] / "docs" / "reference" / "crossval.md"
HEADER = "| check | owner | on an interactor | fails when |"


def _table() -> list[list[str]]:
    lines = PAGE.read_text().splitlines()
    start = lines.index(HEADER) + 2  # past the header and its rule
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def _on_an_interactor(outputs: object, interactive: object) -> str:
    if interactive is None:
        return "no"
    if outputs is None:
        return "only there"
    return "yes" if interactive is outputs else "its own way"


def test_the_reference_table_lists_the_declared_checks_in_order_with_their_owners() -> None:
    table = [(name, owner) for name, owner, *_ in _table()]
    assert table == [(c.name, c.owner.value) for c in CHECKS]


def test_the_reference_table_says_which_checks_run_on_an_interactor() -> None:
    declared = {
        check.name: _on_an_interactor(step.outputs, step.interactive)
        for step in STEPS
        for check in step.checks
    }
    assert {row[0]: row[2] for row in _table()} == declared


def test_every_check_is_declared_once() -> None:
    names = [c.name for c in CHECKS]
    assert len(names) == len(set(names))
    assert {c.owner for c in CHECKS} == set(CheckOwner)


def test_a_crashing_baseline_is_told_apart_from_a_refused_one_on_either_kind_of_verifier() -> None:
    # A verifier of outputs and an interactor both answer with the baseline's exit (0: it ended normally, so the
    # verdict is the verifier's); an interactor keeps no output.
    for output in (b"1 0\n", None):
        crashed = TestResult(name="t", verdict=Verdict.RE, exit_code=1, message="exit code 1", output=output)
        refused = TestResult(
            name="t", verdict=Verdict.INVALID, exit_code=0, message="infeasible", output=output
        )
        broke = TestResult(
            name="t", verdict=Verdict.SYSTEM_ERROR, exit_code=0, message="it crashed", output=output
        )
        accepted = TestResult(name="t", verdict=Verdict.OK, exit_code=0, objective=1.0, output=output)
        assert baseline_problem(crashed) == "the baseline gets RE on t: exit code 1"
        assert baseline_problem(refused) == "the verifier does not accept the baseline on t: infeasible"
        assert baseline_problem(broke) == "the verifier does not accept the baseline on t: it crashed"
        assert baseline_problem(accepted) is None
    # the same step runs on both
    (baseline,) = [s for s in STEPS if s.checks[0].name == "baseline is feasible"]
    assert baseline.outputs is baseline.interactive
