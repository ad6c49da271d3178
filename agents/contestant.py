"""``agent:NAME``: an Agents SDK agent under evaluation, an MCP client of a solve-scoped FrontierSmith server.

Each attempt is one agent run with the contestant role's tools (get_problem, submit): the server's submit
judges its program through the one judge, and the attempt is its last successful submission. An agent that
never submits but answers with a program has that program judged instead; one that does neither fails the
attempt with the reason. Nothing it says can reach a verifier, a test or a baseline: its server has only the
solve scope.
"""

from __future__ import annotations

from typing import Any

from agents import Model
from frontiersmith.models import Language
from frontiersmith.settings import Settings
from frontiersmith.tools.frontier.solvers import AttemptContext, Draft, find_program, statement_text
from frontiersmith.tools.problems.submit import SubmitResult

from .orchestrator import build_model
from .team import AgentTeam, Budget

ROLE = "contestant"
AUTHOR = "frontier-contestant"


def contestant_prompt(ctx: AttemptContext) -> str:
    """The attempt's instructions: which problem, how to submit, and the judge's feedback so far."""
    head = (
        f"Solve the problem {ctx.problem.id} (attempt {ctx.attempt}). Read it with get_problem, then submit one "
        f"complete program with submit(problem_id={ctx.problem.id!r}, code=..., language='cpp' or 'python', "
        f"author={AUTHOR!r}). Reply with one line on your idea when done.\n\n"
    )
    return head + statement_text(ctx.problem, ctx.feedback)


class AgentSolver:
    """``agent:NAME``: the model NAME at the settings' base URL (or ``model``, e.g. a scripted test model)."""

    repeats = True

    def __init__(self, name: str, settings: Settings, model: Model | None = None, max_turns: int = 8):
        self.spec = f"agent:{name}"
        self.model = model or build_model(name, settings.llm_base_url, settings.llm_api_key_env)
        self.max_turns = max_turns

    async def write(self, ctx: AttemptContext) -> Draft:
        """One attempt: the agent reads the problem and submits through the server; its last submission is the
        draft."""
        budget = Budget(max_turns=self.max_turns)
        async with AgentTeam(
            ctx.store, ctx.settings, self.model, roles=(ROLE,), budget=budget, scope="solve"
        ) as team:
            run = await team.run(
                ROLE, contestant_prompt(ctx), subject=ctx.problem.id, context={"attempt": ctx.attempt}
            )
        messages = [_message(i) for i in run.items]
        submitted = [c for c in run.answers("submit") if c.result is not None]
        strategy = str(run.output or "")[:300]
        if submitted:
            last = submitted[-1]
            return Draft(
                code=str(last.arguments.get("code", "")),
                language=_language(last.arguments),
                messages=messages,
                tokens=run.tokens,
                strategy=strategy,
                submitted=SubmitResult.model_validate(last.result),
            )
        refused = [c.error for c in run.answers("submit") if c.error]
        code, language, why = find_program(str(run.output or ""))
        if code:
            return Draft(code=code, language=language, messages=messages, tokens=run.tokens)
        reason = (
            f"no code: the agent's submissions were refused ({refused[-1][:200]})"
            if refused
            else f"no code: the agent did not submit{f' ({run.error})' if run.error else ''}"
        )
        return Draft(reason=reason, messages=messages, tokens=run.tokens)


def _language(arguments: dict[str, Any]) -> Language | None:
    try:
        return Language(str(arguments.get("language", "")))
    except ValueError:
        return None


def _message(item: Any) -> dict[str, Any]:
    return item if isinstance(item, dict) else {"item": str(item)}
