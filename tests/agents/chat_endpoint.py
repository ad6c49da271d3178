"""A scripted OpenAI-compatible chat-completions endpoint on loopback that can answer with tool calls, so the
Agents SDK's real HTTP path (OpenAIChatCompletionsModel over AsyncOpenAI with a base_url) drives the agents.
The only scripted part is the model: a ``respond(request_body)`` function picks each answer."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = dict[str, Any]  # {"content": str} or {"tool_calls": [(name, arguments), ...]}


def say(content: str) -> Answer:
    return {"content": content}


def call(name: str, arguments: dict[str, Any]) -> Answer:
    return {"tool_calls": [(name, arguments)]}


class ChatEndpoint:
    def __init__(self, respond: Callable[[dict[str, Any]], Answer]):
        self.respond = respond
        self.requests: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> ChatEndpoint:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _reply(self, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self.requests.append(body)
            n = len(self.requests)
        try:
            answer = self.respond(body)
        except Exception as exc:  # a script bug: show it in the test, answer something harmless
            self.errors.append(f"{type(exc).__name__}: {exc}")
            answer = say("script error")
        message: dict[str, Any] = {"role": "assistant", "content": answer.get("content")}
        finish = "stop"
        if answer.get("tool_calls"):
            message["tool_calls"] = [
                {
                    "id": f"call_{n}_{i}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args)},
                }
                for i, (name, args) in enumerate(answer["tool_calls"])
            ]
            finish = "tool_calls"
        return {
            "id": f"chatcmpl-{n}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }

    def _handler(self):
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                data = json.dumps(endpoint._reply(body)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler


def system_text(body: dict[str, Any]) -> str:
    return "\n".join(
        str(m.get("content")) for m in body["messages"] if m.get("role") in ("system", "developer")
    )


def user_text(body: dict[str, Any]) -> str:
    return "\n".join(str(m.get("content")) for m in body["messages"] if m.get("role") == "user")


def last_role(body: dict[str, Any]) -> str:
    return body["messages"][-1].get("role", "")


def tool_names(body: dict[str, Any]) -> set[str]:
    return {t["function"]["name"] for t in body.get("tools") or []}
