"""Build examples/seeds/closed.jsonl from the per-problem sources under examples/seeds/closed/.

Every expected output is what the C++ reference (g++ -O2) prints, and the Python 3 reference must
print the same tokens on every test, so the corpus is verified by construction; an incorrect
solution must fail at least one test. Test inputs come from each problem's gen.py with a fixed
seed, so a rebuild is byte-identical. ``--check`` rebuilds into memory and fails if the committed
file differs (``--check --only NAME`` checks one problem's row).

A problem directory holds statement.md (legend, Input, Output, optional Note), gen.py (DIFFICULTY,
TAGS, optional TIME_LIMIT, PUBLIC: list of inputs, private(rng) -> list of inputs), ref.cpp, ref.py
and optionally wrong.py or wrong.cpp.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import resource
import subprocess
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "closed"
OUTPUT = HERE / "closed.jsonl"
LICENSE = "Apache-2.0"
# CodeContests' source enum: 0 is UNKNOWN_SOURCE. These problems come from no judge.
SOURCE = 0
CPP, PYTHON3 = 2, 3
MEMORY_LIMIT_BYTES = 256 * 1024 * 1024
SECTIONS = ("\nInput\n", "\nOutput\n")


class CorpusError(Exception):
    """A problem's sources disagree with each other or with the corpus rules."""


@dataclass
class Program:
    """A runnable reference or incorrect solution."""

    argv: list[str]

    def run(self, stdin: str, timeout: float) -> tuple[str, float]:
        """Its output on ``stdin`` and the CPU-seconds it used (not wall time: a loaded machine must not make a
        fast reference look slow)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(self.argv, input=stdin, capture_output=True, text=True, timeout=timeout)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if proc.returncode != 0:
            raise CorpusError(f"{self.argv[-1]} exited {proc.returncode}: {proc.stderr[-300:]}")
        return proc.stdout, used


def load_gen(problem: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"gen_{problem.name}", problem / "gen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def program(path: Path, workdir: Path) -> Program:
    if path.suffix == ".py":
        return Program([sys.executable, str(path)])
    binary = workdir / f"{path.parent.name}_{path.stem}"
    subprocess.run(
        ["g++", "-O2", "-std=c++17", "-o", str(binary), str(path)],
        check=True,
        capture_output=True,
    )
    return Program([str(binary)])


def examples_section(inputs: list[str], outputs: list[str]) -> str:
    parts = ["Examples\n"]
    for given, expected in zip(inputs, outputs, strict=True):
        parts.append(f"Input\n\n{given.rstrip()}\n\n\nOutput\n\n{expected.rstrip()}\n\n")
    return "\n".join(parts)


def description(statement: str, inputs: list[str], outputs: list[str]) -> str:
    """The statement with its Examples inserted before a Note section, as Codeforces prints it."""
    legend, note = statement.rstrip() + "\n", ""
    if "\nNote\n" in legend:
        legend, note = legend.split("\nNote\n", 1)
        note = "\nNote\n" + note
    return f"{legend.rstrip()}\n\n{examples_section(inputs, outputs).rstrip()}\n{note}".rstrip() + "\n"


def expected_outputs(name: str, inputs: list[str], cpp: Program, py: Program, limit: float) -> list[str]:
    outputs = []
    for index, given in enumerate(inputs):
        expected, cpp_time = cpp.run(given, timeout=limit * 5)
        got, py_time = py.run(given, timeout=limit * 5)
        if got.split() != expected.split():
            raise CorpusError(f"{name}: test {index}: ref.py disagrees with ref.cpp")
        if max(cpp_time, py_time) > limit / 2:
            raise CorpusError(
                f"{name}: test {index}: a reference took {max(cpp_time, py_time):.2f} CPU-seconds"
            )
        outputs.append(expected)
    return outputs


def check_wrong(name: str, wrong: Program, inputs: list[str], outputs: list[str], limit: float) -> None:
    for given, expected in zip(inputs, outputs, strict=True):
        try:
            got, _ = wrong.run(given, timeout=limit * 5)
        except (CorpusError, subprocess.TimeoutExpired):
            return
        if got.split() != expected.split():
            return
    raise CorpusError(f"{name}: the incorrect solution passes every test")


def build_row(problem: Path, workdir: Path) -> dict:
    gen = load_gen(problem)
    statement = (problem / "statement.md").read_text()
    title, _, body = statement.partition("\n")
    if not title.startswith("# ") or not all(s in body for s in SECTIONS):
        raise CorpusError(f"{problem.name}: statement.md needs a '# Title' line and Input/Output sections")
    limit = float(getattr(gen, "TIME_LIMIT", 2))
    public = list(gen.PUBLIC)
    private = list(gen.private(random.Random(zlib.crc32(problem.name.encode()))))
    if not 2 <= len(public) <= 3 or not 6 <= len(private) <= 10:
        raise CorpusError(f"{problem.name}: needs 2-3 public and 6-10 private tests")
    cpp_src, py_src = problem / "ref.cpp", problem / "ref.py"
    cpp, py = program(cpp_src, workdir), program(py_src, workdir)
    public_out = expected_outputs(problem.name, public, cpp, py, limit)
    private_out = expected_outputs(problem.name, private, cpp, py, limit)
    wrong = [p for p in (problem / "wrong.py", problem / "wrong.cpp") if p.exists()]
    for path in wrong:
        check_wrong(problem.name, program(path, workdir), public + private, public_out + private_out, limit)
    return {
        "name": title[2:].strip(),
        "description": description(body.strip() + "\n", public, public_out),
        "public_tests": {"input": public, "output": public_out},
        "private_tests": {"input": private, "output": private_out},
        "generated_tests": {"input": [], "output": []},
        "solutions": {"language": [CPP, PYTHON3], "solution": [cpp_src.read_text(), py_src.read_text()]},
        "incorrect_solutions": {
            "language": [CPP if p.suffix == ".cpp" else PYTHON3 for p in wrong],
            "solution": [p.read_text() for p in wrong],
        },
        "time_limit": {"seconds": int(limit), "nanos": int(round((limit % 1) * 1e9))},
        "memory_limit_bytes": MEMORY_LIMIT_BYTES,
        "difficulty": int(gen.DIFFICULTY),
        "source": SOURCE,
        "cf_tags": list(gen.TAGS),
        "license": LICENSE,
    }


def build(only: list[str]) -> list[dict]:
    """The rows of every problem (or of those named in ``only``), in directory order."""
    problems = sorted(p for p in SOURCES.iterdir() if (p / "statement.md").exists())
    unknown = set(only) - {p.name for p in problems}
    if unknown:
        raise CorpusError(f"no problem directory named {', '.join(sorted(unknown))} under closed/")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for problem in problems:
            if only and problem.name not in only:
                continue
            rows.append(build_row(problem, Path(tmp)))
            print(f"ok {problem.name}", file=sys.stderr)
    return rows


def jsonl(rows: list[dict]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def stale(rows: list[dict], whole: bool) -> list[str]:
    """Names of the built rows that differ from the committed file (or are missing from it)."""
    committed = {row["name"]: row for row in map(json.loads, OUTPUT.read_text().splitlines())}
    names = [row["name"] for row in rows if committed.get(row["name"]) != row]
    if whole and not names and OUTPUT.read_text() != jsonl(rows):
        names = ["(the file's order or extra rows)"]
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if closed.jsonl is out of date")
    parser.add_argument("--only", nargs="*", default=[], help="build only these problem directories")
    args = parser.parse_args()
    try:
        rows = build(args.only)
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.check:
        names = stale(rows, whole=not args.only)
        if names:
            print(
                f"error: closed.jsonl is out of date for {', '.join(names)}; run make_closed.py",
                file=sys.stderr,
            )
            return 1
    elif args.only:
        print(jsonl(rows), end="")
    else:
        text = jsonl(rows)
        OUTPUT.write_text(text)
        print(f"wrote {len(rows)} problems to {OUTPUT.name} ({len(text) // 1024} KB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
