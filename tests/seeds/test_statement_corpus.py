"""The offline reading of statements as the sites write them (statement_corpus.py): bounds in every notation
the corpus uses, the objective's kind with the words it rests on, "print any" detected, and a short title for
a row without a name; then the same statements imported as rows of their datasets' shapes (and FrontierCS
folders) come out of the store read the same way."""

from __future__ import annotations

import json
import shutil

import pytest
from seed_helpers import FRONTIERCS_MINI, write_jsonl
from seed_rows import apps_row, codecontests_row, taco_row
from statement_corpus import SHAPES, Shape

from frontiersmith.models import Seed
from frontiersmith.tools.seeds.importer import import_seeds
from frontiersmith.tools.seeds.statement import (
    TITLE_CHARS,
    accepts_any_answer,
    offline_tuple,
    parse_bounds,
    read_title,
)
from frontiersmith.tools.seeds.writer import statement_hash

pytestmark = pytest.mark.anyio
ATCODER = 5  # CodeContests' source code of AtCoder


@pytest.mark.parametrize("shape", SHAPES, ids=[s.name for s in SHAPES])
def test_each_site_shape_reads_its_kind_bounds_and_whether_any_answer_is_accepted(shape: Shape):
    t = offline_tuple(shape.statement)
    assert (t.objective.kind, t.objective.sense) == (shape.kind, shape.sense), t.reason
    assert t.input_spec.bounds == shape.bounds
    assert bool(accepts_any_answer(shape.statement)) is shape.any_answer
    # The reason names the kind and quotes the words it rests on, which are the statement's.
    assert t.reason.startswith(f"{shape.kind.value}: the ") and "“" in t.reason
    quoted = t.reason.rsplit("“", 1)[1].rstrip("”")
    assert quoted.rstrip(".") in " ".join(shape.statement.split())
    assert t.notes == ""  # nothing was guessed
    if shape.title:
        assert read_title(shape.statement) == shape.title


@pytest.mark.parametrize(
    ("text", "bounds"),
    [
        ("(1 ≤ n ≤ 200 000)", {"n": (1, 200_000)}),  # the example: once read as (1, 200)
        ("2 ≤ k ≤ n ≤ 100 000", {"k": (2, 100_000), "n": (2, 100_000)}),
        (" - 2 \\leq A \\leq 20\n - 1 \\leq B \\leq 20", {"A": (2, 20), "B": (1, 20)}),  # once B in [2, 20]
        ("1 ≤ n ≤ 300\u2009000", {"n": (1, 300_000)}),  # a thin space
        ("1 ≤ n ≤ 300\u202f000", {"n": (1, 300_000)}),  # a narrow no-break space
        ("1 ≤ n ≤ 300&nbsp;000", {"n": (1, 300_000)}),
        ("$1 \\le n \\le 200\\,000$", {"n": (1, 200_000)}),  # TeX's thin space
        ("1 ≤ x ≤ 10{,}000", {"x": (1, 10_000)}),
        ("1 ≤ m ≤ 1,000,000", {"m": (1, 10**6)}),
        ("1 ≤ n ≤ 2·10^5", {"n": (1, 2e5)}),
        ("$1 \\leq N \\leq 2 \\times 10^5$", {"N": (1, 2e5)}),
        ("0 ≤ a_i ≤ 10^{18}", {"a_i": (0, 1e18)}),
        ("1 ≤ c_i ≤ 10⁹", {"c_i": (1, 1e9)}),  # a superscript power
        ("1 &le; n &le; 10**5", {"n": (1, 1e5)}),
        ("1 ≦ N ≦ 10^5", {"N": (1, 1e5)}),  # as Japanese statements write ≤
        ("1 \\leqq N \\leqq 10^5", {"N": (1, 1e5)}),
        ("1 ≤ n ≤\n2·10^5", {"n": (1, 2e5)}),  # a bound wrapped onto the next line
        ("1 ≤ n\n≤ 2·10^5", {"n": (1, 2e5)}),
        ("1 ≤ n ≤ 10^5\n- 1 ≤ m ≤ 7", {"n": (1, 1e5), "m": (1, 7)}),  # "10^5 - 1" never across a line
        ("1 ≤ w ≤ 2^{31} - 1", {"w": (1, 2**31 - 1)}),  # ... but on one line it is 2^31 - 1
        ("1 2 3\n100 200 300", {}),  # numbers on a line are no digit groups without a relation
    ],
)
def test_bounds_in_the_notations_of_real_statements(text, bounds):
    assert parse_bounds(text) == bounds


@pytest.mark.parametrize(
    ("statement", "title"),
    [
        ("# Sum of Two Numbers\n\n## Problem\nAdd them.", "Sum of Two Numbers"),
        ("Problem: Tree distance\n\nTime limit: 2 second\n\nFind the tree.", "Tree distance"),
        ("Problem A. Lamps\n\nThere are lamps.", "Lamps"),
        ("Problem Statement\n\nWe have N boxes. Choose some.", "We have N boxes."),
        ("Heaviest K items\n\nGiven n weights, choose K.", "Heaviest K items"),
        (
            "You are given an array $a$ of $n$ integers and you have to find the number of its subarrays whose sum "
            "is divisible by $k$ and whose length is even. Print it.",
            "You are given an array a of n integers and you have to find the number of its…",
        ),
        # A short first line that is the start of a wrapped paragraph is no heading.
        (
            "Given n integers, print\nthe largest of them.\n\nInput\n\nn.",
            "Given n integers, print the largest of them.",
        ),
    ],
)
def test_a_title_is_a_heading_or_a_short_first_sentence(statement, title):
    assert read_title(statement) == title
    assert len(read_title(statement)) <= TITLE_CHARS


def test_any_answer_is_not_a_tolerance_nor_an_input_in_any_order():
    precision = "Output\n\nPrint the area. Any answer with absolute error at most 10^{-6} is accepted.\n"
    assert accepts_any_answer(precision) == ""
    input_order = "Input\n\nThe edges are given in any order.\n\nOutput\n\nPrint the diameter.\n"
    assert accepts_any_answer(input_order) == ""
    assert accepts_any_answer("Output\n\nPrint the pairs. You may print them in any order.\n").startswith(
        "You may print them in any order"
    )


def _rows(shapes: list[Shape], site: str) -> list[dict]:
    rows = []
    for i, shape in enumerate(s for s in shapes if s.site == site):
        if site in ("codeforces", "atcoder"):
            row = codecontests_row(shape.statement, name=shape.name)
            row["source"] = ATCODER if site == "atcoder" else 2
        elif site == "taco":
            row = taco_row(shape.statement) | {"name": ""}
        else:
            row = apps_row(shape.statement, problem_id=5000 + i)
        rows.append(row)
    return rows


async def test_a_corpus_of_real_looking_rows_imports_with_its_bounds_kinds_and_titles(
    tmp_path, store, settings
):
    for site, suffix in (("codeforces", "jsonl"), ("atcoder", "jsonl"), ("taco", "jsonl"), ("apps", "json")):
        path = tmp_path / f"{site}.{suffix}"
        rows = _rows(SHAPES, site)
        if suffix == "json":
            path.write_text(json.dumps(rows))
        else:
            write_jsonl(path, rows)
        summary = await import_seeds(path, store, validate=False, settings=settings)
        assert (summary.stored, summary.skipped) == (len(rows), 0), summary.skipped_rows
    packages = tmp_path / "frontiercs"
    for shape in (s for s in SHAPES if s.site == "frontiercs"):
        folder = packages / shape.name
        shutil.copytree(FRONTIERCS_MINI, folder)
        (folder / "statement.txt").write_text(shape.statement)
    summary = await import_seeds(packages, store, as_seed=True, validate=False, settings=settings)
    assert summary.stored == sum(1 for s in SHAPES if s.site == "frontiercs")

    seeds = {seed.statement_hash: seed for seed in store.seeds.list() if seed.origin == "import"}
    assert len(seeds) == len(SHAPES)
    for shape in SHAPES:
        seed: Seed = seeds[statement_hash(shape.statement)]
        objective = seed.problem.objective
        assert (objective.kind, objective.sense, seed.tuple_by) == (shape.kind, shape.sense, "offline"), (
            shape.name
        )
        assert seed.problem.input_spec.bounds == shape.bounds, shape.name
        assert seed.objective_reason and seed.objective_reason.startswith(shape.kind.value), shape.name
        named = shape.site in ("codeforces", "atcoder")
        expected = shape.name if named else shape.title or read_title(shape.statement)
        assert seed.problem.title == expected, shape.name
        assert len(seed.problem.title) <= TITLE_CHARS, shape.name


async def test_a_statement_without_a_name_or_a_sentence_end_gets_a_short_title(tmp_path, store, settings):
    # One long line, no full stop: the title is its start, cut at a word, never 200 characters of it.
    statement = " ".join(["word"] * 120) + "\n\n-----Input-----\n\nn (1 ≤ n ≤ 5)\n"
    path = write_jsonl(tmp_path / "apps.jsonl", [apps_row(statement)])
    await import_seeds(path, store, validate=False, settings=settings)
    (seed,) = store.seeds.list()
    assert seed.problem.title.endswith("…") and len(seed.problem.title) <= TITLE_CHARS
    assert seed.problem.title.startswith("word word")
