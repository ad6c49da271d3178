"""The store imports sqlite-utils without pandas (store/_db.py): a process that opens a store does not pay for
pandas, yet pandas stays importable, by other threads meanwhile and by everyone after."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from frontiersmith.store._db import _NoPandasForThisThread

OPEN_A_FRESH_STORE = """
import sys
from pathlib import Path
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
{before}
store = open_store(None, Settings(data_dir=Path({folder!r})))  # a fresh store: every migration runs
assert store.db.table_names(), "no tables"
import sqlite_utils.db
print("pandas" in sys.modules, sqlite_utils.db.pd is not None)
import pandas
print(pandas.Timestamp(0).year)
"""


def run(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def test_opening_a_store_imports_sqlite_utils_without_pandas_and_pandas_still_imports_after(
    tmp_path: Path,
) -> None:
    assert run(OPEN_A_FRESH_STORE.format(before="", folder=str(tmp_path / "a"))) == ["False", "False", "1970"]


def test_where_pandas_is_imported_already_sqlite_utils_gets_it(tmp_path: Path) -> None:
    code = OPEN_A_FRESH_STORE.format(before="import pandas", folder=str(tmp_path / "b"))
    assert run(code) == ["True", "True", "1970"]


def test_only_the_importing_thread_is_refused_pandas() -> None:
    guard = _NoPandasForThisThread()
    with pytest.raises(ModuleNotFoundError):
        guard.find_spec("pandas")
    assert guard.find_spec("numpy") is None
    seen: list[object] = []
    other = threading.Thread(target=lambda: seen.append(guard.find_spec("pandas")))
    other.start()
    other.join()
    assert seen == [None]
