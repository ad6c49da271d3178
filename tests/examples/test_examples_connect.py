"""Every example in examples/ that can run here is run: the Python client script for real, the Codex config's
servers and the Claude Code command lines launched exactly as those clients would launch them, then listed."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import httpx2
import pytest
from doc_blocks import commands, doc_block
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_helpers import http_server, serve_env

from frontiersmith.settings import Settings
from frontiersmith.store import open_store

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SOLVE_TOOLS = {"submit", "list_problems", "get_problem", "leaderboard"}
SYNTHESIS_TOOLS = {"mutate_problem", "run_verifier", "publish_candidate"}
TOKEN = "example-token-42"

pytestmark = pytest.mark.anyio


async def assert_lists_the_tools(client: Client, synthesis: bool = True) -> None:
    """The server lists the solving tools, and the synthesis tools exactly when it is meant to (the examples'
    stdio servers are for an agent that solves; their shared HTTP server serves both)."""
    async with client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert names >= SOLVE_TOOLS and (names >= SYNTHESIS_TOOLS if synthesis else not names & SYNTHESIS_TOOLS)


def with_port(url: str, served_url: str) -> str:
    """The example's URL pointed at the port the test server really listens on."""
    port = served_url.rsplit(":", 1)[1].split("/")[0]
    return re.sub(r":\d+/", f":{port}/", url, count=1)


def test_the_python_client_example_solves_a_catalog_problem(tmp_path: Path) -> None:
    # As the README runs it (`.venv/bin/python examples/...`): the venv's Python, the venv not on PATH.
    (line,) = commands(doc_block("README.md", "examples/solve_catalog_problem.py"))
    python, example = shlex.split(line)
    assert python == ".venv/bin/python" and (EXAMPLES.parent / example).is_file()
    env = serve_env(tmp_path)
    env["PATH"] = os.pathsep.join(
        p for p in env["PATH"].split(os.pathsep) if p != str(Path(sys.executable).parent)
    )
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES.parent / example)],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert lines[1] == "# Min-True 2-SAT"
    score = float(lines[-1].removeprefix("score "))
    assert 0.0 < score <= 1.0  # the example's descent beats the SCC baseline
    store = open_store(None, Settings(data_dir=tmp_path))
    try:
        [submission] = store.tasks.list_submissions("catalog/min_true_2sat", author="example")
    finally:
        store.close()
    assert round(submission.score, 4) == score


async def test_the_codex_config_servers_start_and_list_their_tools(tmp_path: Path) -> None:
    servers = tomllib.loads((EXAMPLES / "codex_config.toml").read_text())["mcp_servers"]
    assert set(servers) == {"frontiersmith", "frontiersmith-http"}

    stdio = servers["frontiersmith"]
    env = {**serve_env(tmp_path / "stdio"), **stdio.get("env", {})}
    (tmp_path / "stdio").mkdir()
    params = StdioServerParameters(command=stdio["command"], args=stdio["args"], env=env)
    await assert_lists_the_tools(Client(params), synthesis=False)

    remote = servers["frontiersmith-http"]
    token_var = remote["bearer_token_env_var"]
    (tmp_path / "http").mkdir()
    with http_server(tmp_path / "http", TOKEN) as (served, _):
        # Codex sends the variable the config names; it must be the one the server reads its token from.
        assert token_var == "FRONTIERSMITH_HTTP_TOKEN"
        client = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=120)
        await assert_lists_the_tools(
            Client(streamable_http_client(with_port(remote["url"], served), http_client=client))
        )


def claude_commands() -> list[list[str]]:
    """The `claude mcp add` lines of the script, split into argv as the shell would (variables expanded)."""
    env = {**os.environ, "FRONTIERSMITH_HTTP_TOKEN": TOKEN}
    commands = []
    for line in (EXAMPLES / "claude_code.sh").read_text().splitlines():
        if line.startswith("claude mcp add"):
            argv = shlex.split(line)
            commands.append([re.sub(r"\$(\w+)", lambda m: env[m.group(1)], a) for a in argv])
    return commands


async def test_the_claude_code_commands_name_servers_that_start_and_list_their_tools(tmp_path: Path) -> None:
    stdio, remote = claude_commands()

    assert stdio[:4] == ["claude", "mcp", "add", "frontiersmith"] and "--" in stdio
    command = stdio[stdio.index("--") + 1 :]
    (tmp_path / "stdio").mkdir()
    params = StdioServerParameters(command=command[0], args=command[1:], env=serve_env(tmp_path / "stdio"))
    await assert_lists_the_tools(Client(params), synthesis=False)

    assert remote[:6] == ["claude", "mcp", "add", "--transport", "http", "frontiersmith-http"]
    url = remote[6]
    name, value = remote[remote.index("--header") + 1].split(": ", 1)
    (tmp_path / "http").mkdir()
    with http_server(tmp_path / "http", TOKEN) as (served, _):
        client = httpx2.AsyncClient(headers={name: value}, timeout=120)
        await assert_lists_the_tools(
            Client(streamable_http_client(with_port(url, served), http_client=client))
        )
        unauthorised = httpx2.post(with_port(url, served), json={})
    assert unauthorised.status_code == 401
