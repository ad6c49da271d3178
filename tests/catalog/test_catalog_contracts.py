"""Sandbox-free contracts of every catalog family, run in-process: reproducible generation, a strict
input validator, a verifier that rejects malformed output, and a self-validating Config."""

from __future__ import annotations

import ast
import json
import random
import sys

import pytest
from catalog_helpers import FAMILY_NAMES, REJECTIONS, default_tests, family, generate_one, module, verify

from frontiersmith.tools.catalog import HARNESS


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
    # every test's generator, validator and verifier run starts the module: these two would cost each a third
    assert not imported & {"dataclasses", "json"}, f"{name} imports what makes each run start slowly"
    assert "__main__" not in fam.module_path.read_text(), "the harness owns the __main__ block"
    assert fam.statement.strip() and fam.objective.formula and fam.io_format
    if fam.kind == "closed":
        assert fam.reference is not None and fam.parent is None and fam.axis is None
    else:
        assert fam.baseline is not None and fam.parent and fam.axis is not None and fam.sense is not None
        assert len(fam.solvers) >= 3


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
