"""A testlib checker's score: every form C and C++ print a number in, testlib's points value first.

The issue this pins: ``quitp(5e-05, "Ratio: %g", r)`` and ``os << 3e-7`` scored 1.0 because the
ratio parser stopped at the ``e``.
"""

import ctypes
import math
import random

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, Verdict, VerifierKind
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution
from frontiersmith.tools.judging.verdicts import TESTLIB_OK, TESTLIB_POINTS, c_number, checker_ratio

LIMITS = Limits(time_ms=1000, memory_mb=256)
LIBC = ctypes.CDLL(None)


def c_printf(fmt: str, value: float) -> str:
    """``value`` formatted by the C library's own snprintf."""
    buf = ctypes.create_string_buffer(512)
    LIBC.snprintf(buf, ctypes.c_size_t(len(buf)), fmt.encode(), ctypes.c_double(value))
    return buf.value.decode()


def iostream_default(value: float, uppercase: bool = False, showpos: bool = False) -> str:
    """``os << value`` with the stream's defaults (precision 6, neither fixed nor scientific): %g."""
    return ("%" + ("+" if showpos else "") + (".6G" if uppercase else ".6g")) % value


def iostream_scientific(value: float, precision: int = 6, uppercase: bool = False) -> str:
    return ("%." + str(precision) + ("E" if uppercase else "e")) % value


def iostream_fixed(value: float, precision: int = 6) -> str:
    return ("%." + str(precision) + "f") % value


def iostream_hexfloat(value: float) -> str:
    return value.hex() if math.isfinite(value) else repr(value)


def reference(token: str) -> float:
    """What strtod makes of a whole token, the test's own reading (not the judge's)."""
    body = token.lstrip("+-")
    if body[:2].lower() == "0x":
        return float.fromhex(token)
    return float(token.split("(")[0])


def clamp(value: float) -> float:
    return min(1.0, max(0.0, value)) if math.isfinite(value) else 0.0


def close(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=0.0)


def sample_values(rng: random.Random) -> list[float]:
    specials = [0.0, -0.0, 1.0, 0.5, 1e-5, 5e-5, 3e-7, 1 - 1e-12, 1 + 1e-12, 2.5, 1e300, 5e-324]
    specials += [math.inf, -math.inf, math.nan, 0.999999, 0.1, 1 / 3]
    randoms = [rng.choice((1, -1)) * 10 ** rng.uniform(-12, 3) for _ in range(400)]
    randoms += [rng.random() for _ in range(200)]
    return specials + randoms


C_FORMATS = ["%g", "%G", "%e", "%E", "%f", "%a", "%A", "%.17g", "%+g", "%.3e", "%.10f", "%.4f", "%#g", "%.0e"]


def formatted(value: float) -> list[tuple[str, str, bool]]:
    """(how, token, exact) for every way the value is printed; exact when the form round-trips."""
    forms = [(f, c_printf(f, value), f in ("%a", "%A", "%.17g")) for f in C_FORMATS]
    forms += [
        ("os <<", iostream_default(value), False),
        ("os << uppercase << showpos", iostream_default(value, uppercase=True, showpos=True), False),
        ("os << scientific", iostream_scientific(value), False),
        ("os << uppercase << scientific", iostream_scientific(value, uppercase=True), False),
        ("os << setprecision(17) << scientific", iostream_scientific(value, 16), True),
        ("os << fixed", iostream_fixed(value), False),
        ("os << hexfloat", iostream_hexfloat(value), True),
        ("repr", repr(value), True),
    ]
    return forms


def test_ratio_and_points_in_every_c_and_cpp_number_form_parse_to_the_clamped_value():
    rng = random.Random(20261201)
    checked = 0
    for value in sample_values(rng):
        for how, token, exact in formatted(value):
            printed = reference(token)
            expected = clamp(printed)
            if exact and math.isfinite(value):
                assert printed == value or math.isnan(value), (how, token)
            messages = {
                "ok, Ratio": (TESTLIB_OK, f"Value: 12. Ratio: {token}", None),
                "ok, Ratio then RatioUnbounded": (TESTLIB_OK, f"Ratio: {token}, RatioUnbounded: 7", None),
                "points on stderr": (TESTLIB_POINTS, f"points {token} Ratio: 0.9", None),
                "points in the result file": (
                    TESTLIB_POINTS,
                    f"points {token} Ratio: 0.9\nSee file to check exit message",
                    f"{token} Ratio: 0.9",
                ),
                "points absent, Ratio": (TESTLIB_POINTS, f"custom checker Ratio: {token}", None),
            }
            for label, (code, message, result_file) in messages.items():
                got = checker_ratio(code, message, result_file)
                assert close(got, expected), f"{how} of {value!r} as {token!r} ({label}): {got} != {expected}"
                assert 0.0 <= got <= 1.0
                checked += 1
            assert c_number(token) is not None and (
                close(c_number(token), printed) or (math.isnan(printed) and math.isnan(c_number(token)))
            )
    assert checked > 10_000


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("1e-05", 1e-05),
        ("5e-05", 5e-05),
        ("3e-07", 3e-07),
        ("5E+00", 1.0),
        (".5", 0.5),
        ("5.", 1.0),
        ("+0.25", 0.25),
        ("-0", 0.0),
        ("-0.5", 0.0),
        ("0x1p-2", 0.25),
        ("0X1.8P-1", 0.75),
        ("inf", 0.0),
        ("-inf", 0.0),
        ("INF", 0.0),
        ("infinity", 0.0),
        ("nan", 0.0),
        ("-nan", 0.0),
        ("NAN", 0.0),
        ("nan(0x8000)", 0.0),
        ("1e400", 0.0),
        ("0x1p99999", 0.0),
    ],
)
def test_each_printed_form_of_a_ratio_scores_its_value_and_inf_nan_score_zero(token, expected):
    assert checker_ratio(TESTLIB_OK, f"Value: 3. Ratio: {token}") == pytest.approx(expected, rel=1e-12)
    assert checker_ratio(TESTLIB_POINTS, f"points {token}") == pytest.approx(expected, rel=1e-12)
    assert checker_ratio(TESTLIB_POINTS, "", f"{token} Ratio: 1") == pytest.approx(expected, rel=1e-12)


def test_the_issues_exact_messages_do_not_score_one():
    # quitp(5e-05, "Ratio: %g", r) with our testlib.h and with testlib's result file
    assert checker_ratio(TESTLIB_POINTS, "points 0.00005 Ratio: 5e-05") == pytest.approx(5e-05)
    assert checker_ratio(TESTLIB_POINTS, "", "0.00005 Ratio: 5e-05") == pytest.approx(5e-05)
    # a checker that writes its ratio with `os << 3e-7` and accepts
    assert checker_ratio(TESTLIB_OK, "Ratio: 3e-07") == pytest.approx(3e-07)


def test_testlib_points_value_wins_over_a_ratio_in_the_message():
    assert checker_ratio(TESTLIB_POINTS, "points 0.25 Ratio: 0.9") == 0.25
    assert checker_ratio(TESTLIB_POINTS, "points 0.9 Ratio: 0.25\n", "0.25 Ratio: 0.9") == 0.25
    assert checker_ratio(TESTLIB_POINTS, "no number here") == 0.0
    assert checker_ratio(TESTLIB_OK, "ok fine") == 1.0
    assert checker_ratio(TESTLIB_OK, "RatioUnbounded: 0.5") == 1.0  # not the Ratio field


TESTLIB_RATIO_CHECKER = r"""
#include "testlib.h"
#include <cmath>
#include <iomanip>
#include <sstream>
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::string mode = inf.readToken();
    ouf.readToken();
    std::ostringstream os;
    if (mode == "g") { double r = 5e-05; quitp(r, "Ratio: %g", r); }
    if (mode == "os") { os << 3e-7; quitp(3e-7, "Ratio: %s", os.str().c_str()); }
    if (mode == "scientific") { os << std::scientific << 2.5e-3; quitf(_ok, "Ratio: %s", os.str().c_str()); }
    if (mode == "hexfloat") { os << std::hexfloat << 0.375; quitf(_ok, "Ratio: %s", os.str().c_str()); }
    if (mode == "inf") quitf(_ok, "Ratio: %f", INFINITY);
    if (mode == "nan") quitf(_ok, "Ratio: %f", NAN);
    if (mode == "points") quitp(0.75, "Ratio: %g", 7.5);
    quitf(_ok, "Value: 3. Ratio: %.6f", 1.0);
}
"""

RAW_RATIO_CHECKER = r"""
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
    std::ifstream in(argv[1]);
    std::string mode;
    in >> mode;
    if (mode == "os") { std::cerr << "Ratio: " << 3e-7 << std::endl; return 0; }
    if (mode == "upper") { std::cerr << std::uppercase << std::scientific << "Ratio: " << 4e-6 << std::endl; return 0; }
    if (mode == "points_e") { std::fprintf(stderr, "points %e\n", 1e-5); return 7; }
    std::cerr << "Ratio: " << 1 << std::endl;
    return 0;
}
"""

PRINT_X = Program(code="print('x')\n", language=Language.PYTHON)


async def judge_modes(checker: str, modes: list[str]) -> dict[str, tuple[Verdict, float]]:
    verifier = VerifierSpec(
        Program(code=checker, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
    )
    tests = [JudgeTest(m, f"{m}\n".encode(), b"") for m in modes]
    report = await judge_solution(PRINT_X, tests, verifier, LIMITS, backend="process", workers=2)
    return {t.name: (t.verdict, t.score) for t in report.tests}


@pytest.mark.anyio
async def test_real_testlib_checker_printing_small_ratios_in_any_form_is_scored_by_its_value():
    got = await judge_modes(
        TESTLIB_RATIO_CHECKER, ["g", "os", "scientific", "hexfloat", "inf", "nan", "points", "one"]
    )
    expected = {
        "g": 5e-05,
        "os": 3e-07,
        "scientific": 2.5e-3,
        "hexfloat": 0.375,
        "inf": 0.0,
        "nan": 0.0,
        "points": 0.75,
        "one": 1.0,
    }
    for mode, score in expected.items():
        assert got[mode][0] is Verdict.OK, (mode, got[mode])
        assert got[mode][1] == pytest.approx(score, rel=1e-9, abs=0), mode


@pytest.mark.anyio
async def test_checker_without_testlib_printing_its_ratio_with_iostreams_is_scored_by_its_value():
    got = await judge_modes(RAW_RATIO_CHECKER, ["os", "upper", "points_e", "one"])
    assert got == {
        "os": (Verdict.OK, pytest.approx(3e-07)),
        "upper": (Verdict.OK, pytest.approx(4e-06)),
        "points_e": (Verdict.OK, pytest.approx(1e-05)),
        "one": (Verdict.OK, 1.0),
    }
