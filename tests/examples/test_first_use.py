"""First use, as a new user meets it: the README's set-up and client recipes run verbatim in a clean HOME with
the real clients (Claude Code and Codex from npm, pinned, installed by .ci/run as the Inspector is), and
`frontiersmith mcp-config` snippets work for a client whose PATH does not hold `frontiersmith`.

Neither client needs a login or the network for what is run here: `claude mcp add` / `claude mcp list`, and
`codex mcp list`, `codex doctor --json` (its provider and login checks fail offline; the MCP check does not
depend on them) and `codex app-server` (`mcpServerStatus/list` starts each MCP server and lists its tools).
"""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from doc_blocks import commands, doc_block
from mcp_helpers import free_port, inspector, npm_client, wait_for_port

REPO = Path(__file__).resolve().parents[2]
CLAUDE_PACKAGE = "@anthropic-ai/claude-code@2.1.332"
CODEX_PACKAGE = "@openai/codex@0.171.0"
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"


def readme_block(containing: str) -> str:
    """The README's fenced code block holding ``containing``, as written."""
    return doc_block("README.md", containing)


def claude() -> str:
    return npm_client(CLAUDE_PACKAGE, "claude", "FRONTIERSMITH_CLAUDE", "claude-code")


def codex() -> str:
    return npm_client(CODEX_PACKAGE, "codex", "FRONTIERSMITH_CODEX", "codex")


def home_env(home: Path, on_path: bool = True) -> dict[str, str]:
    """A new user's environment: a fresh HOME (so a fresh store and client config), the system PATH and, once
    `make install` ran, ~/.local/bin on it as Debian's login shell puts it; nothing of this test's venv."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FRONTIERSMITH_", "XDG_", "VIRTUAL_ENV"))}
    if "FRONTIERSMITH_REQUIRE_SANDBOXES" in os.environ:
        env["FRONTIERSMITH_REQUIRE_SANDBOXES"] = os.environ["FRONTIERSMITH_REQUIRE_SANDBOXES"]
    env.update(HOME=str(home), FRONTIERSMITH_SANDBOX_BACKEND="process")
    env["PATH"] = (f"{home}/.local/bin:" if on_path else "") + SYSTEM_PATH
    return env


def sh(
    command: str, env: dict[str, str], cwd: Path, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        ["bash", "-c", command], env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    assert proc.returncode == 0, f"{command}\n{proc.stdout[-1500:]}\n{proc.stderr[-1500:]}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean HOME after the README's set-up command `make install` (run verbatim, in the checkout)."""
    home = tmp_path_factory.mktemp("home")
    [install, *_] = commands(readme_block("make install"))
    assert install == "make install"
    # `make install` depends on the venv; a stale one would be reinstalled from the package registry under
    # the tests' feet (CI runs `make venv` first, so there it is always fresh).
    if subprocess.run(["make", "-q", ".venv/.installed"], cwd=REPO).returncode != 0:
        reason = "the venv is older than pyproject.toml; run `make venv` first"
        if os.environ.get("FRONTIERSMITH_REQUIRE_SANDBOXES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    sh(install, home_env(home, on_path=False), REPO, timeout=600)
    return home


def test_make_install_says_which_file_puts_it_on_path_and_that_works(tmp_path: Path) -> None:
    """A home with no ~/.profile: `make install` names the file to add the PATH line to, and a login shell of
    that home then finds frontiersmith."""
    home = tmp_path / "home"
    home.mkdir()
    printed = sh("make install", home_env(home, on_path=False), REPO, timeout=600).stdout
    [line] = [x.strip() for x in printed.splitlines() if x.strip().endswith(">> ~/.profile")]
    sh(line, home_env(home, on_path=False), home)
    found = sh("bash -l -c 'command -v frontiersmith'", home_env(home, on_path=False), home).stdout.strip()
    assert found == f"{home}/.local/bin/frontiersmith"


def test_make_install_puts_frontiersmith_on_path(installed: Path) -> None:
    proc = sh("command -v frontiersmith && frontiersmith --version", home_env(installed), installed)
    assert proc.stdout.splitlines() == [f"{installed}/.local/bin/frontiersmith", "frontiersmith 0.1.0"]


def test_the_readme_claude_code_recipe_connects(installed: Path, tmp_path: Path) -> None:
    env = home_env(installed)
    add, listing = commands(readme_block("claude mcp add frontiersmith --"))
    client = claude()
    sh(add.replace("claude ", f"{shlex.quote(client)} ", 1), env, tmp_path)
    listed = sh(listing.replace("claude ", f"{shlex.quote(client)} ", 1), env, tmp_path, timeout=240).stdout
    assert re.search(r"^frontiersmith: frontiersmith serve --tools solve - ✔ Connected$", listed, re.M), (
        listed
    )


@pytest.fixture
def http_recipe(installed: Path) -> Iterator[tuple[list[str], dict[str, str]]]:
    """The HTTP recipe (docs/reference/mcp.md): its token and its `serve --http` (on a free port instead of 8765, which tests
    running side by side would fight over); yields the remaining lines and the environment they run in."""
    token_line, serve_line, *rest = commands(doc_block("docs/reference/mcp.md", "frontiersmith serve --http"))
    env = home_env(installed)
    env["FRONTIERSMITH_HTTP_TOKEN"] = sh(
        f"{token_line} && echo $FRONTIERSMITH_HTTP_TOKEN", env, installed
    ).stdout.strip()
    assert len(env["FRONTIERSMITH_HTTP_TOKEN"]) >= 32  # a fresh Debian has python3, and no `python`
    port = free_port()
    server = subprocess.Popen(
        ["bash", "-c", serve_line.replace("8765", str(port))],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, server)
        yield [line.replace("8765", str(port)) for line in rest], env
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_readme_http_recipe_connects_claude_code_with_the_bearer_token(
    http_recipe: tuple[list[str], dict[str, str]], tmp_path: Path
) -> None:
    [add], env = http_recipe
    client = claude()
    sh(add.replace("claude ", f"{shlex.quote(client)} ", 1), env, tmp_path)
    listed = sh(f"{shlex.quote(client)} mcp list", env, tmp_path, timeout=240).stdout
    assert re.search(
        r"^frontiersmith-http: http://127\.0\.0\.1:\d+/mcp \(HTTP\) - ✔ Connected$", listed, re.M
    ), listed


def test_mcp_config_claude_connects_a_client_whose_path_lacks_frontiersmith(
    installed: Path, tmp_path: Path
) -> None:
    snippet = sh("frontiersmith mcp-config claude", home_env(installed), tmp_path).stdout.strip()
    client = claude()
    bare = home_env(installed, on_path=False)
    sh(snippet.replace("claude ", f"{shlex.quote(client)} ", 1), bare, tmp_path)
    listed = sh(f"{shlex.quote(client)} mcp list", bare, tmp_path, timeout=240).stdout
    assert re.search(
        r"^frontiersmith: /\S+/frontiersmith serve --tools solve - ✔ Connected$", listed, re.M
    ), listed


def app_server_tools(
    client: str, env: dict[str, str], cwd: Path, timeout: float = 180
) -> dict[str, set[str]]:
    """Codex's app server: initialize, then `mcpServerStatus/list`, which starts every configured MCP server
    and lists its tools; returns server name -> tool names."""
    proc = subprocess.Popen(
        [client, "app-server"],
        env=env,
        cwd=cwd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"clientInfo": {"name": "t", "version": "0"}},
        },
        {"jsonrpc": "2.0", "method": "initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "mcpServerStatus/list", "params": {}},
    ]
    try:
        proc.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        proc.stdin.flush()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not select.select([proc.stdout], [], [], 1)[0]:
                continue
            line = proc.stdout.readline()
            assert line, "codex app-server exited"
            message = json.loads(line)
            if message.get("id") == 2:
                assert "result" in message, message
                return {s["name"]: set(s.get("tools") or {}) for s in message["result"]["data"]}
        raise AssertionError("codex app-server did not list its MCP servers")
    finally:
        os.killpg(proc.pid, 15)  # with the MCP servers it started
        proc.wait(timeout=30)


def test_the_readme_codex_config_and_mcp_config_codex_are_seen_by_codex(
    installed: Path, tmp_path: Path
) -> None:
    env = home_env(installed)
    config = installed / ".codex" / "config.toml"
    config.parent.mkdir(exist_ok=True)
    config.write_text(readme_block("[mcp_servers.frontiersmith]"))
    sh("frontiersmith mcp-config codex --name frontiersmith-abs >> ~/.codex/config.toml", env, tmp_path)
    client = codex()

    listed = sh(f"{shlex.quote(client)} mcp list", env, tmp_path).stdout
    assert re.search(r"^frontiersmith\s+frontiersmith\s+serve --tools solve\s.*enabled", listed, re.M), listed
    assert re.search(
        r"^frontiersmith-abs\s+/\S+/frontiersmith\s+serve --tools solve\s.*enabled", listed, re.M
    )

    def mcp_check(path_env: dict[str, str]) -> dict[str, str]:
        doctor = subprocess.run(
            [client, "doctor", "--json"],
            env=path_env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=240,
        )
        return json.loads(doctor.stdout)["checks"]["mcp.config"]["details"]

    assert "frontiersmith" not in mcp_check(env)  # its command resolves: nothing to report
    # Without ~/.local/bin on PATH the README's table is reported, the absolute one is not.
    missing = mcp_check(home_env(installed, on_path=False))
    assert "not resolvable" in missing["frontiersmith"] and "frontiersmith-abs" not in missing

    tools = app_server_tools(client, home_env(installed, on_path=False) | {"PATH": env["PATH"]}, tmp_path)
    # the README's server solves: it lists, reads and submits, and cannot touch a verifier
    assert {"submit", "list_problems", "leaderboard"} <= tools["frontiersmith"]
    assert not {"mutate_problem", "run_verifier", "publish_candidate"} & tools["frontiersmith"]
    assert tools["frontiersmith-abs"] == tools["frontiersmith"]


def test_mcp_config_json_is_a_servers_file_the_inspector_starts(installed: Path, tmp_path: Path) -> None:
    servers = tmp_path / "servers.json"
    sh(f"frontiersmith mcp-config json --tools solve > {servers}", home_env(installed), tmp_path)
    proc = subprocess.run(
        [
            inspector(),
            "--cli",
            "--config",
            str(servers),
            "--server",
            "frontiersmith",
            "--method",
            "tools/list",
        ],
        env=home_env(installed, on_path=False),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = {t["name"] for t in json.loads(proc.stdout)["tools"]}
    assert "submit" in names and "run_verifier" not in names
