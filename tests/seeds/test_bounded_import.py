"""``seeds import`` of rows over the input bounds (bytes, decoded bytes, integer digits, nesting depth): each is
skipped and reported as FILE:ROW, the rest of its file imports, and the importer's memory stays flat."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from seed_helpers import cli, write_jsonl, write_parquet
from seed_rows import codecontests_row, statement, taco_row

from frontiersmith.tools.seeds.importer import import_seeds

pytestmark = pytest.mark.anyio

HUGE_INTEGER = "9" * 5000  # past Python's own 4300-digit limit on int(): a ValueError from json.loads
DEEP = "[" * 10_000 + "]" * 10_000  # past the interpreter's stack: a RecursionError from json.loads


def with_raw_field(row: dict, name: str, raw_json: str) -> str:
    """The row as a JSON line with one more field whose value is written as given (json.dumps cannot write
    a 5000-digit integer)."""
    return json.dumps(row)[:-1] + f', "{name}": {raw_json}' + "}"


def hostile_rows() -> list[str]:
    return [
        json.dumps(codecontests_row(statement(1))),
        with_raw_field(codecontests_row(statement(2)), "cf_points", HUGE_INTEGER),
        with_raw_field(codecontests_row(statement(3)), "extra", DEEP),
        json.dumps(codecontests_row(statement(4))),
    ]


def stored_rows(store) -> list[int | None]:
    return sorted(s.imported.row for s in store.seeds.list("import"))  # type: ignore[union-attr]


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
async def test_a_row_with_a_5000_digit_integer_or_10000_deep_nesting_is_skipped_as_file_row_and_the_rest_imports(
    tmp_path, store, settings, suffix
):
    path = tmp_path / f"rows{suffix}"
    rows = hostile_rows()
    path.write_text("\n".join(rows) + "\n" if suffix == ".jsonl" else "[" + ",\n".join(rows) + "]")
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.rows, summary.stored, summary.skipped) == (4, 2, 2)
    reasons = {n.where: n.reason for n in summary.skipped_rows}
    assert set(reasons) == {f"{path}:2", f"{path}:3"}
    assert (
        "an integer of 5000 digits" in reasons[f"{path}:2"] and "max_integer_digits" in reasons[f"{path}:2"]
    )
    assert "more than 64 levels deep" in reasons[f"{path}:3"] and "max_nesting_depth" in reasons[f"{path}:3"]
    assert stored_rows(store) == [1, 4]


def test_the_cli_reports_the_hostile_rows_in_one_line_each_without_a_traceback(tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(hostile_rows()) + "\n")
    done = cli(["seeds", "import", str(path), "--no-validate"], tmp_path / "data")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert f"skipped: {path}:2: the row holds an integer of 5000 digits" in done.stdout
    assert f"skipped: {path}:3: the row nests more than 64 levels deep" in done.stdout


async def test_a_jsonl_line_over_max_row_bytes_is_stepped_over_and_the_next_line_imports(
    tmp_path, store, settings
):
    settings = settings.model_copy(update={"max_row_bytes": 64 * 1024})
    big = codecontests_row(statement(2))
    big["description"] += "x" * (1 << 20)
    path = write_jsonl(
        tmp_path / "rows.jsonl", [codecontests_row(statement(1)), big, codecontests_row(statement(3))]
    )
    summary = await import_seeds(path, store, validate=False, settings=settings)
    assert (summary.rows, summary.stored, summary.skipped) == (3, 2, 1)
    [skipped] = summary.skipped_rows
    assert skipped.where == f"{path}:2" and "over the limit of 64 KiB set by max_row_bytes" in skipped.reason
    assert stored_rows(store) == [1, 3]


@pytest.mark.parametrize(
    ("field", "raw", "expected"),
    [
        ("input_output", json.dumps('{"inputs": ' + DEEP + "}"), "field 'input_output' nests more than"),
        ("input_output", json.dumps('{"inputs": [' + HUGE_INTEGER + "]}"), "an integer of 5000 digits"),
        ("tags", json.dumps(DEEP), "field 'tags' nests more than"),
        ("memory_limit", "1e999", "field 'memory_limit' is inf, not a finite number"),
    ],
)
async def test_json_inside_a_field_and_numbers_past_a_float_are_bounded_too(
    tmp_path, store, settings, field, raw, expected
):
    row = taco_row(statement(2))
    row.pop(field, None)
    path = write_jsonl(
        tmp_path / "taco.jsonl", [json.dumps(taco_row(statement(1))), with_raw_field(row, field, raw)]
    )
    summary = await import_seeds(path, store, format="taco", validate=False, settings=settings)
    assert (summary.rows, summary.stored, summary.skipped) == (2, 1, 1)
    assert summary.skipped_rows[0].where == f"{path}:2" and expected in summary.skipped_rows[0].reason


# -- Parquet: decoded in a child process, under a memory limit -----------------------------------------------

BIG = 64 << 20  # what the hostile row decodes to; its file is a few KB
CAPS = {"FRONTIERSMITH_MAX_ROW_BYTES": str(1 << 20), "FRONTIERSMITH_MAX_DECOMPRESSED_BYTES": str(64 << 20)}

# Imports a small file first (so every module a row needs is loaded), then the file under test, and prints
# how much the importing process's peak RSS grew on it, with the summary. The peak is VmHWM, not ru_maxrss,
# which a child starts with as high as its parent's (the kernel carries it over exec).
MEASURE = textwrap.dedent(
    """
    import json, sys
    import anyio
    from frontiersmith.settings import get_settings
    from frontiersmith.store import open_store
    from frontiersmith.tools.seeds.importer import import_seeds

    def peak():
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))

    with open_store(sys.argv[3]) as store:
        anyio.run(lambda: import_seeds(sys.argv[1], store, validate=False, settings=get_settings()))
        before = peak()
        summary = anyio.run(lambda: import_seeds(sys.argv[2], store, validate=False, settings=get_settings()))
    print(json.dumps({"grew": peak() - before, "summary": summary.model_dump()}))
    """
)


def measured_import(tmp_path: Path, path: Path) -> tuple[int, dict]:
    warm = write_parquet(tmp_path / "warm.parquet", [codecontests_row(statement(99))])
    env = {**os.environ, **CAPS, "FRONTIERSMITH_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(warm), str(path), str(tmp_path / "store.db")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    return out["grew"], out["summary"]


def three_row_groups(path: Path, middle: Any) -> Path:
    """Rows 1 and 3 good, row 2 with ``padding`` as given (an Arrow array of one list; the others' is empty),
    each row its own row group; without the Arrow schema in the file, so pyarrow decodes every value in full."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    tables = [
        pa.Table.from_pylist([codecontests_row(statement(i))]).append_column(
            "padding", middle if i == 2 else pa.array([[]], middle.type)
        )
        for i in (1, 2, 3)
    ]
    with pq.ParquetWriter(path, tables[1].schema, compression="zstd", store_schema=False) as writer:
        for table in tables:
            writer.write_table(table)
    return path


def test_a_parquet_row_that_decodes_past_max_row_bytes_is_skipped_without_the_importer_decoding_it(tmp_path):
    import pyarrow as pa

    path = three_row_groups(tmp_path / "bomb.parquet", pa.array([["x" * BIG]]))
    assert path.stat().st_size < 64 * 1024
    grew, summary = measured_import(tmp_path, path)
    assert (summary["rows"], summary["stored"], summary["skipped"]) == (3, 2, 1)
    [skipped] = summary["skipped_rows"]
    assert skipped["where"] == f"{path}:2" and "max_row_bytes" in skipped["reason"]
    assert grew < BIG // 4, grew  # the row never became Arrow or Python in the importer


def test_a_parquet_row_whose_dictionary_expands_past_the_memory_budget_is_skipped_and_the_next_imports(
    tmp_path,
):
    import pyarrow as pa

    # 512 KiB named 600 times: 300 MiB decoded, from a file of a few KB whose metadata says about 512 KiB
    value = pa.DictionaryArray.from_arrays(pa.array([0] * 600, pa.int32()), pa.array(["y" * (512 << 10)]))
    path = three_row_groups(
        tmp_path / "dict.parquet", pa.ListArray.from_arrays(pa.array([0, 600], pa.int32()), value)
    )
    assert path.stat().st_size < 64 * 1024
    grew, summary = measured_import(tmp_path, path)
    assert (summary["rows"], summary["stored"], summary["skipped"]) == (3, 2, 1)
    [skipped] = summary["skipped_rows"]
    assert skipped["where"] == f"{path}:2" and "max_decompressed_bytes" in skipped["reason"]
    assert grew < BIG // 4, grew
