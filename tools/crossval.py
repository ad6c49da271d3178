"""The cross-validation protocol between the test author and the verifier author (DESIGN §4), checked by
code, not by trust. Every check names the author who owns a failure, so the pipeline (or an agent) can
route it back with the evidence. Every program runs through the one judging engine (``tools/judge.Judge``).

Checks, in order (owner in brackets):
- inputs are valid: every input passes the validator [tests];
- baseline is feasible: the baseline runs and the verifier accepts it on every test [verifier];
- verifier is deterministic: the same output twice gets the same verdict and objective [verifier];
- verifier rejects corrupted outputs: garbage and out-of-range numbers, infeasible by construction, are
  rejected without a crash [verifier];
- verifier never crashes on a sampled solution's output [verifier];
- solutions run on valid inputs: most sampled solutions do not crash on an input [tests];
- baseline scores 0 against itself [verifier];
- scores are not collapsed into one narrow band [verifier];
- ordering is sane: the best sampled solution beats the baseline on average, and an empty output scores 0
  on every test [verifier];
- verifier kills mutants: the best sampled output on each test, corrupted in several ways (a line dropped,
  a number perturbed, two tokens swapped, truncated, emptied, duplicated), never crashes the verifier, a
  duplicated output never scores above the original, and enough of the mutants are rejected or scored
  lower (the kill rate); the survivors go back to the verifier's author [verifier];
- adversarial tests bite: some test of an adversarial distribution lowers some sampled strategy below its
  median on the other distributions [tests]; judged only when the verifier passed its checks.
"""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

import anyio

from frontiersmith.models import Limits, Normalisation, Program, Sense, Verdict, VerifierKind
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.base import ProgramHandle
from frontiersmith.settings import Settings, get_settings

from .judge import Judge, JudgeTest, TestResult, VerifierSpec, objectives_of
from .testgen import GeneratedTest, ProgramCache

if TYPE_CHECKING:
    from frontiersmith.store import Store

Owner = Literal["tests", "verifier"]
VALIDATOR_LIMITS = RunLimits(time_ms=10_000, memory_mb=1024, output_kb=1024)
COLLAPSE_BAND = 1e-3  # all scores within this band = collapsed
SCORE_EPS = 1e-9
GARBAGE = b"%%% not an answer %%%\n-1 x 3.5e999 ???\n"
PROBED_TESTS = 3  # tests the garbage and out-of-range probes run on
STRICT_MUTANTS = ("duplicated",)  # corruptions that can never be a better answer than the original
SHOWN = 5  # failures quoted per check


@dataclass
class Check:
    name: str
    owner: Owner
    passed: bool
    detail: str = ""


@dataclass
class CrossValidation:
    """One run of the protocol: every check, the baseline's objectives and the score matrix."""

    checks: list[Check] = field(default_factory=list)
    baseline_objectives: dict[str, float] = field(default_factory=dict)
    cells: dict[str, dict[str, TestResult]] = field(default_factory=dict)  # solution id -> test -> result
    kill_rate: float | None = None  # of the verifier mutation test, when it ran
    surviving_mutants: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.passed for c in self.checks)

    def failures(self, owner: Owner | None = None) -> list[str]:
        return [f"{c.name}: {c.detail}" for c in self.checks if not c.passed and owner in (None, c.owner)]

    def record(self, name: str, owner: Owner, problems: Sequence[str], why: str, passed: str = "") -> None:
        """Add check ``name``: failed with ``why`` and the first few ``problems`` when there are any."""
        if problems:
            self.checks.append(Check(name, owner, False, f"{why}{'; '.join(problems[:SHOWN])}"))
        else:
            self.checks.append(Check(name, owner, True, passed))


def out_of_range(output: bytes) -> bytes:
    """The same output with every number replaced by a huge one: infeasible for any sane problem."""
    text = output.decode("utf-8", "replace")
    replaced = re.sub(r"-?\d+(\.\d+)?", "999999999999", text)
    return replaced.encode() if replaced != text else b"999999999999\n"


_NUMBER_TOKEN = re.compile(r"-?\d+(?:\.\d+)?")


def mutants(output: bytes, rng: random.Random) -> dict[str, bytes]:
    """The corrupted versions of one output that the mutation test scores; a corruption that leaves the
    output's tokens as they were (two equal tokens swapped, an empty output emptied) is left out."""
    text = output.decode("utf-8", "replace")
    lines, tokens = text.splitlines(), text.split()
    body = text if text.endswith("\n") or not text else text + "\n"
    out = {"emptied": "", "duplicated": body + body}
    if len(lines) > 1:
        drop = rng.randrange(len(lines))
        out["a line dropped"] = "\n".join(lines[:drop] + lines[drop + 1 :]) + "\n"
    if len(tokens) > 1:
        out["truncated"] = " ".join(tokens[: len(tokens) // 2]) + "\n"
        i, j = rng.sample(range(len(tokens)), 2)
        swapped = list(tokens)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out["two tokens swapped"] = " ".join(swapped) + "\n"
    numbers = list(_NUMBER_TOKEN.finditer(text))
    if numbers:
        found = rng.choice(numbers)
        value = found.group(0)
        bumped = f"{float(value) * 1.001:.6g}" if "." in value else str(int(value) + rng.choice((-1, 1)))
        out["a number perturbed"] = text[: found.start()] + bumped + text[found.end() :]
    return {label: m.encode() for label, m in out.items() if m.split() != tokens}


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
    adversarial: Sequence[str] = (),
    min_kill_rate: float | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> CrossValidation:
    """Run the whole protocol in one sandbox and return every check and the score matrix.

    ``adversarial`` names the distributions aimed at the sampled solutions' weaknesses (all of them when
    empty); ``min_kill_rate`` is the share of mutants the verifier must kill (default: the setting)."""
    settings = settings or get_settings()
    if min_kill_rate is None:
        min_kill_rate = settings.min_kill_rate
    spec = VerifierSpec(program=verifier, kind=VerifierKind.NATIVE, sense=sense, normalisation=normalisation)
    protocol = _Protocol(tests, spec, validator, baseline, solutions, limits, adversarial, min_kill_rate)
    if sandbox is None:
        async with open_sandbox(backend, settings) as sb:
            return await protocol.run(sb, settings.workers)
    return await protocol.run(sandbox, settings.workers)


class _Protocol:
    def __init__(
        self,
        tests: Sequence[GeneratedTest],
        spec: VerifierSpec,
        validator: Program,
        baseline: Program,
        solutions: Mapping[str, Program],
        limits: Limits,
        adversarial: Sequence[str],
        min_kill_rate: float,
    ):
        self.tests = [t.as_judge_test() for t in tests]
        self.spec, self.validator, self.baseline = spec, validator, baseline
        self.solutions, self.limits = solutions, limits
        self.adversarial = set(adversarial) or {t.distribution for t in tests}
        self.min_kill_rate = min_kill_rate
        self.report = CrossValidation()
        self.base_out: dict[str, bytes] = {}  # the baseline's output per test it passed
        self.runnable: list[str] = []  # sampled solutions that compiled

    async def run(self, sb: Sandbox, workers: int) -> CrossValidation:
        handles = await self._compile(ProgramCache(sb))
        if handles is None:
            return self.report
        checker, base, validator = handles
        self.judge = Judge(sb, self.spec, checker, self.limits, workers)
        await self._inputs_are_valid(validator)
        await self._baseline_checks(base)
        await self._corrupted_outputs_rejected()
        await self._score_solutions(ProgramCache(sb))
        self._baseline_scores_zero()
        self._scores_not_collapsed()
        await self._ordering_is_sane()
        await self._verifier_kills_mutants()
        # Whether a test bites is read from the scores, which mean nothing while the verifier fails its own
        # checks: blaming the tests then would send a sound test author round after round for nothing.
        if not self.report.failures("verifier"):
            self._adversarial_tests_bite()
        return self.report

    async def _compile(
        self, cache: ProgramCache
    ) -> tuple[ProgramHandle, ProgramHandle, ProgramHandle] | None:
        chk = await cache.get(self.spec.program, "verifier")
        base = await cache.get(self.baseline, "baseline")
        val = await cache.get(self.validator, "validator")
        for compiled, name, owner in (
            (chk, "verifier", "verifier"),
            (base, "baseline", "verifier"),
            (val, "validator", "tests"),
        ):
            if not compiled.ok:
                self.report.checks.append(Check(f"{name} compiles", owner, False, compiled.message[:400]))  # type: ignore[arg-type]
        if not self.report.ok:
            return None
        if not self.tests:
            self.report.checks.append(Check("tests exist", "tests", False, "there are no tests"))
            return None
        return chk.program, base.program, val.program

    async def _inputs_are_valid(self, validator: ProgramHandle) -> None:
        bad: list[str] = []

        async def one(test: JudgeTest) -> None:
            async with self.judge.limiter:
                res = await self.judge.sandbox.run(
                    validator, args=["validate"], stdin=test.input, limits=VALIDATOR_LIMITS
                )
            if res.verdict is not Verdict.OK:
                bad.append(f"{test.name} ({(res.stderr or res.message).strip()[:200]})")

        async with anyio.create_task_group() as tg:
            for test in self.tests:
                tg.start_soon(one, test)
        self.report.record(
            "inputs are valid", "tests", sorted(bad), "the validator rejects ", f"{len(self.tests)} inputs"
        )

    async def _baseline_checks(self, base: ProgramHandle) -> None:
        """The baseline runs and is accepted everywhere, and the verifier gives its output the same answer twice."""
        results = await self.judge.run_all(base, self.tests, keep_output=True)
        problems: list[str] = []
        for r in results:
            if r.verdict is Verdict.OK and r.output is not None:
                self.base_out[r.name] = r.output
            elif (
                r.output is None
                or r.verdict is not Verdict.OK
                and r.objective is None
                and r.exit_code is None
            ):
                problems.append(f"the baseline gets {r.verdict} on {r.name}: {r.message[:200]}")
            else:
                problems.append(f"the verifier does not accept the baseline on {r.name}: {r.message[:200]}")
        self.report.baseline_objectives = objectives_of(results)
        self.report.record("baseline is feasible", "verifier", problems, "")
        first = {r.name: r for r in results}
        again = await self._verify_each(self.base_out, again=True)
        drift = [
            f"{name}: {(first[name].verdict, first[name].objective)} then {(r.verdict, r.objective)}"
            for name, r in again.items()
            if (r.verdict, r.objective) != (first[name].verdict, first[name].objective)
        ]
        self.report.record("verifier is deterministic", "verifier", drift, "")

    async def _verify_all(
        self, outputs: Sequence[tuple[str, bytes]], *, again: bool = False
    ) -> list[TestResult]:
        """The verifier's raw verdict on each (test name, output), all at once, in the order given; with
        ``again``, from a run of its own even where the judge has given that verdict before."""
        by_name = {t.name: t for t in self.tests}
        found: list[TestResult | None] = [None] * len(outputs)

        async def one(i: int, name: str, output: bytes) -> None:
            found[i] = await self.judge.verify(by_name[name], output, again=again)

        async with anyio.create_task_group() as tg:
            for i, (name, output) in enumerate(outputs):
                tg.start_soon(one, i, name, output)
        return [r for r in found if r is not None]

    async def _verify_each(
        self, outputs: Mapping[str, bytes], *, again: bool = False
    ) -> dict[str, TestResult]:
        """The verifier's raw verdict on one output per test, keyed by test name (``again``: see _verify_all)."""
        return dict(zip(outputs, await self._verify_all(list(outputs.items()), again=again), strict=True))

    async def _corrupted_outputs_rejected(self) -> None:
        # Outputs infeasible by construction; an empty output may be legal (an empty set) and is checked by
        # its score instead (_ordering_is_sane).
        probes = [(t.name, "garbage", GARBAGE) for t in self.tests[:PROBED_TESTS]]
        probes += [
            (t.name, "out-of-range numbers", out_of_range(self.base_out[t.name]))
            for t in self.tests[:PROBED_TESTS]
            if t.name in self.base_out
        ]
        verdicts = await self._verify_all([(name, output) for name, _, output in probes])
        accepted, crashed = [], []
        for (name, label, _), r in zip(probes, verdicts, strict=True):
            if r.verdict is Verdict.OK:
                accepted.append(f"{label} on {name}")
            elif r.verdict is Verdict.SYSTEM_ERROR:
                crashed.append(f"{label} on {name}: {r.message[:200]}")
        why, problems = ("it accepts ", accepted) if accepted else ("it crashes on ", crashed)
        self.report.record("verifier rejects corrupted outputs", "verifier", problems, why)

    async def _score_solutions(self, cache: ProgramCache) -> None:
        compiled = {sid: await cache.get(p, f"sol-{i}") for i, (sid, p) in enumerate(self.solutions.items())}
        self.runnable = [sid for sid, c in compiled.items() if c.ok]
        found: dict[str, list[TestResult]] = {}

        async def one(sid: str) -> None:
            results = await self.judge.run_all(compiled[sid].program, self.tests, keep_output=True)
            crashes.extend(
                f"on {sid}'s output for {r.name}: {r.message[:200]}"
                for r in results
                if r.verdict is Verdict.SYSTEM_ERROR and _verifier_said(r)
            )
            self.judge.score(results, self.report.baseline_objectives)
            found[sid] = results

        crashes: list[str] = []
        async with anyio.create_task_group() as tg:
            for sid in self.runnable:
                tg.start_soon(one, sid)
        for sid, comp in compiled.items():
            results = found.get(sid) or [
                TestResult(name=t.name, verdict=Verdict.CE, message=comp.message[:300]) for t in self.tests
            ]
            self.report.cells[sid] = {r.name: r for r in results}
        self.report.record("verifier never crashes", "verifier", crashes, "")
        self._solutions_run()

    def _solutions_run(self) -> None:
        crashing = []
        for test in self.tests:
            crashes = sum(
                self.report.cells[s][test.name].verdict in (Verdict.RE, Verdict.MLE) for s in self.runnable
            )
            if len(self.runnable) >= 2 and crashes * 2 > len(self.runnable):
                crashing.append(f"{test.name} ({crashes}/{len(self.runnable)} crash)")
        problems = [", ".join(crashing) + "; the inputs may break the statement"] if crashing else []
        self.report.record(
            "solutions run on valid inputs", "tests", problems, "most sampled solutions crash on "
        )

    def _baseline_scores_zero(self) -> None:
        own = [
            TestResult(name=n, verdict=Verdict.OK, objective=o)
            for n, o in self.report.baseline_objectives.items()
        ]
        self.judge.score(own, self.report.baseline_objectives)
        worst = max((r.score for r in own), default=0.0)
        problems = [f"the baseline scores {worst:.3f} against itself"] if worst > SCORE_EPS else []
        self.report.record("baseline scores 0", "verifier", problems, "")

    def _scores(self) -> list[float]:
        return [c.score for sid in self.runnable for c in self.report.cells[sid].values()]

    def _scores_not_collapsed(self) -> None:
        scores = self._scores()
        if not scores:
            return
        low, high = min(scores), max(scores)
        problems = (
            [
                f"every sampled solution scores {low:.3f} on every test; the verifier or baseline cannot tell solutions apart"
            ]
            if high - low < COLLAPSE_BAND
            else []
        )
        self.report.record(
            "scores are not collapsed", "verifier", problems, "", f"scores span [{low:.3f}, {high:.3f}]"
        )

    async def _ordering_is_sane(self) -> None:
        """The common-sense order of solutions: the best sampled one above the baseline, nothing at all at 0."""
        problems = []
        means = {
            sid: statistics.fmean(c.score for c in self.report.cells[sid].values()) for sid in self.runnable
        }
        if means and max(means.values()) <= SCORE_EPS:
            problems.append(
                "no sampled solution scores above the baseline on average (is the sense or the baseline wrong?)"
            )
        empty = await self._verify_each({t.name: b"" for t in self.tests})
        self.judge.score(empty.values(), self.report.baseline_objectives)
        problems += [
            f"an empty output scores {r.score:.3f} on {name}"
            for name, r in sorted(empty.items())
            if r.score > SCORE_EPS
        ]
        best = max(means.values(), default=0.0)
        self.report.record(
            "ordering is sane", "verifier", problems, "", f"best sampled mean {best:.3f} > baseline 0"
        )

    def _best_outputs(self) -> dict[str, tuple[bytes, float]]:
        """Per test, the best sampled output and its score (the baseline's when no sampled one is accepted)."""
        best: dict[str, tuple[bytes, float]] = {n: (o, 0.0) for n, o in self.base_out.items()}
        for sid in self.runnable:
            for name, c in self.report.cells[sid].items():
                if (
                    c.verdict is Verdict.OK
                    and c.output is not None
                    and c.score > best.get(name, (b"", -1.0))[1]
                ):
                    best[name] = (c.output, c.score)
        return best

    async def _verifier_kills_mutants(self) -> None:
        cases = [
            (name, label, m, score)
            for name, (output, score) in sorted(self._best_outputs().items())
            if name in self.report.baseline_objectives  # a mutant must be scorable to be compared
            for label, m in mutants(output, random.Random(name)).items()
        ]
        if not cases:
            return
        scored = await self._verify_all([(name, m) for name, _, m, _ in cases])
        crashed = [
            f"it crashes on {label} on {name}: {r.message[:150]}"
            for (name, label, _, _), r in zip(cases, scored, strict=True)
            if r.verdict is Verdict.SYSTEM_ERROR
        ]
        self.judge.score(scored, self.report.baseline_objectives)
        self._judge_mutants(cases, scored, crashed)

    def _judge_mutants(
        self, cases: list[tuple[str, str, bytes, float]], verdicts: list[TestResult], crashed: list[str]
    ) -> None:
        """Killed: rejected, or scored below the original. A corruption may also make a feasible, better
        answer (a perturbed number, a dropped line in a minimisation), so scoring above the original fails
        the check only for a duplicated output, which no sound verifier scores above the answer repeated."""
        above, survivors, killed = [], [], 0
        for (name, label, _, original), r in zip(cases, verdicts, strict=True):
            if r.verdict is not Verdict.OK or r.score < original - SCORE_EPS:
                killed += r.verdict is not Verdict.SYSTEM_ERROR
                continue
            if r.score > original + SCORE_EPS and label in STRICT_MUTANTS:
                above.append(f"{label} output on {name} scores {r.score:.3f} > the original's {original:.3f}")
            survivors.append(
                f"{label} on {name}" + (" (scored higher)" if r.score > original + SCORE_EPS else "")
            )
        rate = killed / len(cases)
        self.report.kill_rate, self.report.surviving_mutants = rate, survivors
        low = (
            [
                f"kill rate {rate:.2f} < {self.min_kill_rate:.2f}; accepted as good as the original: "
                + ", ".join(survivors[:SHOWN])
            ]
            if rate < self.min_kill_rate
            else []
        )
        self.report.record(
            "verifier kills mutants",
            "verifier",
            crashed or above or low,
            "",
            f"kill rate {rate:.2f} over {len(cases)} mutants",
        )

    def _adversarial_tests_bite(self) -> None:
        dists = {t.name: t.distribution for t in self.tests}
        if len(set(dists.values())) < 2 or not self.runnable:
            why = "all tests come from one distribution" if self.runnable else "no sampled solution runs"
            self.report.record(
                "adversarial tests bite",
                "tests",
                [f"{why}; add a distribution aimed at the sampled strategies' weaknesses"],
                "",
            )
            return
        for dist in sorted(self.adversarial):
            for sid in self.runnable:
                cells = self.report.cells[sid]
                inside = [c.score for n, c in cells.items() if dists[n] == dist]
                others = [c.score for n, c in cells.items() if dists[n] != dist]
                if inside and others and min(inside) < statistics.median(others) - SCORE_EPS:
                    self.report.record(
                        "adversarial tests bite",
                        "tests",
                        [],
                        "",
                        f"{dist} lowers {sid} below its median elsewhere",
                    )
                    return
        names = ", ".join(sorted(self.adversarial))
        self.report.record(
            "adversarial tests bite",
            "tests",
            [f"no test of {names} lowers any sampled solution below its median on the other distributions"],
            "",
        )


def _verifier_said(result: TestResult) -> bool:
    """Whether the verdict is the verifier's: the program ran to a clean exit, so its output was verified."""
    return result.exit_code == 0 and result.verdict in (Verdict.INVALID, Verdict.SYSTEM_ERROR)


# -- the cross-validation loop ----------------------------------------------------------------------------
# One loop for every pair of authors (a provider, MCP sampling, the agents): tests and verifier check each
# other, each failed check goes back to the author that owns it, for a bounded number of rounds. The loop
# decides from what the authors' tool calls returned (generate_tests, run_verifier), never from the store.

ROUND_EVENT = "crossval.round"
NO_TEST_BUILT = "the generator produced no input the validator accepts"


class CheckLike(Protocol):
    """One protocol check as a tool reports it (a ``Check`` here, a ``CheckOut`` over MCP)."""

    @property
    def name(self) -> str: ...
    @property
    def owner(self) -> str: ...
    @property
    def passed(self) -> bool: ...
    @property
    def detail(self) -> str: ...


class BuiltTests(Protocol):
    """What a generate_tests call returned, as the loop reads it: the tests it stored and what failed."""

    @property
    def tests(self) -> Sequence[object]: ...
    @property
    def failures(self) -> Sequence[str]: ...


class CheckedVerifier(Protocol):
    """What a run_verifier call returned, as the loop reads it: the protocol's checks, each with its owner."""

    @property
    def ok(self) -> bool: ...
    @property
    def checks(self) -> Sequence[CheckLike]: ...


R = TypeVar("R", covariant=True)


@dataclass(frozen=True)
class Answer(Generic[R]):
    """An author's turn: what its tool call returned, or no result and why (which is the round's feedback
    for that author), and the tokens the turn cost."""

    result: R | None = None
    error: str = ""
    tokens: int = 0


class TestAuthor(Protocol):
    name: str

    async def write_tests(self, round: int, feedback: Sequence[str]) -> Answer[BuiltTests]:
        """Write a generator and validator (fixing ``feedback``) and build the candidate's tests with them."""
        ...


class VerifierAuthor(Protocol):
    name: str

    async def write_verifier(self, round: int, feedback: Sequence[str]) -> Answer[CheckedVerifier]:
        """Write a verifier and baseline (fixing ``feedback``) and cross-validate them."""
        ...

    async def recheck(self, round: int) -> Answer[CheckedVerifier]:
        """Cross-validate the verifier and baseline this author wrote last again, on the current tests."""
        ...


def _never() -> bool:
    return False


@dataclass
class Authors:
    """Who writes a candidate's tests and its verifier, and what their rounds may cost: ``max_tokens`` over
    this candidate, ``out_of_budget`` for a budget shared with others (an agent team's)."""

    tests: TestAuthor
    verifier: VerifierAuthor
    by: str = ""
    max_tokens: int | None = None
    out_of_budget: Callable[[], bool] = _never

    def over_budget(self, spent: int) -> bool:
        return (self.max_tokens is not None and spent > self.max_tokens) or self.out_of_budget()


@dataclass
class CrossValidationOutcome:
    ok: bool
    rounds: int
    failures: list[str]
    verifier: CheckedVerifier | None = None  # the last check the verifier's author got back


def owned_failures(result: CheckedVerifier, owner: Owner) -> list[str]:
    return [f"{c.name}: {c.detail}" for c in result.checks if not c.passed and c.owner == owner]


@dataclass
class _Feedback:
    """What goes back to each author after a round."""

    tests: list[str] = field(default_factory=list)
    verifier: list[str] = field(default_factory=list)

    def failures(self) -> list[str]:
        return [f"tests: {f}" for f in self.tests] + [f"verifier: {f}" for f in self.verifier]


def record_round(store: Store, candidate_id: str, payload: dict[str, Any]) -> None:
    """The one place a round is written down (an event of the candidate)."""
    store.add_event(ROUND_EVENT, candidate_id, payload)


async def cross_validation_loop(
    store: Store, candidate_id: str, authors: Authors, *, max_rounds: int = 3
) -> CrossValidationOutcome:
    """Cross-validate a candidate's tests and verifier, written by ``authors``, for at most ``max_rounds``.

    A round rebuilds the tests when they are missing or failed a check, then checks the verifier on them:
    its author writes a new one when it has none yet or failed a check, else the one that passed its checks
    is checked again on the new tests. Every round is recorded; the loop stops early when the authors'
    token budget is spent.
    """
    from . import synthesis as syn  # synthesis imports this module

    have_tests = bool(syn.current_tests(store, candidate_id))
    fb = _Feedback()
    checked: CheckedVerifier | None = None
    spent = 0
    failures: list[str] = []
    for rnd in range(1, max_rounds + 1):
        wrote: list[str] = []
        if not have_tests or fb.tests:
            built = await authors.tests.write_tests(rnd, fb.tests)
            spent += built.tokens
            wrote.append(authors.tests.name)
            fb.tests = _tests_feedback(built)
            have_tests = bool(built.result.tests) if built.result is not None else have_tests
        check: CheckedVerifier | None = None
        if have_tests:
            if checked is None or fb.verifier:
                answer = await authors.verifier.write_verifier(rnd, fb.verifier)
                wrote.append(authors.verifier.name)
            else:
                answer = await authors.verifier.recheck(rnd)
            spent += answer.tokens
            check = answer.result
            if check is None:
                fb.verifier = [answer.error]
            else:
                checked = check
                fb.tests += owned_failures(check, "tests")
                fb.verifier = owned_failures(check, "verifier")
        ok = check is not None and check.ok and not fb.tests
        failures = fb.failures()
        payload = {"round": rnd, "ok": ok, "failures": failures, "authors": wrote, "tokens": spent}
        record_round(store, candidate_id, {**payload, "by": authors.by})
        if ok:
            return CrossValidationOutcome(True, rnd, [], check)
        if authors.over_budget(spent):
            failures.append(f"token budget exhausted after round {rnd} ({spent} tokens on this candidate)")
            return CrossValidationOutcome(False, rnd, failures, checked)
    return CrossValidationOutcome(False, max_rounds, failures, checked)


def _tests_feedback(built: Answer[BuiltTests]) -> list[str]:
    if built.result is None:
        return [built.error]
    feedback = list(built.result.failures)
    if not built.result.tests:
        feedback.append(NO_TEST_BUILT)
    return feedback
