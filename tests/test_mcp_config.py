"""`frontiersmith mcp-config claude|codex|json`: a snippet to paste that starts this installation's server by its
absolute path (the real clients run the snippets in tests/examples/test_first_use.py)."""

from __future__ import annotations

import json
import shlex
import sys
import tomllib
from pathlib import Path

import pytest

from frontiersmith import cli

FRONTIERSMITH = str(Path(sys.executable).parent / "frontiersmith")
SERVE_SOLVE = ["serve", "--tools", "solve"]  # the default: a client that solves


def mcp_config(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    cli.main(["mcp-config", *args])
    return capsys.readouterr().out


def test_mcp_config_prints_each_clients_snippet_with_the_absolute_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    claude = shlex.split(mcp_config(capsys, "claude"))
    assert claude == ["claude", "mcp", "add", "frontiersmith", "--", FRONTIERSMITH, *SERVE_SOLVE]

    codex = tomllib.loads(mcp_config(capsys, "Codex", "--tools", "all"))["mcp_servers"]["frontiersmith"]
    assert (codex["command"], codex["args"]) == (FRONTIERSMITH, ["serve", "--tools", "all"])
    assert codex["startup_timeout_sec"] >= 10 and "env" not in codex

    store = tmp_path / "demo.db"
    servers = json.loads(mcp_config(capsys, "json", "--name", "fs", "--store", str(store)))["mcpServers"]
    assert servers == {
        "fs": {
            "command": FRONTIERSMITH,
            "args": ["serve", "--tools", "solve"],
            "env": {"FRONTIERSMITH_STORE_PATH": str(store)},
        }
    }
    with_store = shlex.split(mcp_config(capsys, "claude", "--store", str(store)))
    assert with_store[4:7] == ["-e", f"FRONTIERSMITH_STORE_PATH={store}", "--"]
    codex_env = tomllib.loads(mcp_config(capsys, "codex", "--store", str(store)))["mcp_servers"][
        "frontiersmith"
    ]
    assert codex_env["env"] == {"FRONTIERSMITH_STORE_PATH": str(store)}


def test_mcp_config_for_an_unknown_client_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["mcp-config", "cursor"])
    assert exited.value.code == 2
    assert "'cursor' is not one of 'claude', 'codex', 'json'" in capsys.readouterr().err
