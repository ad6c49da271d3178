"""`frontiersmith sandbox info` and `sandbox build-image` (idempotent when the image exists)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from frontiersmith.cli import app


def test_sandbox_info_reports_bwrap_docker_and_the_image_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_IMAGE", "frontiersmith-sandbox-missing:none")
    out = CliRunner().invoke(app, ["sandbox", "info", "--json"])
    assert out.exit_code == 0, out.output
    info = json.loads(out.output)
    assert info["image"] == "frontiersmith-sandbox-missing:none"
    assert info["image_present"] is False
    assert set(info) >= {"backend", "bwrap", "docker_reachable"}


def test_build_image_skips_an_image_that_already_exists(docker_required: None) -> None:
    out = CliRunner().invoke(app, ["sandbox", "build-image"])
    assert out.exit_code == 0, out.output
    assert "already exists" in out.output
