"""Shared by the server tests: environments and launchers for `frontiersmith serve` subprocesses, and the
synthesis and solve sessions every transport must carry."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import platformdirs
import pytest
from loopback import free_port, wait_for_port
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from suite_env import child_env

from frontiersmith.tools.catalog import get_family

CHEAP_FAMILY = "min_true_2sat"  # the objective-axis mutation of the two_sat seed; Python baseline and greedy
CHEAP_PROBLEM = f"catalog/{CHEAP_FAMILY}"
SEED = "seed_two_sat"
BIN_DIR = str(Path(sys.executable).parent)
# A raw JSON-RPC initialize and the headers streamable HTTP wants, for tests that post by hand.
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"},
    },
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def npm_client(package: str, binary: str, env_var: str, folder: str) -> str:
    """A third-party client from npm, pinned (``package`` is NAME@VERSION): at $``env_var``, else in the user
    cache (~/.cache/frontiersmith/FOLDER, where .ci/run installs it), installed there with npm when missing.
    When it cannot be had the test skips locally and fails under FRONTIERSMITH_REQUIRE_SANDBOXES=1 (CI)."""
    explicit = os.environ.get(env_var)
    if explicit:
        return explicit
    prefix = Path(platformdirs.user_cache_dir("frontiersmith")) / folder
    found = prefix / "node_modules" / ".bin" / binary
    if not found.exists() and shutil.which("npm"):
        subprocess.run(
            ["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", package],
            capture_output=True,
            timeout=600,
        )
    if found.exists():
        return str(found)
    reason = f"{binary} is not installed and `npm install {package}` failed"
    if os.environ.get("FRONTIERSMITH_REQUIRE_SANDBOXES") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


def inspector() -> str:
    """The MCP Inspector CLI, pinned (its CLI flags matter)."""
    return npm_client(
        "@modelcontextprotocol/inspector@2.12.0", "mcp-inspector", "FRONTIERSMITH_INSPECTOR", "inspector"
    )


def baseline_code() -> str:
    fam = get_family(CHEAP_FAMILY)
    assert fam.baseline is not None
    return fam.baseline.program.code


def greedy_code() -> str:
    return get_family(CHEAP_FAMILY).solvers[0].path.read_text()


def anneal_code() -> str:
    """A second real idea (C++): under range normalisation a lone solution is 1 on every test."""
    return get_family(CHEAP_FAMILY).solvers[1].path.read_text()


def serve_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """A subprocess environment with a fresh store, the process sandbox, small pools, and no user config."""
    env = child_env()
    if "FRONTIERSMITH_REQUIRE_SANDBOXES" in os.environ:
        env["FRONTIERSMITH_REQUIRE_SANDBOXES"] = os.environ["FRONTIERSMITH_REQUIRE_SANDBOXES"]
    env.update(
        FRONTIERSMITH_DATA_DIR=str(data_dir),
        FRONTIERSMITH_CONFIG=str(data_dir / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
        FRONTIERSMITH_WORKERS="2",
        FRONTIERSMITH_MAX_CONCURRENCY="3",
        PATH=BIN_DIR + os.pathsep + env.get("PATH", ""),
    )
    env.update(extra)
    return env


@contextmanager
def http_server(
    data_dir: Path, token: str | None, tools: str = "all", **tokens: str
) -> Iterator[tuple[str, subprocess.Popen]]:
    """`frontiersmith serve --http --tools TOOLS` on a free loopback port; yields its /mcp URL and the process.
    ``token`` is its http_token; ``tokens`` more settings by name (http_solve_token=..., ...)."""
    port = free_port()
    extra = {"FRONTIERSMITH_HTTP_TOKEN": token} if token else {}
    extra.update({f"FRONTIERSMITH_{name.upper()}": value for name, value in tokens.items()})
    proc = subprocess.Popen(
        ["frontiersmith", "serve", "--http", "--tools", tools, "--host", "127.0.0.1", "--port", str(port)],
        env=serve_env(data_dir, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}/mcp", proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def http_client(url: str, token: str | None) -> Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    transport = streamable_http_client(
        url, http_client=httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(300.0))
    )
    return Client(transport)


def structured(result: Any) -> dict:
    assert not result.is_error, result.content[0].text if result.content else result
    return result.structured_content


async def synthesis_session(client: Client) -> str:
    """Mutate the two_sat seed along the objective axis, then sample (one offline solution, one authored),
    estimate divergence, build tests, cross-validate the verifier and publish; returns the task id."""
    mutated = structured(await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"}))
    assert mutated["kept"] and mutated["parent_id"] == SEED and mutated["proposer"] == "offline"
    cid = mutated["candidate_id"]

    # Two real ideas from the provider (under range normalisation a lone one is 1 on every test, and no test
    # could show its idea troubled), and the baseline's idea written by the caller.
    sampled = structured(await client.call_tool("sample_solutions", {"candidate_id": cid, "n": 2}))
    assert [s["author"] for s in sampled["solutions"]] == ["offline", "offline"]
    authored = [{"code": baseline_code(), "language": "python", "strategy": "all false, then repair clauses"}]
    sampled = structured(
        await client.call_tool("sample_solutions", {"candidate_id": cid, "authored": authored})
    )
    assert sorted(s["author"] for s in sampled["solutions"]) == ["caller", "offline", "offline"]
    assert all(s["compiles"] for s in sampled["solutions"])

    semantic = structured(
        await client.call_tool("estimate_divergence", {"candidate_id": cid, "mode": "semantic"})
    )
    assert semantic["semantic"] is not None and len(semantic["labels"]) == 3

    tests = structured(await client.call_tool("generate_tests", {"candidate_id": cid}))
    assert tests["ok"] and tests["tests"] and not tests["failures"]

    verified = structured(await client.call_tool("run_verifier", {"candidate_id": cid}))
    assert verified["ok"], verified["verifier_failures"] + verified["tests_failures"]
    assert set(verified["scores"]) == {s["solution_id"] for s in sampled["solutions"]}

    both = structured(
        await client.call_tool("estimate_divergence", {"candidate_id": cid, "mode": "behavioural"})
    )
    assert both["behavioural"] is not None

    # Whether the divergence gates take three solutions this alike depends on their scores; a refusal names
    # the gate, and the session then publishes past it (which the task records).
    published = await client.call_tool("publish_candidate", {"candidate_id": cid})
    refused = published.is_error
    if refused:
        assert "divergence gate" in published.content[0].text
        published = await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True})
    task = structured(published)
    assert task["candidate_id"] == cid and task["tests"] == len(tests["tests"]) and task["forced"] is refused
    chain = structured(await client.call_tool("lineage", {"record_id": task["task_id"]}))
    assert [n["id"] for n in chain["ancestors"]] == [SEED, cid, task["task_id"]]
    return task["task_id"]


async def solve_session(client: Client, author: str = "solver") -> None:
    """List problems, read a statement, submit twice (baseline, then a better greedy), read the leaderboard."""
    problems = structured(await client.call_tool("list_problems", {}))["problems"]
    assert CHEAP_PROBLEM in {p["id"] for p in problems}
    statement = (await client.read_resource(f"problem://{CHEAP_PROBLEM}")).contents[0].text
    assert "Min-True 2-SAT" in statement

    first = structured(
        await client.call_tool(
            "submit",
            {"problem_id": CHEAP_PROBLEM, "code": baseline_code(), "language": "python", "author": author},
        )
    )
    assert first["score"] == 0.0 and set(first["verdicts"]) == {"OK"}  # the baseline scores 0 by definition
    second = structured(
        await client.call_tool(
            "submit",
            {"problem_id": CHEAP_PROBLEM, "code": greedy_code(), "language": "python", "author": author},
        )
    )
    assert second["score"] > 0.0 and set(second["verdicts"]) == {"OK"}
    assert second["submission_id"] != first["submission_id"]

    board = structured(await client.call_tool("leaderboard", {"problem_id": CHEAP_PROBLEM}))
    mine = [e for e in board["entries"] if e["author"] == author]
    assert len(mine) == 1 and mine[0]["submission_id"] == second["submission_id"]
    assert mine[0]["score"] == second["score"]


def authored_tests(family: str = CHEAP_FAMILY) -> dict:
    """The catalog family's own generator and validator, one test per distribution."""
    fam = get_family(family)
    return {
        "generator": fam.program.model_dump(mode="json"),
        "validator": fam.program.model_dump(mode="json"),
        "distributions": list(fam.distributions),
        "tests_per_distribution": 1,
    }


def authored_verifier(verifier_code: str | None = None) -> dict:
    """The cheap family's verifier (or ``verifier_code``) with its baseline, minimising, and its feasibility
    checker (a candidate authored without the catalog has no seed checker, so the protocol needs it)."""
    fam = get_family(CHEAP_FAMILY)
    assert fam.feasibility_program is not None
    return {
        "verifier": {"code": verifier_code or fam.program.code, "language": "python"},
        "baseline": {"code": baseline_code(), "language": "python"},
        "sense": "min",
        "feasibility": fam.feasibility_program.model_dump(mode="json"),
    }


async def verified_candidate(client: Client) -> str:
    """A candidate mutated from the two_sat seed with authored content only (no model), its tests built and
    its verifier cross-validated: ready to publish. Returns its id."""
    fam = get_family(CHEAP_FAMILY)
    authored = {
        "title": "Fewest True Variables",
        "statement": fam.statement,
        "objective": fam.objective.model_dump(mode="json"),
        "input_spec": fam.input_spec.model_dump(mode="json"),
        "output_spec": fam.output_spec.model_dump(mode="json"),
    }
    mutated = structured(
        await client.call_tool(
            "mutate_problem", {"parent_id": SEED, "axis": "objective", "authored": authored}
        )
    )
    cid = mutated["candidate_id"]
    solutions = [
        {"code": greedy_code(), "language": "python", "strategy": "greedy false-first"},
        {"code": anneal_code(), "language": "cpp", "strategy": "simulated annealing over assignments"},
        {"code": baseline_code(), "language": "python", "strategy": "all false, then repair"},
    ]
    structured(await client.call_tool("sample_solutions", {"candidate_id": cid, "authored": solutions}))
    tests = structured(
        await client.call_tool("generate_tests", {"candidate_id": cid, "authored": authored_tests()})
    )
    assert tests["ok"], tests["failures"]
    verified = structured(
        await client.call_tool("run_verifier", {"candidate_id": cid, "authored": authored_verifier()})
    )
    assert verified["ok"], verified["verifier_failures"] + verified["tests_failures"]
    return cid
