"""``import_seeds`` on rows of each public dataset's exact shape (tests/seeds/seed_rows.py), files and folders.

References are not run here (``validate=False``) unless a test says so; the tuple is described offline.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from seed_helpers import FRONTIERCS_MINI, table_counts, write_jsonl, write_parquet
from seed_rows import (
    SUM_CPP,
    SUM_PY,
    apps_call_based_row,
    apps_row,
    codecontests_row,
    statement,
    taco_row,
)

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Comparison, Language, Limits, ProblemKind, Seed, SeedProvenance, SeedStatus
from frontiersmith.tools.seeds.formats import RowFormat, detect_format, parse_row, seed_format
from frontiersmith.tools.seeds.formats.fields import as_text, closed_problem, encoded
from frontiersmith.tools.seeds.formats.registry import _FORMATS
from frontiersmith.tools.seeds.importer import import_seeds
from frontiersmith.tools.seeds.readers import MalformedRow, Row
from frontiersmith.tools.seeds.writer import INCORRECT_AUTHOR, REFERENCE_AUTHOR

pytestmark = pytest.mark.anyio


def only_seed(store) -> Seed:
    seeds = store.seeds.list(origin="import")
    assert len(seeds) == 1, [s.id for s in seeds]
    return seeds[0]


def programs(store, seed: Seed, author: str) -> list[tuple[Language, str]]:
    return sorted((s.language, s.code) for s in store.problems.list_solutions(seed.id) if s.author == author)


async def test_codecontests_row_becomes_a_seed_with_its_splits_references_limits_and_provenance(
    tmp_path, store, settings
):
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row()])
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.format, summary.rows, summary.stored, summary.skipped) == ("codecontests", 1, 1, 0)
    seed = only_seed(store)
    assert summary.seed_ids == [seed.id]
    assert seed.problem.title == "1000_A. A plus B" and seed.problem.kind is ProblemKind.CLOSED
    assert (seed.problem.limits.time_ms, seed.problem.limits.memory_mb) == (1500, 256)
    assert seed.imported is not None
    assert (seed.imported.format, seed.imported.file, seed.imported.row) == ("codecontests", str(path), 1)
    assert seed.imported.source == "Codeforces"
    assert (seed.tags, seed.difficulty) == (["implementation", "math"], 800.0)
    assert seed.status is SeedStatus.UNTESTED and "skipped" in seed.status_reason
    assert seed.tuple_by == "offline"  # described from the statement: no provider
    kinds = [t.distribution for t in store.problems.list_tests(seed.id)]
    assert sorted(kinds) == ["generated", "generated", "private", "private", "public"]
    # C++ (2) and Python 3 (3) are kept; Java (4) and Python 2 (1) are left out, and the summary says so
    assert programs(store, seed, REFERENCE_AUTHOR) == sorted(
        [(Language.CPP, SUM_CPP), (Language.PYTHON, SUM_PY)]
    )
    assert programs(store, seed, INCORRECT_AUTHOR) == [(Language.PYTHON, "print(3)\n")]
    assert summary.notes[0].reason == "left out solutions: 1 Java, 1 Python 2"
    assert seed.problem.provenance["import_notes"][0] == "left out solutions: 1 Java, 1 Python 2"


async def test_codecontests_tests_over_the_cap_are_cut_keeping_public_first(tmp_path, store, settings):
    capped = settings.model_copy(update={"max_tests_per_problem": 2})
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row()])
    summary = await import_seeds(path, store, validate=False, settings=capped)
    seed = only_seed(store)
    tests = {t.name: t.distribution for t in store.problems.list_tests(seed.id)}
    assert tests == {"public-1": "public", "private-1": "private"}
    assert "kept 2 of 5 tests (max_tests_per_problem); left out 1 private, 2 generated" in [
        n.reason for n in summary.notes
    ]


async def test_taco_row_keeps_tags_difficulty_word_and_limits_in_words(tmp_path, store, settings):
    path = write_jsonl(tmp_path / "taco.jsonl", [taco_row()])
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.format, summary.stored) == ("taco", 1)
    seed = only_seed(store)
    assert seed.tags == ["Sorting", "Greedy algorithms", "medium_hard"] and seed.difficulty is None
    assert (seed.problem.limits.time_ms, seed.problem.limits.memory_mb) == (2000, 256)
    assert seed.problem.title == "Largest number"
    assert (seed.imported.format, seed.imported.source) == ("taco", "codeforces")  # type: ignore[union-attr]
    assert len(programs(store, seed, REFERENCE_AUTHOR)) == 2
    answers = sorted(
        store.blobs.get(t.answer_hash) for t in store.problems.list_tests(seed.id) if t.answer_hash
    )
    assert answers == [b"-4\n", b"5\n"]


async def test_apps_rows_are_read_and_a_call_based_one_with_no_python_name_is_skipped(
    tmp_path, store, settings
):
    nameless = apps_call_based_row()
    nameless["input_output"] = json.dumps({"fn_name": "total-sum", "inputs": [[[1]]], "outputs": [[1]]})
    path = write_jsonl(tmp_path / "apps.jsonl", [apps_row(), nameless])
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.format, summary.stored, summary.skipped) == ("apps", 1, 1)
    assert summary.skipped_rows[0].where == f"{path}:2"
    assert summary.skipped_rows[0].reason == (
        "it is call-based (fn_name 'total-sum'), and that is no Python name to call; it is left out"
    )
    seed = only_seed(store)
    assert seed.tags == ["interview"] and seed.imported.name == "4000"  # type: ignore[union-attr]
    answers = sorted(
        store.blobs.get(t.answer_hash) for t in store.problems.list_tests(seed.id) if t.answer_hash
    )
    assert answers == [b"2\n", b"3\n"]  # a list of lines is joined


def native_seed_dir(root: Path, *, with_tuple: bool = True) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "solutions").mkdir()
    tuple_yaml = (
        "objective: {kind: optimise, sense: max, formula: the largest a_i}\n"
        "input: {constraints: '1 <= n <= 100', bounds: {n: [1, 100]}}\noutput: {description: the maximum}\n"
        if with_tuple
        else ""
    )
    (root / "seed.yaml").write_text(
        f"title: Largest number\n{tuple_yaml}limits: {{time_ms: 1000, memory_mb: 128}}\ntags: [easy]\n"
        "source: our contest\nlicense: MIT\ncomparison: exact\n"
    )
    (root / "statement.md").write_text("Print the largest of n integers.\n")
    (root / "tests" / "1.in").write_text("3\n1 5 2\n")
    (root / "tests" / "1.ans").write_text("5\n")
    (root / "tests" / "2.in").write_text("1\n7\n")
    (root / "tests" / "2.ans").write_text("7\n")
    (root / "solutions" / "max.py").write_text("input()\nprint(max(map(int, input().split())))\n")
    (root / "solutions" / "README.txt").write_text("not a program\n")
    return root


async def test_native_seed_dir_keeps_its_own_tuple_limits_and_comparison(tmp_path, store, settings):
    root = native_seed_dir(tmp_path / "largest")
    summary = await import_seeds(root, store, validate=False, settings=settings)
    assert (summary.format, summary.stored) == ("native", 1)
    seed = only_seed(store)
    assert seed.tuple_by == "seed.yaml"
    assert seed.problem.objective.formula == "the largest a_i"
    assert seed.problem.input_spec.bounds == {"n": (1.0, 100.0)}
    assert (seed.problem.limits.time_ms, seed.problem.limits.memory_mb) == (1000, 128)
    assert seed.comparison is Comparison.EXACT
    assert (seed.imported.file, seed.imported.row, seed.imported.license) == (str(root), None, "MIT")  # type: ignore[union-attr]
    assert [t.name for t in store.problems.list_tests(seed.id)] == ["1", "2"]
    assert [lang for lang, _ in programs(store, seed, REFERENCE_AUTHOR)] == [Language.PYTHON]


async def test_a_folder_of_seed_dirs_is_read_in_name_order_and_a_bad_one_is_skipped(
    tmp_path, store, settings
):
    folder = tmp_path / "seeds"
    native_seed_dir(folder / "a")
    bad = native_seed_dir(folder / "b", with_tuple=False)
    (bad / "seed.yaml").write_text("title: Broken\nlimits: {time_ms: -1}\n")
    summary = await import_seeds(folder, store, validate=False, settings=settings)
    assert (summary.rows, summary.stored, summary.skipped) == (2, 1, 1)
    assert summary.skipped_rows[0].where == str(bad)
    assert "'limits.time_ms'" in summary.skipped_rows[0].reason


async def test_frontiercs_package_as_a_seed_is_an_open_seed_whose_tuple_is_not_the_checker_ratio(
    tmp_path, store, settings
):
    package = Path(shutil.copytree(FRONTIERCS_MINI, tmp_path / "mini"))
    summary = await import_seeds(package, store, as_seed=True, validate=False, settings=settings)
    assert (summary.format, summary.stored) == ("frontiercs", 1)
    seed = only_seed(store)
    assert seed.origin == "import" and seed.in_pool and seed.problem.kind is ProblemKind.OPEN
    assert "checker" not in seed.problem.objective.formula and seed.tuple_by
    assert seed.problem.title == "Heaviest K items"
    assert [t.name for t in store.problems.list_tests(seed.id)] == ["1", "2", "3"]


@pytest.mark.parametrize("format", ["auto", "frontiercs"])
async def test_frontiercs_package_without_as_seed_is_refused_in_one_sentence(
    tmp_path, store, settings, format
):
    package = Path(shutil.copytree(FRONTIERCS_MINI, tmp_path / "mini"))
    before = table_counts(store)
    with pytest.raises(InvalidInputError) as refused:
        await import_seeds(package, store, format=format, validate=False, settings=settings)
    message = str(refused.value)
    assert "open problem" in message and "--as-seed" in message and "import frontiercs" in message
    assert "\n" not in message and message.endswith(".")
    assert table_counts(store) == before


async def test_reimport_is_idempotent(tmp_path, store, settings):
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row(statement(i)) for i in range(3)])
    first = await import_seeds(path, store, validate=False, settings=settings)
    counts = table_counts(store)
    again = await import_seeds(path, store, validate=False, settings=settings)
    assert (first.stored, again.stored, again.already_stored, again.duplicates) == (3, 0, 3, 0)
    assert again.seed_ids == first.seed_ids
    assert table_counts(store) == counts


async def test_rows_waiting_for_their_write_stay_under_the_byte_budget(
    tmp_path, store, settings, monkeypatch
):
    from frontiersmith.tools.seeds import importer

    rows = [codecontests_row(statement(i)) for i in range(6)]
    one_row = importer.parse_row("codecontests", Row("cc.jsonl", 1, data=rows[0]), settings).size
    monkeypatch.setattr(importer, "BATCH_BYTES", 2 * one_row)  # two rows to a write
    waiting: list[int] = []
    flush = importer._Importer.flush

    def watched(self) -> None:
        waiting.append(len(self.pending))
        flush(self)

    monkeypatch.setattr(importer._Importer, "flush", watched)
    summary = await import_seeds(
        write_jsonl(tmp_path / "cc.jsonl", rows), store, validate=False, settings=settings
    )
    assert summary.stored == 6
    assert max(waiting) <= 2 and sum(waiting) == 6


def test_a_bulk_page_cache_is_given_back_after_the_block(store):
    conn = store._conns.get()
    before = conn.execute("PRAGMA cache_size").fetchone()[0]
    with store.page_cache(64):
        assert conn.execute("PRAGMA cache_size").fetchone()[0] == -64 * 1024
    assert conn.execute("PRAGMA cache_size").fetchone()[0] == before


async def test_the_same_statement_from_another_row_is_a_duplicate(tmp_path, store, settings):
    spaced = statement(1).replace(" ", "  ").upper()  # the same after normalisation
    rows = [codecontests_row(statement(1)), codecontests_row(statement(2)), codecontests_row(spaced)]
    path = write_jsonl(tmp_path / "cc.jsonl", rows)
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.stored, summary.duplicates) == (2, 1)
    assert any(n.where == f"{path}:3" and f"{path}:1" in n.reason for n in summary.notes)
    # ... and so is a row of another file with a statement already stored
    other = write_jsonl(tmp_path / "other.jsonl", [taco_row(statement(2))])
    later = await import_seeds(other, store, validate=False, settings=settings)
    assert (later.stored, later.duplicates, later.already_stored) == (0, 1, 0)


async def test_a_malformed_row_is_skipped_with_file_and_row_and_nothing_of_it_is_stored(
    tmp_path, store, settings
):
    uneven = codecontests_row(statement(3))
    uneven["private_tests"] = {"input": ["1 1\n", "2 2\n"], "output": ["2\n"]}
    huge_limit = codecontests_row(statement(4))
    huge_limit["time_limit"] = {"seconds": 7200, "nanos": 0}
    rows = [
        codecontests_row(statement(1)),
        "{not json",
        uneven,
        [1, 2],
        huge_limit,
        codecontests_row(statement(2)),
    ]
    path = write_jsonl(tmp_path / "cc.jsonl", rows)
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.rows, summary.stored, summary.skipped) == (6, 2, 4)
    reasons = {n.where: n.reason for n in summary.skipped_rows}
    assert set(reasons) == {f"{path}:{i}" for i in (2, 3, 4, 5)}
    assert "not valid JSON" in reasons[f"{path}:2"]
    assert "'private_tests' has 2 inputs but 1 outputs" in reasons[f"{path}:3"]
    assert "not an object" in reasons[f"{path}:4"]
    assert "'time_limit'" in reasons[f"{path}:5"]
    # only the two good rows are in the store: 2 seeds with 5 tests and 3 kept programs each
    counts = table_counts(store)
    assert (counts["seeds"], counts["tests"], counts["solutions"]) == (2, 10, 6)


async def test_jsonl_parquet_json_and_a_folder_of_them_import_the_same_rows(tmp_path, store, settings):
    rows = [codecontests_row(statement(i)) for i in range(4)]
    folder = tmp_path / "shards"
    folder.mkdir()
    write_jsonl(folder / "a.jsonl", rows[:2])
    write_parquet(folder / "b.parquet", rows[2:])
    summary = await import_seeds(folder, store, validate=False, settings=settings)
    assert (summary.rows, summary.stored, summary.format) == (4, 4, "codecontests")
    rows_read = sorted((s.imported.file, s.imported.row) for s in store.seeds.list("import"))  # type: ignore[union-attr]
    assert rows_read == [(str(folder / "a.jsonl"), 1), (str(folder / "a.jsonl"), 2)] + [
        (str(folder / "b.parquet"), 1),
        (str(folder / "b.parquet"), 2),
    ]
    # the same rows as a JSON array are the same statements: duplicates of what the folder stored
    (tmp_path / "all.json").write_text(json.dumps(rows))
    as_json = await import_seeds(tmp_path / "all.json", store, validate=False, settings=settings)
    assert (as_json.rows, as_json.stored, as_json.duplicates, as_json.format) == (4, 0, 4, "codecontests")


async def test_parquet_rows_keep_their_nested_tests_and_solutions(tmp_path, store, settings):
    path = write_parquet(tmp_path / "cc.parquet", [codecontests_row()])
    summary = await import_seeds(path, store, validate=False, settings=settings)
    seed = only_seed(store)
    assert summary.stored == 1 and len(store.problems.list_tests(seed.id)) == 5
    assert len(programs(store, seed, REFERENCE_AUTHOR)) == 2


async def test_limit_imports_only_the_first_rows(tmp_path, store, settings):
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row(statement(i)) for i in range(5)])
    seen: list[tuple[int, int | None]] = []
    summary = await import_seeds(
        path, store, limit=2, validate=False, settings=settings, progress=lambda d, t: seen.append((d, t))
    )
    assert (summary.rows, summary.stored) == (2, 2)
    assert sorted(s.imported.row for s in store.seeds.list("import")) == [1, 2]  # type: ignore[union-attr]
    assert seen == [(1, 2), (2, 2)]


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("missing.jsonl", None, "does not exist"),
        ("rows.csv", "a,b\n", "not a .jsonl, .json or .parquet"),
        ("rows.json", "[{", "not valid JSON"),
        ("rows.parquet", "not parquet", "not a readable Parquet file"),
    ],
)
async def test_an_unreadable_path_is_refused_in_one_sentence(
    tmp_path, store, settings, name, content, expected
):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    with pytest.raises(InvalidInputError, match=expected) as refused:
        await import_seeds(path, store, validate=False, settings=settings)
    assert "\n" not in str(refused.value)
    assert table_counts(store)["seeds"] == 0


async def test_validated_import_stores_verified_unverified_and_untested_seeds(tmp_path, store, settings):
    right = codecontests_row(statement(1))
    right["solutions"] = {"language": [3], "solution": [SUM_PY]}
    wrong = codecontests_row(statement(2))
    wrong["solutions"] = {"language": [3], "solution": ["print(3)\n"]}
    without = codecontests_row(statement(3))
    without["solutions"] = {"language": [4], "solution": ["class Main {}"]}  # Java only: nothing to run
    path = write_jsonl(tmp_path / "cc.jsonl", [right, wrong, without])
    summary = await import_seeds(path, store, backend="process", settings=settings)
    assert summary.statuses == {"verified": 1, "unverified": 1, "untested": 1}
    assert summary.comparisons == {"token": 3}
    by_row = {s.imported.row: s for s in store.seeds.list("import")}  # type: ignore[union-attr]
    assert by_row[1].status is SeedStatus.VERIFIED and by_row[1].reference is not None
    assert by_row[1].reference.code == SUM_PY
    assert by_row[2].status is SeedStatus.UNVERIFIED and "token" in by_row[2].status_reason
    assert by_row[3].status is SeedStatus.UNTESTED and "no reference" in by_row[3].status_reason


async def test_a_row_with_many_solutions_keeps_the_first_few_of_each_language(tmp_path, store, settings):
    row = taco_row()
    row["solutions"] = json.dumps(
        [f"# variant {i}\ninput()\nprint(max(map(int, input().split())))\n" for i in range(7)]
    )
    summary = await import_seeds(
        write_jsonl(tmp_path / "taco.jsonl", [row]), store, validate=False, settings=settings
    )
    kept = programs(store, only_seed(store), REFERENCE_AUTHOR)
    assert [code.splitlines()[0] for _, code in kept] == [f"# variant {i}" for i in range(5)]
    assert "left out solutions: 2 Python 3 beyond the first 5" in [n.reason for n in summary.notes]


async def test_a_registered_seed_format_is_detected_named_in_errors_and_imported(tmp_path, store, settings):
    @seed_format("pairs-for-test")
    class Pairs(RowFormat):
        """Rows of a made-up shape: a statement and (input, answer) pairs."""

        def recognises(self, fields: set[str]) -> bool:
            return {"text", "pairs"} <= fields

        def parse(self, row, settings):  # noqa: ANN001, ANN201
            statement = as_text(row.get("text"), "text")
            return SeedDraft(
                problem=closed_problem("Pairs", statement, Limits()),
                tests=[
                    SeedTest(name=f"t{i}", input=encoded(a), answer=encoded(b))
                    for i, (a, b) in enumerate(row["pairs"])
                ],
                provenance=SeedProvenance(format=self.name),
            )

    try:
        path = write_jsonl(tmp_path / "pairs.jsonl", [{"text": statement(1), "pairs": [["1 2\n", "3\n"]]}])
        summary = await import_seeds(path, store, validate=False, settings=settings)
        assert (summary.format, summary.stored) == ("pairs-for-test", 1)
        seed = only_seed(store)
        assert (seed.imported.format, seed.imported.row) == ("pairs-for-test", 1)  # type: ignore[union-attr]
        assert [store.blobs.get(t.answer_hash) for t in store.problems.list_tests(seed.id)] == [b"3\n"]
        # the sentences that list the formats name the new one, and say what a folder or a row is not
        with pytest.raises(
            InvalidInputError, match=r"pass --format codecontests, taco, apps or pairs-for-test\.$"
        ):
            detect_format(Row("x.jsonl", 1, data={"title": "?"}))
        with pytest.raises(
            InvalidInputError, match=r"has neither seed.yaml nor config.yaml; it is not a seed folder"
        ):
            detect_format(Row(str(tmp_path), None, data=tmp_path))
        with pytest.raises(
            MalformedRow,
            match="a folder is a native seed dir or a FrontierCS package, not pairs-for-test rows",
        ):
            parse_row("pairs-for-test", Row(str(tmp_path), None, data=tmp_path), settings)
        with pytest.raises(
            InvalidInputError,
            match="choose one of: auto, codecontests, taco, apps, native, frontiercs, pairs-for-test",
        ):
            parse_row("nonesuch", Row("x.jsonl", 1, data={}), settings)
    finally:
        _FORMATS.remove("pairs-for-test")
