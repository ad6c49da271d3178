"""The cross-validation protocol between the test author and the verifier author (DESIGN §4), checked by
code, not by trust. Every check names the author who owns a failure, so the pipeline (or an agent) can
route it back with the evidence.

Checks: inputs pass the validator (tests); the baseline runs and the verifier accepts it on every test
(verifier); the verifier is deterministic (verifier); it rejects corrupted outputs — garbage and
out-of-range numbers — without crashing (verifier); sampled solutions do not mostly crash on a valid input
(tests); the verifier never crashes on a solution's output (verifier); the baseline scores 0; the scores of
the sampled solutions are not collapsed into one narrow band (verifier).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import anyio

from frontiersmith.models import Limits, Normalisation, Program, Sense, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.settings import Settings, get_settings

from .judge import interpret_native
from .scoring import normalise
from .testgen import GeneratedTest, ProgramCache

Owner = Literal["tests", "verifier"]
VERIFIER_LIMITS = RunLimits(time_ms=10_000, memory_mb=1024, output_kb=1024)
COLLAPSE_BAND = 1e-3  # all scores within this band = collapsed
GARBAGE = b"%%% not an answer %%%\n-1 x 3.5e999 ???\n"


@dataclass
class Check:
    name: str
    owner: Owner
    passed: bool
    detail: str = ""


@dataclass
class Cell:
    """One solution on one test."""

    verdict: Verdict
    score: float = 0.0
    objective: float | None = None
    time_ms: float = 0.0
    memory_kb: int = 0
    message: str = ""


@dataclass
class CrossValidation:
    checks: list[Check] = field(default_factory=list)
    baseline_objectives: dict[str, float] = field(default_factory=dict)
    cells: dict[str, dict[str, Cell]] = field(default_factory=dict)  # solution id -> test name -> cell

    @property
    def ok(self) -> bool:
        return all(c.passed for c in self.checks)

    def failures(self, owner: Owner | None = None) -> list[str]:
        return [f"{c.name}: {c.detail}" for c in self.checks if not c.passed and owner in (None, c.owner)]

    def fail(self, name: str, owner: Owner, detail: str) -> None:
        self.checks.append(Check(name, owner, False, detail))

    def pass_(self, name: str, owner: Owner, detail: str = "") -> None:
        self.checks.append(Check(name, owner, True, detail))


def out_of_range(output: bytes) -> bytes:
    """The same output with every number replaced by a huge one: infeasible for any sane problem."""
    text = output.decode("utf-8", "replace")
    replaced = re.sub(r"-?\d+(\.\d+)?", "999999999999", text)
    return replaced.encode() if replaced != text else b"999999999999\n"


async def cross_validate(
    tests: Sequence[GeneratedTest],
    validator: Program,
    verifier: Program,
    baseline: Program,
    sense: Sense,
    solutions: Mapping[str, Program],
    limits: Limits,
    *,
    normalisation: Normalisation = Normalisation.PAPER,
    backend: str | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> CrossValidation:
    """Run the whole protocol in one sandbox and return every check and the score matrix."""
    settings = settings or get_settings()
    if sandbox is None:
        async with open_sandbox(backend, settings) as sb:
            return await _protocol(
                sb, tests, validator, verifier, baseline, sense, solutions, limits, normalisation, settings
            )
    return await _protocol(
        sandbox, tests, validator, verifier, baseline, sense, solutions, limits, normalisation, settings
    )


async def _protocol(
    sb: Sandbox,
    tests: Sequence[GeneratedTest],
    validator: Program,
    verifier: Program,
    baseline: Program,
    sense: Sense,
    solutions: Mapping[str, Program],
    limits: Limits,
    normalisation: Normalisation,
    settings: Settings,
) -> CrossValidation:
    report = CrossValidation()
    run_limits = RunLimits(time_ms=limits.time_ms, memory_mb=limits.memory_mb, output_kb=limits.output_kb)
    cache = ProgramCache(sb)
    limiter = anyio.CapacityLimiter(settings.workers)

    chk = await cache.get(verifier, "verifier")
    base = await cache.get(baseline, "baseline")
    val = await cache.get(validator, "validator")
    if not chk.ok:
        report.fail("verifier compiles", "verifier", chk.message[:400])
    if not base.ok:
        report.fail("baseline compiles", "verifier", base.message[:400])
    if not val.ok:
        report.fail("validator compiles", "tests", val.message[:400])
    if not report.ok:
        return report
    if not tests:
        report.fail("tests exist", "tests", "there are no tests")
        return report

    async def verify(test: GeneratedTest, output: bytes) -> tuple[Verdict, float | None, str]:
        async with limiter:
            res = await sb.run(
                chk.program,
                args=["verify", "input.txt", "output.txt"],
                files={"input.txt": test.input, "output.txt": output},
                limits=VERIFIER_LIMITS,
            )
        return interpret_native(res)

    async def run(handle, test: GeneratedTest):
        async with limiter:
            return await sb.run(handle, stdin=test.input, limits=run_limits)

    # 1. every input passes the validator
    bad_inputs = []
    for test in tests:
        res = await sb.run(val.program, args=["validate"], stdin=test.input, limits=VERIFIER_LIMITS)
        if res.verdict is not Verdict.OK:
            bad_inputs.append(f"{test.name} ({(res.stderr or res.message).strip()[:200]})")
    if bad_inputs:
        report.fail("inputs are valid", "tests", "the validator rejects " + "; ".join(bad_inputs))
    else:
        report.pass_("inputs are valid", "tests", f"{len(tests)} inputs")

    # 2. the baseline runs and is feasible everywhere; 3. the verifier is deterministic on it
    base_out: dict[str, bytes] = {}
    problems: list[str] = []
    nondeterministic: list[str] = []

    async def baseline_on(test: GeneratedTest) -> None:
        res = await run(base.program, test)
        if res.verdict is not Verdict.OK:
            problems.append(
                f"the baseline gets {res.verdict} on {test.name}: {(res.message or res.stderr)[:200]}"
            )
            return
        first, second = await verify(test, res.stdout), await verify(test, res.stdout)
        if first[0] is not Verdict.OK:
            problems.append(f"the verifier does not accept the baseline on {test.name}: {first[2][:200]}")
            return
        if first[:2] != second[:2]:
            nondeterministic.append(f"{test.name}: {first[:2]} then {second[:2]}")
        base_out[test.name] = res.stdout
        report.baseline_objectives[test.name] = float(first[1])  # type: ignore[arg-type]

    async with anyio.create_task_group() as tg:
        for test in tests:
            tg.start_soon(baseline_on, test)
    if problems:
        report.fail("baseline is feasible", "verifier", "; ".join(problems[:5]))
    else:
        report.pass_("baseline is feasible", "verifier")
    if nondeterministic:
        report.fail("verifier is deterministic", "verifier", "; ".join(nondeterministic[:5]))
    else:
        report.pass_("verifier is deterministic", "verifier")

    # 4. corrupted and infeasible outputs are rejected, without a crash
    accepted, crashed = [], []
    for test in list(tests)[:3]:
        # An empty output is not probed: for some problems (an empty subsequence, an empty set) it is legal.
        probes = {"garbage": GARBAGE}
        if test.name in base_out:
            probes["out-of-range numbers"] = out_of_range(base_out[test.name])
        for label, output in probes.items():
            verdict, _, message = await verify(test, output)
            if verdict is Verdict.OK:
                accepted.append(f"{label} on {test.name}")
            elif verdict is Verdict.SYSTEM_ERROR:
                crashed.append(f"{label} on {test.name}: {message[:200]}")
    if accepted:
        report.fail("verifier rejects corrupted outputs", "verifier", "it accepts " + "; ".join(accepted))
    elif crashed:
        report.fail("verifier rejects corrupted outputs", "verifier", "it crashes on " + "; ".join(crashed))
    else:
        report.pass_("verifier rejects corrupted outputs", "verifier")

    # 5. the sampled solutions, scored against the baseline
    verifier_crashes: list[str] = []

    async def cell(sol_id: str, handle, test: GeneratedTest) -> None:
        res = await run(handle, test)
        c = Cell(
            res.verdict,
            time_ms=res.time_ms,
            memory_kb=res.memory_kb,
            message=(res.message or res.stderr)[:300],
        )
        if res.verdict is Verdict.OK:
            c.verdict, c.objective, c.message = await verify(test, res.stdout)
            if c.verdict is Verdict.SYSTEM_ERROR:
                verifier_crashes.append(f"on {sol_id}'s output for {test.name}: {c.message[:200]}")
            elif c.verdict is Verdict.OK and test.name in report.baseline_objectives:
                c.score = normalise(normalisation, c.objective, report.baseline_objectives[test.name], sense)
        report.cells[sol_id][test.name] = c

    compiled = {sid: await cache.get(prog, f"sol-{i}") for i, (sid, prog) in enumerate(solutions.items())}
    async with anyio.create_task_group() as tg:
        for sid, comp in compiled.items():
            report.cells[sid] = {}
            for test in tests:
                if comp.ok:
                    tg.start_soon(cell, sid, comp.program, test)
                else:
                    report.cells[sid][test.name] = Cell(Verdict.CE, message=comp.message[:300])
    if verifier_crashes:
        report.fail("verifier never crashes", "verifier", "; ".join(verifier_crashes[:5]))
    else:
        report.pass_("verifier never crashes", "verifier")

    runnable = [sid for sid, comp in compiled.items() if comp.ok]
    crashing = []
    for test in tests:
        crashes = sum(report.cells[s][test.name].verdict in (Verdict.RE, Verdict.MLE) for s in runnable)
        if len(runnable) >= 2 and crashes * 2 > len(runnable):
            crashing.append(f"{test.name} ({crashes}/{len(runnable)} crash)")
    if crashing:
        report.fail(
            "solutions run on valid inputs",
            "tests",
            "most sampled solutions crash on " + ", ".join(crashing) + "; the inputs may break the statement",
        )
    else:
        report.pass_("solutions run on valid inputs", "tests")

    # 6. baseline at 0, and scores not collapsed
    base_scores = [normalise(normalisation, o, o, sense) for o in report.baseline_objectives.values()]
    if any(abs(s) > 1e-9 for s in base_scores):
        report.fail(
            "baseline scores 0", "verifier", f"the baseline scores {max(base_scores):.3f} against itself"
        )
    else:
        report.pass_("baseline scores 0", "verifier")
    scores = [c.score for sid in runnable for c in report.cells[sid].values()]
    if scores and max(scores) - min(scores) < COLLAPSE_BAND:
        report.fail(
            "scores are not collapsed",
            "verifier",
            f"every sampled solution scores {min(scores):.3f} on every test; the verifier or baseline cannot tell "
            "solutions apart",
        )
    elif scores:
        report.pass_(
            "scores are not collapsed", "verifier", f"scores span [{min(scores):.3f}, {max(scores):.3f}]"
        )
    return report
