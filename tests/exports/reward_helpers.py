"""Shared by the reward and trainer-format tests: exports of the shared store, the solutions to score and
what ``submit`` gives them (the number every reward must equal exactly)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from chat_server import LoopbackChat
from export_helpers import INVALID_CODE
from openai import AsyncOpenAI

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


class ScriptedSolver(LoopbackChat):
    """Answers each task (told apart by its title) by ``plan``: a list of ("submit", Program) tool calls,
    then ("answer", Program), one a turn."""

    def __init__(self, plans: dict[str, list[tuple[str, Program]]]):
        super().__init__()
        self.plans = plans

    def message_for(self, body: dict[str, Any], n: int) -> tuple[dict[str, Any], str]:
        messages = body["messages"]
        title = re.search(r"^# (.+)$", messages[1]["content"], re.MULTILINE).group(1)  # type: ignore[union-attr]
        turn = sum(m["role"] == "assistant" for m in messages)
        kind, program = self.plans[title][turn]
        if kind == "answer":
            return {"role": "assistant", "content": fenced(program)}, "stop"
        args = json.dumps({"code": program.code, "language": program.language.value})
        call = {"id": f"call-{n}", "type": "function", "function": {"name": "submit", "arguments": args}}
        return {"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls"


async def evaluate(env: Any, plans: dict[str, list[tuple[str, Program]]]) -> list[Any]:
    with ScriptedSolver(plans) as model:
        results = await env.evaluate(
            client=AsyncOpenAI(base_url=model.base_url, api_key="scripted"), model="m"
        )
    return results["outputs"]
