"""CLI usage errors (a missing command or argument, an unknown option, a value of the wrong type or out of
range) print the usage line, where to get help and one error line, exit 2 and never show a traceback.

Every command and group is found by walking the typer app, so a command added later is covered too. The
cases run in-process through ``cli.main`` (fast); a few also run as real subprocesses, which must print
the very same thing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from suite_env import child_env

from frontiersmith import cli
from frontiersmith.commands import shell


def _walk(command: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    found = [(path, command)]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        found += _walk(sub, (*path, name))
    return found


COMMANDS = _walk(typer.main.get_command(cli.app))


def _is_group(command: Any) -> bool:
    return hasattr(command, "commands")


def _fillers(command: Any) -> list[str]:
    """A value for every required argument, so that only the option under test is wrong."""
    return ["x" for p in command.params if p.param_type_name == "argument" and p.required]


def _bad_values(param: Any) -> list[str]:
    """Values a typed option must refuse while parsing: not a number, and just outside its declared range."""
    kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if kind not in (int, float) or getattr(param, "is_flag", False):
        return []
    bad = ["abc"]
    if param.min is not None:
        bad.append(str(param.min - 1))
    if param.max is not None:
        bad.append(str(param.max + 1))
    return bad


def _cases() -> list[tuple[str, ...]]:
    cases: list[tuple[str, ...]] = []
    for path, command in COMMANDS:
        if _is_group(command) or any(p.required for p in command.params):
            cases.append(path)  # no command / missing arguments
        cases.append((*path, "--no-such-option"))
        if _is_group(command):
            continue
        for param in command.params:
            if param.param_type_name != "option":
                continue
            for value in _bad_values(param):
                cases.append((*path, *_fillers(command), param.opts[0], value))
    # Ranges the command checks through its config model rather than the option's declaration.
    cases += [("synthesize", "--rounds", "0"), ("synthesize", "--n-solutions", "1")]
    return cases


CASES = _cases()


def _in_process(args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``cli.main`` exactly as the console script calls it: no arguments, the command line in sys.argv."""
    with pytest.MonkeyPatch.context() as mp, pytest.raises(SystemExit) as exited:
        mp.setattr(sys, "argv", ["frontiersmith", *args])
        cli.main()
    out = capsys.readouterr()
    return int(exited.value.code or 0), out.out, out.err


def _assert_usage_error(args: tuple[str, ...], code: int, out: str, err: str) -> None:
    shown = f"$ frontiersmith {' '.join(args)}\n{out}{err}"
    assert code == 2, shown
    assert "Traceback" not in out + err, shown
    assert "Usage: frontiersmith" in out + err, shown
    last = err.rstrip("\n").splitlines()[-1]
    assert last.startswith("error: ") and last.endswith("."), shown


def test_every_command_is_walked() -> None:
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"", "judge", "import frontiercs", "synthesize", "store lineage", "catalog export"} <= names
    # the typed options were found from their declarations, bounds included
    assert ("judge", "x", "x", "--workers", "0") in CASES and ("serve", "--port", "65536") in CASES
    assert ("synthesize", "--rounds", "abc") in CASES


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a) or "(no command)")
def test_usage_error_prints_usage_and_one_line_and_exits_2(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Should a case ever get past parsing, it works in an empty place instead of the user's store.
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    _assert_usage_error(args, *_in_process(args, capsys))


def test_a_group_without_a_command_names_its_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _in_process(("store",), capsys)
    assert (
        code == 2
        and err.strip()
        == "error: frontiersmith store needs a command: one of info, lineage, cost, exchanges."
    )


# The cases of the issue, as a user types them.
ISSUE_CASES = [
    (),
    ("judge",),
    ("import", "frontiercs"),
    ("judge", "pkg", "sol.py", "--workers", "abc"),
    ("judge", "pkg", "sol.py", "--workers", "0"),
]


def test_usage_errors_of_the_real_executable_match_the_in_process_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exe = shutil.which("frontiersmith", path=str(Path(sys.executable).parent))
    command = [exe] if exe else [sys.executable, "-m", "frontiersmith.cli"]
    env = child_env()
    env.update(FRONTIERSMITH_DATA_DIR=str(tmp_path), COLUMNS="80")
    procs = [
        subprocess.Popen(
            [*command, *args],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args in ISSUE_CASES
    ]
    for args, proc in zip(ISSUE_CASES, procs, strict=True):
        out, err = proc.communicate(timeout=120)
        _assert_usage_error(args, proc.returncode, out, err)
        assert (proc.returncode, err) == _in_process(args, capsys)[::2], args


def test_every_command_is_built_by_the_cli_s_own_classes() -> None:
    # so a command or group added later reads the same as the others (commands/shell.App makes them)
    assert {type(command) for _, command in COMMANDS} == {shell.Command, shell.Group}


@pytest.mark.parametrize("path", [path for path, _ in COMMANDS], ids=lambda p: " ".join(p) or "(root)")
def test_help_shows_flags_without_a_value_type_and_arguments_by_name(
    path: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one row per option, however long its help
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "argv", ["frontiersmith", *path, "--help"])
        cli.main()  # help exits 0, which main returns from
    out, err = capsys.readouterr()
    assert not err, err
    command = dict(COMMANDS)[path]
    # A flag takes no value: `--json <bool>` or `--help <bool>` reads as if it took one.
    flags = [p.opts[0] for p in command.params if p.param_type_name == "option" and p.is_flag] + ["--help"]
    cells = [line.strip("│ ").removeprefix("* ").split() for line in out.splitlines() if line.startswith("│")]
    rows = {row[0]: row for row in cells if row and row[0].startswith("--")}
    for flag in flags:
        assert not rows[flag][1].startswith("<"), rows[flag]  # the help text follows the flag's name
    assert "<bool>" not in out
    # The usage line names each argument as NAME (required) or [NAME], never {NAME} or [[NAME]].
    usage = next(line for line in out.splitlines() if "Usage:" in line).split()
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    shown = [
        word for word in usage[usage.index("[OPTIONS]") + 1 :] if word != "COMMAND" and word != "[ARGS]..."
    ]
    expected = [(p.metavar or p.name).strip("[]").upper() for p in arguments]
    assert shown == [name if p.required else f"[{name}]" for name, p in zip(expected, arguments, strict=True)]


# The commands that neither read nor write a store (a model, the sandbox image, the built-in catalog).
STORELESS = {("model",), ("sandbox",), ("catalog",)}


def test_every_command_that_reads_or_writes_a_store_takes_store() -> None:
    """One rule picks the store (--store, else FRONTIERSMITH_STORE_PATH, else DATA_DIR/store.db), on every
    command that touches one: found by walking the app, so a command added later must take it too."""
    lacking = [
        " ".join(path)
        for path, command in COMMANDS
        if path and not _is_group(command) and path[:1] not in STORELESS
        if not any("--store" in getattr(p, "opts", ()) for p in command.params)
    ]
    assert lacking == []


def test_a_command_line_imports_only_its_command_s_module_and_the_table_names_every_command() -> None:
    # Every top-level command of the whole CLI is in COMMAND_MODULES, under the module that defines it.
    assert set(typer.main.get_command(cli.app).commands) == set(cli.COMMAND_MODULES)  # type: ignore[attr-defined]
    code = (
        "import sys\nfrom frontiersmith import cli\n"
        "try:\n    cli.main(['judge', '--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('frontiersmith.commands.')))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=child_env()
    )
    loaded = ran.stdout.strip().splitlines()[-1]
    assert "frontiersmith.commands.judge" in loaded and "frontiersmith.commands.pipeline" not in loaded, (
        loaded
    )
