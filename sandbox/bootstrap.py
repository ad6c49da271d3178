"""What a backend starts and ships into its sandbox: the runner's command line and the modules it reads, the C
launcher (built on the host when it can be), the warm interpreter's command and the testlib header.

A backend starts ``bootstrap_argv`` somewhere isolated and writes ``shipped_sources`` to its stdin; the runner
(runner.py, with the modules beside it) then answers on the byte pipe the backend gives the host (link.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import platform
import secrets
import shutil
import subprocess
import tempfile
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import platformdirs

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings

from .programs import ZYGOTE_MAIN
from .wire import ROOT

log = logging.getLogger(__name__)

# where a host dir shared with the sandbox appears inside it (0700: the runner gets in, run uids do not):
# docker's request/reply FIFOs, and the fast-run socket of both backends
CHANNEL = "/fs-chan"

# The modules shipped into the sandbox, in import order: each imports only those before it. wire and cgroups the
# host imports too; the others are the runner's alone (no module of the host imports them).
SHIPPED = ("wire", "cgroups", "inside", "teardown", "runs", "launcher", "replies", "runner")
LAUNCHER_SOURCE = "fs_exec.c"

# Executed by ``python3 -I -S -c``: reads exactly the shipped modules' sources from stdin (argv[1] is
# "NAME:SIZE,..."), makes each a module of a package ``fs_runner`` (so the runner's relative imports of the
# modules before it find them, as they do on the host), then starts the last one, the runner.
BOOTSTRAP = (
    "import os,sys,types\n"
    "def take(n):\n"
    " b=b''\n"
    " while len(b)<n:\n"
    "  c=os.read(0,n-len(b))\n"
    "  if not c: raise SystemExit(3)\n"
    "  b+=c\n"
    " return b\n"
    "p=sys.modules['fs_runner']=types.ModuleType('fs_runner')\n"
    "for part in sys.argv[1].split(','):\n"
    " name,n=part.split(':')\n"
    " m=types.ModuleType('fs_runner.'+name);m.__package__='fs_runner'\n"
    " sys.modules[m.__name__]=m;setattr(p,name,m)\n"
    " exec(compile(take(int(n)),name+'.py','exec'),m.__dict__)\n"
    "m.main(sys.argv[2])\n"
)


@cache
def shipped_sources() -> tuple[tuple[str, bytes], ...]:
    """(module name, source) of what the bootstrap reads, in its order."""
    here = resources.files("frontiersmith.sandbox")
    return tuple((name, here.joinpath(f"{name}.py").read_bytes()) for name in SHIPPED)


@cache
def zygote_argv(python: str) -> tuple[str, ...]:
    """The warm interpreter's command line, as the launcher execs it (see sandbox/zygote.py)."""
    source = resources.files("frontiersmith.sandbox").joinpath("zygote.py").read_text()
    return (python, "-I", "-S", "-c", ZYGOTE_MAIN, source)


def bootstrap_argv(
    python: str,
    root: str = ROOT,
    chan: str | None = None,
    private: bool = True,
    run_ns: bool = False,
    cgroup: dict[str, Any] | None = None,
    xfer: str | None = None,
) -> list[str]:
    """The runner's command line; ``chan`` is a dir with the FIFOs ``req`` and ``rep`` to talk over instead of
    stdio; ``private``: the runner's /tmp, /dev/shm and the like are the sandbox's own, not the host's;
    ``run_ns``: runs cannot get uids of their own (a non-root host), so each gets pid and mount namespaces
    of its own from the launcher instead (see fs_exec.c), and without the launcher nothing runs."""
    # Runs get uids from a range picked per sandbox: RLIMIT_NPROC counts per uid across the whole
    # host, so two sandboxes must not share uids.
    cfg: dict[str, Any] = {"root": root, "uid_base": 100_000 + 1000 * secrets.randbelow(1_000_000)}
    if chan:
        cfg["chan"] = chan
    cfg["private"] = private
    cfg["run_ns"] = run_ns
    if cgroup:  # the sandbox's cgroup subtree as the runner sees it (SandboxCgroup.config)
        cfg["cgroup"] = cgroup
    if xfer:  # the dir compiled programs cross between the host's compile cache and the sandbox
        cfg["xfer"] = xfer
    config = json.dumps(cfg)
    sizes = ",".join(f"{name}:{len(source)}" for name, source in shipped_sources())
    return [python, "-I", "-S", "-c", BOOTSTRAP, sizes, config]


def launcher_source() -> bytes:
    """The launcher's C source (fs_exec.c), as shipped in the package."""
    return resources.files("frontiersmith.sandbox").joinpath(LAUNCHER_SOURCE).read_bytes()


def launcher_build_flags() -> list[str]:
    """Compiler flags for the launcher: without libc on x86-64 (see fs_exec.c), plain static elsewhere."""
    if platform.machine() in ("x86_64", "AMD64"):
        return [
            "-DFS_NOLIBC",
            "-nostdlib",
            "-static",
            "-fno-pie",
            "-no-pie",
            "-fno-stack-protector",
            "-fno-builtin",
            "-O2",
        ]
    return ["-O2", "-static"]


def host_launcher() -> bytes | None:
    """The launcher as a static binary built with the host's C compiler (cached), or None if there is none.

    Static, so the same file works in bubblewrap and in any container image.
    """
    source = launcher_source()
    digest = hashlib.sha256(source + " ".join(launcher_build_flags()).encode()).hexdigest()[:16]
    cache = Path(platformdirs.user_cache_dir("frontiersmith", appauthor=False)) / f"fs-exec-{digest}"
    if cache.is_file():
        return cache.read_bytes()
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        return None
    with tempfile.TemporaryDirectory(prefix="fs-exec-build-") as tmp:
        src, out = Path(tmp) / LAUNCHER_SOURCE, Path(tmp) / "fs-exec"
        src.write_bytes(source)
        try:
            subprocess.run(
                [cc, "-x", "c", *launcher_build_flags(), "-o", str(out), str(src)],
                capture_output=True,
                timeout=120,
                check=True,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            log.info("could not build the sandbox launcher on the host: %s", exc)
            return None
        data = out.read_bytes()
    with contextlib.suppress(OSError):
        cache.parent.mkdir(parents=True, exist_ok=True)
        part = cache.with_name(f"{cache.name}.{os.getpid()}.part")
        part.write_bytes(data)
        os.replace(part, cache)
    return data


def testlib_header(settings: Settings) -> bytes | None:
    """Our testlib-compatible header, or the real one a setting points at."""
    if settings.testlib_header:
        path = Path(settings.testlib_header).expanduser()
        if not path.is_file():
            raise SandboxError(f"The testlib header {path} does not exist; fix FRONTIERSMITH_TESTLIB_HEADER.")
        return path.read_bytes()
    ours = resources.files("frontiersmith.sandbox").joinpath("testlib.h")
    return ours.read_bytes() if ours.is_file() else None
