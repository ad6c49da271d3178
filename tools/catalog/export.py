"""Generate a catalog family's default tests in the sandbox and write the family as a native package.

The package is what ``frontiersmith judge DIR SOLUTION`` reads (``tools/judging/packages/native.py``):
``problem.yaml``, ``statement.md``, the family program (generator, validator and native verifier in
one file), the baseline (open families) or the reference (closed seeds), ``testdata/N.in`` and the
family's solvers under ``solutions/`` so they can be judged straight away.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from frontiersmith.errors import InvalidInputError, SandboxError
from frontiersmith.models import Normalisation
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox

from ..judging.packages.native import write_native_package
from ..judging.testgen import GeneratedTest, build_tests
from . import Family, SolverSpec, get_family

# Generators and validators are ours, but they still run in the sandbox; give them room.
GEN_LIMITS = RunLimits(time_ms=20_000, memory_mb=1024, output_kb=64 * 1024)
PROGRAM_FILE = "family.py"


@dataclass
class ExportResult:
    """Where ``export_family`` wrote the package, and the tests it generated."""

    path: Path
    family: str
    tests: list[GeneratedTest] = field(default_factory=list)


async def generate_tests(family: Family, sandbox: Sandbox, *, seed: int = 0) -> list[GeneratedTest]:
    """Run the family's generator for its test plan and its validator on every input, in ``sandbox``.

    Raises SandboxError (the catalog's fault, not the user's) when a generator fails or a generated
    input does not pass the family's own validator.
    """
    built = await build_tests(sandbox, family.tests_draft(), seed=seed, limits=GEN_LIMITS)
    if built.failures:
        raise SandboxError(f"Catalog family {family.name}: {built.failures[0]}")
    return built.tests


def _program_ref(spec: SolverSpec) -> dict[str, str]:
    return {"file": spec.path.name, "language": spec.language.value}


def manifest(family: Family, tests: list[GeneratedTest], *, seed: int) -> dict[str, Any]:
    """The ``problem.yaml`` mapping for ``family`` (fields as ``tools/judging/packages/native.py`` reads them)."""
    data: dict[str, Any] = {
        "id": f"catalog/{family.name}",
        "title": family.title,
        "statement": "statement.md",
        "objective": family.objective.formula,
    }
    if family.kind == "closed":
        # A closed seed's verifier scores 1 for an exactly correct output and rejects anything else, so
        # its own value is the score (no baseline to normalise against).
        data["normalisation"] = Normalisation.CHECKER.value
    else:
        assert family.sense is not None, f"open family {family.name} needs a sense"
        data["sense"] = family.sense.value
        data["normalisation"] = Normalisation.PAPER.value
    data["time_ms"] = family.limits.time_ms
    data["memory_mb"] = family.limits.memory_mb
    data["verifier"] = {"kind": "native", "file": PROGRAM_FILE, "language": "python"}
    if family.interactive:
        data["verifier"]["interactive"] = True
    if family.baseline is not None:
        data["baseline"] = _program_ref(family.baseline)
    if family.reference is not None:
        data["reference"] = _program_ref(family.reference)
    data["generator"] = {"file": PROGRAM_FILE, "language": "python"}
    data["validator"] = {"file": PROGRAM_FILE, "language": "python"}
    data["tests"] = "testdata"
    data["lineage"] = {
        "catalog": family.name,
        "kind": family.kind,
        "parent": family.parent,
        "axis": family.axis.value if family.axis else None,
        "seed": seed,
        "tests": [
            {
                "file": f"{i}.in",
                "name": t.name,
                "distribution": t.distribution,
                "args": ["gen", t.distribution, str(t.seed)],
            }
            for i, t in enumerate(tests, 1)
        ],
        "solutions": [{"file": f"solutions/{s.path.name}", "strategy": s.strategy} for s in family.solvers],
    }
    return data


def write_package(family: Family, dest: Path, tests: list[GeneratedTest], *, seed: int = 0) -> Path:
    """Write the package files; ``dest`` must not exist or be an empty folder (nothing is overwritten)."""
    files = {PROGRAM_FILE: family.program.code}
    for spec in (family.baseline, family.reference):
        if spec is not None:
            files[spec.path.name] = spec.path.read_text()
    files.update({f"solutions/{s.path.name}": s.path.read_text() for s in family.solvers})
    return write_native_package(
        dest,
        manifest(family, tests, seed=seed),
        family.statement,
        files,
        [(t.input, None) for t in tests],
    )


async def export_family(
    name: str | Family,
    dest: Path | str,
    *,
    seed: int = 0,
    sandbox: Sandbox | None = None,
    backend: str | None = None,
) -> ExportResult:
    """Generate ``name``'s default tests (in the sandbox) and write the family as a judgeable package."""
    family = name if isinstance(name, Family) else get_family(name)
    dest = Path(dest)
    if seed < 0:
        raise InvalidInputError(f"--seed must be a non-negative integer, not {seed}.")
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InvalidInputError(f"{dest} already exists and is not an empty folder; choose a new folder.")
    if sandbox is None:
        async with open_sandbox(backend) as sb:
            tests = await generate_tests(family, sb, seed=seed)
    else:
        tests = await generate_tests(family, sandbox, seed=seed)
    write_package(family, dest, tests, seed=seed)
    return ExportResult(path=dest, family=family.name, tests=tests)
