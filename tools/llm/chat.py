"""A provider over any chat model: renders the versioned prompts, asks for structured output, parses it.

The model itself is reached through a ``Complete`` function: the OpenAI Agents SDK against any
OpenAI-compatible endpoint (``openai_complete``), or MCP sampling through the connected client.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

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
from frontiersmith.metering import charge_tokens
from frontiersmith.models import Axis, DefectCluster, Problem, ProblemSpec

from . import prompts

T = TypeVar("T", bound=BaseModel)
Complete = Callable[[str, str, type[BaseModel]], Awaitable[BaseModel | str]]


def parse_structured(text: str, schema: type[T]) -> T:
    """Parse a model's JSON answer (tolerating a ```json fence) into ``schema``, or raise ProviderError."""
    body = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", body, re.S)
    if fence:
        body = fence.group(1).strip()
    try:
        return schema.model_validate(json.loads(body))
    except json.JSONDecodeError as exc:
        raise ProviderError(f"The model's answer is not valid JSON ({exc.msg} at char {exc.pos}).") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "answer"
        raise ProviderError(
            f"The model's answer does not fit {schema.__name__}: {where}: {first['msg']}."
        ) from None


def unreachable(base_url: str | None, exc: Exception) -> EndpointUnreachable:
    where = base_url or "the default OpenAI endpoint"
    return EndpointUnreachable(
        f"The model endpoint {where} cannot be reached ({str(exc).splitlines()[0][:200]}); start it (a local "
        "model: `frontiersmith model serve`) or fix FRONTIERSMITH_LLM_BASE_URL / --base-url."
    )


class ChatProvider:
    """Every step is one structured completion; a malformed answer is retried, then a ProviderError."""

    def __init__(self, complete: Complete | None, name: str = "chat", attempts: int = 2):
        self._complete = complete
        self.name = name
        self.attempts = attempts

    async def complete(
        self, prompt: prompts.Prompt, schema: type[BaseModel], subject: str, text: str, context: dict
    ) -> BaseModel | str:
        """One model answer to a rendered prompt; ``subject`` is the record the step works on and
        ``context`` the step's parameters (kept with transcripts).

        Subclasses route steps elsewhere (the agents provider runs one agent role per step)."""
        if self._complete is None:
            raise ProviderError(f"The provider {self.name} has no model to ask.")
        return await self._complete(prompts.SYSTEM, text, schema)

    async def _ask(
        self,
        prompt: prompts.Prompt,
        schema: type[T],
        subject: str,
        context: dict | None = None,
        **values: object,
    ) -> T:
        text = prompt.render(schema, **values)
        last: ProviderError | None = None
        for _ in range(self.attempts):
            try:
                answer = await self.complete(prompt, schema, subject, text, context or {})
            except ProviderError as exc:
                last = exc
                continue
            if isinstance(answer, schema):
                return answer
            if isinstance(answer, BaseModel):
                answer = answer.model_dump_json()
            try:
                return parse_structured(str(answer), schema)
            except ProviderError as exc:
                last = exc
        assert last is not None
        raise last

    def axes_for(self, seed: Problem) -> list[Axis]:
        return list(Axis)

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft:
        return await self._ask(
            prompts.MUTATE,
            MutationDraft,
            seed.id,
            {"axis": axis.value, "index": index},
            seed_kind=prompts.seed_kind(seed),
            problem=prompts.describe(seed),
            axis=axis.value,
            axis_meaning=prompts.AXIS_MEANING[axis],
            index=index,
        )

    async def describe_seed(self, problem: Problem) -> SeedTupleDraft:
        return await self._ask(
            prompts.DESCRIBE_SEED,
            SeedTupleDraft,
            problem.id,
            title=problem.title,
            statement=problem.statement,
        )

    async def write_checker(self, problem: Problem, feedback: list[str]) -> CheckerDraft:
        return await self._ask(
            prompts.WRITE_CHECKER,
            CheckerDraft,
            problem.id,
            {"feedback": feedback},
            problem=prompts.describe(problem),
            feedback=prompts.feedback_block(feedback),
        )

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict:
        return await self._ask(
            prompts.COARSE_JUDGE, CoarseVerdict, problem.id, problem=prompts.describe(problem)
        )

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft:
        return await self._ask(
            prompts.SOLVE,
            SolutionDraft,
            problem.id,
            {"index": index},
            problem=prompts.describe(problem),
            limits=problem.limits.model_dump_json(),
            contract=prompts.PROGRAM_CONTRACT,
            index=index,
        )

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups:
        listing = "\n\n".join(
            f"### Solution {i} ({s.language})\nStrategy: {s.strategy}\n```\n{s.code[:4000]}\n```"
            for i, s in enumerate(solutions)
        )
        groups = await self._ask(
            prompts.GROUP_STRATEGIES,
            StrategyGroups,
            problem.id,
            {"solutions": len(solutions)},
            count=len(solutions),
            title=problem.title,
            solutions=listing,
        )
        if len(groups.labels) != len(solutions):
            raise ProviderError(
                f"The divergence judge returned {len(groups.labels)} labels for {len(solutions)} solutions."
            )
        return groups

    async def write_tests(
        self, problem: Problem, solutions: list[SolutionDraft], feedback: list[str]
    ) -> TestsDraft:
        return await self._ask(
            prompts.WRITE_TESTS,
            TestsDraft,
            problem.id,
            {"feedback": feedback},
            problem=prompts.describe(problem),
            contract=prompts.PROGRAM_CONTRACT,
            strategies="; ".join(s.strategy for s in solutions) or "(none yet)",
            feedback=prompts.feedback_block(feedback),
        )

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft:
        return await self._ask(
            prompts.WRITE_VERIFIER,
            VerifierDraft,
            problem.id,
            {"feedback": feedback},
            problem=prompts.describe(problem),
            contract=prompts.PROGRAM_CONTRACT,
            feedback=prompts.feedback_block(feedback),
        )

    async def label_defect(self, subject: str, cluster: str, examples: str) -> DefectLabel:
        """A one-sentence label for a cluster of a solver's failures, written from its examples."""
        return await self._ask(prompts.LABEL_DEFECT, DefectLabel, subject, cluster=cluster, examples=examples)

    # -- the structured spec and the targeted operators (tools/frontier) ---------------------------------

    async def write_spec(self, problem: Problem) -> ProblemSpec:
        spec = await self._ask(prompts.WRITE_SPEC, ProblemSpec, problem.id, problem=prompts.describe(problem))
        return spec.model_copy(update={"source": "model"})

    async def apply_operator(self, spec: ProblemSpec, operator: str, cluster: DefectCluster) -> ProblemSpec:
        evidence = {k: cluster.model_dump(mode="json")[k] for k in ("failure", "features", "detail", "label")}
        return await self._ask(
            prompts.APPLY_OPERATOR,
            ProblemSpec,
            cluster.key,
            {"operator": operator},
            cluster=json.dumps(evidence, indent=1),
            operator=operator,
            meaning=prompts.OPERATOR_MEANING[operator],
            spec=spec.model_dump_json(indent=1),
        )


def endpoint_error(base_url: str | None, exc: Exception) -> Exception:
    """What a failed call to a model endpoint becomes: EndpointUnreachable when nothing answered at all (a
    refused connection; a time-out is a slow model, not a missing one), else a ProviderError for the step."""
    from openai import APIConnectionError, APITimeoutError

    if isinstance(exc, APIConnectionError) and not isinstance(exc, APITimeoutError):
        return unreachable(base_url, exc)
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

    async def complete(system: str, user: str, schema: type[BaseModel]) -> BaseModel | str:
        agent = Agent(
            name=f"frontiersmith-{schema.__name__}",
            instructions=system,
            model=chat_model,
            output_type=AgentOutputSchema(schema, strict_json_schema=False),
        )
        try:
            result = await Runner.run(agent, user, max_turns=2, run_config=RunConfig(tracing_disabled=True))
        except AgentsException as exc:
            raise ProviderError(
                f"The model's answer could not be used: {str(exc).splitlines()[0][:300]}"
            ) from None
        except OpenAIError as exc:
            raise endpoint_error(base_url, exc) from None
        usage = result.context_wrapper.usage  # as the endpoint reported it, summed over the run's turns
        charge_tokens(usage.input_tokens, usage.output_tokens)
        return result.final_output

    return complete


def schema_complete(
    base_url: str | None, model: str, api_key: str | None, *, max_tokens: int = 2048, temperature: float = 0.4
) -> Complete:
    """A ``Complete`` over a chat endpoint that constrains its output to a JSON schema given as
    ``response_format={"type": "json_object", "schema": ...}`` (llama.cpp's server, where OpenAI's
    ``json_schema`` form is refused): the answer comes back as text, which ``parse_structured`` reads."""
    from openai import AsyncOpenAI, OpenAIError

    async def complete(system: str, user: str, schema: type[BaseModel]) -> BaseModel | str:
        # A client per answer, closed on the loop that asked: a step takes seconds, a connection a millisecond,
        # and no client outlives the event loop it was made on (trainers and tests run one loop after another).
        try:
            async with AsyncOpenAI(
                base_url=base_url, api_key=api_key or "not-needed", max_retries=1
            ) as client:
                answer = await client.chat.completions.create(
                    model=model,
                    messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                    response_format={"type": "json_object", "schema": schema.model_json_schema()},  # type: ignore[typeddict-unknown-key]
                    max_tokens=max_tokens,
                    temperature=temperature,
                )
        except OpenAIError as exc:
            raise endpoint_error(base_url, exc) from None
        if answer.usage:
            charge_tokens(answer.usage.prompt_tokens, answer.usage.completion_tokens)
        choice = answer.choices[0] if answer.choices else None
        if choice is not None and choice.finish_reason == "length":
            raise ProviderError(f"The model's answer was cut at {max_tokens} tokens before it ended.")
        return (choice.message.content or "") if choice is not None else ""

    return complete


Chat = Callable[[list[dict[str, Any]]], Awaitable[tuple[str, int]]]


def openai_chat(base_url: str | None, model: str, api_key: str | None) -> Chat:
    """A multi-turn chat over any OpenAI-compatible endpoint: messages in, (the answer's text, total tokens)
    out. A solver under evaluation answers in free text (tools/frontier), so a bad answer is its own failure
    rather than a schema error."""
    from openai import APIConnectionError, APITimeoutError, AsyncOpenAI

    client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", max_retries=1)

    async def chat(messages: list[dict[str, Any]]) -> tuple[str, int]:
        try:
            answer = await client.chat.completions.create(model=model, messages=messages)  # type: ignore[arg-type]
        except APIConnectionError as exc:
            if isinstance(exc, APITimeoutError):
                raise
            raise endpoint_error(base_url, exc) from None
        text = answer.choices[0].message.content or "" if answer.choices else ""
        return text, int(answer.usage.total_tokens) if answer.usage else 0

    return chat


def api_key_from_env(var: str) -> str | None:
    return os.environ.get(var)
