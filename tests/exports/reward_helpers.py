"""Shared by the reward and trainer-format tests: exports of the shared store, the solutions to score and
what ``submit`` gives them (the number every reward must equal exactly)."""

from __future__ import annotations

from pathlib import Path

from export_helpers import INVALID_CODE

from frontiersmith.models import Program
from frontiersmith.settings import Settings
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.exports import Manifest, export_tasks
from frontiersmith.tools.problems.submit import submit

# Deterministic programs (no clock, no unseeded randomness), so a score is a function of the code alone.
SOLVERS = {"min_true_2sat": "greedy.py", "max_3sat": "johnson.cpp", "weighted_tardiness": "atc.py"}
FORK_BOMB = "import os\nwhile True:\n    os.fork()\n"
READS_FILES = (
    "import glob\nfor p in glob.glob('/**/*.ans', recursive=True)[:50]:\n    print(open(p).read())\n"
)
NETWORK = (
    "import socket\ns = socket.create_connection(('1.1.1.1', 80), timeout=2)\n"
    "s.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n')\nprint(s.recv(100))\n"
)
SPINS = "while True:\n    pass\n"


def solver(family: str) -> Program:
    fam = get_family(family)
    spec = next(s for s in fam.solvers if s.path.name == SOLVERS[family])
    return Program(code=spec.path.read_text(), language=spec.language)


def baseline(family: str) -> Program:
    fam = get_family(family)
    assert fam.baseline is not None
    return fam.baseline.program


def invalid() -> Program:
    return Program(code=INVALID_CODE, language="python")


def fenced(program: Program, fence: str | None = None) -> str:
    """A completion that talks, then gives ``program`` in a fenced block."""
    tag = fence or ("cpp" if program.language.value == "cpp" else "python")
    code = program.code if program.code.endswith("\n") else program.code + "\n"
    return f"Here is my approach.\n\n```{tag}\n{code}```\n\nIt runs in time."


async def submit_score(published, task_id: str, program: Program) -> float:
    result = await submit(
        published.store, task_id, program.code, program.language, settings=published.settings
    )
    return result.score


async def export(published, fmt: str, out: Path, split: str | None = None) -> Manifest:
    return await export_tasks(published.store, fmt, out, split=split, settings=published.settings)


def storeless_settings(tmp_path: Path) -> Settings:
    """Settings of a trainer machine: no store, the process sandbox."""
    return Settings(data_dir=tmp_path / "no-store", sandbox_backend="process", workers=2)


def use_store(published, monkeypatch) -> Settings:
    """Make the shared store this process's store (for code that reads the settings itself), no user config."""
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(published.data_dir / "no-config.toml"))
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(published.data_dir))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    return published.settings
