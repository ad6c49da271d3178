"""Every family's programs in the real sandbox: solvers run within the family's limits, the baseline
scores exactly 0, open families have at least two winning strategies, pseudo-open families have one
dominant strategy, the sandboxed generator reproduces the tests, and the verifier rejects bad outputs.

One sandbox per family; each program is compiled once (``family_matrix``).
"""

from __future__ import annotations

import pytest
from catalog_helpers import FAMILY_NAMES, default_tests, family

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import open_sandbox
from frontiersmith.tools.catalog.export import GEN_LIMITS
from frontiersmith.tools.catalog.matrix import FamilyMatrix, family_judge, family_matrix
from frontiersmith.tools.judging.judge import JudgeTest
from frontiersmith.tools.synthesis.crossval.interactive import CONVERSATIONS


def _perturbations(output: bytes) -> dict[str, bytes]:
    tokens = output.split()
    return {
        "empty output": b"",
        "garbage": b"this is not an answer\n",
        "last token dropped": b" ".join(tokens[:-1]) + b"\n",
        "extra token appended": output.rstrip() + b" 1\n",
    }


def _describe(ev: FamilyMatrix) -> str:
    return f"\n{ev.table()}"


@pytest.mark.slow
@pytest.mark.anyio
@pytest.mark.parametrize("name", FAMILY_NAMES)
async def test_family_programs_in_the_sandbox(name: str) -> None:
    fam = family(name)
    tests = default_tests(name)
    async with open_sandbox() as sb:
        ev = await family_matrix(fam, tests=tests, sandbox=sb)

        # every solver (and the baseline) is accepted on every test, within the family's limits
        for run in [*ev.solvers, *([ev.baseline] if ev.baseline else [])]:
            bad = [
                (r.name, r.verdict.value, r.message[:120]) for r in run.results if r.verdict is not Verdict.OK
            ]
            assert not run.compile_message, f"{name}/{run.file} does not compile: {run.compile_message}"
            assert not bad, f"{name}/{run.file} failed: {bad}"
            assert all(r.time_ms <= fam.limits.time_ms for r in run.results)

        if fam.kind == "closed":
            assert all(r.objective == 1.0 for r in ev.solvers[0].results)
            trusted = ev.solvers[0]
        else:
            assert ev.baseline is not None
            assert all(r.objective is not None and r.objective > 0 for r in ev.baseline.results), (
                f"{name}: objectives must be strictly positive"
            )
            assert ev.baseline.scores == [0.0] * len(tests), f"{name}: the baseline must score exactly 0"
            trusted = ev.baseline
        if fam.kind == "open":
            winners = sorted(ev.strategies_that_win())
            assert len(winners) >= 2, f"{name}: only {winners} win a test{_describe(ev)}"
        if fam.kind == "pseudo-open":
            dominant = ev.dominant()
            assert dominant, f"{name}: no strategy matches or beats the rest everywhere{_describe(ev)}"

        compiled = await sb.compile(fam.program.code, Language.PYTHON, name="family")
        assert compiled.ok and compiled.program is not None
        # the sandboxed generator (another process, another hash seed) gives the same bytes
        for test in tests[:: fam.tests_per_distribution]:
            gen = await sb.run(
                compiled.program, args=["gen", test.distribution, str(test.seed)], limits=GEN_LIMITS
            )
            assert gen.verdict is Verdict.OK and gen.stdout == test.input, f"{name}: {test.name} differs"

        first = JudgeTest(tests[0].name, tests[0].input)
        if (
            fam.interactive
        ):  # an interactor: conversations no sane one accepts are rejected, and it survives them
            async with family_judge(fam, sb) as (judge, _):
                for label, code in CONVERSATIONS.items():
                    probe = await sb.compile(code, Language.PYTHON, name=f"probe-{label}")
                    assert probe.ok and probe.program is not None
                    r = await judge.run(probe.program, first)
                    assert r.verdict not in (Verdict.OK, Verdict.SYSTEM_ERROR), f"{name}: {label}: {r}"
            return
        # the verifier rejects malformed outputs, and perturbed ones unless they change the objective
        good = trusted.results[0]
        assert good.output is not None
        async with family_judge(fam, sb) as (judge, _):
            for what, bad_output in _perturbations(good.output).items():
                r = await judge.verify(first, bad_output)
                assert r.verdict is not Verdict.SYSTEM_ERROR, (
                    f"{name}: the verifier crashed on {what}: {r.message}"
                )
                changed = r.verdict is Verdict.OK and r.objective != good.objective and fam.kind != "closed"
                malformed = what in ("empty output", "garbage")
                assert r.verdict is Verdict.INVALID or (changed and not malformed), (
                    f"{name}: {what} was accepted"
                )
            # ... and outputs meant for other tests (all of them for a closed seed, at least one otherwise)
            cross = [(await judge.verify(first, r.output or b"")).verdict for r in trusted.results[1:]]
        rejected = [v for v in cross if v is Verdict.INVALID]
        assert all(v is not Verdict.SYSTEM_ERROR for v in cross)
        if fam.kind == "closed":
            assert len(rejected) == len(cross), f"{name}: an answer to another test was accepted"
        else:
            assert rejected, f"{name}: the answers to every other test were accepted on {tests[0].name}"
