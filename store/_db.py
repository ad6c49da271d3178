"""Connections to the one SQLite file: PRAGMAs, per-thread connections, write transactions that retry on locks,
the translation of SQLite's failures into one-sentence StoreErrors, the owner-only modes of the store's
files, and sqlite-utils imported without pandas."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from frontiersmith.errors import StoreError

if TYPE_CHECKING:  # imported by sqlite_utils_database: see there
    import sqlite_utils

T = TypeVar("T")

BUSY_TIMEOUT_MS = 30_000
# A writer waits this long in total (busy handler + our retries) before giving up with a StoreError.
LOCK_DEADLINE_S = 600.0

# The store holds hidden tests, verifiers and answers: only its owner may read it or list its folder.
PRIVATE_FILE_MODE = 0o600
PRIVATE_DIR_MODE = 0o700
# What SQLite keeps beside the store; it creates each with the store file's own mode.
SIDE_FILE_SUFFIXES = ("-wal", "-shm", "-journal")


class _NoPandasForThisThread:
    """A meta-path finder that refuses pandas to the one thread that made it (see ``sqlite_utils_database``)."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "pandas" and threading.get_ident() == self.thread:
            raise ModuleNotFoundError("the store imports sqlite-utils without pandas", name=name)


def sqlite_utils_database(conn: sqlite3.Connection) -> sqlite_utils.Database:
    """``conn`` as a sqlite-utils Database (no plugins, SQLite's own trigger recursion), with sqlite-utils imported
    without pandas. Where pandas is installed (datasets brings it), sqlite-utils imports it only to type
    ``pandas.Timestamp`` values as TEXT columns, which the store never inserts, and pandas is most of what
    ``import sqlite_utils`` costs, in every process that opens a store. Only this thread
    is refused pandas, and only while sqlite-utils is imported: other threads, and all that comes after,
    import it as usual (and where pandas is imported already, sqlite-utils gets it)."""
    guard = None if "sqlite_utils" in sys.modules else _NoPandasForThisThread()
    if guard is not None:
        sys.meta_path.insert(0, guard)
    try:
        import sqlite_utils
    finally:
        if guard is not None:
            sys.meta_path.remove(guard)
    return sqlite_utils.Database(conn, execute_plugins=False, recursive_triggers=False)


def _owner_only(path: Path | str, flags: int, kind: Callable[[int], bool] = stat.S_ISREG) -> bool:
    """Open ``path`` with ``flags`` and, if it is of ``kind`` (a regular file unless told) and this user owns
    it, take group and other access off it; False when it cannot be opened.

    Never a folder with the sticky bit (a shared temp dir such as /tmp) and never another user's file,
    even as root.
    """
    # Look before opening: closing any descriptor of a file drops every POSIX lock this process holds on it,
    # so opening (and closing) a store file another Store of this process has open would break that
    # Store's SQLite locks. The file is only opened to create it or when its mode has to change.
    try:
        seen = os.stat(path, follow_symlinks=not flags & os.O_NOFOLLOW)
    except FileNotFoundError:
        if not flags & os.O_CREAT:
            return False
    except OSError:
        return False
    else:
        if not kind(seen.st_mode):
            return False
        if seen.st_uid != os.geteuid() or not seen.st_mode & 0o077 or seen.st_mode & stat.S_ISVTX:
            return True  # nothing to change
    try:
        fd = os.open(path, flags | os.O_CLOEXEC, PRIVATE_FILE_MODE)  # the mode only counts with O_CREAT
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if (
            kind(st.st_mode)
            and st.st_uid == os.geteuid()
            and st.st_mode & 0o077
            and not st.st_mode & stat.S_ISVTX
        ):
            os.fchmod(fd, stat.S_IMODE(st.st_mode) & 0o700)
    finally:
        os.close(fd)
    return True


def make_private(path: Path) -> None:
    """Create the store file owner-only (0600), and tighten an existing one and its side files we own.

    The mode is set on the file before SQLite opens it, so its -wal and -shm files are born 0600 too.
    """
    if not _owner_only(path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK):
        return  # connect() then says why the store cannot be opened, in the store's own words
    for suffix in SIDE_FILE_SUFFIXES:
        # NOFOLLOW: a side file planted as a symlink must not get us to chmod what it points at.
        _owner_only(f"{path}{suffix}", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)


def make_private_folder(folder: Path) -> None:
    """Make the store's folder owner-only (0700) if this user owns it; for FrontierSmith's own folders only
    (the data dir), never a folder the user picked, which may be shared on purpose."""
    if folder.resolve() != Path(folder.anchor or "/"):
        _owner_only(folder, os.O_RDONLY | os.O_DIRECTORY, stat.S_ISDIR)


def is_busy(exc: BaseException) -> bool:
    """True for SQLITE_BUSY / SQLITE_LOCKED, which a later retry can get past."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    message = str(exc).lower()
    return "database is locked" in message or "database table is locked" in message or "busy" in message


def describe(exc: sqlite3.Error, path: Path, hint: str) -> StoreError:
    """One sentence for an SQLite failure on ``path``; ``hint`` names the setting that moves the store."""
    message = str(exc).lower()
    if "file is not a database" in message or "not a database" in message:
        return StoreError(
            f"{path} is not a FrontierSmith store (file is not a database); move it aside or point {hint} elsewhere."
        )
    if "malformed" in message or "corrupt" in message:
        return StoreError(
            f"{path} is damaged (database disk image is malformed); restore it from a backup or point {hint} elsewhere."
        )
    if "readonly" in message or "read-only" in message:
        return StoreError(f"{path} is read-only; make it and its folder writable or point {hint} elsewhere.")
    if "unable to open" in message:
        if path.is_dir():
            return StoreError(f"{path} is a folder, not a store file; point {hint} at a file path instead.")
        return StoreError(
            f"{path} cannot be opened (unable to open database file); check its folder and {hint}."
        )
    if "disk i/o" in message or "disk is full" in message:
        return StoreError(f"Writing {path} failed ({exc}); free disk space or point {hint} elsewhere.")
    if is_busy(exc):
        return StoreError(f"{path} stayed locked by another writer for too long; retry when it is idle.")
    return StoreError(f"The store {path} failed ({exc}); check the file or point {hint} elsewhere.")


def connect(path: Path, hint: str) -> sqlite3.Connection:
    """A connection in driver autocommit mode (we issue BEGIN ourselves) with the store's PRAGMAs set."""
    try:
        # check_same_thread=False only so Store.close() may close it from another thread; each connection
        # is otherwise used by the one thread that opened it.
        conn = sqlite3.connect(
            str(path), isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000
        )
    except sqlite3.Error as exc:
        raise describe(exc, path, hint) from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # journal_mode can report busy without going through the busy handler when another process is
        # switching it at the same moment, so it gets its own retry.
        retry_busy(lambda: conn.execute("PRAGMA journal_mode = WAL").fetchone())
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as exc:
        conn.close()
        raise describe(exc, path, hint) from None
    return conn


def backoff(attempt: int) -> float:
    """Exponential backoff with jitter, capped so a waiting writer keeps polling."""
    return min(0.5, 0.005 * (2 ** min(attempt, 10))) * (0.5 + random.random())


def retry_busy(fn: Callable[[], T], deadline_s: float = LOCK_DEADLINE_S) -> T:
    """Call ``fn`` until it stops failing with SQLITE_BUSY, or the deadline passes."""
    start = time.monotonic()
    attempt = 0
    while True:
        try:
            return fn()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() - start > deadline_s:
                raise
            time.sleep(backoff(attempt))
            attempt += 1


class _ThreadState(threading.local):
    conn: sqlite3.Connection | None = None
    pid: int = 0
    depth: int = 0  # nesting of transaction() on this thread


class Connections:
    """One sqlite3 connection per (process, thread); writes go through BEGIN IMMEDIATE with retries."""

    def __init__(self, path: Path, hint: str):
        self.path = path
        self.hint = hint
        make_private(path)
        self._local = _ThreadState()
        self._lock = threading.Lock()
        self._all: list[sqlite3.Connection] = []

    def get(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use; after a fork the child opens its own instead of using
        the parent's."""
        state = self._local
        # After a fork the inherited connection belongs to the parent; open our own.
        if state.conn is None or state.pid != os.getpid():
            state.conn = connect(self.path, self.hint)
            state.pid = os.getpid()
            state.depth = 0
            with self._lock:
                self._all.append(state.conn)
        return state.conn

    def close(self) -> None:
        """Close every connection opened through this object, in all threads; this thread's next ``get`` opens a
        new one."""
        with self._lock:
            conns, self._all = self._all, []
        for conn in conns:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        self._local.conn = None

    @property
    def in_transaction(self) -> bool:
        """Whether this thread is inside a ``transaction`` block."""
        return self._local.depth > 0

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE (retried while another writer holds the lock) ... COMMIT; nested blocks join the outer one."""
        conn = self.get()
        state = self._local
        if state.depth > 0:
            state.depth += 1
            try:
                yield conn
            finally:
                state.depth -= 1
            return
        self._begin(conn)
        state.depth = 1
        try:
            yield conn
        except BaseException:
            state.depth = 0
            with contextlib.suppress(sqlite3.Error):
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
            raise
        try:
            retry_busy(lambda: conn.execute("COMMIT"))
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
            raise describe(exc, self.path, self.hint) from None
        finally:
            state.depth = 0

    def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` in a write transaction; the whole of ``fn`` is retried if SQLite reports a lock.

        Inside an open ``transaction()`` it simply joins it (the outer block owns commit and retries).
        """
        if self.in_transaction:
            return fn(self.get())
        start = time.monotonic()
        attempt = 0
        while True:
            try:
                with self.transaction() as conn:
                    return fn(conn)
            except sqlite3.OperationalError as exc:
                if not is_busy(exc) or time.monotonic() - start > LOCK_DEADLINE_S:
                    raise describe(exc, self.path, self.hint) from None
                time.sleep(backoff(attempt))
                attempt += 1
            except sqlite3.Error as exc:
                raise describe(exc, self.path, self.hint) from None

    def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run a read; reads never take the write lock, but WAL recovery can still report busy briefly."""
        try:
            return retry_busy(lambda: fn(self.get()))
        except sqlite3.Error as exc:
            raise describe(exc, self.path, self.hint) from None

    def _begin(self, conn: sqlite3.Connection) -> None:
        try:
            retry_busy(lambda: conn.execute("BEGIN IMMEDIATE"))
        except sqlite3.Error as exc:
            raise describe(exc, self.path, self.hint) from None
