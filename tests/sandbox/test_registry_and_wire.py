"""Backends chosen by registered name, and the wire format that ships into the sandbox beside the runner."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from frontiersmith.errors import SandboxError
from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import (
    ExecResult,
    ProgramHandle,
    RunLimits,
    Sandbox,
    make_sandbox,
    open_sandbox,
    registered_backends,
    registry,
    sandbox_backend,
)
from frontiersmith.sandbox.base import CompileResult
from frontiersmith.sandbox.bootstrap import SHIPPED, bootstrap_argv, shipped_sources
from frontiersmith.sandbox.process import ProcessSandbox
from frontiersmith.settings import get_settings

pytestmark = pytest.mark.anyio

SANDBOX_DIR = Path(registry.__file__).parent


async def test_the_process_and_docker_backends_are_registered_by_name() -> None:
    assert set(registered_backends()) == {"process", "docker"}
    assert make_sandbox("process", get_settings()).backend == "process"
    assert make_sandbox("docker", get_settings()).backend == "docker"


def test_an_unknown_backend_is_one_sentence_naming_every_registered_one() -> None:
    with pytest.raises(SandboxError) as caught:
        make_sandbox("vm", get_settings())
    message = str(caught.value)
    assert message.startswith("Unknown sandbox backend 'vm'") and message.count(".") == 1
    assert all(name in message for name in registered_backends())


def test_a_second_backend_under_a_taken_name_is_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):

        @sandbox_backend("process")
        class Impostor(ProcessSandbox):
            pass


def test_a_backend_must_implement_start() -> None:
    class NoStart(Sandbox):
        async def compile(self, code: str, language: Language, name: str = "main") -> CompileResult:
            return CompileResult(Verdict.SYSTEM_ERROR)

        async def run(
            self,
            program: ProgramHandle,
            *,
            stdin: bytes = b"",
            args: Sequence[str] = (),
            files: Mapping[str, bytes] | None = None,
            want_files: Sequence[str] = (),
            limits: RunLimits = RunLimits(),
        ) -> ExecResult:
            return ExecResult(Verdict.SYSTEM_ERROR)

        async def close(self) -> None:
            return None

    with pytest.raises(TypeError, match="start"):
        NoStart(get_settings())  # type: ignore[abstract]


async def test_open_sandbox_chooses_the_backend_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_BACKENDS", registry._BACKENDS.copy())

    @sandbox_backend("process-again")
    class ProcessAgain(ProcessSandbox):
        pass

    assert "process-again" in registered_backends()
    async with open_sandbox("process-again") as sb:
        assert isinstance(sb, ProcessAgain) and sb.backend == "process-again"
        c = await sb.compile("print(input()[::-1])", Language.PYTHON)
        assert c.program is not None
        r = await sb.run(c.program, stdin=b"abc\n")
    assert r.verdict is Verdict.OK and r.stdout == b"cba\n"


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(level, module, names) of every import in ``path``."""
    found: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or "", [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            found += [(0, a.name, []) for a in node.names]
    return found


def test_the_host_side_imports_nothing_of_the_runner() -> None:
    """What both sides need lives in wire.py (and cgroups.py); the runner's own modules are only the program
    shipped into the sandbox."""
    runner_only = set(SHIPPED) - {"wire", "cgroups"}
    offenders = []
    for path in sorted(SANDBOX_DIR.glob("*.py")):
        if path.stem in runner_only:
            continue
        for level, module, names in _imports(path):
            relative = level == 1 and (module in runner_only or (not module and runner_only & set(names)))
            absolute = module.removeprefix("frontiersmith.sandbox.") in runner_only
            if relative or absolute:
                offenders.append(f"{path.name}: {module or '.'} {names}")
    assert offenders == []


def test_what_ships_into_the_sandbox_imports_only_the_stdlib_and_itself() -> None:
    for name in SHIPPED:
        for level, module, names in _imports(SANDBOX_DIR / f"{name}.py"):
            if level:
                shipped = module in SHIPPED or (not module and set(names) <= set(SHIPPED))
                assert level == 1 and shipped, f"{name}.py imports .{module} {names}"
            else:
                top = module.split(".")[0]
                assert top == "__future__" or top in sys.stdlib_module_names, f"{name}.py imports {module}"


def test_the_bootstrap_serves_from_the_shipped_sources_alone(tmp_path: Path) -> None:
    """``python3 -I -S``, outside any sandbox: no package to import, only what the bootstrap was sent."""
    python = shutil.which("python3", path="/usr/bin:/usr/local/bin") or sys.executable
    argv = bootstrap_argv(python, root=str(tmp_path / "box"), private=False)
    (tmp_path / "box").mkdir()
    shipped = b"".join(source for _name, source in shipped_sources())
    ping = json.dumps({"op": "ping", "id": 1}).encode() + b"\n"
    done = subprocess.run(argv, input=shipped + ping, capture_output=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    hello, pong = (json.loads(line) for line in done.stdout.splitlines())
    assert hello["id"] == "ready" and pong == {
        "id": 1,
        "pid": hello["pid"],
        "setuid": hello["setuid"],
        "run_ns": False,
    }
