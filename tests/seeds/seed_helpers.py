"""Helpers of the seed tests (imported by name from this folder): files of rows, store counts, the real CLI."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from model_answers import step_of
from suite_env import run_cli

from frontiersmith.store import Store

FRONTIERCS_MINI = Path(__file__).parent.parent / "judge" / "data" / "frontiercs_mini"


def model_step(prompt: str) -> str:
    """Which step a prompt to the scripted model is: the queue its canned answers are taken from."""
    step = step_of(prompt)
    return step if step in ("describe", "checker", "mutate") else "other"


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows))
    return path


def write_parquet(path: Path, rows: list[dict[str, Any]]) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def table_counts(store: Store) -> dict[str, int]:
    """Rows of the tables an import writes: what "nothing half stored" is checked against."""
    counts = store.counts()
    return {table: counts[table] for table in ("seeds", "tests", "solutions", "blobs")}


def cli(args: list[str], data_dir: Path) -> subprocess.CompletedProcess[str]:
    """Run ``frontiersmith ARGS`` in a subprocess with its store under ``data_dir``, no config file and the
    process sandbox."""
    return run_cli(args, data_dir, FRONTIERSMITH_SANDBOX_BACKEND="process")


def stored_seed_count(data_dir: Path) -> int:
    with sqlite3.connect(data_dir / "store.db") as conn:
        return int(conn.execute("select count(*) from seeds").fetchone()[0])
