"""The ``frontiercs`` export: one FrontierCS problem folder a task (``config.yaml``, ``statement.txt``,
``chk.cc`` or, for an interactive task, ``interactor.cc``, ``testdata/N.in`` + ``N.ans``), which FrontierCS's
judge and ``frontiersmith judge`` score alike.

A task's native verifier becomes a generated testlib checker (``checker_template.cc``): each test's ``.ans``
holds the baseline's objective on it (and, for range normalisation, the best known objective after it), and
the checker runs the verifier on the output and quitp's the score the task's normalisation gives (range, paper,
ratio with k <= 1, or checker). A Python verifier is embedded as text
and run with ``python3`` in a child process; a C++ one is compiled into the checker with its ``main``
renamed. A task whose verifier is already a testlib checker is written as it is, with its answers.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language, Normalisation, Sense, VerifierKind

from .bundle import TaskBundle
from .native import lineage_of
from .registry import ExportContext, ExportFormat, export_format

CHECKER = "chk.cc"
INTERACTOR = "interactor.cc"  # an interactive task's: its native interactor becomes a testlib one
NO_BASELINE = "none"  # the .ans of a test the baseline has no objective on: the checker FAILs there
_INCLUDE = re.compile(r"^\s*#\s*include\b.*$", re.MULTILINE)


def _template() -> str:
    return resources.files("frontiersmith.tools.exports").joinpath("checker_template.cc").read_text()


def cpp_string(text: str) -> str:
    """``text`` as a C++ raw string literal whose delimiter does not occur in it."""
    n = 0
    while f'){"fs" + str(n)}"' in text:
        n += 1
    delim = f"fs{n}"
    return f'R"{delim}({text}){delim}"'


def native_checker(bundle: TaskBundle) -> str:
    """The testlib checker that scores outputs as the task's native verifier and normalisation do."""
    verifier = bundle.package.verifier
    norm = verifier.normalisation
    if norm is Normalisation.RATIO and verifier.ratio_cap > 1:
        raise InvalidInputError(
            f"The task {bundle.task_id} uses {norm.value} normalisation (k={verifier.ratio_cap:g}), which a "
            "FrontierCS checker cannot reproduce; export it in another format."
        )
    if norm is Normalisation.RANGE and bundle.package.references is None:
        raise InvalidInputError(
            f"The task {bundle.task_id} scores against a reference program, not fixed objectives, which a "
            "FrontierCS checker cannot run; export it in another format."
        )
    program = verifier.program
    python = program.language is Language.PYTHON
    includes, cpp = "", ""
    if not python:
        includes = "\n".join(m.group(0).strip() for m in _INCLUDE.finditer(program.code))
        body = _INCLUDE.sub("", program.code)
        cpp = f"namespace frontiersmith_verifier {{\n#define main native_main\n{body}\n#undef main\n}}\n"
    values = {
        "@INCLUDES@": includes,
        "@SENSE@": "1" if verifier.sense is Sense.MAX else "-1",
        "@NORMALISATION@": norm.value,
        "@RATIO_CAP@": repr(float(verifier.ratio_cap)),
        "@PYTHON@": "true" if python else "false",
        "@INTERACTIVE@": "true" if verifier.interactive else "false",
        "@PYTHON_SOURCE@": cpp_string(program.code) if python else '""',
        "@CPP_VERIFIER@": cpp
        or "namespace frontiersmith_verifier {\nint native_main(int, char **) { return 127; }\n}\n",
    }
    text = _template()
    for key, value in values.items():
        text = text.replace(key, value)
    return text


def baseline_answer(bundle: TaskBundle, name: str) -> bytes:
    """A test's ``.ans``: the baseline's objective on it, exactly (``repr`` round-trips through strtod), and
    for range normalisation the best known objective after it."""
    references = bundle.package.references
    if bundle.package.verifier.normalisation is Normalisation.RANGE and references is not None:
        if name not in references:
            return f"{NO_BASELINE}\n".encode()
        return f"{float(references[name].baseline)!r} {float(references[name].best)!r}\n".encode()
    objectives = bundle.baseline_objectives or {}
    if name not in objectives:
        return f"{NO_BASELINE}\n".encode() if bundle.baseline_objectives is not None else b"0\n"
    return f"{float(objectives[name])!r}\n".encode()


def _limit_time(ms: int) -> str:
    return f"{ms // 1000}s" if ms % 1000 == 0 else f"{ms}ms"


def config(bundle: TaskBundle) -> dict[str, Any]:
    """The task's ``config.yaml`` mapping: its limits, its checker (or interactor), one subtask of every test,
    and its lineage."""
    pkg = bundle.package
    judge = (
        {"type": "interactive", "interactor": INTERACTOR}
        if pkg.verifier.interactive
        else {"checker": CHECKER}
    )
    return {
        "type": "default",
        "title": pkg.problem.title,
        "time": _limit_time(pkg.limits.time_ms),
        "memory": f"{pkg.limits.memory_mb}m",
        **judge,
        "subtasks": [{"score": 100, "n_cases": len(pkg.tests)}],
        "lineage": lineage_of(bundle),
    }


def write_frontiercs(bundle: TaskBundle, dest: Path) -> Path:
    """Write ``bundle`` as a FrontierCS problem folder in ``dest`` (new or empty)."""
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InvalidInputError(f"{dest} already exists and is not an empty folder; choose a new folder.")
    pkg = bundle.package
    testlib = pkg.verifier.kind is VerifierKind.TESTLIB
    checker = pkg.verifier.program.code if testlib else native_checker(bundle)
    (dest / "testdata").mkdir(parents=True)
    for i, test in enumerate(pkg.tests, 1):
        (dest / "testdata" / f"{i}.in").write_bytes(test.input)
        answer = (test.answer or b"") if testlib else baseline_answer(bundle, test.name)
        (dest / "testdata" / f"{i}.ans").write_bytes(answer)
    (dest / (INTERACTOR if pkg.verifier.interactive else CHECKER)).write_text(checker)
    (dest / "statement.txt").write_text(pkg.problem.statement)
    (dest / "config.yaml").write_text(yaml.safe_dump(config(bundle), sort_keys=False, allow_unicode=True))
    return dest


@export_format("frontiercs")
class FrontierCSFormat(ExportFormat):
    """``--format frontiercs``: each task as the folder ``write_frontiercs`` writes, which FrontierCS's own judge
    reads; a native verifier is carried by a generated testlib checker."""

    summary = (
        "one FrontierCS problem folder a task (config.yaml, statement.txt, chk.cc, testdata/N.in + N.ans)"
    )

    async def write_task(self, bundle: TaskBundle, dest: Path, ctx: ExportContext) -> None:
        """Write the task's FrontierCS folder at ``dest``."""
        write_frontiercs(bundle, dest)
