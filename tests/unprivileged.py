"""Run the hostile suite again as an unprivileged user (``make test`` does, after the main run).

Most hosts that start ``frontiersmith serve`` (Claude Code or Codex on a laptop) are not root: runs
then cannot get uids of their own, and only per-run namespaces keep them apart. Run as root, this
drops to ``nobody`` with setpriv (util-linux) and a fresh HOME, with a cgroup subtree delegated to it
(tests/delegated_cgroup.py) for the runs' limits; run as anyone else, it just runs.

    python tests/unprivileged.py [PYTEST ARGS...]   (default: the hostile suite, in three parts at once)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from delegated_cgroup import delegated_cgroup

HOSTILE = [
    "tests/sandbox/test_hostile.py",
    "tests/sandbox/test_run_limits.py",
    "tests/judge/test_integrity.py",
    "tests/judge/test_forgery.py",
    "tests/judge/test_interactive.py",
    "tests/judge/test_full_disk.py",
    "tests/judge/test_checker_failures.py",
    "tests/judge/test_host_faults.py",
    "tests/sandbox/test_compile_bounds.py",
]
# The default suite runs as three parts at once (the fast channel's runs, the runner's, and the rest): most of
# it waits on time limits, so three processes take little more than the longest part (12 s against 16 s for
# two halves).
PARTS = (["-k", "fast"], ["-k", "runner and not fast"], ["-k", "not fast and not runner"])  # disjoint
NOBODY = 65534


def _run_all(commands: list[list[str]], cwd: Path, env: dict[str, str] | None = None) -> int:
    """Run the commands at once; print each one's output whole, in order; the worst exit code. Each writes
    to a file of its own, not a pipe, so a long report cannot stall one command while we read another's."""
    with contextlib.ExitStack() as stack:
        outs = [stack.enter_context(tempfile.TemporaryFile()) for _ in commands]
        procs = [
            subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
            for cmd, out in zip(commands, outs, strict=True)
        ]
        codes = [proc.wait() for proc in procs]
        for out in outs:
            out.seek(0)
            sys.stdout.buffer.write(out.read())
    sys.stdout.flush()
    return max(codes)


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


def _stage_for(uid: int, root: Path, home: Path) -> tuple[Path, list[str]] | None:
    """When ``uid`` cannot read this checkout (a clone under a private home), a readable copy of what the
    hostile suite needs: the tests, the package laid out as installed, and this venv's packages. Returns
    (the copy's root, the interpreter command), or None when no copy is needed."""
    drop = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    readable = [
        *drop,
        "test",
        "-r",
        str(root / "tests" / "conftest.py"),
        "-a",
        "-r",
        sysconfig.get_paths()["purelib"],
    ]
    if subprocess.run(readable, capture_output=True).returncode == 0:
        return None
    stage = home / "stage"
    shutil.copytree(root / "tests", stage / "repo" / "tests")
    package = stage / "pkg" / "frontiersmith"
    shutil.copytree(root / "frontiersmith", package)
    for sub in ("sandbox", "store", "tools", "server", "agents"):  # setup.py's package-dir map
        shutil.copytree(root / sub, package / sub)
    # the venv's packages, less the editable install's hook (it points into the unreadable checkout)
    shutil.copytree(
        sysconfig.get_paths()["purelib"],
        stage / "site",
        ignore=lambda d, names: [n for n in names if n.startswith("__editable__")],
    )
    for dirpath, _dirs, _files in os.walk(home):
        os.chown(dirpath, uid, uid)
    base = shutil.which("python3", path="/usr/bin:/usr/local/bin") or "python3"
    boot = (
        f"import site, sys; sys.path.insert(0, {str(stage / 'pkg')!r}); site.addsitedir({str(stage / 'site')!r}); "
        "import pytest; sys.exit(pytest.main(sys.argv[1:]))"
    )
    return stage / "repo", [base, "-c", boot]


def main(argv: list[str]) -> int:
    base = ["-p", "no:cacheprovider", "-q", "-ra"]
    parts = [[*base, *argv]] if argv else [[*base, *HOSTILE, *part] for part in PARTS]
    root = Path(__file__).resolve().parent.parent
    if os.geteuid() != 0:
        return _run_all([[sys.executable, "-m", "pytest", *part] for part in parts], root)
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
        staged = _stage_for(NOBODY, root, home)
        if staged is not None:
            print(
                f"tests/unprivileged.py: uid {NOBODY} cannot read this checkout; running a copy", flush=True
            )
            cwd, python = staged
        else:
            cwd, python = root, _python_for(NOBODY)
            if python == [sys.executable]:
                python = [sys.executable, "-m", "pytest"]
        with delegated_cgroup(NOBODY) as (cgroup_env, inside):
            env.update(cgroup_env)
            drop = [*inside, "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *python]
            print(f"tests/unprivileged.py: the hostile suite again, as uid {NOBODY}", flush=True)
            return _run_all([[*drop, *part] for part in parts], cwd, env)
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
