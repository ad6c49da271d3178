"""The protocol's checks of the score matrix: every sampled solution run on every test and scored (the verifier
gives each output a verdict), and what the scores say of the verifier (the baseline scores 0, the scores are not
collapsed, use the scale and order solutions sanely) and of the tests (solutions run on them, adversarial tests
bite, tests carry signal). checks.py declares them in order and runs them.
"""

from __future__ import annotations

import statistics

import anyio

from frontiersmith.models import Normalisation, TestResult, Verdict

from ..quality import signal_failures, silent_tests, squeeze_failures
from .run import COLLAPSE_BAND, SCORE_EPS, Outcome, ProtocolRun, same_errors, verifier_said

ALL_ALIKE = (
    "every sampled solution scores alike on every test: the divergence filter judges that, not the tests"
)


async def verifier_never_crashes(p: ProtocolRun) -> Outcome:
    """Run and score every sampled solution on every test (the score matrix); the verifier must give each
    output a verdict."""
    solutions = p.solutions.items()
    compiled = {sid: await p.solution_cache.get(prog, f"sol-{i}") for i, (sid, prog) in enumerate(solutions)}
    p.runnable = [sid for sid, c in compiled.items() if c.ok]
    found: dict[str, list[TestResult]] = {}
    crashes: list[tuple[str, str]] = []

    async def one(sid: str) -> None:
        results = await p.judge.run_all(compiled[sid].program, p.tests, keep_output=True)
        crashes.extend(
            (f"on {sid}'s output for {r.name}", r.message)
            for r in results
            if r.verdict is Verdict.SYSTEM_ERROR and verifier_said(r)
        )
        found[sid] = results

    async with anyio.create_task_group() as tg:
        for sid in p.runnable:
            tg.start_soon(one, sid)
    p.best_known(found)
    for results in found.values():
        p.score(results)
    for sid, comp in compiled.items():
        results = found.get(sid) or [
            TestResult(name=t.name, verdict=Verdict.CE, message=comp.message[:300]) for t in p.tests
        ]
        p.report.cells[sid] = {r.name: r for r in results}
    return Outcome(same_errors(crashes))


async def solutions_run(p: ProtocolRun) -> Outcome:
    """Most sampled solutions do not crash (RE or MLE) on any test; tests where they do are kept in
    ``p.crashing``, and judged only with two or more runnable solutions."""
    crashing = []
    for test in p.tests:
        crashes = sum(p.report.cells[s][test.name].verdict in (Verdict.RE, Verdict.MLE) for s in p.runnable)
        if len(p.runnable) >= 2 and crashes * 2 > len(p.runnable):
            crashing.append(f"{test.name} ({crashes}/{len(p.runnable)} crash)")
            p.crashing.add(test.name)
    problems = [", ".join(crashing) + "; the inputs may break the statement"] if crashing else []
    return Outcome(problems, "most sampled solutions crash on ")


async def baseline_scores_zero(p: ProtocolRun) -> Outcome:
    """The baseline, scored against itself, gets 0 on every test."""
    own = [
        TestResult(name=n, verdict=Verdict.OK, objective=o) for n, o in p.report.baseline_objectives.items()
    ]
    p.score(own)
    worst = max((r.score for r in own), default=0.0)
    return Outcome([f"the baseline scores {worst:.3f} against itself"] if worst > SCORE_EPS else [])


async def scores_not_collapsed(p: ProtocolRun) -> Outcome | None:
    """The sampled solutions' scores span more than a narrow band; every one at 1 under range normalisation is
    left to ``tests_carry_signal``. None (not run) when nothing was scored."""
    scores = [c.score for sid in p.runnable for c in p.report.cells[sid].values()]
    if not scores:
        return None
    low, high = min(scores), max(scores)
    # Under range normalisation every solution at 1 on every test is every one reaching the best known:
    # the tests cannot tell them apart ("tests carry signal"), not the verifier.
    at_the_top = p.spec.normalisation is Normalisation.RANGE and low >= 1.0 - SCORE_EPS
    problems = (
        [
            f"every sampled solution scores {low:.3f} on every test; the verifier or baseline cannot tell solutions apart"
        ]
        if high - low < COLLAPSE_BAND and not at_the_top
        else []
    )
    return Outcome(problems, passed=f"scores span [{low:.3f}, {high:.3f}]")


async def scores_use_the_scale(p: ProtocolRun) -> Outcome:
    """The scores show what the objectives show: a baseline far below every sampled solution (or a
    ceiling near the baseline) must not squeeze solutions whose objectives differ into one band."""
    return Outcome(squeeze_failures(p.matrix("objective"), p.matrix("score")))


async def ordering_is_sane(p: ProtocolRun) -> Outcome:
    """The common-sense order of solutions: the best sampled one above the baseline, and (when the verifier
    judges outputs) nothing at all at 0."""
    problems = []
    means = {sid: statistics.fmean(c.score for c in p.report.cells[sid].values()) for sid in p.runnable}
    if means and max(means.values()) <= SCORE_EPS:
        problems.append(
            "no sampled solution scores above the baseline on average (is the sense or the baseline wrong?)"
        )
    if not p.interactive:  # an interactor judges conversations: there is no empty output to hand it
        empty = await p.verify_each({t.name: b"" for t in p.tests})
        p.score(empty.values())
        problems += [
            f"an empty output scores {r.score:.3f} on {name}"
            for name, r in sorted(empty.items())
            if r.score > SCORE_EPS
        ]
    best = max(means.values(), default=0.0)
    return Outcome(problems, passed=f"best sampled mean {best:.3f} > baseline 0")


async def adversarial_tests_bite(p: ProtocolRun) -> Outcome:
    """Some adversarial distribution lowers some sampled solution below its median on the other distributions;
    fails when every test comes from one distribution or no solution runs, passes when all score alike."""
    if p.all_alike():
        return Outcome(passed=ALL_ALIKE)
    dists = {t.name: t.distribution for t in p.tests}
    if len(set(dists.values())) < 2 or not p.runnable:
        why = "all tests come from one distribution" if p.runnable else "no sampled solution runs"
        return Outcome([f"{why}; add a distribution aimed at the sampled strategies' weaknesses"])
    for dist in sorted(p.adversarial):
        for sid in p.runnable:
            cells = p.report.cells[sid]
            inside = [c.score for n, c in cells.items() if dists[n] == dist]
            others = [c.score for n, c in cells.items() if dists[n] != dist]
            if inside and others and min(inside) < statistics.median(others) - SCORE_EPS:
                return Outcome(passed=f"{dist} lowers {sid} below its median elsewhere")
    names = ", ".join(sorted(p.adversarial))
    return Outcome(
        [f"no test of {names} lowers any sampled solution below its median on the other distributions"]
    )


async def tests_carry_signal(p: ProtocolRun) -> Outcome:
    """The tests separate the sampled solutions, tests most of them crash on left aside; records the silent tests
    in the report, and passes when all score alike."""
    scores = p.matrix("score")
    p.report.silent_tests = silent_tests(scores)
    if p.all_alike():
        return Outcome(passed=ALL_ALIKE)
    # a test most solutions crash on is silent for that reason, which "solutions run" already says
    running = {sid: {t: v for t, v in per.items() if t not in p.crashing} for sid, per in scores.items()}
    return Outcome(
        signal_failures(running),
        passed=f"{len(p.tests) - len(p.report.silent_tests)} of {len(p.tests)} tests separate solutions",
    )
