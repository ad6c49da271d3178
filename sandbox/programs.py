"""How a program is compiled and started inside a sandbox: the compile commands, what a compile leaves and the
handle it gives, the key its result is cached under on the host, and the environment its runs start with.

Pure functions and the command texts; backend.py runs the commands in the sandbox and keeps the host's compile
cache (compile_cache.py) filled.
"""

from __future__ import annotations

import hashlib
import re

from frontiersmith.models import Language

from .base import ProgramHandle, ProgramRole
from .pch import FLAGS as PCH_FLAGS
from .wire import SOURCE_ENV, WARM_ENV

CPP_FLAGS_VERSION = "g++ -std=c++17 -O2 -pipe v1"  # bump when the compile command changes

# A Python program is compiled once, by its compile step, to the bytecode of main.py (a .pyc): compiling
# the source again in every run would cost a catalog family's verifier a good share of its run.
# It says what ``python -m py_compile main.py`` would say of a bad program, without importing py_compile (with
# the enum, tokenize and traceback it pulls in, most of a compile step): traceback only for that message.
PYTHON_COMPILE = (
    "import sys, marshal, _frozen_importlib_external as b\n"
    "with open('main.py', 'rb') as f:\n"
    " src = f.read()\n"
    "try:\n"
    " code = compile(src, 'main.py', 'exec', dont_inherit=True)\n"
    "except Exception as e:\n"
    " if type(e) is SyntaxError:\n"  # py_compile's own test: its subclasses get the one-line form
    "  import traceback\n"
    "  msg = ''.join(traceback.format_exception_only(type(e), e))\n"
    " else:\n"
    "  msg = 'Sorry: %s: %s' % (type(e).__name__, e)\n"
    " sys.stderr.write(msg + '\\n')\n"
    " sys.exit(1)\n"
    "with open('main.pyc', 'wb') as f:\n"
    " f.write(b.MAGIC_NUMBER + bytes(12) + marshal.dumps(code))\n"  # magic, flags, a zero source stamp
)
# A run loads that bytecode from fd 3, which the launcher opened before dropping to the run's uid (the file
# is owner-only; see ProgramHandle.source); sys.argv[1:] are the run-time args. It runs with ``-S``: the
# standard library alone on every backend, and none of the host's .pth hooks in a run (they also cost each
# run more than its own start); ``exit`` and ``quit``, which ``site`` would add, are kept.
PYTHON_FROM_FD3 = (
    "import sys, builtins, marshal, _sitebuiltins\n"
    "builtins.exit = _sitebuiltins.Quitter('exit', 'Ctrl-D (i.e. EOF)')\n"
    "builtins.quit = _sitebuiltins.Quitter('quit', 'Ctrl-D (i.e. EOF)')\n"
    "with open(3, 'rb', closefd=True) as f:\n"
    " c = marshal.loads(f.read()[16:])\n"  # past the .pyc header (magic, flags, source stamp)
    "sys.argv[0] = 'main.py'\n"
    "exec(c, {'__name__': '__main__', '__builtins__': __builtins__})\n"
)

# The warm interpreter's script (sandbox/zygote.py, whose text is argv[1]): its first line also serves runs
# until, in a run's own process, serve() returns; the lines after it are PYTHON_FROM_FD3's, line for line,
# so a program's tracebacks name the same "<string>" lines and it meets the same globals in __main__.
_FIRST, _REST = PYTHON_FROM_FD3.split("\n", 1)
ZYGOTE_MAIN = f"{_FIRST}; _z = {{}}; exec(sys.argv[1], _z); _z['serve'](); del _z\n{_REST}"

# What a compile step leaves in its dir, and the mode it is installed with: owner-only (a binary needs no read
# right to be run), so no run reads another's program.
COMPILED = {Language.CPP: ("prog", 0o711), Language.PYTHON: ("main.pyc", 0o600)}


def program_dir(name: str, n: int) -> str:
    """The dir under progs a compile of ``name`` installs into (``n``: a number of the sandbox's own)."""
    return f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)[:40] or 'prog'}-{n}"


def compile_command(
    code: str, language: Language, python: str, include: str, pch: str | None
) -> tuple[list[str], dict[str, bytes]]:
    """The compile step's command and the files it starts with: g++ (with ``include``, the sandbox's header
    dir, and ``pch``, a dir holding a precompiled ``<bits/stdc++.h>``) or Python's bytecode step."""
    if language is Language.CPP:
        # GCC looks for bits/stdc++.h.gch in each -I dir before the system's, and skips one it cannot use
        # (built with other flags: so the compile takes the header's own).
        argv = ["g++", *PCH_FLAGS, "-pipe", "-I", include]
        argv += [*(["-I", pch] if pch else []), "-o", "prog", "main.cpp"]
        return argv, {"main.cpp": code.encode()}
    if language is Language.PYTHON:
        return [python, "-I", "-S", "-c", PYTHON_COMPILE], {"main.py": code.encode()}
    raise ValueError(f"unsupported language {language}")  # pragma: no cover - Language has no other members


def cache_key(
    backend: str, code: str, language: Language, testlib: bytes, pyc_magic: str | None
) -> str | None:
    """The key a compiled program is cached under on the host: a C++ binary by source, flags, header and backend
    (g++ -O2 is the slow part of judging, and the pipeline compiles the same solver in many sandboxes); a Python
    program's bytecode by source, backend and the sandbox interpreter's bytecode magic (the pipeline compiles
    the same verifier in every sandbox it judges in). None: not cached (an interpreter that did not say its
    magic)."""
    if language is Language.CPP:
        parts: tuple[str | bytes, ...] = (CPP_FLAGS_VERSION, code.encode(), testlib)
    elif language is Language.PYTHON and pyc_magic:
        parts = ("python", pyc_magic, code.encode())
    else:
        return None
    h = hashlib.sha256()
    for part in (backend, *parts):
        h.update(len(part).to_bytes(8, "little") + (part.encode() if isinstance(part, str) else part))
    return h.hexdigest()


def handle(name: str, language: Language, installed: str, python: str, role: ProgramRole) -> ProgramHandle:
    """The program compiled (or taken from the cache) to ``installed``: a binary run as is, or bytecode the
    launcher opens as fd 3 for ``PYTHON_FROM_FD3``."""
    if language is Language.CPP:
        return ProgramHandle(name=name, language=language, argv=(installed,), role=role)
    argv = (python, "-I", "-S", "-c", PYTHON_FROM_FD3)
    return ProgramHandle(name=name, language=language, argv=argv, source=installed, role=role)


def program_env(program: ProgramHandle) -> dict[str, str]:
    """The environment entries a run of ``program`` starts with, beside the runner's own."""
    env: dict[str, str] = {}
    if program.language is Language.PYTHON:
        env["PYTHONHASHSEED"] = "0"
    if program.source:
        env[SOURCE_ENV] = program.source
    if program.warm:
        env[WARM_ENV] = "1"
    return env
