"""Helpers shared by the judge tests that run the real CLI."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

from suite_env import run_cli


def cli(args: list[str], data_dir: Path) -> subprocess.CompletedProcess[str]:
    """Run ``frontiersmith ARGS`` in a subprocess with its store under ``data_dir`` and no config file."""
    return run_cli(args, data_dir)


def stored_rows(data_dir: Path) -> int:
    """Rows in every table of every store under ``data_dir``: 0 when nothing was stored."""
    total = 0
    for db in data_dir.rglob("*.db"):
        with sqlite3.connect(db) as conn:
            tables = [r[0] for r in conn.execute("select name from sqlite_master where type='table'")]
            total += sum(conn.execute(f"select count(*) from [{t}]").fetchone()[0] for t in tables)
    return total
