"""The protocol's checks of what the verifier (and the validator) say of given inputs and outputs: the inputs are
valid, the baseline is feasible and judged the same way twice, corrupted outputs are rejected, the best outputs'
mutants are killed, the statement's example is judged, and the probes where the mutation bites (probes.py), each
recorded as its check. checks.py declares them in order and runs them.
"""

from __future__ import annotations

import random

from frontiersmith.models import ProbeStatus, Sense, StatementExample, TestResult, Verdict

from ...judging.judge import objectives_of
from ...judging.testgen import ProgramCache
from .mutants import mutants, out_of_range
from .probes import VERIFIER_PROBES, VerifierProbes
from .run import (
    PROBED_TESTS,
    SCORE_EPS,
    SHOWN,
    STRICT_MUTANTS,
    Outcome,
    ProtocolRun,
    same_errors,
    verifier_said,
)

GARBAGE = b"%%% not an answer %%%\n-1 x 3.5e999 ???\n"


async def inputs_are_valid(p: ProtocolRun) -> Outcome:
    """The validator accepts every test's input."""
    ran = await p.validates(p.validator_program)
    bad = sorted(
        f"{name} ({(res.stderr or res.message).strip()[:200]})"
        for name, res in ran.items()
        if res.verdict is not Verdict.OK
    )
    return Outcome(bad, "the validator rejects ", f"{len(p.tests)} inputs")


def baseline_problem(r: TestResult) -> str | None:
    """What is wrong with the baseline's run on a test, told apart: its own failure (a crash, a time-out), or
    the verifier's (or interactor's) refusal of what it answered; None when it was accepted."""
    if r.verdict is Verdict.OK:
        return None
    if r.verdict is Verdict.INVALID or verifier_said(r):
        return f"the verifier does not accept the baseline on {r.name}: {r.message[:200]}"
    return f"the baseline gets {r.verdict} on {r.name}: {r.message[:200]}"


async def baseline_is_feasible(p: ProtocolRun) -> Outcome:
    """The baseline runs and is accepted on every test."""
    p.base_run = await p.judge.run_all(p.base, p.tests, keep_output=True)
    for r in p.base_run:
        if r.output is not None and r.verdict in (Verdict.OK, Verdict.INVALID):
            p.base_results[r.name] = r
        if r.verdict is Verdict.OK and r.output is not None:
            p.base_out[r.name] = r.output
    p.report.baseline_objectives = objectives_of(p.base_run)
    return Outcome([problem for r in p.base_run if (problem := baseline_problem(r)) is not None])


async def verdicts_repeat(p: ProtocolRun) -> Outcome:
    """The verifier gives the baseline's outputs the same verdict and objective again, from runs of its own."""
    first = {r.name: r for r in p.base_run}
    again = await p.verify_each(p.base_out, again=True)
    return Outcome(
        [
            f"{name}: {(first[name].verdict, first[name].objective)} then {(r.verdict, r.objective)}"
            for name, r in again.items()
            if (r.verdict, r.objective) != (first[name].verdict, first[name].objective)
        ]
    )


async def corrupted_outputs_rejected(p: ProtocolRun) -> Outcome:
    """The verifier rejects outputs infeasible by construction (garbage, numbers out of range) on the first few
    tests, and does not crash on them."""
    # Outputs infeasible by construction; an empty output may be legal (an empty set) and is checked by
    # its score instead (score_checks.ordering_is_sane).
    probes = [(t.name, "garbage", GARBAGE) for t in p.tests[:PROBED_TESTS]]
    probes += [
        (t.name, "out-of-range numbers", out_of_range(p.base_out[t.name]))
        for t in p.tests[:PROBED_TESTS]
        if t.name in p.base_out
    ]
    verdicts = await p.verify_all([(name, output) for name, _, output in probes])
    accepted, crashed = [], []
    for (name, label, _), r in zip(probes, verdicts, strict=True):
        if r.verdict is Verdict.OK:
            accepted.append(f"{label} on {name}")
        elif r.verdict is Verdict.SYSTEM_ERROR:
            crashed.append((f"{label} on {name}", r.message))
    if accepted:
        return Outcome(accepted, "it accepts ")
    return Outcome(same_errors(crashed), "it crashes on ")


async def verifier_kills_mutants(p: ProtocolRun) -> Outcome | None:
    """Killed: rejected, or scored below the original. A corruption may also make a feasible, better
    answer (a perturbed number, a dropped line in a minimisation), so scoring above the original fails
    the check only for a duplicated output, which no sound verifier scores above the answer repeated."""
    cases = [
        (name, label, m, score)
        for name, (output, score) in sorted(p.best_outputs().items())
        if name in p.report.baseline_objectives  # a mutant must be scorable to be compared
        for label, m in mutants(output, random.Random(name)).items()
    ]
    if not cases:
        return None
    scored = await p.verify_all([(name, m) for name, _, m, _ in cases])
    crashed = [
        f"it crashes on {label} on {name}: {r.message[:150]}"
        for (name, label, _, _), r in zip(cases, scored, strict=True)
        if r.verdict is Verdict.SYSTEM_ERROR
    ]
    p.score(scored)
    p.mutated = [
        (name, f"the best output, {label}", m, r)
        for (name, label, m, _), r in zip(cases, scored, strict=True)
    ]
    above, survivors, killed = [], [], 0
    for (name, label, _, original), r in zip(cases, scored, strict=True):
        if r.verdict is not Verdict.OK or r.score < original - SCORE_EPS:
            killed += r.verdict is not Verdict.SYSTEM_ERROR
            continue
        if r.score > original + SCORE_EPS and label in STRICT_MUTANTS:
            above.append(f"{label} output on {name} scores {r.score:.3f} > the original's {original:.3f}")
        survivors.append(
            f"{label} on {name}" + (" (scored higher)" if r.score > original + SCORE_EPS else "")
        )
    rate = killed / len(cases)
    p.report.kill_rate, p.report.surviving_mutants = rate, survivors
    low = (
        [
            f"kill rate {rate:.2f} < {p.min_kill_rate:.2f}; accepted as good as the original: "
            + ", ".join(survivors[:SHOWN])
        ]
        if rate < p.min_kill_rate
        else []
    )
    return Outcome(crashed or above or low, passed=f"kill rate {rate:.2f} over {len(cases)} mutants")


async def example_is_judged(p: ProtocolRun) -> Outcome | None:
    """The statement's example: the baseline and every sampled solution run on it; the verifier must accept
    the baseline's output and some sampled one, and the best of those goes into the statement."""
    example = p.example
    if example is None:
        return None
    results = {"baseline": await p.judge.run(p.base, example, keep_output=True)}
    for i, sid in enumerate(p.runnable):
        compiled = await p.solution_cache.get(p.solutions[sid], f"sol-{i}")
        if compiled.ok and compiled.program is not None:
            results[sid] = await p.judge.run(compiled.program, example, keep_output=True)
    accepted = {
        sid: r
        for sid, r in results.items()
        if sid != "baseline" and r.verdict is Verdict.OK and r.objective is not None and r.output is not None
    }
    problems = []
    base_run = results["baseline"]
    if base_run.verdict is not Verdict.OK:
        problems.append(f"the baseline gets {base_run.verdict} on it: {base_run.message[:200]}")
    if not accepted:
        problems.append("no sampled solution's output on it is accepted")
    if problems:
        return Outcome(problems, "on the statement's example, ")
    sigma = 1.0 if p.spec.sense is Sense.MAX else -1.0
    sid, best = max(accepted.items(), key=lambda kv: sigma * kv[1].objective)  # type: ignore[operator]
    p.report.example = StatementExample(
        input=example.input.decode("utf-8", "replace"),
        output=(best.output or b"").decode("utf-8", "replace"),
        objective=best.objective,
        baseline_objective=base_run.objective,
        solution=sid,
    )
    return Outcome()


async def verifier_probes(p: ProtocolRun) -> tuple[Outcome, ...]:
    """The verifier probes (probes.py), each the outcome of the check that carries it (``VERIFIER_PROBES``)."""
    answers: dict[str, list[tuple[bytes, float]]] = {}
    for sid in p.runnable:
        for name, c in p.report.cells[sid].items():
            if c.verdict is Verdict.OK and c.output is not None:
                answers.setdefault(name, []).append((c.output, c.score))
    probes = VerifierProbes(
        p.judge,
        p.tests,
        p.report.baseline_objectives,
        answers,
        p.base_out,
        p.judges,
        p.seed_answers,
        p.independent,
        p.unclamped,
    )
    p.report.probes = await probes.run(ProgramCache(p.judge.sandbox))
    by_check = {result.check: result for result in p.report.probes.results}
    outcomes = []
    for _, check in VERIFIER_PROBES:
        result = by_check[check]
        failed = [result.detail] if result.status is ProbeStatus.FAILED else []
        shown = result.detail if result.status is ProbeStatus.PASSED else f"skipped: {result.detail}"
        outcomes.append(Outcome(failed, passed=shown))
    return tuple(outcomes)
