"""A scripted OpenAI-compatible chat endpoint on loopback: the only scripted part of these tests is the
language model. It answers POST /v1/chat/completions from queues of canned answers, chosen by a routing
function over the prompt's task (its last user turn), and records every request."""

from __future__ import annotations

import json
import threading
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any

from chat_server import LoopbackChat
from model_answers import task_of


def _text(content: Any) -> str:
    return content if isinstance(content, str) else json.dumps(content)


class ScriptedEndpoint(LoopbackChat):
    def __init__(self, route: Callable[[str], str]):
        super().__init__()
        self.route = route  # prompt text -> queue key
        self.queues: dict[str, deque[str]] = defaultdict(deque)
        self.requests: list[tuple[str, str]] = []  # (key, prompt)
        self.unanswered: list[str] = []
        self._together: dict[str, int] = {}  # key -> how many of its first requests are held until all came
        self._arrived: dict[str, int] = defaultdict(int)
        self._all_came = threading.Condition(self._lock)
        self.apart: list[str] = []  # keys whose held requests did not all arrive while the first waited

    def script(self, key: str, *answers: str) -> None:
        self.queues[key].extend(answers)

    def together(self, key: str, n: int) -> None:
        """Hold the first ``n`` requests of ``key`` unanswered until all ``n`` have arrived: they are answered
        only if they were in flight at once (else, after a minute, the key is listed in ``apart``)."""
        self._together[key] = n

    def answer(self, prompt: str) -> str:
        key = self.route(prompt)
        with self._lock:
            self._arrived[key] += 1
            held = self._together.get(key, 0)
            if self._arrived[key] <= held:
                self._all_came.notify_all()
                if not self._all_came.wait_for(lambda: self._arrived[key] >= held, timeout=60):
                    self.apart.append(key)
            self.requests.append((key, prompt))
            if not self.queues[key]:
                self.unanswered.append(key)
                return '{"error": "script exhausted"}'
            return self.queues[key].popleft()

    def message_for(self, body: dict[str, Any], n: int) -> tuple[dict[str, Any], str]:
        # The task is the last user turn (the worked example's turn comes before it), with the one it repairs.
        turns = [(str(m.get("role")), _text(m.get("content"))) for m in body.get("messages", [])]
        prompt = task_of(turns)
        return {"role": "assistant", "content": self.answer(prompt)}, "stop"
