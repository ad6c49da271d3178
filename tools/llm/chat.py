"""A provider over any chat model (``ChatProvider``): renders the versioned prompts, asks for each step's answer
and reads it (tools/llm/answers.py), asks again with the reason when it cannot be used, shows a failed program
back to be repaired, and keeps every exchange.

An answer that cannot be used is never a crash: the model is asked again with the reason (``attempts`` in
all), every unusable answer is stored with its reason and its raw text where the work has a store
(``keeping_bad_answers``, which also keeps every exchange: tools/llm/exchanges.py), and the last reason becomes
the ProviderError the pipeline records as the candidate's rejection.

The model itself is reached through a ``Complete`` function (tools/llm/endpoints.py): any OpenAI-compatible
endpoint, a JSON-schema-constraining one such as llama.cpp's server, or MCP sampling through the connected
client.
"""

from __future__ import annotations

import collections
import contextlib
import contextvars
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from frontiersmith.drafts import (
    CheckerDraft,
    CoarseVerdict,
    DefectLabel,
    MutationDraft,
    SeedTupleDraft,
    SolutionDraft,
    StrategyGroups,
    TestsDraft,
    VerifierDraft,
)
from frontiersmith.errors import ProviderError
from frontiersmith.metering import Meter, charge_model_seconds, metered
from frontiersmith.models import Axis, DefectCluster, Problem, ProblemSpec
from frontiersmith.settings import Settings, get_settings

from . import exchanges, prompts
from .answers import (
    find_program,
    mutation_draft,
    parse_structured,
    read_checker,
    read_solution,
    read_tests,
    read_verifier,
)
from .endpoints import Complete, Messages
from .exchanges import NoRecordedAnswer
from .programs import solutions_listing

if TYPE_CHECKING:
    from frontiersmith.store import Store

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

BAD_ANSWER = "llm.bad_answer"  # the event kind of a stored unusable answer
RAW_KEPT = 20_000  # characters of a bad answer's raw text kept in the store
# Programs a provider keeps to show back when asked to fix them (ChatProvider._answers).
REMEMBERED_ANSWERS = 256


# -- keeping unusable answers -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BadAnswer:
    """One answer that could not be used: the step and its prompt version, the record the step worked on, why,
    what the model said, and whether it was asked again."""

    step: str
    version: str
    subject: str
    attempt: int
    reason: str
    raw: str
    retried: bool


_bad_answers: contextvars.ContextVar[Callable[[BadAnswer], None] | None] = contextvars.ContextVar(
    "frontiersmith_bad_answers", default=None
)


@contextlib.contextmanager
def keeping_bad_answers(store: Store, run_id: str | None = None) -> Iterator[None]:
    """Store every model exchange made in the block (``exchanges.keeping_exchanges``), and every unusable
    answer also as a ``llm.bad_answer`` event of the record its step worked on (tasks started in the block
    inherit this). Inside a block that already keeps them (a synthesis run's, which names its run), the
    outer one goes on keeping them."""
    with exchanges.keeping_exchanges(store, run_id), _keeping_bad_answers(store, run_id):
        yield


@contextlib.contextmanager
def _keeping_bad_answers(store: Store, run_id: str | None) -> Iterator[None]:
    if _bad_answers.get() is not None:
        yield
        return

    def keep(bad: BadAnswer) -> None:
        payload = {**asdict(bad), "raw": bad.raw[:RAW_KEPT], "run": run_id}
        store.events.add(BAD_ANSWER, bad.subject, payload)

    token = _bad_answers.set(keep)
    try:
        yield
    finally:
        _bad_answers.reset(token)


def _note(bad: BadAnswer) -> None:
    keep = _bad_answers.get()
    if keep is not None:
        keep(bad)


# -- the provider -----------------------------------------------------------------------------------------


class ChatProvider:
    """Every step is one completion read by the parsing layer; an unusable answer is asked again with its
    reason, then a ProviderError. ``constrained``: the endpoint constrains decoding to a JSON answer's schema
    (then the prompt never shows it); ``language``: what solutions are written in (``llm_language``);
    ``parallel_calls``: how many calls the endpoint answers at once, when it says (a local llama.cpp server
    answers one at a time: more sent at once only queue there until the client gives up on them)."""

    def __init__(
        self,
        complete: Complete | None,
        name: str = "chat",
        attempts: int = 2,
        *,
        constrained: bool = False,
        language: prompts.LanguageChoice = "python",
        settings: Settings | None = None,
        parallel_calls: int | None = None,
    ):
        self._complete = complete
        # the endpoint's own bound, held beside the run's (``llm_concurrency``) by every call
        self._endpoint_slots = exchanges.CallSlots(parallel_calls) if parallel_calls else None
        self.name = name
        self.attempts = attempts
        self.constrained = constrained
        self.language = language
        # the bounds its authors are told (test sizes, the normalisation their objectives feed)
        self.settings = settings or get_settings()
        # The last usable answer of each repairable step (prompt, subject): shown back to the model, with what
        # failed, when it is asked to fix it. Bounded, so a long-lived provider does not grow without end.
        self._answers: collections.OrderedDict[tuple[str, str], str] = collections.OrderedDict()

    # Whether ``_ask`` stores each answer as an exchange (an agent team stores its agents' model turns).
    records_exchanges = True

    async def complete(
        self,
        prompt: prompts.Prompt,
        schema: type[BaseModel] | None,
        subject: str,
        messages: Messages,
        context: dict,
    ) -> BaseModel | str:
        """One model answer to a prompt's conversation; ``subject`` is the record the step works on and
        ``context`` the step's parameters (kept with transcripts).

        Subclasses route steps elsewhere (the agents provider runs one agent role per step)."""
        if self._complete is None:
            raise ProviderError(f"The provider {self.name} has no model to ask.")
        return await self._complete(messages, schema)

    async def _ask(
        self,
        prompt: prompts.Prompt,
        read: Callable[[str], T],
        subject: str,
        context: dict | None = None,
        variant: str = "",
        schema: type[BaseModel] | None = None,
        repair: Sequence[str] | None = None,
        **values: object,
    ) -> T:
        """Ask ``prompt`` and ``read`` the answer's text; an unusable answer is kept and asked again with its
        reason, up to ``attempts`` times. ``schema`` narrows the prompt's answer for this ask; it is shown only
        to a model that neither decodes under it nor has the worked example to follow.

        ``repair``: the step is one whose answer is checked and sent back (a program), and these are the checks
        its last answer failed. The model then sees that answer as its own turn, and the failures after it, so it
        fixes its program instead of writing a new one blind; a step with no remembered answer gets the failures
        in its prompt (the ``feedback`` value)."""
        schema = schema or prompt.answer
        shown = schema if schema is not None and not (self.constrained or prompt.example) else None
        key = (prompt.name, subject)
        previous = self._answers.get(key) if repair else None
        if repair is not None:
            values["feedback"] = prompts.feedback_block(list(repair)) if previous is None else ""
        messages = prompt.messages(prompts.SYSTEM, shown, variant, **values)
        if previous is not None:
            messages += [
                {"role": "assistant", "content": previous},
                {"role": "user", "content": prompts.repair_block(list(repair or ()))},
            ]
        task = messages[-1]["content"]
        last = ProviderError("The model was not asked.")
        asked = exchanges.new_ask(prompt.name, subject, context or {}, prompt.version)
        for attempt in range(1, self.attempts + 1):
            raw, sent = "", list(messages)
            call = exchanges.at_attempt(asked, attempt)
            clock, answered, failed = exchanges.Clock(), exchanges.Answered(), ""
            try:
                try:
                    with exchanges.asking(call) as answered, metered() as spent:
                        async with (
                            exchanges.call_slot(),
                            self._endpoint_slots.slot() if self._endpoint_slots else contextlib.nullcontext(),
                        ):
                            clock = exchanges.Clock()  # the wait for a slot is not the model's latency
                            try:
                                answer = await self.complete(prompt, schema, subject, messages, context or {})
                            finally:
                                charge_model_seconds(clock.seconds)
                except ProviderError as exc:
                    failed = str(exc)
                    raise
                raw = answer.model_dump_json() if isinstance(answer, BaseModel) else str(answer)
                result = read(raw)
                if previous is not None and find_program(raw)[0] == find_program(previous)[0]:
                    raise ProviderError(
                        "The answer repeats the code that failed these checks unchanged; change it so they pass.",
                        raw=raw,
                    )
                if repair is not None:
                    self._remember(key, raw)
                self._keep(call, answered, sent, raw, clock, spent)
                return result
            except NoRecordedAnswer:
                raise  # a replay's missing answer is missing at every attempt: no use asking again
            except ProviderError as exc:
                last = exc
                raw = raw or exc.raw
                retried = attempt < self.attempts
                if failed:
                    self._keep(call, answered, sent, raw, clock, None, error=failed)
                else:
                    self._keep(call, answered, sent, raw, clock, spent, unusable=str(exc))
                _note(BadAnswer(prompt.name, prompt.version, subject, attempt, str(exc), raw, retried))
                messages = [
                    *messages[:-1],
                    {"role": "user", "content": task + prompts.rejected_block(str(exc))},
                ]
        raise ProviderError(str(last), raw=last.raw)

    def _keep(
        self,
        call: exchanges.Ask,
        answered: exchanges.Answered,
        messages: Messages,
        raw: str,
        clock: exchanges.Clock,
        spent: Meter | None,
        *,
        error: str = "",
        unusable: str = "",
    ) -> None:
        """Store one exchange of this provider's (an agent's model turns are stored by its team instead)."""
        if not self.records_exchanges:
            return
        exchanges.keep(
            call,
            answered,
            messages=list(messages),
            answer=raw,
            model=self.name,
            input_tokens=spent.input_tokens if spent else 0,
            output_tokens=spent.output_tokens if spent else 0,
            latency_s=clock.seconds,
            started_at=clock.started_at,
            error=error,
            unusable=unusable,
        )

    def _remember(self, key: tuple[str, str], raw: str) -> None:
        self._answers[key] = raw
        self._answers.move_to_end(key)
        while len(self._answers) > REMEMBERED_ANSWERS:
            self._answers.popitem(last=False)

    def _json(self, schema: type[M]) -> Callable[[str], M]:
        return lambda raw: parse_structured(raw, schema)

    def axes_for(self, seed: Problem) -> list[Axis]:
        """Every axis: a chat model is offered each one for every seed."""
        return list(Axis)

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft:
        """The model's mutation of ``seed`` along ``axis`` (the ``mutate`` prompt, with that axis's worked
        example); ``index`` tells apart the mutations asked of one seed and axis."""
        return await self._ask(
            prompts.MUTATE,
            lambda raw: mutation_draft(seed, axis, parse_structured(raw, prompts.MutationAnswer)),
            seed.id,
            {"axis": axis.value, "index": index},
            variant=axis.value,  # each axis has a worked example that obeys its own instruction
            seed_kind=prompts.seed_kind(seed),
            problem=prompts.brief(seed),
            axis_task=prompts.AXIS_TASK[axis],
            index=index,
        )

    async def describe_seed(self, problem: Problem) -> SeedTupleDraft:
        """The seed's tuple as the model reads it from the statement; a tuple that fails validation (crossed
        bounds) is an unusable answer, asked again."""

        def read(raw: str) -> SeedTupleDraft:
            answer = parse_structured(raw, prompts.DescribeAnswer)
            try:
                return answer.seed_tuple()
            except ValidationError as exc:  # a tuple the pipeline cannot use (crossed bounds)
                raise ProviderError(f"The tuple cannot be used: {exc.errors()[0]['msg']}.", raw=raw) from None

        return await self._ask(
            prompts.DESCRIBE_SEED,
            read,
            problem.id,
            title=problem.title,
            statement=problem.statement,
        )

    async def write_checker(self, problem: Problem, feedback: list[str]) -> CheckerDraft:
        """A testlib checker for a problem with many correct answers; with ``feedback``, the model sees its last
        checker and the checks it failed, to fix it."""
        return await self._ask(
            prompts.WRITE_CHECKER,
            read_checker,
            problem.id,
            {"feedback": feedback},
            repair=feedback,
            problem=prompts.brief(problem),
        )

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict:
        """The model's coarse verdict on a candidate: kept only when its label is ``ok``."""

        def read(raw: str) -> CoarseVerdict:
            answer = parse_structured(raw, prompts.CoarseAnswer)
            return CoarseVerdict(
                keep=answer.reason == "ok", reason=answer.reason, explanation=answer.explanation
            )

        return await self._ask(prompts.COARSE_JUDGE, read, problem.id, problem=prompts.brief(problem))

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft:
        """One solution in the provider's language; ``index`` (from 0) tells the model which of several solvers
        it is, so the solutions differ."""
        return await self._ask(
            prompts.SOLVE,
            lambda raw: read_solution(raw, self.language),
            problem.id,
            {"index": index, "language": self.language},
            problem=prompts.brief(problem),
            time_ms=problem.limits.time_ms,
            memory_mb=problem.limits.memory_mb,
            variant=self.language,
            language=prompts.LANGUAGE_NAMES[self.language],
            index=index + 1,
        )

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups:
        """The model's idea label for every solution; decoding is held to one label a solution, and an answer
        with another count is unusable, asked again."""
        listing = solutions_listing(solutions, get_settings().judge_tokens)

        def read(raw: str) -> StrategyGroups:
            groups = parse_structured(raw, StrategyGroups)  # an answer without its explanation is still read
            if len(groups.labels) != len(solutions):
                raise ProviderError(
                    f"The answer gives {len(groups.labels)} labels for {len(solutions)} solutions.", raw=raw
                )
            return groups

        return await self._ask(
            prompts.GROUP_STRATEGIES,
            read,
            problem.id,
            {"solutions": len(solutions)},
            schema=prompts.labels_for(len(solutions)),  # decoding gives one label per solution
            count=len(solutions),
            title=problem.title,
            solutions=listing,
        )

    async def write_tests(
        self, problem: Problem, solutions: list[SolutionDraft], feedback: list[str]
    ) -> TestsDraft:
        """A generator and validator for the problem's tests, told the sampled strategies and the size bounds the
        largest tests must reach; with ``feedback``, the model fixes its last programs."""
        bounds = problem.input_spec.bounds
        names = ", ".join(f'"{name}": ...' for name in bounds) or '"n": ...'
        scale = (
            "the largest tests must reach at least half of each size bound ("
            + ", ".join(f"{name} <= {prompts.number(hi)}" for name, (_lo, hi) in bounds.items())
            + ")."
            if bounds
            else "make the largest tests as large as the statement allows."
        )
        return await self._ask(
            prompts.WRITE_TESTS,
            read_tests,
            problem.id,
            {"feedback": feedback},
            problem=prompts.brief(problem),
            repair=feedback,
            strategies="; ".join(s.strategy.rstrip(". ") for s in solutions) or "(none yet)",
            per_distribution=TestsDraft.model_fields["tests_per_distribution"].default,
            sizes="{" + names + "}, one entry per size the statement bounds",
            scale=scale,
            max_test=prompts.size(self.settings.max_test_bytes),
            time_ms=problem.limits.time_ms,
        )

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft:
        """A verifier and baseline for the problem's objective, told what values the objective may take under the
        settings' normalisation; with ``feedback``, the model fixes its last programs."""
        sense = problem.objective.sense.value if problem.objective.sense else "optim"
        return await self._ask(
            prompts.WRITE_VERIFIER,
            lambda raw: read_verifier(raw, problem),
            problem.id,
            {"feedback": feedback},
            problem=prompts.brief(problem),
            sense=sense,
            repair=feedback,
            objective=problem.objective.formula or "the objective the statement names",
            objective_rule=prompts.OBJECTIVE_RULE[self.settings.normalisation],
        )

    async def label_defect(self, subject: str, cluster: str, examples: str) -> DefectLabel:
        """A one-sentence label for a cluster of a solver's failures, written from its examples."""
        return await self._ask(
            prompts.LABEL_DEFECT, self._json(DefectLabel), subject, cluster=cluster, examples=examples
        )

    # -- the structured spec and the targeted operators (tools/frontier) ---------------------------------

    async def write_spec(self, problem: Problem) -> ProblemSpec:
        """The problem as a structured spec the targeted operators edit, marked as written by the model."""
        spec = await self._ask(
            prompts.WRITE_SPEC, self._json(ProblemSpec), problem.id, problem=prompts.describe(problem)
        )
        return spec.model_copy(update={"source": "model"})

    async def apply_operator(self, spec: ProblemSpec, operator: str, cluster: DefectCluster) -> ProblemSpec:
        """``spec`` changed by ``operator`` against one defect cluster (its failure, features and label, never a
        test's data)."""
        evidence = {k: cluster.model_dump(mode="json")[k] for k in ("failure", "features", "detail", "label")}
        return await self._ask(
            prompts.APPLY_OPERATOR,
            self._json(ProblemSpec),
            cluster.key,
            {"operator": operator},
            cluster=json.dumps(evidence, indent=1),
            operator=operator,
            meaning=prompts.OPERATOR_MEANING[operator],
            spec=spec.model_dump_json(indent=1),
        )
