"""``AgentProvider``: the pipeline's ``Provider`` with every LLM step done by an agent of an ``AgentTeam``.

It is the chat provider with one difference: each step's rendered prompt (the pipeline's own versioned
prompts) goes to the agent of the step's role, which may read problems through the server, answers with the
step's draft as its structured output, and has its transcript stored with the record the step worked on:
the seed for a mutation, the candidate for everything after.
"""

from __future__ import annotations

from pydantic import BaseModel

from frontiersmith.errors import ProviderError
from frontiersmith.tools.llm import exchanges, prompts
from frontiersmith.tools.llm.chat import ChatProvider
from frontiersmith.tools.llm.endpoints import Messages

from .team import AgentTeam

# Which agent answers which prompt (tools/llm/exchanges.py, which names an exchange's role by it). The test-case
# and verifier agents' steps are used only when they author through the provider
# (tools/synthesis/crossval/authors.provider_authors over an AgentProvider) instead of calling the server's tools
# themselves (agents/authors.agent_authors).
ROLE_OF_STEP = exchanges.ROLE_OF_STEP


class AgentProvider(ChatProvider):
    """Provider over agents; a step whose agent fails raises ProviderError, which the pipeline records."""

    records_exchanges = False  # the team keeps each of its agents' model turns instead

    def __init__(self, team: AgentTeam, name: str | None = None):
        # Its answer is text (llama.cpp's server refuses the SDK's structured-output form), read by the parsing
        # layer like any other answer, and asked again with the reason when it cannot be used.
        super().__init__(
            None,
            name=name or f"agents:{team.model_name}",
            language=team.settings.llm_language,
            settings=team.settings,
        )
        self.team = team

    async def complete(
        self,
        prompt: prompts.Prompt,
        schema: type[BaseModel] | None,
        subject: str,
        messages: Messages,
        context: dict,
    ) -> BaseModel | str:
        """The answer of the step's role to ``prompt`` (the role's instructions stand for the system line); a
        spent token budget or a failed agent run raises ProviderError."""
        role = ROLE_OF_STEP[prompt.name]
        if self.team.over_total_budget():
            raise ProviderError(
                f"The agents' token budget ({self.team.budget.max_tokens_total}) is spent; raise it or start a new run."
            )
        run = await self.team.run(
            role,
            messages[1:],  # the role's own instructions stand for the system line
            subject=subject,
            context={"step": prompt.name, "prompt_version": prompt.version, **context},
        )
        if run.error is not None:
            raise ProviderError(f"The {role} agent failed: {run.error}")
        return run.output if isinstance(run.output, BaseModel) else str(run.output or "")
