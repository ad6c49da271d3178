"""Sandbox-free contracts of every catalog family, run in-process: reproducible generation, a strict
input validator, a verifier that rejects malformed output, and a self-validating Config."""

from __future__ import annotations

import ast
import builtins
import functools
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from catalog_helpers import (
    FAMILY_NAMES,
    REJECTIONS,
    converse,
    default_tests,
    family,
    generate_one,
    module,
    verify,
)

from frontiersmith.tools.catalog import HARNESS, shared


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_same_seed_gives_byte_identical_tests(name: str) -> None:
    fam = family(name)
    first = default_tests(name)
    assert [(t.name, t.distribution, t.seed) for t in first] == fam.test_plan(0)
    assert len(first) == len(fam.distributions) * fam.tests_per_distribution
    # regenerate one test per distribution (the sandbox test re-checks them in another process)
    for test in first[:: fam.tests_per_distribution]:
        assert generate_one(name, test.distribution, test.seed).encode() == test.input
    assert len({t.input for t in first}) == len(first), f"{name}: two default tests are identical"
    # a different seed gives a different test
    _, dist, seed = fam.test_plan(1)[0]
    assert generate_one(name, dist, seed).encode() != first[0].input


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_module_follows_the_catalog_format(name: str) -> None:
    fam = family(name)
    mod = module(name)
    assert mod.NAME == name == fam.module_path.stem
    assert len(fam.distributions) >= 3 and len(set(fam.distributions)) == len(fam.distributions)
    tree = ast.parse(fam.module_path.read_text())
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, f"{name} imports non-stdlib modules"
    assert "__main__" not in fam.module_path.read_text(), "the harness owns the __main__ block"
    assert fam.statement.strip() and fam.objective.formula and fam.io_format
    if fam.kind == "closed":
        assert fam.reference is not None and fam.parent is None and fam.axis is None
    else:
        assert fam.baseline is not None and fam.parent and fam.axis is not None and fam.sense is not None
        assert len(fam.solvers) >= 3


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_a_family_module_borrows_only_the_shared_helpers(name: str) -> None:
    # A name the module uses but never binds must be one tools/catalog/shared.py defines (appended wherever the
    # module runs) or a builtin: what ruff's undefined-name check, turned off for the family modules, would say.
    tree = ast.parse(family(name).module_path.read_text())
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    bound |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    bound |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in (*n.args, *n.kwonlyargs)}
    bound |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in (n.vararg, n.kwarg) if a}
    bound |= {
        (a.asname or a.name).split(".")[0]
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    bound |= {n.name for n in ast.walk(tree) if isinstance(n, ast.ExceptHandler) and n.name}
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    borrowed = used - bound - set(dir(builtins))
    helpers = {n for n in vars(shared) if not n.startswith("__")}
    assert borrowed <= helpers, f"{name} uses names it never defines: {sorted(borrowed - helpers)}"


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_config_rejects_nonsense(name: str) -> None:
    mod = module(name)
    fields = [k for k, v in vars(mod.Config()).items() if isinstance(v, int) and not isinstance(v, bool)]
    assert fields, f"{name}: Config has no integer scale parameter"
    rejected = 0
    for field in fields:
        try:
            mod.Config(**{field: -(10**9)})
        except ValueError:
            rejected += 1
    assert rejected, f"{name}: Config accepts a scale parameter of -10^9"


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_validator_accepts_every_generated_input(name: str) -> None:
    mod = module(name)
    for test in default_tests(name):
        mod.validate(mod.Config(), test.input.decode())


def _corruptions(text: str) -> dict[str, str]:
    lines = text.rstrip("\n").split("\n")
    first = text.split()[0]
    return {
        "last line dropped": "\n".join(lines[:-1]) + "\n",
        "cut in the middle": text[: len(text) // 2],
        "first number out of range": text.replace(first, "-999999999999", 1),
        "first number not a number": text.replace(first, "x", 1),
        "trailing garbage": text + "garbage 1 2 3\n",
    }


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_validator_rejects_corrupted_inputs(name: str) -> None:
    mod = module(name)
    test = default_tests(name)[0]
    for what, bad in _corruptions(test.input.decode()).items():
        with pytest.raises(REJECTIONS):
            mod.validate(mod.Config(), bad)
            pytest.fail(f"{name}: the validator accepted an input with {what} ({test.name})")


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_verifier_rejects_malformed_outputs(name: str) -> None:
    text = default_tests(name)[0].input.decode()
    if family(name).interactive:  # an interactor: the same malformed lines, as the whole conversation
        for bad in (
            [],
            ["garbage text"],
            ["-1 -1 -1"],
            ["99999999999999999999999 " * 50],
            ["1.5 2.5"],
            ["\x00\xff"],
        ):
            feasible, objective, message = converse(name, text, bad)
            assert not feasible and objective is None, f"{name}: {bad!r} was accepted ({message})"
        return
    # Where a blank line is a legal answer (the empty subsequence of multi_lcs) the family says so.
    blank_is_legal = family(name).meta.get("blank_answer_is_legal", False)
    for bad in (
        "",
        *(() if blank_is_legal else ("\n",)),
        "garbage text\n",
        "-1 -1 -1\n",
        "99999999999999999999999 " * 50,
        "1.5 2.5\n",
        "\x00\xff",
    ):
        feasible, objective, message = verify(name, text, bad)
        assert not feasible, f"{name}: {bad[:30]!r} was accepted ({message})"
        assert objective is None


def _imports(argv: list[str], stdin: str = "") -> set[str]:
    """The modules a fresh ``python3 -I -S`` (as the sandbox starts a program) imports running ``argv``."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-I", "-S", *argv], input=stdin, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")
    }


# A family module may import these besides what the interpreter itself loads (cheap: C modules, __future__)
CHEAP_IMPORTS = {"__future__", "math", "heapq", "_heapq", "bisect", "_bisect", "itertools"}


@functools.cache
def _interpreter_imports() -> frozenset[str]:
    """What the interpreter imports for nothing at all: measured once, not once per family."""
    return frozenset(_imports(["-c", "pass"]))


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_validate_and_verify_runs_import_nothing_slow(name: str, tmp_path: Path) -> None:
    """Every test's validator run and every (solution, test) verifier run starts the family program afresh:
    re, random, string, collections, json or dataclasses would each add a sixth to a third of such a run.
    Only ``gen`` needs random, and the harness imports it there."""
    prog = tmp_path / "main.py"
    prog.write_text(family(name).program.code)
    test = default_tests(name)[0]
    (tmp_path / "in.txt").write_bytes(test.input)
    (tmp_path / "out.txt").write_text("1\n")
    judged = (
        ([str(prog), "interact", str(tmp_path / "in.txt"), str(tmp_path / "result.txt")], "1\n")
        if family(name).interactive
        else ([str(prog), "verify", str(tmp_path / "in.txt"), str(tmp_path / "out.txt")], "")
    )
    for argv, stdin in (([str(prog), "validate"], test.input.decode()), judged):
        extra = _imports(argv, stdin) - _interpreter_imports() - CHEAP_IMPORTS
        assert not extra, f"{name} {argv[1]} imports {sorted(extra)}"
    assert "random" in _imports([str(prog), "gen", test.distribution, str(test.seed)])


def test_the_integer_check_the_families_use_is_the_regex_it_replaced() -> None:
    """The families check integer tokens with str methods, not ``re.fullmatch(r"-?\\d{1,12}")``."""
    ints = module("mst").read_int  # tools/catalog/shared.py, every family's
    pattern = re.compile(r"-?\d{1,12}")
    rng = random.Random(3)
    alphabet = "0123456789-+ _.e\u0660\u0669\u06f5\u0966\uff11\u00b2\u2155x"
    tokens = ["", "-", "--1", "-0", "0", "1" * 12, "1" * 13, "-" + "9" * 12, "\u0661\u0662", "12\n"]
    tokens += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14))) for _ in range(3000)]
    for tok in tokens:
        try:
            ints(tok, -(10**13), 10**13, "x")
            accepted = True
        except ValueError:
            accepted = False
        assert accepted == bool(pattern.fullmatch(tok)), repr(tok)


def test_the_harness_writes_the_verdict_line_json_dumps_would_write() -> None:
    harness: dict = {}
    exec(HARNESS, harness)  # not as __main__: only its definitions
    rng = random.Random(7)
    texts = [
        "",
        'a "quoted" \\ back\\slash',
        "tab\tnew\nline\r\b\f\x00\x1f\x7f",
        "caf\u00e9 \u20ac \U0001f600",
        "\ud800 lone",
    ]
    texts += ["".join(chr(rng.randrange(0x110000)) for _ in range(40)) for _ in range(200)]
    objectives = [None, 0, -3, 10**30, 2.5, 1e-300, float("inf"), float("-inf"), float("nan")]
    for i, text in enumerate(texts):
        fields = {"feasible": i % 2 == 0, "objective": objectives[i % len(objectives)], "message": text}
        assert harness["_harness_json"](fields) == json.dumps(fields), fields
    assert harness["_harness_json"]({"objective": [1]}) == json.dumps({"objective": [1]})  # json's own
