"""The protocol's feasibility checks, run after the mutation test: the verifier's feasibility verdicts on every
output the protocol saw and on well-formed mutants, set beside the seed's checker's (the oracle, oracle.py) and
those of the feasibility checker the verifier's author wrote (the second opinion). One piece of work, three
checks: the verifier judges well-formed mutants, the seed's checker agrees, the feasibility checker agrees.
checks.py declares them in order and runs them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import anyio

from frontiersmith.models import Disagreement, OracleRelation, TestResult, Verdict
from frontiersmith.sandbox.base import ProgramHandle

from ...judging.testgen import ProgramCache
from .mutants import well_formed_mutants
from .oracle import NoOracle, SeedOracle
from .probes import FeasibilityJudge, excerpt, said
from .run import WELL_FORMED_PER_OUTPUT, Outcome, ProtocolRun, same_errors

DISAGREEMENTS_KEPT = 20  # disagreements stored in the report
SEED_CHECK, SECOND_CHECK = "seed's checker agrees", "feasibility checker agrees"


async def feasibility_checks(p: ProtocolRun) -> tuple[Outcome, Outcome, Outcome]:
    """The outcomes of "verifier judges well-formed mutants", SEED_CHECK and SECOND_CHECK, in that order."""
    return await _Feasibility(p).run(ProgramCache(p.judge.sandbox))


class _Feasibility:
    """The feasibility checks of one protocol run (the module's docstring says what they judge)."""

    def __init__(self, protocol: ProtocolRun):
        self.p = protocol
        self.report = protocol.report.feasibility
        self.inputs = {t.name: t for t in protocol.tests}
        # (test, output) -> which output it is and the verifier's verdict on it (OK or INVALID only)
        self.outputs: dict[tuple[str, bytes], tuple[str, TestResult]] = {}
        self.well_formed: set[tuple[str, bytes]] = set()
        # what the baseline and the sampled solutions printed, by test: the values their elements take
        self.answers: dict[str, list[bytes]] = {}
        self.crashed: list[tuple[str, str]] = []  # well-formed mutants the verifier gave no verdict on

    async def run(self, cache: ProgramCache) -> tuple[Outcome, Outcome, Outcome]:
        oracle = await self._compile_oracle(cache)
        second = await self._compile_second(cache)
        self._collect()
        await self._mutate()
        pairs = list(self.outputs)
        self.report.outputs = len(pairs)
        by_oracle: dict[tuple[str, bytes], tuple[bool | None, str]] = {}
        if oracle is not None:
            inside = await self._inside(oracle[1])
            self.report.tests_judged = len(inside)
            self.report.tests_outside = len(self.inputs) - len(inside)
            judged = [k for k in pairs if k[0] in inside]
            by_oracle = dict(zip(judged, await self._feasible_all(oracle[0], judged), strict=True))
            if not inside:
                self.report.no_oracle = f"every input lies outside the seed's C_I ({self.report.oracle})"
            elif not judged:
                self.report.no_oracle = "there was no output for the seed's checker to judge"
            if isinstance(self.p.oracle, SeedOracle):
                self.p.judges.append(
                    FeasibilityJudge(
                        "the seed's checker",
                        self.p.oracle.author,
                        oracle[0],
                        independent=True,
                        relation=self.report.relation,
                        tests=frozenset(inside),
                    )
                )
        by_second: dict[tuple[str, bytes], tuple[bool | None, str]] = {}
        if isinstance(second, ProgramHandle):
            by_second = dict(zip(pairs, await self._feasible_all(second, pairs), strict=True))
            # Written beside the verifier by its author: it may refute the verifier, never confirm it.
            self.p.judges.append(
                FeasibilityJudge(
                    "your feasibility checker", "the verifier's author", second, independent=False
                )
            )
        return (
            self._well_formed_check(by_oracle, by_second, isinstance(second, ProgramHandle)),
            self._seed_check(by_oracle),
            self._second_check(second, by_second, bool(by_oracle)),
        )

    async def _compile_oracle(self, cache: ProgramCache) -> tuple[ProgramHandle, ProgramHandle | None] | None:
        oracle = self.p.oracle
        if isinstance(oracle, NoOracle):
            self.report.no_oracle = oracle.reason
            return None
        checker = await cache.get(oracle.checker, "seed-checker")
        domain = await cache.get(oracle.domain, "seed-domain") if oracle.domain else None
        broken = [c.message[:200] for c in (checker, domain) if c is not None and not c.ok]
        if broken:  # the oracle is the system's, not the author's: without it the run says it had none
            self.report.no_oracle = f"the seed's checker ({oracle.source}) does not compile: {broken[0]}"
            return None
        self.report.oracle, self.report.relation = oracle.source, oracle.relation
        return checker.program, domain.program if domain is not None else None

    async def _compile_second(self, cache: ProgramCache) -> ProgramHandle | str | None:
        """The author's feasibility checker compiled, or why it does not compile, or None: none written."""
        if self.p.second is None:
            return None
        self.report.second_opinion = True
        compiled = await cache.get(self.p.second, "feasibility")
        return compiled.program if compiled.ok else compiled.message[:400]

    def _add(self, name: str, label: str, output: bytes | None, result: TestResult) -> None:
        # Only outputs the verifier gave a verdict on: a crash is the crash checks' business.
        if output is not None and result.verdict in (Verdict.OK, Verdict.INVALID):
            self.outputs.setdefault((name, output), (label, result))

    def _collect(self) -> None:
        for name, r in self.p.base_results.items():
            self._add(name, "the baseline's output", r.output, r)
        for sid in self.p.runnable:
            for name, c in self.p.report.cells[sid].items():
                self._add(name, f"{sid}'s output", c.output, c)
        for name, output in self.outputs:
            self.answers.setdefault(name, []).append(output)
        for name, label, output, r in self.p.mutated:
            self._add(name, label, output, r)

    async def _mutate(self) -> None:
        """Verify the well-formed mutants of the best output and of the baseline's on every test."""
        best = self.p.best_outputs()
        cases: list[tuple[str, str, bytes]] = []
        for test in self.p.tests:
            sources = [("the best output", best[test.name][0])] if test.name in best else []
            if test.name in self.p.base_out:
                sources.append(("the baseline's output", self.p.base_out[test.name]))
            made: set[bytes] = set()
            for which, output in sources:
                rng = random.Random(f"{test.name}:{which}")
                found = well_formed_mutants(output, rng, self.answers.get(test.name, ()))
                for label, m in list(found.items())[:WELL_FORMED_PER_OUTPUT]:
                    if m not in made:
                        made.add(m)
                        cases.append((test.name, f"{which}, {label}", m))
        verdicts = await self.p.verify_all([(name, m) for name, _, m in cases])
        self.report.well_formed = len(cases)
        for (name, label, m), r in zip(cases, verdicts, strict=True):
            if r.verdict is Verdict.SYSTEM_ERROR:
                self.crashed.append((f"{label} on {name}", r.message))
            self.report.well_formed_accepted += r.verdict is Verdict.OK
            self._add(name, label, m, r)
            if r.verdict in (Verdict.OK, Verdict.INVALID):
                self.well_formed.add((name, m))

    async def _inside(self, domain: ProgramHandle | None) -> set[str]:
        """The tests whose input lies in the seed's C_I (every test when the oracle names no domain)."""
        if domain is None:
            return set(self.inputs)
        ran = await self.p.validates(domain)
        return {name for name, res in ran.items() if res.verdict is Verdict.OK}

    async def _feasible_all(
        self, checker: ProgramHandle, pairs: Sequence[tuple[str, bytes]]
    ) -> list[tuple[bool | None, str]]:
        """A feasibility checker's verdict on each (test, output): feasible or not and its message, or None
        and why when it gave none."""
        found: list[tuple[bool | None, str]] = [(None, "")] * len(pairs)

        async def one(i: int, name: str, output: bytes) -> None:
            found[i] = await self.p.judge.feasible(checker, self.inputs[name], output)

        async with anyio.create_task_group() as tg:
            for i, (name, output) in enumerate(pairs):
                tg.start_soon(one, i, name, output)
        return found

    def _disagree(self, judge: str, key: tuple[str, bytes], other: tuple[bool | None, str]) -> Disagreement:
        label, r = self.outputs[key]
        name, output = key
        return Disagreement(
            judge=judge,
            test=name,
            output=label,
            input_excerpt=excerpt(self.inputs[name].input),
            output_excerpt=excerpt(output),
            verifier=said(r.verdict is Verdict.OK, r.message),
            other=said(other[0], other[1]),
        )

    def _keep(self, found: list[Disagreement]) -> list[str]:
        room = DISAGREEMENTS_KEPT - len(self.report.disagreements)
        self.report.disagreements.extend(found[: max(0, room)])
        return [
            f"{d.test}, {d.output} {d.output_excerpt!r}: the verifier says {d.verifier}, the {d.judge} "
            f"says {d.other}"
            for d in found
        ]

    def _seed_check(self, by_oracle: Mapping[tuple[str, bytes], tuple[bool | None, str]]) -> Outcome:
        if not by_oracle:
            return Outcome(passed=f"no oracle: {self.report.no_oracle}")
        implies = self.report.relation is OracleRelation.IMPLIES
        found = [
            self._disagree("seed's checker", key, said)
            for key, said in by_oracle.items()
            if said[0] is not None
            and (
                said[0] is False and self.outputs[key][1].verdict is Verdict.OK
                if implies
                else said[0] != (self.outputs[key][1].verdict is Verdict.OK)
            )
        ]
        unjudged = sum(said[0] is None for said in by_oracle.values())
        judged = len(by_oracle) - unjudged
        source = self.report.oracle
        if implies:
            why = f"{source} must accept every output the verifier accepts, and rejects {len(found)}: "
            done = f"{source} accepts every output the verifier accepts ({judged} outputs"
        else:
            why = f"{source} must give the verifier's verdict, and on {len(found)} outputs it does not: "
            done = f"{source} gives the verifier's verdict on {judged} outputs"
        done += f" over {self.report.tests_judged} tests" + (")" if implies else "")
        if self.report.tests_outside:
            done += f"; {self.report.tests_outside} inputs lie outside the seed's C_I"
        if unjudged:
            done += f"; it gave no verdict on {unjudged} outputs"
        return Outcome(self._keep(found), why, done)

    def _second_check(
        self,
        second: ProgramHandle | str | None,
        by_second: Mapping[tuple[str, bytes], tuple[bool | None, str]],
        oracle_judged: bool,
    ) -> Outcome:
        if second is None:
            done = "none was written" + ("; the seed's checker judged feasibility" if oracle_judged else "")
            return Outcome(passed=done)
        if isinstance(second, str):
            return Outcome([second], "the feasibility checker does not compile: ")
        silent = [
            f"{self.outputs[key][0]} on {key[0]}: {said[1]}"
            for key, said in by_second.items()
            if said[0] is None
        ]
        if silent:
            return Outcome(silent, "the feasibility checker gives no verdict on ")
        found = [
            self._disagree("feasibility checker", key, said)
            for key, said in by_second.items()
            if said[0] != (self.outputs[key][1].verdict is Verdict.OK)
        ]
        why = f"the verifier and the feasibility checker disagree on {len(found)} outputs: "
        done = (
            f"agrees on {len(by_second)} outputs; the verifier's author wrote it, so it confirms none of them"
        )
        return Outcome(self._keep(found), why, done)

    def _well_formed_check(
        self,
        by_oracle: Mapping[tuple[str, bytes], tuple[bool | None, str]],
        by_second: Mapping[tuple[str, bytes], tuple[bool | None, str]],
        second_runs: bool,
    ) -> Outcome:
        rep = self.report
        # Labelled by the judge that says most: an oracle that must agree, else the second opinion.
        if by_oracle and (rep.relation is OracleRelation.EQUAL or not by_second):
            labeller, judge = by_oracle, "the seed's checker"
        else:
            labeller, judge = by_second, "the feasibility checker"
        labels = [said[0] for key in self.well_formed if (said := labeller.get(key)) and said[0] is not None]
        rep.well_formed_feasible = sum(labels) if labels else None
        if self.crashed:
            return Outcome(same_errors(self.crashed), "it crashes on ")
        rate = f"the verifier accepts {rep.well_formed_accepted} of {rep.well_formed} well-formed mutants"
        # An output mutation's oracle bounds what may be feasible from above only: the narrowing it leaves
        # unjudged needs the second opinion as much as a candidate without an oracle does.
        if rep.well_formed and not second_runs and (not by_oracle or rep.relation is OracleRelation.IMPLIES):
            unjudged = (
                f"the seed's checker ({rep.oracle}) only says what the narrowed C_O must stay within"
                if by_oracle
                else f"no oracle ({rep.no_oracle})"
            )
            why = (
                f"{rate} and nothing says which of them are feasible: {unjudged}, and no feasibility "
                "checker; write a feasibility-only checker beside the verifier"
            )
            return Outcome([why])
        done = rate + (
            f"; {judge} calls {rep.well_formed_feasible} of the {len(labels)} it judged feasible"
            if labels
            else ""
        )
        return Outcome(passed=done)
