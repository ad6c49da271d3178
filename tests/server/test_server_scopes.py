"""Solve and synthesis are separate capabilities: `serve --tools solve` (the default) lists and serves no synthesis
tool or prompt, and over HTTP a solve token cannot reach one by any route (403), while a synthesis token can."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_helpers import (
    CHEAP_PROBLEM,
    HEADERS,
    INITIALIZE,
    baseline_code,
    http_client,
    http_server,
    serve_env,
    solve_session,
    structured,
    synthesis_session,
)

from frontiersmith.server import build_server
from frontiersmith.server.scopes import GRANTS
from frontiersmith.settings import Settings

ALL_TOKEN, SOLVE_TOKEN, SYNTHESIS_TOKEN = "all-scopes-1d9e", "solve-only-77c2", "synthesis-only-a0f5"
SOLVE_TOOLS = {"list_problems", "get_problem", "submit", "leaderboard", "lineage"}
SYNTHESIS_ONLY = {
    "mutate_problem",
    "sample_solutions",
    "estimate_divergence",
    "generate_tests",
    "run_verifier",
    "publish_candidate",
    "get_candidate",
    "list_candidates",
    "add_seed",
    "list_seeds",
    "get_seed",
    "evaluate_solver",
    "diagnose",
    "export_tasks",
    "synthesize_targeted",
}


# What a solve-scoped server answers a call to a synthesis tool, prompt or resource.
NEEDS_SYNTHESIS = (
    "{what} needs the synthesis scope, which this server does not serve (it was started with --tools "
    "solve); start one with `frontiersmith serve --tools synthesis` (or --tools all)."
)


def call(name: str, arguments: dict, request_id: int = 2) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


def post(url: str, token: str, body: object) -> httpx2.Response:
    return httpx2.post(url, json=body, headers={**HEADERS, "Authorization": f"Bearer {token}"}, timeout=60)


@pytest.fixture(scope="module")
def scoped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`serve --http --tools all` with a token per scope (and one for both)."""
    data_dir = tmp_path_factory.mktemp("scoped-store")
    tokens = {"http_solve_token": SOLVE_TOKEN, "http_synthesis_token": SYNTHESIS_TOKEN}
    with http_server(data_dir, ALL_TOKEN, "all", **tokens) as (url, _proc):
        yield url


def test_the_scope_table_splits_solving_from_everything_that_scores() -> None:
    assert GRANTS["solve"].tools == SOLVE_TOOLS
    assert GRANTS["synthesis"].tools == SYNTHESIS_ONLY | {"list_problems", "get_problem", "lineage"}
    assert GRANTS["solve"].prompts == {"solve_problem"}


@pytest.mark.anyio
async def test_build_server_serves_the_solve_scope_unless_told_otherwise(settings: Settings) -> None:
    servers = {
        choice: build_server(settings, **({"tools": choice} if choice else {}))
        for choice in (None, "synthesis", "all")
    }
    listed = {}
    for choice, server in servers.items():
        async with Client(server) as client:
            listed[choice] = (
                {t.name for t in (await client.list_tools()).tools},
                {p.name for p in (await client.list_prompts()).prompts},
            )
            if choice is None:
                refused = await client.call_tool("run_verifier", {"candidate_id": "cand_x"})
                assert refused.is_error and refused.content[0].text == NEEDS_SYNTHESIS.format(
                    what="The tool run_verifier"
                )
                with pytest.raises(MCPError) as prompt_refused:
                    await client.get_prompt("write_verifier", {"candidate_id": "cand_x"})
                assert prompt_refused.value.error.message == NEEDS_SYNTHESIS.format(
                    what="The prompt write_verifier"
                )
        server.backend.close()
    assert listed[None] == (SOLVE_TOOLS, {"solve_problem"})
    assert listed["synthesis"] == (
        SYNTHESIS_ONLY | {"list_problems", "get_problem", "lineage"},
        {"mutate_seed", "write_verifier"},
    )
    assert listed["all"] == (SOLVE_TOOLS | SYNTHESIS_ONLY, {"solve_problem", "mutate_seed", "write_verifier"})


@pytest.mark.anyio
async def test_stdio_serve_without_tools_lists_no_synthesis_tool_and_refuses_one(tmp_path: Path) -> None:
    params = StdioServerParameters(command="frontiersmith", args=["serve"], env=serve_env(tmp_path))
    async with Client(params) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        prompts = {p.name for p in (await client.list_prompts()).prompts}
        refused = await client.call_tool("publish_candidate", {"candidate_id": "cand_x"})
        submitted = structured(
            await client.call_tool(
                "submit", {"problem_id": CHEAP_PROBLEM, "code": baseline_code(), "language": "python"}
            )
        )
    assert tools == SOLVE_TOOLS and prompts == {"solve_problem"}
    assert refused.is_error and refused.content[0].text == NEEDS_SYNTHESIS.format(
        what="The tool publish_candidate"
    )
    assert submitted["score"] == 0.0


def test_without_a_token_or_with_a_wrong_one_every_request_gets_401(scoped: str) -> None:
    assert httpx2.post(scoped, json=INITIALIZE, headers=HEADERS).status_code == 401
    assert post(scoped, "solve-only-77c", INITIALIZE).status_code == 401
    for token in (ALL_TOKEN, SOLVE_TOKEN, SYNTHESIS_TOKEN):
        assert post(scoped, token, INITIALIZE).status_code == 200


@pytest.mark.anyio
async def test_a_solve_token_lists_only_solving_tools_and_submits(scoped: str) -> None:
    async with http_client(scoped, SOLVE_TOKEN) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        prompts = {p.name for p in (await client.list_prompts()).prompts}
        await solve_session(client, author="solve-token")
    assert tools == SOLVE_TOOLS and prompts == {"solve_problem"}


def test_a_solve_token_gets_403_for_synthesis_by_any_route(scoped: str) -> None:
    verifier = call("run_verifier", {"candidate_id": "cand_x"})
    routes = {
        "tools/call": verifier,
        "a batch hiding it behind a solving call": [call("list_problems", {}, 3), verifier],
        "prompts/get": {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "prompts/get",
            "params": {"name": "write_verifier", "arguments": {"candidate_id": "cand_x"}},
        },
        "publish": call("publish_candidate", {"candidate_id": "cand_x"}),
    }
    for route, body in routes.items():
        refused = post(scoped, SOLVE_TOKEN, body)
        assert refused.status_code == 403, route
        message = refused.json()["message"]
        assert "needs the synthesis scope" in message and "grants only solve" in message, (route, message)
    # The same calls with the synthesis token pass the guard (and reach the server, which wants a session).
    assert post(scoped, SYNTHESIS_TOKEN, verifier).status_code != 403
    assert post(scoped, SYNTHESIS_TOKEN, call("submit", {})).status_code == 403


@pytest.mark.anyio
async def test_a_synthesis_token_drives_synthesis_but_cannot_submit(scoped: str) -> None:
    async with http_client(scoped, SYNTHESIS_TOKEN) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        task_id = await synthesis_session(client)
    assert tools == SYNTHESIS_ONLY | {"list_problems", "get_problem", "lineage"}
    refused = post(
        scoped, SYNTHESIS_TOKEN, call("submit", {"problem_id": task_id, "code": "x", "language": "python"})
    )
    assert refused.status_code == 403 and "needs the solve scope" in refused.json()["message"]


def test_a_solve_server_refuses_synthesis_even_to_the_every_scope_token(tmp_path: Path) -> None:
    with http_server(tmp_path, ALL_TOKEN, "solve") as (url, _proc):
        refused = post(url, ALL_TOKEN, call("run_verifier", {"candidate_id": "cand_x"}))
        allowed = post(url, ALL_TOKEN, INITIALIZE)
    assert refused.status_code == 403 and "started with --tools solve" in refused.json()["message"]
    assert allowed.status_code == 200


def test_one_token_configured_for_two_scopes_is_refused_at_start(tmp_path: Path) -> None:
    env = serve_env(tmp_path, FRONTIERSMITH_HTTP_TOKEN="same", FRONTIERSMITH_HTTP_SOLVE_TOKEN="same")
    proc = subprocess.run(
        ["frontiersmith", "serve", "--http", "--port", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.strip() == (
        "error: http_solve_token is the same as http_token; give each scope its own token, or set http_token alone."
    )
