"""The distribution: one import package `frontiersmith` whose sub-packages come from the design card's
top-level folders, importable from an editable install and from a built wheel alike."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUBPACKAGES = ["store", "tools", "server", "agents", "sandbox"]
IMPORTS = "import frontiersmith.store, frontiersmith.tools, frontiersmith.server, frontiersmith.agents, frontiersmith.sandbox"


def test_editable_install_imports_every_subpackage(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", IMPORTS + "; print('ok')"], cwd=tmp_path, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_wheel_holds_every_subpackage_and_its_data_and_imports(tmp_path):
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("frontiersmith-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for sub in SUBPACKAGES:
        assert f"frontiersmith/{sub}/__init__.py" in names
    for data in [
        "frontiersmith/sandbox/testlib.h",
        "frontiersmith/sandbox/runner.py",
        "frontiersmith/sandbox/wire.py",
        "frontiersmith/sandbox/fs_exec.c",
        "frontiersmith/tools/catalog/harness.py",
        "frontiersmith/tools/catalog/families/min_true_2sat.py",
        "frontiersmith/tools/catalog/solvers/min_true_2sat/baseline.py",
    ]:
        assert data in names, data
    # Install the wheel alone into a fresh folder; its dependencies come from this environment.
    target = tmp_path / "site"
    pip = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-index",
            "--target",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
    )
    assert pip.returncode == 0, pip.stderr[-2000:]
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        + IMPORTS
        + "; import frontiersmith, frontiersmith.tools.catalog as c; "
        "assert frontiersmith.__file__.startswith(sys.argv[1]), frontiersmith.__file__; "
        "print(len(c.families()))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run(
        [sys.executable, "-c", code, str(target)], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert int(run.stdout) >= 31
