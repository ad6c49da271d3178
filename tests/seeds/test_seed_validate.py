"""Reference validation at import: a seed's references run in a real sandbox on its tests with answers, through
the one judge, compared by the built-in testlib checkers (exact, token, float 1e-6)."""

from __future__ import annotations

import pytest

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.metering import metered
from frontiersmith.models import Comparison, Language, Limits, Problem, ProblemKind, Program, SeedStatus
from frontiersmith.tools.seeds.validate import SeedValidator, Validation

pytestmark = pytest.mark.anyio

SUM_CPP = Program(
    code='#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}',
    language=Language.CPP,
)
SUM_PY = Program(code="a, b = map(int, input().split())\nprint(a + b)\n", language=Language.PYTHON)
DIFF_PY = Program(code="a, b = map(int, input().split())\nprint(a - b)\n", language=Language.PYTHON)
SUM_TESTS = [
    SeedTest("1", b"1 2\n", b"3\n"),
    SeedTest("2", b"5 5\n", b"10\n"),
    SeedTest("3", b"0 0\n", b"0\n"),
]


def seed(tests: list[SeedTest], *refs: Program, comparison: Comparison | None = None, time_ms: int = 2000):
    problem = Problem(
        id="x",
        title="A plus B",
        statement="Print a + b.",
        objective={"kind": "construct"},
        kind=ProblemKind.CLOSED,
        limits=Limits(time_ms=time_ms),
    )
    return SeedDraft(problem=problem, tests=tests, references=list(refs), comparison=comparison)


def prints(text: str) -> Program:
    return Program(
        code=f"import sys\nsys.stdin.read()\nsys.stdout.write({text!r})\n", language=Language.PYTHON
    )


@pytest.fixture
async def validator(sandbox):
    async with SeedValidator(sandbox=sandbox, workers=2) as v:
        yield v


async def test_a_right_reference_verifies_the_seed_and_a_wrong_one_does_not(validator: SeedValidator):
    right = await validator.validate(seed(SUM_TESTS, DIFF_PY, SUM_CPP))
    assert right == Validation(status=SeedStatus.VERIFIED, reference=SUM_CPP, comparison=Comparison.TOKEN)

    wrong = await validator.validate(seed(SUM_TESTS, DIFF_PY))
    assert wrong.status is SeedStatus.UNVERIFIED and wrong.reference is None
    # 1 - 2 = -1 is wrong on test 1; the reason names the reference, the test, the verdict, the comparison
    assert wrong.reason.startswith("reference 1 (python) fails test 1: INVALID under the token comparison")
    assert "expected '3', found '-1'" in wrong.reason

    both = await validator.validate(seed(SUM_TESTS, SUM_PY, SUM_CPP))
    assert both.reference == SUM_PY, "the first reference that passes is the one the status rests on"


async def test_float_answers_are_compared_within_1e_6(validator: SeedValidator):
    one_token = [SeedTest("1", b"3\n", b"0.3333333333\n"), SeedTest("2", b"1\n", b"1000000.0\n")]
    near = await validator.validate(seed(one_token[:1], prints("0.333333\n")))
    relative = await validator.validate(seed(one_token[1:], prints("1000000.9\n")))
    far = await validator.validate(seed(one_token[:1], prints("0.3334\n")))
    # a decimal in an answer chooses the float comparison; 3.3e-7 off absolutely, 9e-7 relatively
    assert near.comparison is Comparison.FLOAT and near.status is SeedStatus.VERIFIED
    assert relative.status is SeedStatus.VERIFIED
    assert far.status is SeedStatus.UNVERIFIED and "under the float comparison" in far.reason
    assert "expected '0.3333333333', found '0.3334'" in far.reason


async def test_exact_compares_lines_where_token_compares_tokens(validator: SeedValidator):
    tests = [SeedTest("1", b"", b"1 2\n3\n")]
    spaced = prints("1  2 3")
    assert (await validator.validate(seed(tests, spaced))).status is SeedStatus.VERIFIED
    exact = await validator.validate(seed(tests, spaced, comparison=Comparison.EXACT))
    assert exact.status is SeedStatus.UNVERIFIED and exact.comparison is Comparison.EXACT
    assert "under the exact comparison" in exact.reason and "line 1 differs" in exact.reason
    # line endings and trailing newlines are not part of the answer
    crlf = await validator.validate(seed(tests, prints("1 2\r\n3\r\n\n\n"), comparison=Comparison.EXACT))
    assert crlf.status is SeedStatus.VERIFIED


async def test_a_reference_that_does_not_compile_leaves_the_seed_unverified(validator: SeedValidator):
    broken = Program(code="int main( { return 0; }", language=Language.CPP)
    out = await validator.validate(seed(SUM_TESTS, broken))
    assert out.status is SeedStatus.UNVERIFIED
    assert out.reason.startswith("reference 1 (cpp) does not compile:")


async def test_a_reference_that_times_out_is_stopped_at_its_first_failing_test(validator: SeedValidator):
    spin = Program(code="while True:\n    pass\n", language=Language.PYTHON)
    tests = [SeedTest(str(i), b"1 1\n", b"2\n") for i in range(1, 9)]
    with metered() as meter:
        out = await validator.validate(seed(tests, spin, time_ms=400))
    assert out.status is SeedStatus.UNVERIFIED
    assert out.reason.startswith("reference 1 (python) fails test 1: TLE under the token comparison")
    # the tests after the first failure are cancelled: only the runs already started (two at a time) end
    assert meter.sandbox_runs <= 3, meter.sandbox_runs


async def test_a_seed_without_references_or_answers_is_untested(validator: SeedValidator):
    none = await validator.validate(seed(SUM_TESTS))
    assert none.status is SeedStatus.UNTESTED and none.reason == "it has no reference solution"
    unanswered = [SeedTest("1", b"1 2\n", None)]
    blind = await validator.validate(seed(unanswered, SUM_PY))
    assert blind.status is SeedStatus.UNTESTED and blind.reason == "it has no test with an answer"
    bare = await validator.validate(seed([]))
    assert bare.reason == "it has no reference solution and no test with an answer"
