"""Solvers under evaluation, named by a spec: ``catalog:weak|medium|strong``, ``model:NAME``,
``agent:NAME``, ``command:PATH`` and ``files:DIR`` (existing solutions replayed: one solver per name, see
``solution_files``). Each writes one attempt at a time (a ``Draft``); evaluate judges it.

Whatever a solver prints is untrusted: no code, the wrong language or a solver that crashes or hangs is a
``Draft`` with ``reason`` set (a failed attempt), never an exception; the code it writes runs only in the
sandbox, through the one judge.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import re
import signal
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import anyio

from frontiersmith.errors import EndpointUnreachable, InvalidInputError
from frontiersmith.models import Language, Problem
from frontiersmith.settings import Settings
from frontiersmith.store import Store

from ..judging.package import JudgePackage
from ..llm import prompts
from ..llm.answers import find_program
from ..llm.endpoints import api_key_from_env, openai_chat
from ..problems.submit import MAX_CODE_BYTES
from .board import Board, BoardEntry

CATALOG_RANKS = ("weak", "medium", "strong")
COMMAND_TIMEOUT_S = 60.0
SOLVER_KINDS = "frontiersmith.solvers"  # the entry-point group of the solver kinds other layers provide


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
    judged: Any = None  # a replayed file's board.Judged: judged in its problem's batch (evaluate.replay)


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
    """A solver under evaluation, named by its spec (``parse_solver``): it writes one program an attempt."""

    spec: str
    # False when a further attempt would write the same program (the catalog's solvers): evaluate stops
    repeats: bool

    async def write(self, ctx: AttemptContext) -> Draft:
        """The attempt's program, or a draft whose ``reason`` says why there is none; a failed attempt is a
        draft, not an exception."""
        ...


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
        """The board's program of this grade; no code when the problem ships no solvers."""
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
        """Run the command with the statement (and the judge's feedback) on stdin and read the program it prints
        (``find_program``); it learns the attempt and problem from ``FRONTIERSMITH_ATTEMPT`` and
        ``FRONTIERSMITH_PROBLEM``."""
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
        code, language, why = find_program(text)
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


# -- files:DIR -------------------------------------------------------------------------------------------------

# DIR/<problem>/<name>.<ext> is a solver's first attempt, <name>_<k>.<ext> its attempt k + 1 (FrontierCS's
# algorithmic/solutions layout); a .FAILED file is an attempt whose generation failed (no program).
_SOLUTION_FILE = re.compile(r"^(?P<name>.+?)(?:_(?P<k>\d+))?\.(?P<ext>cpp|cc|cxx|py|FAILED)$")


@dataclass(frozen=True)
class SolutionFile:
    """One replayed attempt: the problem folder it is under, the solver's name, the attempt (from 1)."""

    problem: str
    solver: str
    attempt: int
    path: Path
    language: Language | None  # None: a .FAILED file, an attempt that produced no program


def solution_files(root: Path | str) -> list[SolutionFile]:
    """Every solution file under ``root`` (``root/<problem>/<name>[_k].<ext>``), in a stable order; files that
    are not named so are not attempts and are left out."""
    root = Path(root).expanduser()
    if not root.is_dir():
        raise InvalidInputError(
            f"files:{root} is not a directory; pass a folder of <problem>/<name>[_k].cpp files."
        )
    found: list[SolutionFile] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        for path in sorted(folder.iterdir()):
            m = _SOLUTION_FILE.match(path.name)
            if m is None or not path.is_file():
                continue
            ext = m.group("ext")
            language = None if ext == "FAILED" else Language.PYTHON if ext == "py" else Language.CPP
            attempt = int(m.group("k")) + 1 if m.group("k") is not None else 1
            found.append(SolutionFile(folder.name, m.group("name"), attempt, path, language))
    if not found:
        raise InvalidInputError(f"files:{root} holds no <problem>/<name>[_k].cpp (or .py) files.")
    return found


class FilesSolver:
    """A solver whose attempts already exist as files (``solution_files``): attempt k on a problem is its file
    for k, judged in its problem's batch (``evaluate.replay``) and handed over as it stands."""

    repeats = True

    def __init__(self, name: str):
        self.spec = f"files:{name}"
        self.drafts: dict[tuple[str, int], Draft] = {}  # (problem id, attempt) -> the judged draft

    async def write(self, ctx: AttemptContext) -> Draft:
        """The file replayed for this problem and attempt, or no code when there is none."""
        return self.drafts.get((ctx.problem.id, ctx.attempt)) or Draft(
            reason="no code: no file for this attempt"
        )


def read_solution(file: SolutionFile) -> Draft:
    """A replayed file as the attempt it was: its program, or why there is none (a FAILED generation, a file
    too big or not text)."""
    messages = [{"role": "solver", "content": f"replayed {file.problem}/{file.path.name}"}]
    if file.language is None:
        return Draft(reason="no code: the attempt's generation failed (a .FAILED file)", messages=messages)
    if file.path.stat().st_size > MAX_CODE_BYTES:
        return Draft(reason=f"no code: the file is over {MAX_CODE_BYTES} bytes", messages=messages)
    try:
        code = file.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Draft(reason=f"no code: the file cannot be read as text ({exc})", messages=messages)
    return Draft(code=code, language=file.language, messages=messages)


# -- model:NAME -----------------------------------------------------------------------------------------------


class ModelSolver:
    """An OpenAI-compatible chat model (base URL and key from the settings, as the chat provider's) writing
    code; with feedback each attempt continues the conversation with the judge's data-free diagnostics."""

    repeats = True

    def __init__(self, model: str, settings: Settings):
        self.spec = f"model:{model}"
        self.chat = openai_chat(settings.llm_base_url, model, api_key_from_env(settings.llm_api_key_env))
        # The language it is asked to write in, as in synthesis (default python; `any` leaves it the choice); a
        # program in the other one is judged all the same.
        self.language = settings.llm_language

    async def write(self, ctx: AttemptContext) -> Draft:
        """Ask the model, continuing its conversation with the latest feedback when there is some; an endpoint
        that cannot be reached stops the evaluation (EndpointUnreachable), any other failure is a draft without
        code."""
        previous = ctx.previous.messages if ctx.previous is not None and ctx.feedback else []
        if previous:
            turn = prompts.attempt_feedback_block(ctx.feedback[-1:]).strip()
        else:
            turn = statement_text(ctx.problem)
            if self.language != "any":
                turn += f" Write it in {prompts.LANGUAGE_NAMES[self.language]}."
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
        code, language, why = find_program(text)
        return Draft(code=code, language=language, reason=why, messages=messages, tokens=tokens)


def parse_solver(spec: str, settings: Settings, *, command_timeout_s: float = COMMAND_TIMEOUT_S) -> Solver:
    """The solver a spec names; a malformed spec is a one-sentence error."""
    kind, _, name = spec.partition(":")
    if not name:
        raise InvalidInputError(
            f"--solver {spec!r} is not a solver spec; use catalog:weak|medium|strong, model:NAME, agent:NAME, "
            "command:PATH or files:DIR."
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
    if kind == "files":  # one solver per name in the folder: evaluate.replay makes them
        raise InvalidInputError(
            f"--solver {spec} replays a folder of solutions: evaluate takes it (one solver per name found)."
        )
    plugin = solver_kinds().get(kind)
    if plugin is not None:
        return plugin.load()(name, settings)
    raise InvalidInputError(
        f"--solver {spec!r} has an unknown kind {kind!r}; use catalog:, model:, agent:, command: or files:."
    )


def solver_kinds() -> dict[str, importlib.metadata.EntryPoint]:
    """The solver kinds a layer above this one provides, by name: entry points of the group ``SOLVER_KINDS``,
    each a class taking ``(name, settings)`` (``agent``: frontiersmith/agents/contestant.py, declared in
    pyproject.toml). Loaded only when a spec names one, so the Agents SDK is imported by an ``agent:`` solver
    alone."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=SOLVER_KINDS)}


__all__ = [
    "AttemptContext",
    "CatalogSolver",
    "CommandSolver",
    "Draft",
    "FilesSolver",
    "ModelSolver",
    "SolutionFile",
    "Solver",
    "find_program",
    "parse_solver",
    "read_solution",
    "solution_files",
    "solver_kinds",
    "statement_text",
]
