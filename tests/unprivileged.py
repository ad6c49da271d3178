"""Run the hostile suite again as an unprivileged user (``make test`` does, after the main run).

Most hosts that start ``frontiersmith serve`` (Claude Code or Codex on a laptop) are not root: runs
then cannot get uids of their own, and only per-run namespaces keep them apart. Run as root, this
drops to ``nobody`` with setpriv (util-linux) and a fresh HOME; run as anyone else, it just runs.

    python tests/unprivileged.py [PYTEST ARGS...]   (default: the hostile suite)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

HOSTILE = ["tests/sandbox/test_hostile.py", "tests/judge/test_integrity.py"]
NOBODY = 65534


def _python_for(uid: int) -> list[str]:
    """An interpreter ``uid`` can start that sees this venv's packages (the venv's own base
    interpreter may live under a home directory only its owner can enter)."""
    probe = [sys.executable, "-c", "import frontiersmith"]
    drop = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    if subprocess.run([*drop, *probe], capture_output=True).returncode == 0:
        return [sys.executable]
    site = sysconfig.get_paths()["purelib"]
    base = shutil.which("python3", path="/usr/bin:/usr/local/bin") or "python3"
    boot = f"import site, sys; site.addsitedir({site!r}); import pytest; sys.exit(pytest.main(sys.argv[1:]))"
    return [base, "-c", boot]


def main(argv: list[str]) -> int:
    args = ["-p", "no:cacheprovider", "-q", "-ra", *(argv or HOSTILE)]
    root = Path(__file__).resolve().parent.parent
    if os.geteuid() != 0:
        return subprocess.run([sys.executable, "-m", "pytest", *args], cwd=root).returncode
    if shutil.which("setpriv") is None:
        print("tests/unprivileged.py: setpriv (util-linux) is missing: cannot drop to an unprivileged user")
        return 1
    home = Path(tempfile.mkdtemp(prefix="fs-unprivileged-"))
    try:
        os.chown(home, NOBODY, NOBODY)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("FRONTIERSMITH_", "XDG_"))}
        env.update(
            HOME=str(home),
            TMPDIR=str(home),
            PYTHONDONTWRITEBYTECODE="1",
            FRONTIERSMITH_TEST_BACKENDS="process",  # the Docker engine's socket is root's
        )
        for keep in ("FRONTIERSMITH_REQUIRE_SANDBOXES",):
            if keep in os.environ:
                env[keep] = os.environ[keep]
        python = _python_for(NOBODY)
        if python == [sys.executable]:
            python = [sys.executable, "-m", "pytest"]
        cmd = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *python, *args]
        print(f"tests/unprivileged.py: the hostile suite again, as uid {NOBODY}", flush=True)
        return subprocess.run(cmd, cwd=root, env=env).returncode
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
