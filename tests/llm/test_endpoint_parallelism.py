"""The local provider sends `model serve`'s llama.cpp server one call at a time: it answers one at a time, and
calls sent at once only queued there until the client gave up on them (under load, a 28-call
`evaluate-divergence --provider local` had three answered in 40 minutes and the rest timed out). A server of the
user's own takes as many as ``llm_concurrency`` says. Only the model is scripted: a loopback OpenAI-compatible
endpoint that counts the requests it holds at once; the provider and its HTTP client are real."""

from __future__ import annotations

import json
import threading
from typing import Any

import anyio
import pytest
from chat_server import LoopbackChat

from frontiersmith.settings import Settings
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.llm.factory import make_provider


class Counting(LoopbackChat):
    """Holds each request until two have been in flight at once (or ``wait`` seconds pass), then answers the coarse
    judge's question; ``peak`` is the most requests it held at once."""

    def __init__(self, wait: float):
        super().__init__()
        self.wait, self.peak, self.in_flight = wait, 0, 0
        self.changed = threading.Condition()

    def message_for(self, body: dict[str, Any], n: int) -> tuple[dict[str, Any], str]:
        with self.changed:
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)
            self.changed.notify_all()
            self.changed.wait_for(lambda: self.peak > 1, timeout=self.wait)
            self.in_flight -= 1
        answer = {"explanation": "Several heuristics compete.", "reason": "ok"}
        return {"role": "assistant", "content": json.dumps(answer)}, "stop"


async def peak_of(settings: Settings, wait: float) -> int:
    problem = get_family("min_true_2sat").problem()
    with Counting(wait) as endpoint:
        provider = make_provider("local", settings, model="scripted", base_url=endpoint.base_url)
        async with anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(provider.coarse_judge, problem)
    return endpoint.peak


@pytest.mark.anyio
async def test_the_local_provider_sends_its_server_one_call_at_a_time(tmp_path):
    assert await peak_of(Settings(data_dir=tmp_path), wait=0.5) == 1


@pytest.mark.anyio
async def test_a_local_server_of_the_users_own_takes_llm_concurrency_calls_at_once(tmp_path):
    assert await peak_of(Settings(data_dir=tmp_path, llm_concurrency=3), wait=30) >= 2
