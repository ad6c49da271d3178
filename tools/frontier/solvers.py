"""Solvers under evaluation, named by a spec: ``catalog:weak|medium|strong``, ``model:NAME``,
``agent:NAME`` and ``command:PATH``. Each writes one attempt at a time (a ``Draft``); evaluate judges it.

Whatever a solver prints is untrusted: no code, the wrong language or a solver that crashes or hangs is a
``Draft`` with ``reason`` set (a failed attempt), never an exception; the code it writes runs only in the
sandbox, through the one judge.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import anyio

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language, Problem
from frontiersmith.settings import Settings
from frontiersmith.store import Store

from ..llm import prompts
from ..llm.base import EndpointUnreachable
from ..llm.chat import extract_code
from ..problems import JudgePackage
from ..submit import MAX_CODE_BYTES
from .board import Board, BoardEntry

CATALOG_RANKS = ("weak", "medium", "strong")
COMMAND_TIMEOUT_S = 60.0


@dataclass
class Draft:
    """One attempt as the solver left it: a program, or the reason there is none."""

    code: str = ""
    language: Language | None = None
    reason: str = ""  # why there is no usable program (then the attempt fails without a run)
    messages: list[dict[str, Any]] = field(default_factory=list)
    tokens: int = 0
    strategy: str = ""
    board_entry: BoardEntry | None = None  # a catalog solver's run, already judged on the board
    submitted: Any = None  # an agent's SubmitResult: judged by the server's submit


@dataclass
class AttemptContext:
    """What a solver gets for one attempt: the problem, its package, the attempt number and, with feedback,
    the data-free diagnostics of its previous attempts (never test data)."""

    store: Store
    problem: Problem
    pkg: JudgePackage
    attempt: int
    feedback: list[str]
    settings: Settings
    board: Board | None = None
    previous: Draft | None = None


class Solver(Protocol):
    spec: str
    # False when a further attempt would write the same program (the catalog's solvers): evaluate stops
    repeats: bool

    async def write(self, ctx: AttemptContext) -> Draft: ...


def statement_text(problem: Problem, feedback: Sequence[str] = ()) -> str:
    """The prompt a solver under evaluation reads: the statement, limits and the program contract, then the
    judge's data-free feedback on its previous attempts."""
    text = prompts.EVALUATE_SOLVE.render(
        title=problem.title,
        statement=problem.statement,
        io_format=problem.io_format,
        time_ms=problem.limits.time_ms,
        memory_mb=problem.limits.memory_mb,
    )
    return text + prompts.attempt_feedback_block(list(feedback))


# -- catalog:weak|medium|strong -------------------------------------------------------------------------------


class CatalogSolver:
    """The problem's own shipped programs graded by their mean score on its board: weak is the worst,
    strong the best, medium the median. Deterministic, so one attempt says all."""

    repeats = False

    def __init__(self, rank: str):
        self.rank = rank
        self.spec = f"catalog:{rank}"

    async def write(self, ctx: AttemptContext) -> Draft:
        ranked = ctx.board.ranked() if ctx.board is not None else []
        if not ranked:
            return Draft(reason=f"no code: {ctx.problem.id} ships no solvers to grade")
        entry = {"weak": ranked[0], "strong": ranked[-1]}.get(self.rank, ranked[(len(ranked) - 1) // 2])
        return Draft(
            code=entry.code,
            language=entry.language,
            strategy=entry.strategy,
            board_entry=entry,
            messages=[{"role": "solver", "content": f"the board's {self.rank} program: {entry.label}"}],
        )


# -- command:PATH ---------------------------------------------------------------------------------------------


class CommandSolver:
    """A local program: the statement on stdin, code on stdout, within ``timeout_s``."""

    repeats = True

    def __init__(self, path: str, timeout_s: float = COMMAND_TIMEOUT_S):
        self.path = Path(path).expanduser()
        if not self.path.is_file() or not os.access(self.path, os.X_OK):
            raise InvalidInputError(f"command:{path} is not an executable file; pass the path of a program.")
        self.spec = f"command:{path}"
        self.timeout_s = timeout_s

    async def write(self, ctx: AttemptContext) -> Draft:
        prompt = statement_text(ctx.problem, ctx.feedback)
        messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
        env = {
            **os.environ,
            "FRONTIERSMITH_ATTEMPT": str(ctx.attempt),
            "FRONTIERSMITH_PROBLEM": ctx.problem.id,
        }
        out, reason = await run_command([str(self.path.resolve())], prompt.encode(), self.timeout_s, env)
        text = out.decode("utf-8", "replace")
        messages.append({"role": "assistant", "content": text[:MAX_CODE_BYTES]})
        if reason:
            return Draft(reason=reason, messages=messages)
        code, language, why = extract_code(text)
        return Draft(code=code, language=language, reason=why, messages=messages)


async def run_command(
    argv: list[str], stdin: bytes, timeout_s: float, env: dict[str, str]
) -> tuple[bytes, str]:
    """Run a solver program; (stdout, "") or (what it printed, why it failed: time-out, exit code)."""
    chunks: list[bytes] = []
    size = 0
    try:
        process = await anyio.open_process(argv, env=env, start_new_session=True)
    except OSError as exc:
        return b"", f"no code: the command could not start ({exc.strerror or exc})"
    async with process:
        with anyio.move_on_after(timeout_s) as scope:
            assert process.stdin is not None and process.stdout is not None
            # a command that stops reading its stdin may still print code
            with contextlib.suppress(anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
                await process.stdin.send(stdin)
            await process.stdin.aclose()
            async for chunk in process.stdout:
                size += len(chunk)
                if size > MAX_CODE_BYTES + 1:
                    break
                chunks.append(chunk)
            await process.wait()
        if process.returncode is None:
            _kill_group(process.pid)
            await process.wait()
    if scope.cancelled_caught:
        return b"".join(chunks), f"no code: the command timed out after {timeout_s:g} s"
    if size > MAX_CODE_BYTES + 1:
        return b"", f"no code: the command printed over {MAX_CODE_BYTES} bytes"
    if process.returncode:
        return b"".join(chunks), f"no code: the command exited with code {process.returncode}"
    return b"".join(chunks), ""


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)  # its own session: the group is the command and its children


# -- model:NAME -----------------------------------------------------------------------------------------------


class ModelSolver:
    """An OpenAI-compatible chat model (base URL and key from the settings, as the chat provider's) writing
    code; with feedback each attempt continues the conversation with the judge's data-free diagnostics."""

    repeats = True

    def __init__(self, model: str, settings: Settings):
        from ..llm.chat import api_key_from_env, openai_chat

        self.spec = f"model:{model}"
        self.chat = openai_chat(settings.llm_base_url, model, api_key_from_env(settings.llm_api_key_env))

    async def write(self, ctx: AttemptContext) -> Draft:
        previous = ctx.previous.messages if ctx.previous is not None and ctx.feedback else []
        if previous:
            turn = prompts.attempt_feedback_block(ctx.feedback[-1:]).strip()
        else:
            turn = statement_text(ctx.problem)
        messages = [*previous, {"role": "user", "content": turn}]
        if not previous:
            messages.insert(0, {"role": "system", "content": prompts.EVALUATE_SYSTEM})
        try:
            text, tokens = await self.chat(messages)
        except EndpointUnreachable:  # nothing would answer any attempt: the evaluation stops, in one sentence
            raise
        except Exception as exc:  # the endpoint, not the loop: a failed attempt
            first = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
            return Draft(reason=f"no code: the model endpoint failed ({first})", messages=messages)
        messages.append({"role": "assistant", "content": text})
        code, language, why = extract_code(text)
        return Draft(code=code, language=language, reason=why, messages=messages, tokens=tokens)


def parse_solver(spec: str, settings: Settings, *, command_timeout_s: float = COMMAND_TIMEOUT_S) -> Solver:
    """The solver a spec names; a malformed spec is a one-sentence error."""
    kind, _, name = spec.partition(":")
    if not name:
        raise InvalidInputError(
            f"--solver {spec!r} is not a solver spec; use catalog:weak|medium|strong, model:NAME, agent:NAME "
            "or command:PATH."
        )
    if kind == "catalog":
        if name not in CATALOG_RANKS:
            raise InvalidInputError(
                f"--solver catalog:{name} is not known; use catalog:weak, catalog:medium or catalog:strong."
            )
        return CatalogSolver(name)
    if kind == "command":
        return CommandSolver(name, command_timeout_s)
    if kind == "model":
        return ModelSolver(name, settings)
    if kind == "agent":
        from frontiersmith.agents.contestant import AgentSolver

        return AgentSolver(name, settings)
    raise InvalidInputError(
        f"--solver {spec!r} has an unknown kind {kind!r}; use catalog:, model:, agent: or command:."
    )


__all__ = [
    "AttemptContext",
    "CatalogSolver",
    "CommandSolver",
    "Draft",
    "ModelSolver",
    "Solver",
    "extract_code",
    "parse_solver",
    "statement_text",
]
