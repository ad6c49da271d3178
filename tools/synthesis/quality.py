"""Task quality (docs/design.md, "Task quality"): what makes a published task good RL data, measured from its
records. The checks the tests step and the protocol apply (the tests reach the scale the statement promises,
every test separates some solutions, the scores use the scale the objectives span) and the measures a task
card is made of live here, as pure functions over sizes, objectives and scores.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence

SCALE_SHARE = 0.5  # the largest tests must reach this share of each size bound the statement states
NO_SIGNAL_SHARE = 0.5  # more tests than this share giving every solution one score: the tests fail
SCORE_TIE = 1e-6  # scores this close are one score
# A squeezed scale: on a test where the sampled objectives differ by at least OBJECTIVE_SPREAD (relative to the
# largest of them) but every score lies within SQUEEZED_BAND, the scores hide what the objectives show.
OBJECTIVE_SPREAD = 0.10
SQUEEZED_BAND = 0.02
SHOWN = 4
# A published task's time limit comes from its references at the tests' scale: TIME_MARGIN times the slowest
# accepted run of the sampled solutions and the baseline, in steps of TIME_STEP_MS, never under TIME_FLOOR_MS
# (interpreter start-up, a loaded machine) and never over the limit it was cross-validated under.
TIME_MARGIN = 3.0
TIME_STEP_MS = 500
TIME_FLOOR_MS = 1000


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def scale_reached(
    bounds: Mapping[str, tuple[float, float]], sizes: Sequence[Mapping[str, float]]
) -> dict[str, tuple[float, float]]:
    """Per size the validator reported and the statement bounds: (the largest value a test reaches, the bound)."""
    reached: dict[str, tuple[float, float]] = {}
    for name in sorted({n for s in sizes for n in s}):
        if name in bounds:
            reached[name] = (max(s[name] for s in sizes if name in s), float(bounds[name][1]))
    return reached


def fitted_time_limit(slowest_ms: float | None, limit_ms: int) -> int:
    """The time limit a published task states, from ``slowest_ms``, its references' slowest accepted run on its
    tests (None: none ran, and ``limit_ms`` stands): a limit the references meet with room to spare, that a
    solution many times slower than every one of them does not."""
    if slowest_ms is None:
        return limit_ms
    fitted = math.ceil(TIME_MARGIN * slowest_ms / TIME_STEP_MS) * TIME_STEP_MS
    return int(min(limit_ms, max(TIME_FLOOR_MS, fitted)))


def scale_failures(
    bounds: Mapping[str, tuple[float, float]], sizes: Sequence[Mapping[str, float]]
) -> list[str]:
    """What the test author must fix so the tests reach the scale the statement promises: the validator reports
    each valid input's sizes ({"n": 37}), and the largest tests reach at least ``SCALE_SHARE`` of each bound.
    A problem with no bounds promises no scale: nothing to check."""
    if not bounds or not sizes:
        return []
    names = ", ".join(sorted(bounds))
    if not any(sizes):
        return [
            "the validator reports no input sizes: when an input is valid, return (print) its sizes as one "
            f'object, such as {{"n": 37}}, named as the statement bounds them ({names}), so the tests\' scale '
            "can be checked against the bounds"
        ]
    problems = [
        f"the validator reports the size {name!r}, which the statement does not bound (it bounds {names}); "
        "report the statement's sizes by their names"
        for name in sorted({n for s in sizes for n in s} - set(bounds))
    ]
    for name, (top, bound) in scale_reached(bounds, sizes).items():
        if top > bound:
            problems.append(
                f"a test has {name} = {_number(top)}, over the statement's bound {_number(bound)}, and the validator "
                "accepted it: reject it in the validator"
            )
        elif top < SCALE_SHARE * bound:
            problems.append(
                f"the largest test has {name} = {_number(top)} where the statement allows {name} <= {_number(bound)}: "
                f"make the largest tests reach at least {_number(math.ceil(SCALE_SHARE * bound))} (half the bound), "
                "since a problem that is hard because of its size is easy below it"
            )
    return problems


def silent_tests(scores: Mapping[str, Mapping[str, float]]) -> list[str]:
    """The tests (by name) on which every sampled solution scores the same: they carry no signal. ``scores``
    is solution -> test -> score; with fewer than two solutions nothing can be told apart."""
    if len(scores) < 2:
        return []
    tests = sorted({t for per in scores.values() for t in per})
    silent = []
    for test in tests:
        values = [per.get(test, 0.0) for per in scores.values()]
        if max(values) - min(values) <= SCORE_TIE:
            silent.append(test)
    return silent


def signal_failures(scores: Mapping[str, Mapping[str, float]]) -> list[str]:
    """The tests author's failure when more than ``NO_SIGNAL_SHARE`` of the tests carry no signal."""
    silent = silent_tests(scores)
    total = len({t for per in scores.values() for t in per})
    if not total or len(silent) <= NO_SIGNAL_SHARE * total:
        return []
    shown = ", ".join(silent[:SHOWN]) + (" ..." if len(silent) > SHOWN else "")
    return [
        f"{len(silent)} of {total} tests ({shown}) give every sampled solution the same score, so they carry no "
        "signal: make inputs on which the solutions' ideas lead to different objectives"
    ]


def squeezed_tests(
    objectives: Mapping[str, Mapping[str, float]], scores: Mapping[str, Mapping[str, float]]
) -> list[tuple[str, float, float, float]]:
    """Tests on which the sampled outputs that beat the baseline differ in objective (by at least
    ``OBJECTIVE_SPREAD`` of the largest) while their scores lie within ``SQUEEZED_BAND``: (test, the
    objectives' relative spread, the scores' spread, the lowest of those scores)."""
    found = []
    tests = sorted({t for per in objectives.values() for t in per})
    for test in tests:
        # only the outputs that beat the baseline: those scoring 0 are squeezed by nothing but themselves
        above = [
            (per[test], scores[s][test])
            for s, per in objectives.items()
            if test in per and scores.get(s, {}).get(test, 0.0) > SCORE_TIE
        ]
        objs, vals = [o for o, _ in above], [v for _, v in above]
        if len(above) < 2:
            continue
        scale = max(abs(o) for o in objs)
        spread = (max(objs) - min(objs)) / scale if scale > 0 else 0.0
        band = max(vals) - min(vals)
        if spread >= OBJECTIVE_SPREAD and band < SQUEEZED_BAND:
            found.append((test, spread, band, min(vals)))
    return found


def squeeze_failures(
    objectives: Mapping[str, Mapping[str, float]], scores: Mapping[str, Mapping[str, float]]
) -> list[str]:
    """The verifier author's failure when on half the tests or more the scores hide what the objectives show."""
    found = squeezed_tests(objectives, scores)
    tests = {t for per in objectives.values() for t in per}
    if not tests or len(found) * 2 < len(tests):
        return []
    low = min(lowest for *_, lowest in found)
    spread = statistics.median(s for _, s, _, _ in found)
    return [
        f"on {len(found)} of {len(tests)} tests the sampled solutions' objectives differ by {spread:.0%} (median) "
        f"but their scores lie within {SQUEEZED_BAND}, every one at least {low:.3f}: the baseline sets the scale; "
        "write a simple but sensible baseline, one a first attempt would beat by a fair margin"
    ]
