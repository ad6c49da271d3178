"""A loopback OpenAI-compatible chat-completions server for tests. Only the model is scripted: a subclass
says what the assistant answers to each request body (``message_for``); the HTTP side is real."""

from __future__ import annotations

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


class LoopbackChat:
    usage: dict[str, int] = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._served = itertools.count(1)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def message_for(self, body: dict[str, Any], n: int) -> tuple[dict[str, Any], str]:
        """The assistant message answering request ``n`` (1, 2, ...) and its finish reason."""
        raise NotImplementedError

    def reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The HTTP status and JSON body answering a request: a completion; a subclass may refuse instead
        (an endpoint's 401, 404, 429 ... in OpenAI's error shape)."""
        return 200, self.completion(body)

    def completion(self, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            n = next(self._served)
        message, finish = self.message_for(body, n)
        return {
            "id": f"chatcmpl-{n}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": dict(self.usage),
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                status, payload = server.reply(body)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
