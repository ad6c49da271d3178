"""A third-party client: the MCP Inspector CLI (npm @modelcontextprotocol/inspector, --cli mode) lists the tools
of `frontiersmith serve` (the solve scope, its default) over stdio and calls `submit`.

The Inspector is looked up at $FRONTIERSMITH_INSPECTOR, then in the user cache
(~/.cache/frontiersmith/inspector, where CI installs it), and installed there with npm when missing. When it
cannot be had, the test skips locally and fails under FRONTIERSMITH_REQUIRE_SANDBOXES=1 (CI).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from mcp_helpers import CHEAP_PROBLEM, baseline_code, inspector, serve_env


def run_inspector(tmp_path: Path, *method_args: str) -> dict:
    env = serve_env(tmp_path)
    server_env = [f"{k}={v}" for k, v in env.items() if k.startswith("FRONTIERSMITH_")]
    # the server answers initialize within seconds idle, but a loaded machine may need more than the CLI's 15 s
    argv = [inspector(), "--cli", "--connect-timeout", "180000", "frontiersmith", "serve"]
    for pair in server_env:
        argv += ["-e", pair]
    proc = subprocess.run(argv + list(method_args), env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


@pytest.mark.slow
def test_the_inspector_cli_lists_the_tools_and_calls_submit(tmp_path: Path) -> None:
    listed = run_inspector(tmp_path, "--method", "tools/list")
    names = {t["name"] for t in listed["tools"]}
    assert {"submit", "list_problems", "leaderboard"} <= names  # `serve` alone serves the solve scope
    assert not names & {"mutate_problem", "run_verifier", "publish_candidate"}

    called = run_inspector(
        tmp_path,
        "--method",
        "tools/call",
        "--tool-name",
        "submit",
        "--tool-arg",
        f"problem_id={CHEAP_PROBLEM}",
        f"code={baseline_code()}",
        "language=python",
        "author=inspector",
    )
    assert not called.get("isError")
    result = called.get("structuredContent") or json.loads(called["content"][0]["text"])
    assert result["problem_id"] == CHEAP_PROBLEM and result["score"] == 0.0
    assert set(result["verdicts"]) == {"OK"} and len(result["tests"]) == result["verdicts"]["OK"]
