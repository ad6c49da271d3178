"""``agent:NAME``: an Agents SDK agent on the real HTTP path (OpenAIChatCompletionsModel over AsyncOpenAI)
against a scripted chat endpoint on loopback, calling the real `frontiersmith serve --tools solve` over
stdio. Only the model is scripted: it reads the problem, submits, and the server's submit judges it."""

from __future__ import annotations

from typing import Any

import pytest
from frontier_helpers import CHEAP, GREEDY, chat_endpoint

from frontiersmith.agents.contestant import AUTHOR, AgentSolver
from frontiersmith.agents.orchestrator import build_model
from frontiersmith.models import FailureType
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.frontier import evaluate

pytestmark = pytest.mark.anyio
call, say = chat_endpoint.call, chat_endpoint.say


def contestant(body: dict[str, Any]) -> Any:
    """Attempt 1: read the problem, then stop without submitting. Attempt 2: read it, submit the greedy."""
    tools = [m for m in body["messages"] if m.get("role") == "tool"]
    attempt_two = "attempt 2" in chat_endpoint.user_text(body)
    if not tools:
        return call("get_problem", {"problem_id": CHEAP})
    if attempt_two and len(tools) == 1:
        return call("submit", {"problem_id": CHEAP, "code": GREEDY, "language": "python", "author": AUTHOR})
    return say("greedy, false first with unit propagation")


async def test_agent_solver_submits_through_a_solve_scoped_server(store: Store, settings: Settings):
    with chat_endpoint.ChatEndpoint(contestant) as endpoint:
        solver = AgentSolver(
            "scripted-agent", settings, model=build_model("scripted-agent", endpoint.base_url)
        )
        trajectories = await evaluate(store, solver, [CHEAP], attempts=2, feedback=True, settings=settings)
    assert endpoint.errors == []
    first, second = trajectories
    assert first.failure is FailureType.NO_SOLUTION and "did not submit" in first.detail
    assert second.failure is not FailureType.NO_SOLUTION and second.score > 0
    assert second.code == GREEDY and second.language == "python" and second.tokens > 0
    assert {r.verdict.value for r in second.results()} == {"OK"}
    assert second.strategy.startswith("greedy")
    # the judging was the server's submit: the submission is stored under the contestant's name
    assert [s.author for s in store.tasks.list_submissions(CHEAP)] == [AUTHOR]
    # the agent was offered only the solving tools, and its second attempt was told how the first went
    assert {frozenset(chat_endpoint.tool_names(b)) for b in endpoint.requests} == {
        frozenset({"get_problem", "submit"})
    }
    second_prompt = next(
        chat_endpoint.user_text(b) for b in endpoint.requests if "attempt 2" in chat_endpoint.user_text(b)
    )
    assert "attempt 1: no code: the agent did not submit" in second_prompt
    assert any(m.get("type") == "function_call" for m in second.messages)
