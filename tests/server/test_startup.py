"""Start-up: `frontiersmith serve` answers `initialize` having imported the protocol and its settings only; the
judge, the store, the sandbox, numpy, Docker, the agents and sqlite-utils wait for the first request that
needs them (bench/startup.py measures what that buys)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mcp_helpers import INITIALIZE, serve_env

# Modules `serve` must not have imported when it answers `initialize`.
HEAVY = ("numpy", "pandas", "pyarrow", "docker", "agents", "openai", "sqlite_utils", "yaml")
# Modules no tool needs until it runs (PyYAML is light, and the seed tools read YAML, so it is left out here).
LAZY = ("numpy", "pandas", "pyarrow", "docker", "agents", "openai", "sqlite_utils")
DOMAIN = ("frontiersmith.sandbox", "frontiersmith.store", "frontiersmith.tools", "frontiersmith.agents")


def imported_modules(importtime_log: str) -> set[str]:
    return {
        line.rsplit("|", 1)[1].strip()
        for line in importtime_log.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_serve_answers_initialize_before_importing_the_domain_or_heavy_libraries(tmp_path: Path) -> None:
    env = serve_env(tmp_path, PYTHONPROFILEIMPORTTIME="1")
    proc = subprocess.Popen(
        ["frontiersmith", "serve", "--tools", "all"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(json.dumps(INITIALIZE) + "\n")
        proc.stdin.flush()
        answer = json.loads(proc.stdout.readline())
    finally:
        proc.kill()
        _, log = proc.communicate(timeout=30)
    assert answer["result"]["serverInfo"]["name"] == "frontiersmith"
    modules = imported_modules(log)
    assert "mcp.server" in modules  # the log is the real one
    assert not {m for m in modules if m.split(".")[0] in HEAVY}
    assert not {m for m in modules if m.startswith(DOMAIN)}


def test_a_built_server_has_not_imported_numpy_docker_agents_or_sqlite_utils() -> None:
    # Every tool registered (an eager build): the domain modules are in, the heavy libraries still are not.
    code = (
        "import sys\n"
        "from frontiersmith.server import build_server\n"
        "from frontiersmith.settings import Settings\n"
        "server = build_server(Settings(), tools='all')\n"
        "assert 'submit' in {t.name for t in server._tool_manager.list_tools()}\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {LAZY!r}))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "[]"
