"""The example corpus examples/seeds/closed.jsonl: CodeContests' row shape, a C++ and a Python 3
reference a row, the project's license, and a file that make_closed.py rebuilds byte for byte."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from doc_blocks import commands, doc_block
from seed_helpers import cli

from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.seeds.select import select_seeds

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "examples" / "seeds"
CORPUS = SEEDS / "closed.jsonl"
SEEDS_DOC = "docs/reference/seeds.md"
CPP, PYTHON3 = 2, 3
# CodeContests' fields and their types; `license` is ours.
FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "description": str,
    "public_tests": dict,
    "private_tests": dict,
    "generated_tests": dict,
    "solutions": dict,
    "incorrect_solutions": dict,
    "time_limit": dict,
    "memory_limit_bytes": int,
    "difficulty": int,
    "source": int,
    "cf_tags": list,
    "license": str,
}


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def test_closed_corpus_rows_have_the_codecontests_fields_and_types(rows: list[dict[str, Any]]) -> None:
    assert len(rows) >= 24
    for row in rows:
        assert set(row) == set(FIELDS), row.get("name")
        for field, kind in FIELDS.items():
            assert isinstance(row[field], kind) and not isinstance(row[field], bool), (row["name"], field)
        for split in ("public_tests", "private_tests", "generated_tests"):
            tests = row[split]
            assert set(tests) == {"input", "output"}, (row["name"], split)
            assert _strings(tests["input"]) and _strings(tests["output"]), (row["name"], split)
            assert len(tests["input"]) == len(tests["output"]), (row["name"], split)
        assert 2 <= len(row["public_tests"]["input"]) <= 3, row["name"]
        assert 6 <= len(row["private_tests"]["input"]) <= 10, row["name"]
        assert set(row["time_limit"]) == {"seconds", "nanos"}, row["name"]
        assert row["time_limit"]["seconds"] >= 1 and row["memory_limit_bytes"] >= 64 * 2**20, row["name"]
        assert 800 <= row["difficulty"] <= 3500 and _strings(row["cf_tags"]) and row["cf_tags"], row["name"]
    assert len({row["name"] for row in rows}) == len(rows)


def test_every_closed_problem_has_a_cpp_and_a_python3_reference(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        for field in ("solutions", "incorrect_solutions"):
            programs = row[field]
            assert set(programs) == {"language", "solution"}, (row["name"], field)
            assert len(programs["language"]) == len(programs["solution"]), (row["name"], field)
            assert _strings(programs["solution"]), (row["name"], field)
        by_language = dict(zip(row["solutions"]["language"], row["solutions"]["solution"], strict=True))
        assert set(by_language) == {CPP, PYTHON3}, row["name"]
        assert "int main(" in by_language[CPP], row["name"]
        compile(by_language[PYTHON3], f"{row['name']} (Python 3)", "exec")  # Python 3 syntax, or SyntaxError
    assert sum(1 for row in rows if row["incorrect_solutions"]["solution"]) >= len(rows) // 2


def test_closed_statements_are_in_the_codeforces_layout_with_their_public_examples(
    rows: list[dict[str, Any]],
) -> None:
    for row in rows:
        text = row["description"]
        sections = [text.index(f"\n{s}\n") for s in ("Input", "Output", "Examples")]
        assert sections == sorted(sections), row["name"]
        examples = text[sections[2] :]
        for given, expected in zip(row["public_tests"]["input"], row["public_tests"]["output"], strict=True):
            assert f"Input\n\n{given.rstrip()}\n\n\nOutput\n\n{expected.rstrip()}\n" in examples, row["name"]
        assert "≤" in text, row["name"]


def test_closed_corpus_is_under_the_project_license(rows: list[dict[str, Any]]) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"]
    assert {row["license"] for row in rows} == {project}
    assert project in (SEEDS / "README.md").read_text()


def test_closed_corpus_mixes_tags_and_stays_small(rows: list[dict[str, Any]]) -> None:
    tags = {tag for row in rows for tag in row["cf_tags"]}
    wanted = {"graphs", "greedy", "dp", "math", "strings", "sortings", "data structures", "geometry"}
    assert wanted | {"constructive algorithms", "2-sat", "graph matchings", "shortest paths"} <= tags
    decisions = [row for row in rows if row["private_tests"]["output"][0].strip() in {"YES", "NO"}]
    assert len(decisions) >= 2
    assert CORPUS.stat().st_size < 400 * 1024


def test_closed_corpus_rows_are_the_sources_under_closed(rows: list[dict[str, Any]]) -> None:
    problems = sorted(p for p in (SEEDS / "closed").iterdir() if (p / "statement.md").exists())
    assert len(problems) == len(rows)
    for problem, row in zip(problems, rows, strict=True):
        title = (problem / "statement.md").read_text(encoding="utf-8").partition("\n")[0]
        assert row["name"] == title.removeprefix("# "), problem.name
        sources = [(problem / "ref.cpp").read_text(), (problem / "ref.py").read_text()]
        assert row["solutions"]["solution"] == sources, problem.name


@pytest.mark.skipif(shutil.which("g++") is None, reason="make_closed.py compiles the C++ references")
def test_make_closed_rebuilds_committed_rows_byte_for_byte() -> None:
    # The real-valued problem alone: the whole rebuild compiles 26 C++ programs.
    done = subprocess.run(
        [sys.executable, str(SEEDS / "make_closed.py"), "--check", "--only", "fence_posts"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_importing_the_closed_corpus_stores_every_row_verified(
    tmp_path: Path, rows: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # docs/reference/seeds.md's commands as written, from the checkout, each with --json to read what it says.
    # Every reference runs in the sandbox on every test.
    monkeypatch.chdir(ROOT)
    imports, listing = (shlex.split(c)[1:] for c in commands(doc_block(SEEDS_DOC, "seeds import examples")))
    assert imports == ["seeds", "import", str(CORPUS.relative_to(ROOT))] and listing == ["seeds", "list"]
    data = tmp_path / "data"
    done = cli([*imports, "--json"], data)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["format"], summary["stored"], summary["skipped"]) == ("codecontests", len(rows), 0)
    assert summary["statuses"] == {"verified": len(rows)}
    assert summary["comparisons"] == {"token": len(rows) - 1, "float": 1}
    assert summary["notes"] == []  # no objective kind was guessed: every Output section names one
    seeds = json.loads(cli([*listing, "--json"], data).stdout)
    assert sorted(seed["title"] for seed in seeds) == sorted(row["name"] for row in rows)
    assert all(seed["status"] == "verified" and seed["references"] == 2 for seed in seeds)
    # The selector the page hands to synthesize picks exactly these seeds.
    with open_store(data / "store.db", Settings(data_dir=data)) as store:
        chosen = select_seeds(store, "source:closed.jsonl")
    assert {seed.problem.title for seed in chosen} == {row["name"] for row in rows}
    assert {(seed.imported.license, seed.imported.format) for seed in chosen if seed.imported} == {
        ("Apache-2.0", "codecontests")
    }
    again = json.loads(cli(["seeds", "import", str(CORPUS), "--json"], data).stdout)
    assert (again["stored"], again["already_stored"]) == (0, len(rows))


@pytest.mark.slow
def test_the_readmes_check_tests_command_finds_every_closed_rows_tests_catch_its_incorrect_solution(
    tmp_path: Path, rows: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # docs/reference/seeds.md's command as written, from the checkout: every reference and incorrect solution runs.
    monkeypatch.chdir(ROOT)
    (line,) = commands(doc_block(SEEDS_DOC, "--check-tests"))
    done = cli(shlex.split(line)[1:], tmp_path / "data")
    assert done.returncode == 0, done.stderr
    assert (
        f"tests checked: {len(rows)} seeds, {len(rows)} with incorrect solutions to catch; 0 with tests too weak"
        in (done.stdout)
    )
    assert (
        "tests: examples/seeds/closed.jsonl:1: recall 1.00 (1/1 incorrect rejected), precision 1.00"
        in done.stdout
    )
