"""A hidden test's diagnostics are coarse wherever a solver reads them: a solution that exits with one byte of
the hidden input and holds memory sized by another gets, from MCP ``submit`` and in the verifiers
environment's feedback, no exit code and its time and memory as buckets of the limit, the same for two inputs
that differ in those bytes; the problem owner's ``frontiersmith judge`` keeps the exact numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import serve_env

from frontiersmith.models import COARSE_EDGES
from frontiersmith.rewards import GroundTruth, clear_cache
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs

pytestmark = pytest.mark.anyio

TIME_MS, MEMORY_MB = 5000, 512
# Two hidden tests alike but for bytes 6 and 7 ("A" is 65, "Z" 90). The solution exits with byte 6 and holds
# byte 7 MiB: about 75 and 100 MiB with the interpreter, both between 10% and 25% of the 512 MiB limit, and
# well under 10% of the 5 s CPU limit, so the buckets are the same for both.
INPUTS = {"1": "123456AA\n", "2": "123456ZZ\n"}
LEAKED_CODES = ("65", "90")
LEAK = """import sys
data = sys.stdin.buffer.read()
hog = b"\\x01" * (data[7] << 20)  # memory from one byte of the hidden input
sys.exit(data[6])  # the exit code from another
"""
CHECKER = """#include "testlib.h"
int main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "fine"); }
"""


def leak_package(root: Path) -> Path:
    (root / "testdata").mkdir(parents=True)
    (root / "config.yaml").write_text(
        f"type: default\ntime: {TIME_MS // 1000}s\nmemory: {MEMORY_MB}m\nchecker: chk.cc\n"
        "subtasks: [{score: 100, n_cases: 2}]\n"
    )
    (root / "statement.txt").write_text("# Leak\nPrint anything.\n")
    (root / "chk.cc").write_text(CHECKER)
    for name, text in INPUTS.items():
        (root / "testdata" / f"{name}.in").write_text(text)
        (root / "testdata" / f"{name}.ans").write_text("x\n")
    return root


def assert_coarse(tests: list[dict[str, Any]]) -> None:
    """Both tests' records say RE with no exit code, on bucket edges, and are the same but for the name."""
    assert [t["verdict"] for t in tests] == ["RE", "RE"], tests
    for t in tests:
        assert t.get("exit_code") is None and t.get("signal") is None, t
        assert "non-zero exit" in t["message"] and "exit code" not in t["message"], t
        assert "at most 25% of the limit" in t["message"], t  # the memory's bucket
        assert not any(code in json.dumps(t) for code in LEAKED_CODES), t
        if "time_ms" in t:
            assert t["time_ms"] in [e * TIME_MS for e in COARSE_EDGES], t
            assert t["memory_kb"] in [round(e * MEMORY_MB * 1024) for e in COARSE_EDGES], t
    first, second = ({k: v for k, v in t.items() if k != "name"} for t in tests)
    assert first == second


async def test_mcp_submit_tells_no_exit_code_and_buckets_time_and_memory(
    sandbox_backend: str, settings: Settings, tmp_path: Path
) -> None:
    store = Store(settings.resolved_store_path)
    problem_id = (await import_frontiercs(leak_package(tmp_path / "pkg"), store)).problem_id
    store.close()
    env = serve_env(tmp_path, FRONTIERSMITH_SANDBOX_BACKEND=sandbox_backend)
    params = StdioServerParameters(command="frontiersmith", args=["serve", "--tools", "solve"], env=env)
    async with Client(params) as client:
        args = {"problem_id": problem_id, "code": LEAK, "language": "python"}
        result = await client.call_tool("submit", args)
    assert not result.is_error, result.content
    out = result.structured_content
    assert out is not None and out["verdicts"] == {"RE": 2}
    assert_coarse(out["tests"])
    text = " ".join(getattr(c, "text", "") for c in result.content)
    assert "exit code" not in text


async def test_verifiers_feedback_tells_no_exit_code_and_buckets_time_and_memory(
    sandbox_backend: str, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("verifiers")  # a test extra
    from datasets import Dataset

    from frontiersmith.rewards.environment import SubmitEnv

    package = leak_package(tmp_path / "pkg")
    store = Store(settings.resolved_store_path)
    problem_id = (await import_frontiercs(package, store)).problem_id
    store.close()
    # The local judge reads these settings; the MCP form's server is started with this environment.
    for key, value in serve_env(tmp_path, FRONTIERSMITH_SANDBOX_BACKEND=sandbox_backend).items():
        if key.startswith("FRONTIERSMITH_"):
            monkeypatch.setenv(key, value)
    clear_cache()
    answer = GroundTruth(task_id=problem_id, package=str(package)).dumps()
    dataset = Dataset.from_dict(
        {
            "prompt": [[{"role": "user", "content": "Leak"}]],
            "answer": [answer],
            "info": [{"task_id": problem_id}],
        }
    )
    call = {
        "id": "call-1",
        "type": "function",
        "function": {"name": "submit", "arguments": json.dumps({"code": LEAK, "language": "python"})},
    }
    replies = {}
    for mcp in (False, True):
        env = SubmitEnv(export_dir=tmp_path, max_submissions=1, mcp=mcp, judge={}, dataset=dataset)
        state = {"answer": answer, "info": {"task_id": problem_id}}
        [reply] = await env.env_response([{"role": "assistant", "tool_calls": [call]}], state)  # type: ignore[arg-type]
        replies[mcp] = reply["content"]
    for text in replies.values():
        lines = text.splitlines()[1:]  # "test NAME: MESSAGE (score S)", one a test
        named = [line.split(": ", 1) for line in lines]
        assert [name for name, _ in named] == ["test 1", "test 2"], text
        assert_coarse([{"name": name, "verdict": "RE", "message": words} for name, words in named])
    assert replies[False] == replies[True]  # the local judge and the server tell the same


def test_owner_judge_keeps_the_exit_code_and_the_exact_measurements(
    sandbox_backend: str, tmp_path: Path
) -> None:
    package = leak_package(tmp_path / "pkg")
    (tmp_path / "leak.py").write_text(LEAK)

    def judge(*flags: str) -> list[dict[str, Any]]:
        done = subprocess.run(
            [sys.executable, "-m", "frontiersmith.cli", "judge", str(package), str(tmp_path / "leak.py")]
            + ["--backend", sandbox_backend, "--json", *flags],
            capture_output=True,
            text=True,
            timeout=300,
            env=serve_env(tmp_path),
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)["tests"]

    for tests in (judge("--show-output"), judge()):
        assert [t["verdict"] for t in tests] == ["RE", "RE"]
        assert ["exit code 65" in tests[0]["message"], "exit code 90" in tests[1]["message"]] == [True, True]
        # byte 7 more MiB held: the exact peaks differ by about 25 MiB
        assert tests[1]["memory_kb"] - tests[0]["memory_kb"] > 20 * 1024, tests
