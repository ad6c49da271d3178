"""`frontiersmith serve` over stdio, as a subprocess: a whole synthesis session and a solve session through the
real transport, on the offline provider and the process sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import serve_env, solve_session, synthesis_session

pytestmark = pytest.mark.anyio


async def test_stdio_server_carries_a_synthesis_session_and_a_solve_session(tmp_path: Path) -> None:
    params = StdioServerParameters(command="frontiersmith", args=["serve"], env=serve_env(tmp_path))
    async with Client(params) as client:
        task_id = await synthesis_session(client)
        await solve_session(client)
        # The published task is a problem like any other: it is listed and can be read.
        listed = (await client.call_tool("list_problems", {})).structured_content["problems"]
        assert task_id in {p["id"] for p in listed}
    assert (tmp_path / "store.db").is_file()  # the store went where FRONTIERSMITH_DATA_DIR said
