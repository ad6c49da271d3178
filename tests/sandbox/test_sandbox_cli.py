"""`frontiersmith sandbox info` and `sandbox build-image` (idempotent when the image exists)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sysconfig
import tempfile

import pytest
from delegated_cgroup import delegated_cgroup
from typer.testing import CliRunner

from frontiersmith.cli import app
from frontiersmith.sandbox.cgroups import SETTING


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


def test_sandbox_info_says_which_isolation_is_in_force(docker_required: None) -> None:
    out = CliRunner().invoke(app, ["sandbox", "info", "--json"])
    assert out.exit_code == 0, out.output
    assert (
        json.loads(out.output)["image_current"] is True
    )  # built by this version (with its precompiled header)
    isolation = json.loads(out.output)["isolation"]
    between = "per-run uids" if os.geteuid() == 0 else "per-run pid and mount namespaces"
    assert between in isolation["process"] and "bubblewrap" in isolation["process"]
    assert "per-run uids" in isolation["docker"] and "no network" in isolation["docker"]


AS_ROOT_WITH_SETPRIV = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None, reason="drops from root with setpriv"
)


def _process_isolation_as_nobody(env: dict[str, str], prefix: list[str]) -> str:
    """What `sandbox info` says of the process backend, run as ``nobody`` (``prefix`` starts it, ``env`` added)."""
    home = tempfile.mkdtemp(prefix="fs-info-")  # pytest's tmp_path is under a dir only root enters
    os.chown(home, 65534, 65534)
    site = sysconfig.get_paths()["purelib"]
    code = (
        f"import site, sys; site.addsitedir({site!r}); from frontiersmith.cli import main; "
        "sys.argv = ['frontiersmith', 'sandbox', 'info', '--json']; main()"
    )
    done = subprocess.run(
        [
            *prefix,
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "/usr/bin/python3",
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        env={"HOME": home, "TMPDIR": home, "PATH": os.environ["PATH"], **env},
        timeout=120,
    )
    shutil.rmtree(home, ignore_errors=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["isolation"]["process"]


@AS_ROOT_WITH_SETPRIV
def test_sandbox_info_as_an_unprivileged_user_names_per_run_namespaces_and_cgroups() -> None:
    with delegated_cgroup(65534) as (env, inside):
        isolation = _process_isolation_as_nobody(env, inside)
    assert "per-run pid and mount namespaces (one uid)" in isolation
    assert "limits: per-run cgroups" in isolation


@AS_ROOT_WITH_SETPRIV
def test_sandbox_info_as_an_unprivileged_user_without_a_cgroup_says_the_sandbox_refuses() -> None:
    isolation = _process_isolation_as_nobody({}, [])
    assert isolation.startswith("none: The process sandbox refuses to judge") and SETTING in isolation
