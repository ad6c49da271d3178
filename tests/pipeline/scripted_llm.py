"""A scripted OpenAI-compatible chat endpoint on loopback: the only scripted part of these tests is the
language model. It answers POST /v1/chat/completions from queues of canned answers, chosen by a routing
function over the prompt text, and records every request."""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ScriptedEndpoint:
    def __init__(self, route: Callable[[str], str]):
        self.route = route  # prompt text -> queue key
        self.queues: dict[str, deque[str]] = defaultdict(deque)
        self.requests: list[tuple[str, str]] = []  # (key, prompt)
        self.unanswered: list[str] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def script(self, key: str, *answers: str) -> None:
        self.queues[key].extend(answers)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> ScriptedEndpoint:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def answer(self, prompt: str) -> str:
        key = self.route(prompt)
        with self._lock:
            self.requests.append((key, prompt))
            if not self.queues[key]:
                self.unanswered.append(key)
                return '{"error": "script exhausted"}'
            return self.queues[key].popleft()

    def _handler(self):
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                prompt = "\n".join(
                    m["content"] if isinstance(m.get("content"), str) else json.dumps(m.get("content"))
                    for m in body.get("messages", [])
                    if m.get("role") == "user"
                )
                content = endpoint.answer(prompt)
                reply = {
                    "id": f"chatcmpl-{len(endpoint.requests)}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", "scripted"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": content},
                            "finish_reason": "stop",
                        }
                    ],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                }
                data = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
