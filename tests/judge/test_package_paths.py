"""Every path a package names stays inside the package and is a regular file, or nothing is read or stored.

Each hostile package is run through the real CLI (``frontiersmith judge``, and for FrontierCS packages
``frontiersmith import frontiercs``) as a subprocess: a one-line error naming the bad path as the package
gave it, no traceback, the outside file's contents nowhere in the output, and an empty store.
"""

from __future__ import annotations

import shutil
import subprocess
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from judge_helpers import cli, stored_rows

DATA = Path(__file__).parent / "data"
MINI = DATA / "frontiercs_mini"
SOLUTION = DATA / "solutions" / "first_k.py"
SUBTASKS = "subtasks:\n  - score: 100\n    n_cases: 3\n"


@dataclass(frozen=True)
class Attack:
    format: str  # frontiercs | native
    make: Callable[[Path, Path], None]  # (package root, outside secret file)
    shown: str  # how the error must name the bad path ({secret} = the secret's absolute path)
    reason: str  # a word of the error's reason


def fcs_config(root: Path, extra: str = "", subtasks: str = SUBTASKS) -> None:
    (root / "config.yaml").write_text(f"type: default\ntime: 2s\nmemory: 256m\n{extra}{subtasks}")


def link(path: Path, target: Path) -> None:
    if path.exists() or path.is_symlink():
        path.unlink()
    path.symlink_to(target)


def make_dir_at(path: Path) -> None:
    path.unlink()
    path.mkdir()


NATIVE_VERIFIER = (
    "import json, sys\n"
    "print(json.dumps({'feasible': True, 'objective': len(open(sys.argv[3]).read()) + 1, 'message': ''}))\n"
)


def native_package(root: Path, manifest_extra: str = "", verifier: str = "verifier.py") -> None:
    (root / "testdata").mkdir(parents=True, exist_ok=True)
    for name in ("1", "2"):
        (root / "testdata" / f"{name}.in").write_text("3 1\n1 2 3\n")
        (root / "testdata" / f"{name}.ans").write_text("3\n")
    (root / "verifier.py").write_text(NATIVE_VERIFIER)
    (root / "baseline.py").write_text("print(0)\n")
    (root / "statement.md").write_text("Pick items.\n")
    (root / "problem.yaml").write_text(
        "id: paths\ntitle: Paths\nsense: max\n"
        f"verifier: {{kind: native, file: {verifier}, language: python}}\n"
        "baseline: {file: baseline.py}\n" + manifest_extra
    )


ATTACKS = {
    "fcs checker absolute": Attack(
        "frontiercs", lambda r, s: fcs_config(r, f"checker: {s}\n"), "{secret}", "outside"
    ),
    "fcs checker ../ escape": Attack(
        "frontiercs",
        lambda r, s: fcs_config(r, "checker: ../outside/secret.txt\n"),
        "../outside/secret.txt",
        "outside",
    ),
    "fcs case input absolute": Attack(
        "frontiercs",
        lambda r, s: fcs_config(
            r, "checker: chk.cc\n", f"subtasks:\n  - score: 100\n    cases: [{{input: {s}}}]\n"
        ),
        "{secret}",
        "outside",
    ),
    "fcs case output escape": Attack(
        "frontiercs",
        lambda r, s: fcs_config(
            r, "", "subtasks:\n  - score: 100\n    cases: [{input: 1.in, output: ../../outside/secret.txt}]\n"
        ),
        "testdata/../../outside/secret.txt",
        "outside",
    ),
    "fcs input symlink": Attack(
        "frontiercs", lambda r, s: link(r / "testdata" / "1.in", s), "testdata/1.in", "outside"
    ),
    "fcs answer symlink": Attack(
        "frontiercs", lambda r, s: link(r / "testdata" / "3.ans", s), "testdata/3.ans", "outside"
    ),
    "fcs answer directory": Attack(
        "frontiercs", lambda r, s: make_dir_at(r / "testdata" / "2.ans"), "testdata/2.ans", "directory"
    ),
    "fcs input directory": Attack(
        "frontiercs", lambda r, s: make_dir_at(r / "testdata" / "2.in"), "testdata/2.in", "directory"
    ),
    "fcs statement symlink": Attack(
        "frontiercs", lambda r, s: link(r / "statement.txt", s), "statement.txt", "outside"
    ),
    "fcs checker symlink": Attack("frontiercs", lambda r, s: link(r / "chk.cc", s), "chk.cc", "outside"),
    "fcs testdata folder symlink": Attack(
        "frontiercs",
        lambda r, s: (shutil.rmtree(r / "testdata"), link(r / "testdata", s.parent)),
        "testdata",
        "outside",
    ),
    "native verifier absolute": Attack(
        "native", lambda r, s: native_package(r, verifier=str(s)), "{secret}", "outside"
    ),
    "native verifier ../ escape": Attack(
        "native",
        lambda r, s: native_package(r, verifier="../outside/secret.txt"),
        "../outside/secret.txt",
        "outside",
    ),
    "native baseline symlink": Attack(
        "native", lambda r, s: (native_package(r), link(r / "baseline.py", s)), "baseline.py", "outside"
    ),
    "native statement absolute": Attack(
        "native", lambda r, s: native_package(r, f"statement: {s}\n"), "{secret}", "outside"
    ),
    "native tests folder escape": Attack(
        "native", lambda r, s: native_package(r, "tests: ../outside\n"), "../outside", "outside"
    ),
    "native input symlink": Attack(
        "native",
        lambda r, s: (native_package(r), link(r / "testdata" / "1.in", s)),
        "testdata/1.in",
        "outside",
    ),
    "native answer directory": Attack(
        "native",
        lambda r, s: (native_package(r), make_dir_at(r / "testdata" / "2.ans")),
        "testdata/2.ans",
        "directory",
    ),
}


@dataclass
class Outcome:
    secret: Path
    data_dir: Path
    runs: dict[str, subprocess.CompletedProcess]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """Build every hostile package and run the CLI on each, all at once (they are independent)."""
    jobs: dict[tuple[str, str], tuple[list[str], Path]] = {}
    results: dict[str, Outcome] = {}
    for label, attack in ATTACKS.items():
        base = tmp_path_factory.mktemp("attack")
        outside = base / "outside"
        outside.mkdir()
        secret = outside / "secret.txt"
        secret.write_text(f"SECRET-{uuid.uuid4().hex}\n")
        for name in ("1", "2", "3"):  # so a testdata folder that leads here would hold tests
            (outside / f"{name}.in").write_text(secret.read_text())
        root = base / "pkg"
        if attack.format == "frontiercs":
            shutil.copytree(MINI, root)
        else:
            root.mkdir()
        attack.make(root, secret)
        data_dir = base / "data"
        results[label] = Outcome(secret, data_dir, {})
        jobs[(label, "judge")] = (
            ["judge", str(root), str(SOLUTION), "--backend", "process", "--json"],
            data_dir,
        )
        if attack.format == "frontiercs":
            jobs[(label, "import")] = (["import", "frontiercs", str(root)], data_dir)
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {key: pool.submit(cli, args, data_dir) for key, (args, data_dir) in jobs.items()}
        for (label, command), future in futures.items():
            results[label].runs[command] = future.result()
    return results


def _files_hold(data_dir: Path, marker: bytes) -> bool:
    return (
        any(marker in p.read_bytes() for p in data_dir.rglob("*") if p.is_file())
        if data_dir.exists()
        else False
    )


@pytest.mark.parametrize("label", list(ATTACKS))
def test_package_path_outside_the_package_or_not_a_regular_file_is_refused_by_judge_and_import(
    outcomes, label
):
    attack, outcome = ATTACKS[label], outcomes[label]
    marker = outcome.secret.read_text().strip()
    shown = attack.shown.format(secret=outcome.secret)
    for command, done in outcome.runs.items():
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert done.returncode != 0, f"{command} accepted it: {done.stdout[-300:]}"
        assert "Traceback" not in done.stderr + done.stdout, command
        assert len(lines) == 1, f"{command}: {done.stderr}"
        assert shown in lines[0] and attack.reason in lines[0], f"{command}: {lines[0]}"
        assert marker not in done.stderr + done.stdout, command
    assert stored_rows(outcome.data_dir) == 0
    assert not _files_hold(outcome.data_dir, marker.encode())
