"""Opening a second Store on a file this process already has open must not drop the first one's SQLite locks.

Closing any descriptor of a file drops every POSIX lock the process holds on it, so a Store that opened and
closed the file (to check its mode) would silently release another connection's locks, and a writer in
another process could then write under it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from frontiersmith.store import open_store

TRY_WRITE = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    conn.execute("BEGIN IMMEDIATE")
except sqlite3.OperationalError as exc:
    print("locked" if "locked" in str(exc) else f"error {exc}")
else:
    print("got the write lock")
"""


def test_opening_the_store_again_in_process_keeps_another_connections_write_lock(tmp_path):
    path = tmp_path / "store.db"
    open_store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # this process holds the write lock
    try:
        for _ in range(2):
            open_store(path).close()
            other = subprocess.run(
                [sys.executable, "-c", TRY_WRITE, str(path)], capture_output=True, text=True, timeout=60
            )
            assert other.stdout.strip() == "locked", other.stdout + other.stderr
    finally:
        holder.execute("ROLLBACK")
        holder.close()
