"""`frontiersmith serve` over stdio, as a subprocess: a whole synthesis session and a solve session through the
real transport, on the offline provider and the process sandbox."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import serve_env, solve_session, synthesis_session

pytestmark = pytest.mark.anyio


async def test_stdio_server_carries_a_synthesis_session_and_a_solve_session(tmp_path: Path) -> None:
    params = StdioServerParameters(
        command="frontiersmith", args=["serve", "--tools", "all"], env=serve_env(tmp_path)
    )
    async with Client(params) as client:
        task_id = await synthesis_session(client)
        await solve_session(client)
        # The published task is a problem like any other: it is listed and can be read.
        listed = (await client.call_tool("list_problems", {})).structured_content["problems"]
        assert task_id in {p["id"] for p in listed}
    assert (tmp_path / "store.db").is_file()  # the store went where FRONTIERSMITH_DATA_DIR said


def test_stdout_carries_only_protocol_messages(tmp_path: Path) -> None:
    """Raw JSON-RPC over the pipe: every line the server writes to stdout is a JSON-RPC message, including
    while a tool runs the sandbox (whose warnings, if any, belong on stderr)."""
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "list_problems", "arguments": {}},
        },
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "submit", "arguments": {}}},
    ]
    proc = subprocess.Popen(
        ["frontiersmith", "serve"],
        env=serve_env(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    replies = {}
    for message in messages:
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        if "id" in message:
            reply = json.loads(proc.stdout.readline())  # a non-JSON line would fail here
            replies[reply["id"]] = reply
    rest, _ = proc.communicate(timeout=60)  # closes stdin: the server must then exit cleanly
    assert rest.strip() == "" and proc.returncode == 0
    assert replies[1]["result"]["serverInfo"]["name"] == "frontiersmith"
    assert replies[2]["result"]["structuredContent"]["problems"]
    assert replies[3]["result"]["isError"] is True
