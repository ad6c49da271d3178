"""The store holds hidden tests and verifiers, so only its owner can read it: the store file and its -wal
and -shm files are 0600 and FrontierSmith's data dir is 0700, for new stores and, tightened at open, for
existing ones; folders and files that belong to someone else are left alone."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    """The common default umask, under which SQLite alone would make a world-readable store."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _write(store_path: Path, settings: Settings | None = None) -> Store:
    """The store, open and written to, so SQLite has made its -wal and -shm files (the last connection to
    close removes them, so the caller closes it when done looking)."""
    store = open_store(None if settings else store_path, settings)
    store.events.add("test.write", "subject", {})
    assert Path(f"{store_path}-wal").exists() and Path(f"{store_path}-shm").exists()
    return store


def _files(store_path: Path) -> list[Path]:
    return [store_path, Path(f"{store_path}-wal"), Path(f"{store_path}-shm")]


def test_a_new_store_is_owner_only_in_an_owner_only_data_dir(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    store_path = tmp_path / "data" / "store.db"
    with _write(store_path, settings):
        assert _mode(tmp_path / "data") == 0o700
        assert {p.name: _mode(p) for p in _files(store_path)} == {p.name: 0o600 for p in _files(store_path)}


def test_a_new_store_in_a_folder_it_creates_is_owner_only(tmp_path: Path) -> None:
    store_path = tmp_path / "fresh" / "runs.db"
    with _write(store_path):
        assert _mode(store_path.parent) == 0o700
        assert all(_mode(p) == 0o600 for p in _files(store_path))


def test_an_existing_store_is_tightened_when_opened(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    store_path = tmp_path / "data" / "store.db"
    with _write(store_path, settings):  # another process still has it open
        for p in _files(store_path):
            p.chmod(0o644)  # as SQLite made them before the store set its own modes
        store_path.parent.chmod(0o755)

        with open_store(None, settings) as store:
            assert _mode(store_path.parent) == 0o700
            assert all(_mode(p) == 0o600 for p in _files(store_path))
            assert store.events.list(kind="test.write")  # nothing lost


def test_a_folder_the_user_named_keeps_its_mode_but_the_store_files_do_not(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # like /tmp: shared on purpose
    store_path = shared / "store.db"
    with _write(store_path):
        assert _mode(shared) == 0o1777 and all(_mode(p) == 0o600 for p in _files(store_path))
        for p in _files(store_path):
            p.chmod(0o644)
        open_store(store_path).close()
        assert all(_mode(p) == 0o600 for p in _files(store_path))
        open_store(None, Settings(data_dir=shared)).close()  # even as the data dir: a sticky folder is shared
        assert _mode(shared) == 0o1777


def test_a_symlinked_side_file_does_not_get_its_target_chmodded(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("not the store's")
    target.chmod(0o644)
    store_path = tmp_path / "data" / "store.db"
    store_path.parent.mkdir()
    Path(f"{store_path}-journal").symlink_to(target)

    open_store(store_path).close()

    assert _mode(target) == 0o644


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can hand a store to another user")
def test_root_leaves_another_users_store_as_it_is(tmp_path: Path) -> None:
    store_path = tmp_path / "theirs" / "store.db"
    with _write(store_path):
        for p in [store_path.parent, *_files(store_path)]:
            os.chown(p, 65534, 65534)
            p.chmod(0o755 if p.is_dir() else 0o644)

        open_store(None, Settings(data_dir=store_path.parent)).close()

        assert _mode(store_path.parent) == 0o755
        assert all(_mode(p) == 0o644 for p in _files(store_path))
