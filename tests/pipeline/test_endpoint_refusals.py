"""A model endpoint that refuses every request stops a synthesis run at once, in one sentence and with a non-zero
exit, and the run is marked failed (never left running); once the endpoint answers, the same command resumes
it and says so. Ctrl-C marks a run interrupted and says how to resume. Only the model is scripted: a loopback
OpenAI-compatible endpoint that refuses as real ones do (401, 403, 404, 429 quota), then answers as a model
would; the CLI, the provider, the pipeline, the store and the sandbox are real."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from chat_server import LoopbackChat
from model_answers import answer_for, task_of

from frontiersmith.errors import EndpointUnreachable, ProviderError
from frontiersmith.store import open_store
from frontiersmith.tools.llm.endpoints import openai_complete

from .conftest import cli_env, frontiersmith_cmd

FAMILY = "min_true_2sat"  # the seed two_sat's objective mutation: Python solvers, verifier and baseline
ARGS = [
    "synthesize", "--provider", "openai", "--model", "scripted", "-K", "1", "-n", "2", "--n-div", "1",
    "--n-final", "1", "--crossval-rounds", "1", "--seeds", "seed_two_sat",
]  # fmt: skip


def refusal(status: int, message: str, code: str) -> tuple[int, dict[str, Any]]:
    return status, {
        "error": {"message": message, "type": "invalid_request_error", "param": None, "code": code}
    }


REFUSALS = {
    "key": refusal(401, "Incorrect API key provided: sk-wrong.", "invalid_api_key"),
    "access": refusal(403, "You are not allowed to sample from this model.", "model_not_allowed"),
    "model": refusal(
        404, "The model `scripted` does not exist or you do not have access to it.", "model_not_found"
    ),
    "quota": refusal(429, "You exceeded your current quota, please check your plan.", "insufficient_quota"),
}


class Endpoint(LoopbackChat):
    """Refuses every request with ``refusing`` while it is set; otherwise answers each step as a model would,
    with the catalog family's own programs (``model_answers.answer_for``)."""

    def __init__(self, refusing: tuple[int, dict[str, Any]] | None = None):
        super().__init__()
        self.refusing = refusing
        self.served = 0

    def reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.served += 1
        return self.refusing if self.refusing is not None else super().reply(body)

    def message_for(self, body: dict[str, Any], n: int) -> tuple[dict[str, Any], str]:
        turns = [(str(m.get("role")), str(m.get("content"))) for m in body.get("messages", [])]
        return {"role": "assistant", "content": answer_for(task_of(turns), FAMILY)}, "stop"


def test_a_401_stops_the_run_in_one_sentence_and_the_same_command_resumes_it(tmp_path: Path) -> None:
    with Endpoint(REFUSALS["key"]) as endpoint:
        args = [*frontiersmith_cmd(), *ARGS, "--base-url", endpoint.base_url]
        env = cli_env(tmp_path, OPENAI_API_KEY="sk-wrong", FRONTIERSMITH_MAX_CONCURRENCY="2")
        refused = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
        asked = endpoint.served
        [run] = open_store(tmp_path / "store.db").pipeline_runs.list()
        endpoint.refusing = None  # the key is fixed
        resumed = subprocess.run([*args, "--json"], env=env, capture_output=True, text=True, timeout=900)

    lines = [line for line in refused.stderr.splitlines() if line.strip() and "━" not in line]
    assert refused.returncode == 1 and "Traceback" not in refused.stderr, refused.stderr[-2000:]
    [said] = [line for line in lines if line.startswith("error:")]
    assert "refused the API key (401: Incorrect API key provided" in said and "--api-key-env" in said
    assert "What to do next" not in refused.stdout + refused.stderr and asked <= 2  # stopped at once
    assert run.status == "failed" and "401" in run.progress.stop_reason  # never left running

    store = open_store(tmp_path / "store.db")
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert f"resuming run {run.id} (failed: The model endpoint" in " ".join(resumed.stderr.split())
    assert json.loads(resumed.stdout)["run_id"] == run.id
    assert store.pipeline_runs.get(run.id).status == "finished" and len(store.pipeline_runs.list()) == 1


@pytest.mark.anyio
async def test_every_refusal_is_one_sentence_that_stops_the_run_and_a_passing_failure_is_not(
    tmp_path: Path,
) -> None:
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    said = {}
    for kind, answer in REFUSALS.items():
        with Endpoint(answer) as endpoint:
            complete = openai_complete(endpoint.base_url, "scripted", "sk-wrong")
            with pytest.raises(EndpointUnreachable) as refused:
                await complete(messages, None)  # type: ignore[arg-type]
        said[kind] = str(refused.value)
    assert "refused the API key" in said["key"] and "refused access (403" in said["access"]
    assert "has no such model or path (404" in said["model"] and "--model" in said["model"]
    assert "no quota left" in said["quota"]
    # a rate limit or a server error is one request's failure: the step fails, the run goes on
    for passing in (
        refusal(429, "Rate limit reached, retry in 20ms.", "rate_limit_exceeded"),
        refusal(500, "boom", ""),
    ):
        with Endpoint(passing) as endpoint, pytest.raises(ProviderError):
            await openai_complete(endpoint.base_url, "scripted", "k")(messages, None)  # type: ignore[arg-type]
    with Endpoint() as endpoint:
        closed = endpoint.base_url
    with pytest.raises(EndpointUnreachable, match="cannot be reached"):
        await openai_complete(closed, "scripted", "k")(messages, None)  # type: ignore[arg-type]


class Waiting(Endpoint):
    """Holds every request until released: a run that asked the model is waiting for its answer (so a Ctrl-C
    lands mid-run, however fast or loaded the machine)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.served += 1
        self.release.wait(300)
        return refusal(503, "The server is shutting down.", "unavailable")


def test_ctrl_c_marks_the_run_interrupted_and_says_how_to_resume(tmp_path: Path) -> None:
    with Waiting() as endpoint:
        proc = subprocess.Popen(
            [*frontiersmith_cmd(), *ARGS, "--base-url", endpoint.base_url],
            env=cli_env(tmp_path, OPENAI_API_KEY="sk-test"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            # Ctrl-C as a terminal delivers it, whatever the test runner's worker does with SIGINT
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline and proc.poll() is None and not endpoint.served:
                time.sleep(0.1)
            proc.send_signal(signal.SIGINT)
            # the request the run was waiting for is answered once it had time to stop: a thread still reading
            # that answer must not hold the process past its Ctrl-C
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        finally:
            endpoint.release.set()
        _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr[-2000:]
    assert "interrupted; run the same command to resume" in stderr and "Traceback" not in stderr
    [run] = open_store(tmp_path / "store.db").pipeline_runs.list()
    assert run.status == "interrupted"
