"""Bad input through the real CLI: one sentence on stderr, a non-zero exit code, no traceback, nothing lost."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_helpers import cli

from frontiersmith.store import LATEST_VERSION, open_store


def _assert_one_sentence_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stdout + result.stderr
    message = result.stderr.strip()
    assert message.startswith("error: ") and "\n" not in message, message
    for fragment in fragments:
        assert fragment in message


def test_a_store_inside_a_missing_folder_is_one_sentence_and_creates_nothing(tmp_path: Path) -> None:
    data_dir = tmp_path / "missing" / "data"

    result = cli("store", "info", data_dir=data_dir)

    _assert_one_sentence_error(
        result, f"The folder {tmp_path / 'missing'} does not exist", "FRONTIERSMITH_DATA_DIR"
    )
    assert not (tmp_path / "missing").exists()


def test_a_missing_data_dir_whose_parent_exists_is_created(tmp_path: Path) -> None:
    result = cli("store", "info", "--json", data_dir=tmp_path / "data")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "store.db").is_file()


@contextlib.contextmanager
def _read_only_folder(folder: Path) -> Iterator[None]:
    """Root ignores permission bits, so make the folder immutable (or mount a read-only tmpfs on it)."""
    folder.mkdir()
    if (
        shutil.which("chattr")
        and subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
    ):
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        return
    if (
        os.geteuid() == 0
        and subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)]).returncode == 0
    ):
        try:
            yield
        finally:
            subprocess.run(["umount", str(folder)], check=True)
        return
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    pytest.skip("this machine can make no folder read-only for root (no chattr +i, no read-only tmpfs)")


def test_a_store_in_a_read_only_folder_is_one_sentence(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    with _read_only_folder(folder):
        assert not os.access(folder, os.W_OK)
        result = cli("store", "info", data_dir=folder)
    _assert_one_sentence_error(result, "read-only")


def test_a_corrupt_database_file_is_one_sentence_and_left_untouched(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    garbage = os.urandom(8192)
    (data_dir / "store.db").write_bytes(garbage)

    result = cli("store", "info", data_dir=data_dir)

    _assert_one_sentence_error(
        result, "is not a FrontierSmith store (file is not a database)", "move it aside"
    )
    assert (data_dir / "store.db").read_bytes() == garbage


def test_an_sqlite_file_of_another_program_is_refused(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    conn = sqlite3.connect(data_dir / "store.db")
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    conn.close()

    result = cli("store", "info", data_dir=data_dir)

    _assert_one_sentence_error(result, "not a FrontierSmith store")


def test_a_store_from_a_newer_version_is_one_sentence(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    open_store(data_dir / "store.db").close()
    conn = sqlite3.connect(data_dir / "store.db")
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.close()

    result = cli("store", "info", data_dir=data_dir)

    _assert_one_sentence_error(result, "newer FrontierSmith", "upgrade frontiersmith")


def test_an_unknown_id_is_one_sentence(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"

    result = cli("store", "lineage", "task_does_not_exist", "--json", data_dir=data_dir)

    _assert_one_sentence_error(result, "No record with id 'task_does_not_exist'")
    assert result.stdout == ""


def test_a_store_path_that_is_a_folder_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "data" / "store.db").mkdir(parents=True)

    result = cli("store", "info", data_dir=tmp_path / "data")

    _assert_one_sentence_error(result, "is a folder, not a store file")


def test_the_default_data_dir_is_created_whole_under_a_fresh_home(tmp_path: Path) -> None:
    share = tmp_path / "fresh-home" / ".local" / "share"
    env = {
        "HOME": str(tmp_path / "fresh-home"),
        "XDG_DATA_HOME": str(share),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
    }

    result = cli("store", "info", "--json", data_dir=None, env=env)

    assert result.returncode == 0, result.stderr
    assert (share / "frontiersmith" / "store.db").is_file()
