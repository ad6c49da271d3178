"""A provider over any chat model: renders the versioned prompts, asks for the answer, and reads it. This is
the one parsing layer every model answer passes: a JSON answer is read into its pydantic shape, a program is
taken from its fenced code block, and a Python module of functions is checked for what it must define.

An answer that cannot be used is never a crash: the model is asked again with the reason (``attempts`` in
all), every unusable answer is stored with its reason and its raw text where the work has a store
(``keeping_bad_answers``, which also keeps every exchange: tools/llm/exchanges.py), and the last reason becomes
the ProviderError the pipeline records as the candidate's rejection.

The model itself is reached through a ``Complete`` function: the OpenAI Agents SDK against any
OpenAI-compatible endpoint (``openai_complete``), a JSON-schema-constraining endpoint such as llama.cpp's
server (``schema_complete``), or MCP sampling through the connected client.
"""

from __future__ import annotations

import ast
import collections
import contextlib
import contextvars
import json
import os
import re
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, TypeVar

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
from frontiersmith.errors import EndpointUnreachable, ProviderError
from frontiersmith.metering import Meter, charge_model_seconds, charge_tokens, metered
from frontiersmith.models import (
    Axis,
    DefectCluster,
    InputSpec,
    Language,
    Objective,
    ObjectiveKind,
    OutputSpec,
    Problem,
    ProblemSpec,
    Program,
)
from frontiersmith.rewards.extract import FENCE_LANGUAGES, fenced_blocks
from frontiersmith.settings import Settings, get_settings
from frontiersmith.statement import write_statement

from ..catalog import model_program
from ..problems.submit import MAX_CODE_BYTES
from . import exchanges, prompts
from .exchanges import NoRecordedAnswer
from .programs import solutions_listing

if TYPE_CHECKING:
    from frontiersmith.store import Store

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
# the conversation (system, the worked example's turns, the task), the JSON answer's shape (None: free text)
Messages = list[dict[str, str]]
Complete = Callable[[Messages, type[BaseModel] | None], Awaitable[BaseModel | str]]

BAD_ANSWER = "llm.bad_answer"  # the event kind of a stored unusable answer
RAW_KEPT = 20_000  # characters of a bad answer's raw text kept in the store
# Programs a provider keeps to show back when asked to fix them (ChatProvider._answers).
REMEMBERED_ANSWERS = 256


# -- reading answers --------------------------------------------------------------------------------------


def parse_structured(text: str, schema: type[M]) -> M:
    """Parse a model's JSON answer (tolerating a ```json fence) into ``schema``, or raise ProviderError."""
    body = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", body, re.S)
    if fence:
        body = fence.group(1).strip()
    try:
        return schema.model_validate(json.loads(body))
    except json.JSONDecodeError as exc:
        raise ProviderError(
            f"The model's answer is not valid JSON ({exc.msg} at char {exc.pos}).", raw=text
        ) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "answer"
        raise ProviderError(
            f"The model's answer does not fit {schema.__name__}: {where}: {first['msg']}.", raw=text
        ) from None


def find_program(text: str) -> tuple[str, Language | None, str]:
    """(code, language, reason) from what a model or solver printed: the last fenced block in C++ or Python,
    else the whole text when it is plainly a program; ``reason`` says why there is no code."""
    if not text.strip():
        return "", None, "no code: the solver printed nothing"
    if len(text.encode()) > MAX_CODE_BYTES:
        return "", None, f"no code: the solver printed over {MAX_CODE_BYTES} bytes"
    blocks = fenced_blocks(text)  # the rewards' reading of a completion: one home for fences
    if blocks:
        known = [(info, body) for info, body in blocks if info in FENCE_LANGUAGES and body.strip()]
        if known:
            info, body = known[-1]
            return body.strip() + "\n", FENCE_LANGUAGES[info], ""
        tagged = [info for info, _ in blocks if info]
        if tagged:
            return "", None, f"wrong language: {tagged[-1]} (write cpp or python)"
        return _guess(blocks[-1][1])
    return _guess(text)


def _guess(body: str) -> tuple[str, Language | None, str]:
    if re.search(r"^\s*#include\b|\bint\s+main\s*\(", body, re.M):
        return body.strip() + "\n", Language.CPP, ""
    try:
        tree = ast.parse(body)
    except (SyntaxError, ValueError):
        return "", None, "no code: the output is neither a fenced C++/Python block nor a program"
    if any(not isinstance(n, ast.Expr) for n in tree.body):  # prose parses as nothing but expressions
        return body.strip() + "\n", Language.PYTHON, ""
    return "", None, "no code: the output is neither a fenced C++/Python block nor a program"


def _answer_code(text: str) -> tuple[str, Language]:
    """The program an answer holds (``find_program``), or a ProviderError saying why it holds none. (The
    rewards read a completion with ``rewards.extract_code``, which is stricter: fenced blocks only.)"""
    code, found, why = find_program(text)
    if why or found is None:
        raise ProviderError(f"The answer has {why or 'no code'}.", raw=text)
    return code, found


_STRATEGY = re.compile(r"^[\s*#>-]*strategy[\s*]*:[\s*]*(?P<idea>.+?)[\s*]*$", re.I | re.M)


def _python_syntax(code: str, what: str) -> ast.Module:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError) as exc:
        line = f" (line {exc.lineno})" if isinstance(exc, SyntaxError) and exc.lineno else ""
        msg = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        raise ProviderError(f"The {what} is not valid Python: {msg}{line}.") from None


def read_solution(text: str, language: prompts.LanguageChoice) -> SolutionDraft:
    """A solver's answer: a "Strategy: ..." line and one fenced program in the run's language (``any``: C++
    or Python). Python is checked for syntax here, so the model can be told; C++ is compiled in the sandbox."""
    code, found = _answer_code(text)
    if language != "any" and found.value != language:
        raise ProviderError(
            f"The program is {found.value}, but this run writes {prompts.LANGUAGE_NAMES[language]}.", raw=text
        )
    prose = text.split("```", 1)[0]
    named = _STRATEGY.search(prose) or _STRATEGY.search(text)
    if named is None:
        raise ProviderError(
            'The answer names no strategy: begin it with "Strategy: <the idea in one sentence>".', raw=text
        )
    if found is Language.PYTHON:
        try:
            _python_syntax(code, "program")
        except ProviderError as exc:
            raise ProviderError(str(exc), raw=text) from None
    return SolutionDraft(code=code, language=found, strategy=named.group("idea").strip()[:500])


def read_checker(text: str) -> CheckerDraft:
    """A seed's checker: one fenced C++ program (compiled against testlib.h in the sandbox)."""
    code, found = _answer_code(text)
    if found is not Language.CPP:
        raise ProviderError("The checker must be C++17 against testlib.h, in a ```cpp block.", raw=text)
    return CheckerDraft(checker=Program(code=code, language=Language.CPP))


def read_module(text: str, functions: tuple[str, ...]) -> tuple[str, ast.Module]:
    """A model's Python module of plain functions (tests, verifier): its code and syntax tree, once it parses
    and defines each of ``functions`` at its top level."""
    code, found = _answer_code(text)
    if found is not Language.PYTHON:
        raise ProviderError("The module must be Python 3, in a ```python block.", raw=text)
    try:
        tree = _python_syntax(code, "module")
    except ProviderError as exc:
        raise ProviderError(str(exc), raw=text) from None
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    missing = [f for f in functions if f not in defined]
    if missing:
        raise ProviderError(
            f"The module defines no {', '.join(f + '()' for f in missing)} at its top level.", raw=text
        )
    return code, tree


def module_names(tree: ast.Module, name: str) -> list[str] | None:
    """The list of strings the module assigns to ``name`` at its top level (None: it assigns none)."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                return None
            if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
                return [str(v) for v in value]
            return None
    return None


def read_tests(text: str) -> TestsDraft:
    """The test author's module as a generator and validator (one program, as the catalog's are)."""
    code, tree = read_module(text, ("generate", "validate"))
    distributions = module_names(tree, "DISTRIBUTIONS")
    if not distributions:
        raise ProviderError(
            'The module needs DISTRIBUTIONS = ["name", ...], a list of at least one name.', raw=text
        )
    program = model_program(code, "tests")
    # ADVERSARIAL only marks some of the distributions; a name that is none of them (small models write the
    # solvers' strategies there) marks no test, so it is left out rather than costing the whole module.
    adversarial = [name for name in module_names(tree, "ADVERSARIAL") or [] if name in distributions]
    try:
        return TestsDraft(
            generator=program,
            validator=program,
            distributions=list(dict.fromkeys(distributions)),
            adversarial=list(dict.fromkeys(adversarial)),
        )
    except ValidationError as exc:
        raise ProviderError(f"The tests cannot be used: {exc.errors()[0]['msg']}.", raw=text) from None


def read_verifier(text: str, problem: Problem) -> VerifierDraft:
    """The verifier author's module as a verifier, a feasibility-only checker and a baseline s* (what it does:
    its docstring's first line); the sense is the candidate's own."""
    if problem.objective.sense is None:
        raise ProviderError(
            f"The candidate {problem.id} names no sense (min or max) to write a verifier for."
        )
    code, tree = read_module(text, ("verify", "feasible", "baseline"))
    return VerifierDraft(
        verifier=model_program(code, "verifier"),
        baseline=model_program(code, "baseline"),
        feasibility=model_program(code, "feasibility"),
        sense=problem.objective.sense,
        baseline_summary=_docstring_line(tree, "baseline"),
    )


def _docstring_line(tree: ast.Module, function: str) -> str:
    """The first line of a top-level function's docstring (empty when it has none)."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function:
            doc = ast.get_docstring(node) or ""
            return doc.strip().splitlines()[0].strip() if doc.strip() else ""
    return ""


def mutation_draft(seed: Problem, axis: Axis, answer: prompts.MutationAnswer) -> MutationDraft:
    """The candidate a model's mutation writes whole: its statement from the model's own sections (nothing of
    the seed's text is kept), its C_I from its input section and bounds, its C_O from its output section."""
    objective = answer.objective.strip().rstrip(".")
    statement = write_statement(
        answer.title,
        answer.story,
        input=answer.input,
        output=answer.output,
        objective=objective,
        sense=answer.sense,
    )
    return MutationDraft(
        title=answer.title.strip(),
        statement=statement,
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=answer.sense, formula=objective),
        input_spec=InputSpec(constraints=" ".join(answer.input.split()), bounds=answer.bounds),
        output_spec=OutputSpec(description=" ".join(answer.output.split())),
        io_format=f"{_first_sentence(answer.input)} Output: {_first_sentence(answer.output)}",
        rationale=f"{axis.value} mutation of {seed.id}",
    )


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


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
        store.add_event(BAD_ANSWER, bad.subject, payload)

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
    (then the prompt never shows it); ``language``: what solutions are written in (``llm_language``)."""

    def __init__(
        self,
        complete: Complete | None,
        name: str = "chat",
        attempts: int = 2,
        *,
        constrained: bool = False,
        language: prompts.LanguageChoice = "python",
        settings: Settings | None = None,
    ):
        self._complete = complete
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
                        async with exchanges.call_slot():
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
        return list(Axis)

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft:
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
        return await self._ask(
            prompts.WRITE_CHECKER,
            read_checker,
            problem.id,
            {"feedback": feedback},
            repair=feedback,
            problem=prompts.brief(problem),
        )

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict:
        def read(raw: str) -> CoarseVerdict:
            answer = parse_structured(raw, prompts.CoarseAnswer)
            return CoarseVerdict(
                keep=answer.reason == "ok", reason=answer.reason, explanation=answer.explanation
            )

        return await self._ask(prompts.COARSE_JUDGE, read, problem.id, problem=prompts.brief(problem))

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft:
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
            strategies="; ".join(s.strategy for s in solutions) or "(none yet)",
            per_distribution=TestsDraft.model_fields["tests_per_distribution"].default,
            sizes="{" + names + "}, one entry per size the statement bounds",
            scale=scale,
            max_test=prompts.size(self.settings.max_test_bytes),
            time_ms=problem.limits.time_ms,
        )

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft:
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
        spec = await self._ask(
            prompts.WRITE_SPEC, self._json(ProblemSpec), problem.id, problem=prompts.describe(problem)
        )
        return spec.model_copy(update={"source": "model"})

    async def apply_operator(self, spec: ProblemSpec, operator: str, cluster: DefectCluster) -> ProblemSpec:
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


def unreachable(base_url: str | None, exc: Exception) -> EndpointUnreachable:
    where = base_url or "the default OpenAI endpoint"
    return EndpointUnreachable(
        f"The model endpoint {where} cannot be reached ({str(exc).splitlines()[0][:200]}); start it (a local "
        "model: `frontiersmith model serve`) or fix FRONTIERSMITH_LLM_BASE_URL / --base-url."
    )


# What each refusal of every request means, and what to do (a status the endpoint answers every step with: no
# step of the run can succeed, so the run stops on the first).
_REFUSALS = {
    401: "refused the API key ({said}); export the key in the variable --api-key-env names (default "
    "OPENAI_API_KEY), or fix FRONTIERSMITH_LLM_API_KEY_ENV",
    403: "refused access ({said}); use a key that may call the model, or another --model",
    404: "has no such model or path ({said}); pass a model it serves with --model, and a --base-url that ends "
    "in its API path (e.g. /v1)",
    429: "has no quota left for this key ({said}); add credit or use another key",
}


def endpoint_refusal(base_url: str | None, exc: Exception) -> EndpointUnreachable | None:
    """The sentence that stops a run when a model endpoint can serve no request: nothing answered, or it
    refused the key (401), the access (403), the model or path (404) or the quota (429 with
    ``insufficient_quota``); None for a failure of one request (a time-out, a rate limit, a server error)."""
    from openai import APIConnectionError, APIStatusError, APITimeoutError

    if isinstance(exc, APIConnectionError) and not isinstance(exc, APITimeoutError):
        return unreachable(base_url, exc)
    if not isinstance(exc, APIStatusError) or exc.status_code not in _REFUSALS:
        return None
    code = str(getattr(exc, "code", "") or "")
    if exc.status_code == 429 and "quota" not in code and "quota" not in str(exc).lower():
        return None  # a rate limit: the next request may pass
    body = exc.body if isinstance(exc.body, dict) else {}
    said = str(body.get("message") or str(exc)).splitlines()[0][:200]
    where = base_url or "the default OpenAI endpoint"
    return EndpointUnreachable(
        f"The model endpoint {where} {_REFUSALS[exc.status_code].format(said=f'{exc.status_code}: {said}')}."
    )


def endpoint_error(base_url: str | None, exc: Exception) -> Exception:
    """What a failed call to a model endpoint becomes: EndpointUnreachable when no request can succeed (nothing
    answered, or it refused the key, the access, the model or the quota: ``endpoint_refusal``; a time-out is a
    slow model, not a missing one), else a ProviderError for the step."""
    from openai import APITimeoutError

    refused = endpoint_refusal(base_url, exc)
    if refused is not None:
        return refused
    if isinstance(exc, APITimeoutError):
        return ProviderError("The model endpoint did not answer in time.")
    return ProviderError(f"The model endpoint failed: {str(exc).splitlines()[0][:300]}")


def openai_complete(base_url: str | None, model: str, api_key: str | None) -> Complete:
    """A ``Complete`` over any OpenAI-compatible chat endpoint, through the OpenAI Agents SDK."""
    from openai import AsyncOpenAI, OpenAIError

    from agents import (
        Agent,
        AgentOutputSchema,
        AgentsException,
        OpenAIChatCompletionsModel,
        RunConfig,
        Runner,
        set_tracing_disabled,
    )

    set_tracing_disabled(True)  # traces would leave the machine
    client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", max_retries=1)
    chat_model = OpenAIChatCompletionsModel(model=model, openai_client=client)

    async def complete(messages: Messages, schema: type[BaseModel] | None) -> BaseModel | str:
        agent = Agent(
            name=f"frontiersmith-{schema.__name__ if schema else 'text'}",
            instructions=messages[0]["content"],
            model=chat_model,
            output_type=AgentOutputSchema(schema, strict_json_schema=False) if schema else None,
        )
        try:
            turns: Any = messages[1:]  # the worked example's turns, then the task
            result = await Runner.run(agent, turns, max_turns=2, run_config=RunConfig(tracing_disabled=True))
        except AgentsException as exc:
            raise ProviderError(
                f"The model's answer could not be used: {str(exc).splitlines()[0][:300]}"
            ) from None
        except OpenAIError as exc:
            raise endpoint_error(base_url, exc) from None
        usage = result.context_wrapper.usage  # as the endpoint reported it, summed over the run's turns
        charge_tokens(usage.input_tokens, usage.output_tokens)
        output = result.final_output
        return output if isinstance(output, BaseModel) else str(output)

    return complete


def schema_complete(
    base_url: str | None, model: str, api_key: str | None, *, max_tokens: int = 2048, temperature: float = 0.5
) -> Complete:
    """A ``Complete`` over a chat endpoint that constrains a JSON answer to its schema given as
    ``response_format={"type": "json_object", "schema": ...}`` (llama.cpp's server, where OpenAI's
    ``json_schema`` form is refused); the answer comes back as text, which the parsing layer reads. An answer
    cut at ``max_tokens`` is unusable (its text goes with the error, to be kept)."""
    from openai import AsyncOpenAI, OpenAIError

    async def complete(messages: Messages, schema: type[BaseModel] | None) -> BaseModel | str:
        # A client per answer, closed on the loop that asked: a step takes seconds, a connection a millisecond,
        # and no client outlives the event loop it was made on (trainers and tests run one loop after another).
        try:
            async with AsyncOpenAI(
                base_url=base_url, api_key=api_key or "not-needed", max_retries=1
            ) as client:
                answer = await client.chat.completions.create(
                    model=model,
                    messages=messages,  # type: ignore[arg-type]
                    **_constrained_to(schema),
                    max_tokens=max_tokens,
                    temperature=temperature,
                )
        except OpenAIError as exc:
            raise endpoint_error(base_url, exc) from None
        if answer.usage:
            charge_tokens(answer.usage.prompt_tokens, answer.usage.completion_tokens)
        choice = answer.choices[0] if answer.choices else None
        text = (choice.message.content or "") if choice is not None else ""
        if choice is not None and choice.finish_reason == "length":
            raise ProviderError(
                f"The answer was cut at {max_tokens} tokens before it ended; write less.", raw=text
            )
        return text

    return complete


def _constrained_to(schema: type[BaseModel] | None) -> dict[str, Any]:
    """The request arguments that constrain decoding to ``schema`` in llama.cpp's form (none for free text).
    String length bounds are left to the parsing layer: llama.cpp unrolls each into a grammar rule per
    character, and a bound of a few hundred fails to parse and has stopped the server."""
    if schema is None:
        return {}
    return {
        "response_format": {"type": "json_object", "schema": _without_lengths(schema.model_json_schema())}
    }


_LENGTH_KEYS = {"minLength", "maxLength"}


def _without_lengths(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_lengths(v) for k, v in node.items() if k not in _LENGTH_KEYS}
    if isinstance(node, list):
        return [_without_lengths(v) for v in node]
    return node


Chat = Callable[[list[dict[str, Any]]], Awaitable[tuple[str, int]]]


def openai_chat(base_url: str | None, model: str, api_key: str | None) -> Chat:
    """A multi-turn chat over any OpenAI-compatible endpoint: messages in, (the answer's text, total tokens)
    out. A solver under evaluation answers in free text (tools/frontier), so a bad answer is its own failure
    rather than a schema error."""
    from openai import APIError, AsyncOpenAI

    client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", max_retries=1)

    async def chat(messages: list[dict[str, Any]]) -> tuple[str, int]:
        try:
            answer = await client.chat.completions.create(model=model, messages=messages)  # type: ignore[arg-type]
        except APIError as exc:
            refused = endpoint_refusal(base_url, exc)
            if refused is None:
                raise
            raise refused from None
        text = answer.choices[0].message.content or "" if answer.choices else ""
        return text, int(answer.usage.total_tokens) if answer.usage else 0

    return chat


def api_key_from_env(var: str) -> str | None:
    return os.environ.get(var)
