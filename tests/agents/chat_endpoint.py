"""A scripted OpenAI-compatible chat-completions endpoint on loopback that can answer with tool calls, so the
Agents SDK's real HTTP path (OpenAIChatCompletionsModel over AsyncOpenAI with a base_url) drives the agents.
The only scripted part is the model: a ``respond(request_body)`` function picks each answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from chat_server import LoopbackChat
from model_answers import task_of

Answer = dict[str, Any]  # {"content": str} or {"tool_calls": [(name, arguments), ...]}


def say(content: str) -> Answer:
    return {"content": content}


def call(name: str, arguments: dict[str, Any]) -> Answer:
    return {"tool_calls": [(name, arguments)]}


class ChatEndpoint(LoopbackChat):
    usage = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}

    def __init__(self, respond: Callable[[dict[str, Any]], Answer]):
        super().__init__()
        self.respond = respond
        self.requests: list[dict[str, Any]] = []
        self.errors: list[str] = []

    def message_for(self, body: dict[str, Any], n: int) -> tuple[dict[str, Any], str]:
        with self._lock:
            self.requests.append(body)
        try:
            answer = self.respond(body)
        except Exception as exc:  # a script bug: show it in the test, answer something harmless
            self.errors.append(f"{type(exc).__name__}: {exc}")
            answer = say("script error")
        message: dict[str, Any] = {"role": "assistant", "content": answer.get("content")}
        if not answer.get("tool_calls"):
            return message, "stop"
        message["tool_calls"] = [
            {
                "id": f"call_{n}_{i}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)},
            }
            for i, (name, args) in enumerate(answer["tool_calls"])
        ]
        return message, "tool_calls"


def system_text(body: dict[str, Any]) -> str:
    return "\n".join(
        str(m.get("content")) for m in body["messages"] if m.get("role") in ("system", "developer")
    )


def user_text(body: dict[str, Any]) -> str:
    return "\n".join(str(m.get("content")) for m in body["messages"] if m.get("role") == "user")


def task_text(body: dict[str, Any]) -> str:
    """A prompt's task: the last user turn (a worked example's turn comes before it), with the one it repairs."""
    return task_of([(str(m.get("role")), str(m.get("content"))) for m in body["messages"]])


def last_role(body: dict[str, Any]) -> str:
    return body["messages"][-1].get("role", "")


def tool_names(body: dict[str, Any]) -> set[str]:
    return {t["function"]["name"] for t in body.get("tools") or []}
