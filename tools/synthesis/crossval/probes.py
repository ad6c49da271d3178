"""Probes of the verifier where a mutation bites, run by the protocol (checks.py) after its feasibility
checks, each the evidence of one check owned by the verifier's author:

- structural mutants: the best output on each test with whole items dropped, duplicated, merged or swapped,
  the count kept right (mutants.structural_mutants), which a verifier reading the answer item by item
  accepts unless it checks the answer as a whole (maximal, covering, within a cap);
- the seed's own answer: the seed's reference solutions run on the candidate's tests, their answers to the
  old problem judged as answers to the new one, which break exactly what the mutation added;
- reward hacking: a bounded hill climb over edits of the sampled outputs, keeping what raises the verifier's
  score.

An output the verifier accepts is refuted by any feasibility check that calls it infeasible. One it scores
far above every sampled solution must be confirmed feasible by a check the verifier's author did not write
(the seed's checker where it judges the candidate's own C_O, a catalog family's feasibility); the
feasibility checker written beside the verifier is the same author's and confirms nothing.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field

import anyio

from frontiersmith.metering import Meter, metered
from frontiersmith.models import (
    CheckAuthor,
    OracleRelation,
    ProbeReport,
    ProbeResult,
    ProbeStatus,
    Program,
    TestResult,
    Verdict,
)
from frontiersmith.sandbox.base import ProgramHandle

from ...judging.judge import Judge, JudgeTest
from ...judging.testgen import ProgramCache
from .mutants import mutants, structural_mutants, well_formed_mutants

STRUCTURAL_CHECK = "verifier judges structural mutants"
SEED_ANSWER_CHECK = "verifier judges the seed's own answer"
HACKING_CHECK = "verifier resists reward hacking"
STRUCTURAL, SEED_ANSWER, HACKING = "structural mutants", "seed's own answer", "reward hacking"
# (probe, the check that carries it), in the order they run
VERIFIER_PROBES = ((STRUCTURAL, STRUCTURAL_CHECK), (SEED_ANSWER, SEED_ANSWER_CHECK), (HACKING, HACKING_CHECK))
FAR_ABOVE = 0.25  # a score this much above every sampled one on its test needs independent confirmation
STRUCTURAL_PER_OUTPUT = 3  # structural mutants of the best output on each test (their kinds rotate)
SEED_ANSWERS = 2  # the seed's reference programs run at most
HACK_TESTS = 3  # tests the reward-hacking search runs on (one per distribution first)
HACK_RUNS = 10  # verifier runs it may spend on each
HACK_MOVES = 5  # edits it tries from the output it holds before it moves
HACK_CPU_SECONDS = 20.0  # sandbox CPU it may spend in all, whatever the verifier's time limit
SCORE_EPS = 1e-9
VERIFIER_AUTHOR = CheckAuthor(check="the verifier", author="the verifier's author", independent=False)
SHOWN = 3  # offending outputs quoted per check
RAN = (Verdict.OK, Verdict.INVALID)  # a program's run whose output the verifier judged


@dataclass(frozen=True)
class IndependentChecker:
    """A feasibility-only checker of the candidate's own C_O that the verifier's author did not write (a
    catalog family's ``feasible``): its "feasible" confirms an output the verifier scores far above the rest."""

    checker: Program
    source: str
    author: str


@dataclass(frozen=True)
class FeasibilityJudge:
    """A compiled feasibility check beside the verifier, who wrote it, and what its verdict may say: any
    "infeasible" refutes the verifier's "feasible"; a "feasible" confirms it only when an author other than
    the verifier's wrote the check and it judges the candidate's own C_O (``confirms``) on that test."""

    name: str
    author: str
    program: ProgramHandle
    independent: bool
    relation: OracleRelation = OracleRelation.EQUAL
    tests: frozenset[str] | None = None  # the tests it may judge (None: every test)

    @property
    def confirms(self) -> bool:
        """Whether this judge's "feasible" confirms the verifier's: it is independent of the verifier's author
        and judges the candidate's own C_O."""
        return self.independent and self.relation is OracleRelation.EQUAL

    def record(self) -> CheckAuthor:
        """The judge as the report records it."""
        return CheckAuthor(
            check=self.name, author=self.author, independent=self.independent, confirms=self.confirms
        )


@dataclass
class _Ruling:
    """What the feasibility judges said of one output the verifier accepts."""

    refuted: list[str] = field(default_factory=list)  # "judge: message" of each that calls it infeasible
    confirmed: list[str] = field(default_factory=list)  # the independent judges that call it feasible


@dataclass
class _Found:
    """An output a probe had the verifier accept, scored, and what the judges said of it."""

    test: str
    label: str
    output: bytes
    result: TestResult
    best: float | None  # the best sampled score on the test (None: no sampled output was accepted there)
    ruling: _Ruling

    @property
    def far_above(self) -> bool:
        return self.best is not None and self.result.score >= self.best + FAR_ABOVE

    def problem(self, judges: str) -> str | None:
        """What is wrong with it, in the words its author reads, or None."""
        shown = f"{self.test}, {self.label} {excerpt(self.output)!r}, scored {self.result.score:.3f}"
        if self.ruling.refuted:
            return f"{shown}: the verifier accepts it, and {'; '.join(self.ruling.refuted)}"
        if self.far_above and not self.ruling.confirmed:
            return (
                f"{shown}, far above every sampled solution ({self.best:.3f}), and no check you did not "
                f"write confirms it is feasible ({judges})"
            )
        return None


class VerifierProbes:
    """The three probes of one protocol run, over its judge, tests and sampled outputs."""

    def __init__(
        self,
        judge: Judge,
        tests: Sequence[JudgeTest],
        baseline: Mapping[str, float],
        answers: Mapping[str, Sequence[tuple[bytes, float]]],
        base_out: Mapping[str, bytes],
        judges: Sequence[FeasibilityJudge],
        seed_answers: Mapping[str, Program] | str,
        independent: IndependentChecker | None,
        score: Callable[[Sequence[TestResult]], None],
    ):
        """``baseline``: the baseline's objective per test; ``answers``: per test, the accepted sampled
        outputs with their scores; ``base_out``: the baseline's accepted output per test; ``judges``: the
        feasibility checks the protocol compiled (the seed's checker, the author's); ``seed_answers``: the
        seed's reference programs, or why there are none; ``independent``: a checker of the candidate's C_O
        that the verifier's author did not write; ``score``: scores raw results in place, unclamped above the
        best known (an output far past every sampled one must show as far above them)."""
        self.judge, self.baseline, self.answers, self.base_out = judge, baseline, answers, base_out
        self.score = score
        self.tests = [t for t in tests if t.name in baseline]  # a score needs the baseline's objective
        self.by_name = {t.name: t for t in self.tests}
        self.judges = list(judges)
        self.seed_answers, self.independent = seed_answers, independent
        # "Far above every sampled solution" means something only where one was accepted: elsewhere the
        # baseline is the only answer, and any better one is far above it.
        self.best = {name: max(s for _, s in found) for name, found in answers.items() if found}

    async def run(self, cache: ProgramCache) -> ProbeReport:
        """Probe the verifier on the tests with a baseline objective (its independent feasibility checker
        compiled first, when there is one) and report each probe; every probe is skipped when no test has one."""
        if not self.tests:  # the baseline failed everywhere, which its own check reports
            why = "the baseline has an objective on no test: no score to probe"
            return self._report([self._result(n, c, ProbeStatus.SKIPPED, why) for n, c in VERIFIER_PROBES])
        if self.independent is not None:
            compiled = await cache.get(self.independent.checker, "independent-feasibility")
            if compiled.ok:  # the catalog's own program: a failure is the system's, and it is left out
                self.judges.append(
                    FeasibilityJudge(
                        self.independent.source, self.independent.author, compiled.program, independent=True
                    )
                )
        results = [
            await self._timed(self._structural()),
            await self._timed(self._seed_answer(cache)),
            await self._timed(self._hacking()),
        ]
        return self._report(results)

    def _report(self, results: list[ProbeResult]) -> ProbeReport:
        return ProbeReport(
            results=results,
            authors=[VERIFIER_AUTHOR, *(j.record() for j in self.judges)],
            far_above=FAR_ABOVE,
            structural_per_output=STRUCTURAL_PER_OUTPUT,
            seed_answers=SEED_ANSWERS,
            hack_tests=HACK_TESTS,
            hack_runs=HACK_RUNS,
            hack_cpu_seconds=HACK_CPU_SECONDS,
        )

    @staticmethod
    async def _timed(probe: Awaitable[ProbeResult]) -> ProbeResult:
        with metered() as meter:
            result = await probe
        result.cpu_seconds = round(meter.cpu_seconds, 3)
        return result

    # -- the three probes ----------------------------------------------------------------------------------

    async def _structural(self) -> ProbeResult:
        name = STRUCTURAL
        cases: list[tuple[str, str, bytes]] = []
        for k, test in enumerate(self.tests):
            best = self._best_output(test.name)
            if best is None:
                continue
            edits = sorted(structural_mutants(best, random.Random(f"structural:{test.name}")).items())
            start = k * STRUCTURAL_PER_OUTPUT % len(edits) if edits else 0  # each kind on some test
            for label, m in (edits[start:] + edits[:start])[:STRUCTURAL_PER_OUTPUT]:
                cases.append((test.name, f"the best output, {label}", m))
        if not cases:
            why = "the best outputs have no lines or list entries to drop, duplicate, merge or swap"
            return self._result(name, STRUCTURAL_CHECK, ProbeStatus.SKIPPED, why)
        results = await self._scored([(t, m) for t, _, m in cases])
        crashed = [
            f"{t}, {label} {excerpt(m)!r}: {r.message[:150]}"
            for (t, label, m), r in zip(cases, results, strict=True)
            if r.verdict is Verdict.SYSTEM_ERROR
        ]
        if crashed:
            why = "it crashes on outputs with whole items dropped, duplicated, merged or swapped: "
            return self._failed(name, STRUCTURAL_CHECK, why + "; ".join(crashed[:SHOWN]), len(cases), None)
        found = await self._judged(
            [(t, label, m, r) for (t, label, m), r in zip(cases, results, strict=True)]
        )
        accepted = sum(r.verdict is Verdict.OK for r in results)
        covered = f"the verifier accepts {accepted} of {len(cases)} structural mutants of the best outputs"
        wrong = [f for f in found if f.ruling.refuted]
        why = (
            "it accepts outputs with whole items dropped, duplicated, merged or swapped (the count kept "
            "right) that a feasibility check calls infeasible; check what the answer must be as a whole "
            "(maximal, covering, within every cap the statement sets), not only each item: "
        )
        return self._verdict(name, STRUCTURAL_CHECK, wrong, len(cases), why, covered + self._agree(found))

    async def _seed_answer(self, cache: ProgramCache) -> ProbeResult:
        name = SEED_ANSWER
        if isinstance(self.seed_answers, str):
            return self._result(name, SEED_ANSWER_CHECK, ProbeStatus.SKIPPED, self.seed_answers)
        ran: list[tuple[str, str, bytes, TestResult]] = []
        notes: list[str] = []
        for i, (label, program) in enumerate(list(self.seed_answers.items())[:SEED_ANSWERS]):
            compiled = await cache.get(program, f"seed-answer-{i}")
            if not compiled.ok or compiled.program is None:
                notes.append(f"{label} does not compile here")
                continue
            results, note = await self._run_seed(compiled.program, label)
            notes += [note] if note else []
            ran += [(r.name, f"{label}'s answer", r.output or b"", r) for r in results if _verified(r)]
        if not ran:
            why = "; ".join(notes) or "the seed's references printed nothing to judge"
            return self._result(name, SEED_ANSWER_CHECK, ProbeStatus.SKIPPED, why)
        crashed = [
            f"{t}, {label} {excerpt(out)!r}: {r.message[:150]}"
            for t, label, out, r in ran
            if r.verdict is Verdict.SYSTEM_ERROR
        ]
        if crashed:
            return self._failed(
                name, SEED_ANSWER_CHECK, "it crashes on " + "; ".join(crashed), len(ran), None
            )
        found = await self._judged(ran)
        wrong = [f for f in found if f.problem(self._judges_said()) is not None]
        covered = (
            f"the verifier accepts {len(found)} of the {len(ran)} answers the seed's references printed on "
            "these tests" + self._agree(found)
        )
        why = (
            "the seed's own answer to the problem before the mutation breaks what the mutation added, and the "
            "verifier accepts it; enforce the constraint or objective the mutation changed: "
        )
        return self._verdict(name, SEED_ANSWER_CHECK, wrong, len(ran), why, covered)

    async def _hacking(self) -> ProbeResult:
        name = HACKING
        tests = self._hack_tests()
        if not tests:
            why = (
                "no sampled output is accepted on a test with the baseline's objective: nothing to start from"
            )
            return self._result(name, HACKING_CHECK, ProbeStatus.SKIPPED, why)
        with metered() as meter:
            climbs: dict[str, tuple[bytes, TestResult, int]] = {}

            async def one(test: JudgeTest) -> None:
                climbs[test.name] = await self._climb(test, meter)

            async with anyio.create_task_group() as tg:
                for test in tests:
                    tg.start_soon(one, test)
        runs = sum(n for _, _, n in climbs.values())
        raised = [
            (t, "an edit of the best sampled output the search found", out, r)
            for t, (out, r, _) in sorted(climbs.items())
            if r.score > self.best[t] + SCORE_EPS
        ]
        found = await self._judged(raised)
        wrong = [f for f in found if f.problem(self._judges_said()) is not None]
        gain = max((f.result.score - self.best[f.test] for f in found), default=0.0)
        covered = (
            f"{runs} verifier runs of search over edits of the sampled outputs on {len(tests)} tests raised the "
            f"best score by at most {gain:.3f}" + self._agree(found)
        )
        why = (
            "a search over small edits of the sampled outputs found an output the verifier scores higher "
            "than it should; the verifier must reject an output that breaks any constraint of the statement: "
        )
        return self._verdict(name, HACKING_CHECK, wrong, runs, why, covered)

    # -- the search ------------------------------------------------------------------------------------------

    def _hack_tests(self) -> list[JudgeTest]:
        """Up to HACK_TESTS tests with an accepted sampled output, one of each distribution first."""
        usable = [t for t in self.tests if t.name in self.best]
        first: dict[str, JudgeTest] = {}
        for t in usable:
            first.setdefault(t.distribution, t)
        chosen = list(first.values())[:HACK_TESTS]
        chosen += [t for t in usable if t not in chosen][: HACK_TESTS - len(chosen)]
        return chosen

    async def _climb(self, test: JudgeTest, meter: Meter) -> tuple[bytes, TestResult, int]:
        """Hill-climb from the best sampled output on ``test``: try HACK_MOVES edits of the output held (its
        structural mutants first, then well-formed and corrupted ones), move to the best that the verifier
        scores higher, until HACK_RUNS verifier runs or the CPU budget are spent."""
        peers = [out for out, _ in self.answers[test.name]]
        output, score = max(self.answers[test.name], key=lambda a: a[1])
        held = TestResult(name=test.name, verdict=Verdict.OK, score=score)
        rng = random.Random(f"hack:{test.name}")
        seen, runs = {output, b""}, 0
        while runs < HACK_RUNS and meter.cpu_seconds < HACK_CPU_SECONDS:
            moves = [m for m in _edits(output, rng, peers) if m not in seen][
                : min(HACK_MOVES, HACK_RUNS - runs)
            ]
            if not moves:
                break
            seen.update(moves)
            results = await self._scored([(test.name, m) for m in moves])
            runs += len(moves)
            top = max(
                zip(moves, results, strict=True), key=lambda mr: (mr[1].verdict is Verdict.OK, mr[1].score)
            )
            if top[1].verdict is Verdict.OK and top[1].score > held.score + SCORE_EPS:
                output, held = top
        return output, held, runs

    # -- verdicts and rulings --------------------------------------------------------------------------------

    async def _scored(self, pairs: Sequence[tuple[str, bytes]]) -> list[TestResult]:
        """The verifier's verdict on each (test, output), scored against the baseline, in the order given."""
        found: list[TestResult | None] = [None] * len(pairs)

        async def one(i: int, name: str, output: bytes) -> None:
            found[i] = await self.judge.verify(self.by_name[name], output)

        async with anyio.create_task_group() as tg:
            for i, (name, output) in enumerate(pairs):
                tg.start_soon(one, i, name, output)
        results = [r for r in found if r is not None]
        self.score(results)
        return results

    async def _judged(self, outputs: Sequence[tuple[str, str, bytes, TestResult]]) -> list[_Found]:
        """The outputs the verifier accepts, each with what the feasibility judges said of it."""
        accepted = [(t, label, out, r) for t, label, out, r in outputs if r.verdict is Verdict.OK]
        rulings = [_Ruling() for _ in accepted]

        async def one(i: int, test: str, output: bytes, judge: FeasibilityJudge) -> None:
            ok, message = await self.judge.feasible(judge.program, self.by_name[test], output)
            if ok is False:
                rulings[i].refuted.append(f"{judge.name} calls it infeasible ({message[:150]})")
            elif ok and judge.confirms:
                rulings[i].confirmed.append(judge.name)

        async with anyio.create_task_group() as tg:
            for i, (test, _, output, _) in enumerate(accepted):
                for judge in self.judges:
                    if judge.tests is None or test in judge.tests:
                        tg.start_soon(one, i, test, output, judge)
        return [
            _Found(t, label, out, r, self.best.get(t), ruling)
            for (t, label, out, r), ruling in zip(accepted, rulings, strict=True)
        ]

    def _best_output(self, test: str) -> bytes | None:
        """The best accepted sampled output on ``test``, else the baseline's."""
        if self.answers.get(test):
            return max(self.answers[test], key=lambda a: a[1])[0]
        return self.base_out.get(test)

    def _judges_said(self) -> str:
        """Which checks could confirm an output, for the feedback: the independent ones, or why none."""
        confirming = [j.name for j in self.judges if j.confirms]
        own = [j.name for j in self.judges if not j.independent]
        if confirming:
            said = f"{' and '.join(confirming)} did not call it feasible"
        else:
            said = "neither a seed's checker nor a catalog family judges this candidate's outputs"
        if own:
            said += f"; {' and '.join(own)} is yours, so it confirms nothing"
        return said

    def _agree(self, found: Sequence[_Found]) -> str:
        if not found:
            return ""
        names = sorted({j.name for j in self.judges})
        if not names:
            return "; no feasibility check beside the verifier judged them"
        return f"; {' and '.join(names)} found none of them infeasible"

    def _verdict(
        self, name: str, check: str, wrong: Sequence[_Found], outputs: int, why: str, covered: str
    ) -> ProbeResult:
        if not wrong:
            return self._result(name, check, ProbeStatus.PASSED, covered, outputs=outputs)
        said = self._judges_said()
        problems = [p for f in wrong if (p := f.problem(said))]
        return self._failed(name, check, why + "; ".join(problems[:SHOWN]), outputs, wrong[0])

    def _failed(self, name: str, check: str, detail: str, outputs: int, first: _Found | None) -> ProbeResult:
        result = self._result(name, check, ProbeStatus.FAILED, detail, outputs=outputs)
        if first is not None:
            result.test, result.output = first.test, first.label
            result.output_excerpt, result.score = excerpt(first.output), first.result.score
            result.best_sampled = first.best
        return result

    @staticmethod
    def _result(name: str, check: str, status: ProbeStatus, detail: str, outputs: int = 0) -> ProbeResult:
        return ProbeResult(name=name, check=check, status=status, detail=detail, outputs=outputs)

    async def _run_seed(self, program: ProgramHandle, label: str) -> tuple[list[TestResult], str]:
        """A seed reference's scored runs on the tests, or none and why: one that fails on the first test (it
        cannot read the new input, or is too slow for it) is not run on the rest."""
        first = await self.judge.run(program, self.tests[0], keep_output=True)
        if not _verified(first):
            return (
                [],
                f"{label} gets {first.verdict} on {first.name}: its answer does not fit the new problem",
            )
        rest = await self.judge.run_all(program, self.tests[1:], keep_output=True)
        results = [first, *rest]
        self.score(results)
        return results, ""


def _verified(result: TestResult) -> bool:
    """Whether the verifier judged the program's output: it accepted it, rejected it or crashed on it."""
    return result.output is not None and (result.verdict in RAN or result.verifier_failed)


def _edits(output: bytes, rng: random.Random, peers: Sequence[bytes]) -> list[bytes]:
    """The edits of ``output`` the search tries, structural ones first."""
    groups = (
        structural_mutants(output, rng),
        well_formed_mutants(output, rng, peers),
        mutants(output, rng),
    )
    edits: list[bytes] = []
    for group in groups:
        found = list(dict.fromkeys(group.values()))
        rng.shuffle(found)
        edits += [m for m in found if m not in edits]
    return edits


def said(feasible: bool | None, message: str) -> str:
    """A feasibility verdict as the feedback words it."""
    word = {True: "feasible", False: "infeasible", None: "nothing"}[feasible]
    return f"{word} ({message[:120]})" if message else word


def excerpt(data: bytes, size: int = 80) -> str:
    """The start of an input or output on one line (its lines joined by " / ")."""
    text = " / ".join(data.decode("utf-8", "replace").split("\n")).strip(" /")
    return text if len(text) <= size else text[: size - 3] + "..."
