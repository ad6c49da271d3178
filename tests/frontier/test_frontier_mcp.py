"""The FrontierSynth tools through a real in-memory MCP client: evaluate_solver, diagnose and the
defects:// resource on a synthesis server; a solve server (what an agent under evaluation gets) has none of
them. Real sandbox and store, no model."""

from __future__ import annotations

import json

import pytest
from frontier_helpers import CHEAP
from mcp import Client
from mcp.shared.exceptions import MCPError

from frontiersmith.server import build_server
from frontiersmith.settings import Settings
from frontiersmith.store import Store

pytestmark = pytest.mark.anyio


def structured(result) -> dict:
    assert not result.is_error, result.content[0].text if result.content else result
    return result.structured_content


async def test_evaluate_diagnose_and_the_defect_map_resource_over_mcp(store: Store, settings: Settings):
    server = build_server(settings, tools="synthesis")
    updates: list[str | None] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        updates.append(message)

    try:
        async with Client(server) as client:
            evaluated = structured(
                await client.call_tool(
                    "evaluate_solver",
                    {"solver": "catalog:weak", "tasks": CHEAP},
                    progress_callback=on_progress,
                )
            )
            assert evaluated["solver"] == "catalog:weak" and evaluated["problems"] == 1
            (attempt,) = evaluated["attempts"]
            assert attempt["problem_id"] == CHEAP and store.frontier.get_trajectory(attempt["trajectory_id"])
            assert any(u and CHEAP in u for u in updates)

            defect_map = structured(await client.call_tool("diagnose", {"solver": "catalog:weak"}))
            assert defect_map["solver"] == "catalog:weak" and defect_map["trajectories"] == 1
            read = json.loads((await client.read_resource("defects://catalog:weak")).contents[0].text)
            assert read == defect_map

            refused = await client.call_tool("evaluate_solver", {"solver": "command:/bin/true"})
            assert (
                refused.is_error
                and "command: solvers name a program on the server" in refused.content[0].text
            )
            with pytest.raises(MCPError, match="No defect map of the solver 'model:none'"):
                await client.read_resource("defects://model:none")
    finally:
        server.backend.close()


async def test_a_solve_server_offers_no_evaluation_and_no_defect_map(settings: Settings):
    server = build_server(settings, tools="solve")
    try:
        async with Client(server) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
    finally:
        server.backend.close()
    assert not {"evaluate_solver", "diagnose"} & tools and "submit" in tools
    assert not any(t.startswith("defects://") for t in templates)
