"""``AgentProvider``: the pipeline's ``Provider`` with every LLM step done by an agent of an ``AgentTeam``.

Each step renders the pipeline's own versioned prompt, runs the role's agent (which may read problems through
the server) with the step's draft as its structured output, and stores the transcript with the record the step
worked on: the seed for a mutation, the candidate for everything after.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from frontiersmith.models import Axis, Problem
from frontiersmith.tools.llm import prompts
from frontiersmith.tools.llm.base import (
    CoarseVerdict,
    MutationDraft,
    ProviderError,
    SolutionDraft,
    StrategyGroups,
    TestsDraft,
    VerifierDraft,
)
from frontiersmith.tools.llm.chat import parse_structured

from .team import AgentTeam

T = TypeVar("T", bound=BaseModel)


class AgentProvider:
    """Provider over agents; a step whose agent fails raises ProviderError, which the pipeline records."""

    def __init__(self, team: AgentTeam, name: str | None = None):
        self.team = team
        self.name = name or f"agents:{team.model_name}"

    def axes_for(self, seed: Problem) -> list[Axis]:
        return list(Axis)

    async def _ask(
        self,
        role: str,
        schema: type[T],
        prompt: prompts.Prompt,
        subject: str,
        context: dict[str, Any],
        **values,
    ) -> T:
        if self.team.over_total_budget():
            raise ProviderError(
                f"The agents' token budget ({self.team.budget.max_tokens_total}) is spent; raise it or start a new run."
            )
        text = prompt.render(schema, **values)
        run = await self.team.run(
            role,
            text,
            subject=subject,
            output_type=schema,
            context={"step": prompt.name, "prompt_version": prompt.version, **context},
        )
        if run.error is not None:
            raise ProviderError(f"The {role} agent failed: {run.error}")
        output = run.output
        if isinstance(output, schema):
            return output
        try:
            if isinstance(output, BaseModel):
                return schema.model_validate(output.model_dump())
            return parse_structured(str(output), schema)
        except ValidationError as exc:
            raise ProviderError(f"The {role} agent's answer does not fit {schema.__name__}: {exc}") from None

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft:
        return await self._ask(
            "mutator",
            MutationDraft,
            prompts.MUTATE,
            seed.id,
            {"axis": axis.value, "index": index},
            problem=prompts.describe(seed),
            axis=axis.value,
            axis_meaning=prompts.AXIS_MEANING[axis],
            index=index,
        )

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict:
        return await self._ask(
            "divergence_judge",
            CoarseVerdict,
            prompts.COARSE_JUDGE,
            problem.id,
            {},
            problem=prompts.describe(problem),
        )

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft:
        return await self._ask(
            "solver",
            SolutionDraft,
            prompts.SOLVE,
            problem.id,
            {"index": index},
            problem=prompts.describe(problem),
            limits=problem.limits.model_dump_json(),
            contract=prompts.PROGRAM_CONTRACT,
            index=index,
        )

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups:
        listing = "\n\n".join(
            f"### Solution {i} ({s.language.value})\nStrategy: {s.strategy}\n```\n{s.code[:4000]}\n```"
            for i, s in enumerate(solutions)
        )
        groups = await self._ask(
            "divergence_judge",
            StrategyGroups,
            prompts.GROUP_STRATEGIES,
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

    # Used only when the pipeline cannot hand cross-validation to the agents' own loop (agents.crossval):
    # then the agents author the programs and the pipeline's loop checks them.
    async def write_tests(
        self, problem: Problem, solutions: list[SolutionDraft], feedback: list[str]
    ) -> TestsDraft:
        return await self._ask(
            "test_case_agent",
            TestsDraft,
            prompts.WRITE_TESTS,
            problem.id,
            {"feedback": feedback},
            problem=prompts.describe(problem),
            contract=prompts.PROGRAM_CONTRACT,
            strategies="; ".join(s.strategy for s in solutions) or "(none yet)",
            feedback=prompts.feedback_block(feedback),
        )

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft:
        return await self._ask(
            "verifier_agent",
            VerifierDraft,
            prompts.WRITE_VERIFIER,
            problem.id,
            {"feedback": feedback},
            problem=prompts.describe(problem),
            contract=prompts.PROGRAM_CONTRACT,
            feedback=prompts.feedback_block(feedback),
        )
