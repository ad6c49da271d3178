"""Rows of seed files on this machine: JSONL, JSON, Parquet, or a directory of them (or of seed folders).

Each row comes with where it was read (the file, its row from 1), so a bad one is reported as FILE:ROW.
Reading is local only: pyarrow for Parquet, the standard library for JSON; nothing here touches a network.
JSONL and Parquet stream (a line, a small batch at a time); a JSON file is read whole. Every row is read
within the settings' bounds (``bounds.Bounds``), and one over a bound is skipped with the reason; Parquet is
decoded by a child process under a memory limit (``parquet_child``), never by the importer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings, get_settings

from ..judging.testgen import _size
from .bounds import Bounds, MalformedRow, array_items, loads, over
from .parquet_child import BATCH_ROWS as PARQUET_BATCH_ROWS
from .parquet_child import BEGIN, CHILD_ENV, GROUP, SIZE, SKIPPED, TOO_BIG, WHY, schema_depth

JSONL_SUFFIXES = (".jsonl", ".ndjson")
DATA_SUFFIXES = (*JSONL_SUFFIXES, ".json", ".parquet")
SEED_MANIFEST = "seed.yaml"  # a native seed dir
FRONTIERCS_CONFIG = "config.yaml"  # a FrontierCS package
PARQUET_CHILD = Path(__file__).with_name("parquet_child.py")
CHILD_EXIT_S = 5.0  # how long a child whose stream broke is given to exit and say why
SKIP_CHUNK = 1 << 20  # how much of a JSONL line over max_row_bytes is read at a time to step over it


@dataclass(frozen=True)
class Row:
    """One row as read: a mapping from a data file, or a folder (a native seed dir or a FrontierCS package).

    A JSONL line is kept as text until ``value()`` decodes it, so one bad line is one skipped row; a Parquet
    row stays in its Arrow batch until then, so a reader that skips the batch (another process's slice of an
    ``--jobs`` import) never converts it.
    """

    file: str
    number: int | None  # from 1 in its file; None for a folder
    data: Any = None
    text: str | None = None
    error: str = ""  # why the row could not even be read
    bounds: Bounds | None = None  # what ``text`` is parsed within; None: the settings'

    @property
    def where(self) -> str:
        """``FILE:ROW`` as messages name the row, or the folder."""
        return self.file if self.number is None else f"{self.file}:{self.number}"

    def value(self) -> Any:
        """The row's decoded value, within its bounds; MalformedRow when it could not be read or decoded."""
        if self.error:
            raise MalformedRow(self.error)
        if isinstance(self.data, _BatchRow):
            return self.data.value()
        if self.text is None:
            return self.data
        return loads(self.text, self.bounds or Bounds.of(get_settings()), "the row")


def is_seed_dir(path: Path) -> bool:
    """A native seed dir is a folder with a ``seed.yaml``."""
    return (path / SEED_MANIFEST).is_file()


def is_frontiercs_dir(path: Path) -> bool:
    """A FrontierCS package is a folder with a ``config.yaml``."""
    return (path / FRONTIERCS_CONFIG).is_file()


@dataclass(frozen=True)
class SeedSource:
    """What a PATH holds: its data files in name order, or its seed folders (the path itself, or children)."""

    path: Path
    files: tuple[Path, ...] = ()
    folders: tuple[Path, ...] = ()
    bounds: Bounds = field(default_factory=lambda: Bounds.of(get_settings()))

    def rows(self) -> Iterator[Row]:
        """Every row: each folder as one, then each file's rows in order."""
        for folder in self.folders:
            yield Row(file=str(folder), number=None, data=folder)
        for file in self.files:
            yield from read_file(file, self.bounds)

    def count(self) -> int | None:
        """How many rows there are, cheaply (newlines, Parquet metadata); None when only reading tells."""
        total = len(self.folders)
        for file in self.files:
            counted = _count_rows(file, self.bounds)
            if counted is None:
                return None
            total += counted
        return total


def open_source(path: Path | str, settings: Settings | None = None) -> SeedSource:
    """The rows PATH holds (read within the settings' bounds), or a one-sentence error saying why there are
    none to read."""
    path = Path(path)
    bounds = Bounds.of(settings or get_settings())
    if not path.exists():
        raise InvalidInputError(f"{path} does not exist; pass a JSONL, JSON or Parquet file or a folder.")
    if path.is_file():
        if path.suffix.lower() not in DATA_SUFFIXES:
            raise InvalidInputError(
                f"{path} is not a .jsonl, .json or .parquet file; export the rows to one of those."
            )
        return SeedSource(path, files=(path,), bounds=bounds)
    if is_seed_dir(path) or is_frontiercs_dir(path):
        return SeedSource(path, folders=(path,), bounds=bounds)
    children = sorted(path.iterdir(), key=lambda p: p.name)
    files = tuple(p for p in children if p.is_file() and p.suffix.lower() in DATA_SUFFIXES)
    folders = tuple(p for p in children if p.is_dir() and (is_seed_dir(p) or is_frontiercs_dir(p)))
    if not files and not folders:
        # a dataset export keeps its shards a level or two down (data/train-00000-of-00002.parquet)
        files = tuple(
            sorted(
                (p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in DATA_SUFFIXES),
                key=lambda p: p.relative_to(path).as_posix(),
            )
        )
    if not files and not folders:
        raise InvalidInputError(
            f"{path} holds no .jsonl, .json or .parquet file and no seed folder (seed.yaml) or FrontierCS "
            "package (config.yaml); pass a file or a folder of them."
        )
    return SeedSource(path, files=files, folders=folders, bounds=bounds)


def read_file(path: Path, bounds: Bounds | None = None) -> Iterator[Row]:
    """The rows of one data file, read by its suffix (JSONL, JSON, else Parquet) within ``bounds``."""
    bounds = bounds or Bounds.of(get_settings())
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return read_jsonl(path, bounds)
    if suffix == ".json":
        return read_json(path, bounds)
    return read_parquet(path, bounds)


def read_jsonl(path: Path, bounds: Bounds | None = None) -> Iterator[Row]:
    """One row a line (blank lines are not rows but keep the numbering, so FILE:ROW is the file's line); a line
    over ``max_row_bytes`` is stepped over a chunk at a time, never held whole."""
    bounds = bounds or Bounds.of(get_settings())
    with path.open("rb") as handle:
        number = 0
        while raw := handle.readline(bounds.row_bytes + 1):
            number += 1
            if len(raw) > bounds.row_bytes and not raw.endswith(b"\n"):
                size = len(raw) + _step_over_line(handle)
                yield Row(str(path), number, error=bounds.over_row_bytes("the line is", size))
                continue
            if raw.isspace():
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield Row(str(path), number, error="the line is not UTF-8 text")
                continue
            yield Row(str(path), number, text=text, bounds=bounds)


def _step_over_line(handle: Any) -> int:
    """Read to the end of the current line, a chunk at a time; how many bytes that was."""
    skipped = 0
    while chunk := handle.readline(SKIP_CHUNK):
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            break
    return skipped


def read_json(path: Path, bounds: Bounds | None = None) -> Iterator[Row]:
    """An array of rows, or one row; read whole (JSON has no streaming form), so use JSONL for big sets. The
    array is split into its rows' texts without parsing them, so a bad row is one skipped row."""
    bounds = bounds or Bounds.of(get_settings())
    size = path.stat().st_size
    if size > bounds.decompressed_bytes:
        raise InvalidInputError(
            f"{path} is {_size(size)}, {over(_size(bounds.decompressed_bytes), 'max_decompressed_bytes')}, and "
            "a JSON file is read whole; export the rows as JSONL."
        )
    with path.open("rb") as handle:
        data = handle.read(bounds.decompressed_bytes + 1)  # no more, should the file grow meanwhile
    try:
        text = data.decode(json.detect_encoding(data), "surrogatepass")
        del data
        items = array_items(text)
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
    except ValueError as exc:
        raise InvalidInputError(
            f"{path} is not valid JSON ({exc}); fix it or export the rows as JSONL."
        ) from None
    for number, item in enumerate([text] if items is None else items, start=1):
        if len(item) > bounds.row_bytes:
            yield Row(str(path), number, error=bounds.over_row_bytes("the row is", len(item)))
        else:
            yield Row(str(path), number, text=item, bounds=bounds)


def read_parquet(path: Path, bounds: Bounds | None = None) -> Iterator[Row]:
    """Rows a small batch at a time, nested columns as dicts and lists, decoded by a child process under a
    memory limit (``parquet_child``): a row over ``max_row_bytes``, and the rest of a row group that needs more
    than ``max_decompressed_bytes`` to decode, are skipped, each reported, and the rest of the file is read.
    A child that stops (a reader crash on a damaged file) costs the rest of its row group; another starts
    at the next."""
    import pyarrow.lib

    bounds = bounds or Bounds.of(get_settings())
    metadata = _parquet_file(path, bounds).metadata
    number = first = 0
    while first < metadata.num_row_groups:
        child = _Child(path, bounds, first)
        current, done = first, 0  # the row group the child is in, and how many of its rows came
        try:
            for batch, meta in child.messages():
                if meta.get(WHY) == BEGIN:
                    current, done = int(meta[GROUP]), 0
                    continue
                if batch.num_rows:
                    rows = _Batch(batch)
                    for index in range(batch.num_rows):
                        number += 1
                        yield Row(str(path), number, data=_BatchRow(rows, index))
                    done += batch.num_rows
                    continue
                reason = _skip_reason(meta, bounds)
                for _ in range(int(meta[SKIPPED])):
                    number += 1
                    yield Row(str(path), number, error=reason)
                done += int(meta[SKIPPED])
            return
        except (pyarrow.lib.ArrowException, OSError):  # the stream broke off: the child stopped
            reason = (
                f"the Parquet reader stopped in its row group ({child.why_stopped()}); export the file again"
            )
        finally:
            child.close()
        for _ in range(max(metadata.row_group(current).num_rows - done, 0)):
            number += 1
            yield Row(str(path), number, error=reason)
        first = current + 1


def _skip_reason(meta: dict[str, str], bounds: Bounds) -> str:
    if meta.get(WHY) == TOO_BIG:
        return bounds.over_row_bytes("the row decodes to", int(meta[SIZE]))
    return (
        f"decoding its row group from this row on needs more memory than the limit of "
        f"{_size(bounds.decompressed_bytes)} set by max_decompressed_bytes (FRONTIERSMITH_MAX_DECOMPRESSED_BYTES); "
        "export the rows in smaller row groups"
    )


class _Child:
    """A ``parquet_child`` process reading one file from a row group on; its stderr goes to a file, so a
    child that says much there cannot stall on a full pipe."""

    def __init__(self, path: Path, bounds: Bounds, first: int):
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - it lives as long as the child: close() closes it
        command = [sys.executable, "-I", str(PARQUET_CHILD), str(path), str(bounds.row_bytes)]
        self.process = subprocess.Popen(
            [*command, str(bounds.decompressed_bytes), str(first)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env={**os.environ, **CHILD_ENV},
        )

    def messages(self) -> Iterator[tuple[Any, dict[str, str]]]:
        """Each batch the child sends, with its metadata (empty for rows)."""
        import pyarrow as pa

        reader = pa.ipc.open_stream(self.process.stdout)
        while True:
            try:
                batch, meta = reader.read_next_batch_with_custom_metadata()
            except StopIteration:
                return
            yield batch, {k.decode(): v.decode() for k, v in (meta or {}).items()}

    def why_stopped(self) -> str:
        try:
            status = self.process.wait(timeout=CHILD_EXIT_S)
        except subprocess.TimeoutExpired:
            return "its reader sent a broken stream"
        self.stderr.seek(0)
        said = [line for line in self.stderr.read().decode(errors="replace").splitlines() if line.strip()]
        if said:
            return said[-1].strip()[:200]
        return f"killed by signal {-status}" if status < 0 else f"exit status {status}"

    def close(self) -> None:
        self.process.kill()  # nothing, once it has ended
        self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.stderr.close()


class _Batch:
    """An Arrow record batch (within max_row_bytes, as the child sends them), converted to Python rows the
    first time one of them is asked for."""

    def __init__(self, batch: Any):
        self.batch: Any = batch
        self.rows: list[Any] | None = None

    def row(self, index: int) -> Any:
        if self.rows is None:
            self.rows, self.batch = self.batch.to_pylist(), None
        return self.rows[index]


@dataclass(frozen=True)
class _BatchRow:
    batch: _Batch
    index: int

    def value(self) -> Any:
        return self.batch.row(self.index)


def _parquet_file(path: Path, bounds: Bounds) -> Any:
    """The Parquet file opened for its metadata (the child decodes its rows), its schema no deeper than
    max_nesting_depth."""
    import pyarrow.lib
    import pyarrow.parquet as pq

    try:
        # Parquet spells a list in two levels; the footer is parsed within pyarrow's own Thrift limits.
        parquet = pq.ParquetFile(path, schema_depth_limit=2 * bounds.nesting_depth + 2)
        depth = schema_depth(parquet.schema_arrow)
    except (pyarrow.lib.ArrowException, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InvalidInputError(
            f"{path} is not a readable Parquet file ({first}); export it again."
        ) from None
    if depth > bounds.nesting_depth:
        raise InvalidInputError(
            f"{path} nests its columns {depth} levels deep, "
            f"{over(str(bounds.nesting_depth), 'max_nesting_depth')}; flatten them."
        )
    return parquet


def _count_rows(path: Path, bounds: Bounds) -> int | None:
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        return int(_parquet_file(path, bounds).metadata.num_rows)
    if suffix in JSONL_SUFFIXES:
        lines, last = 0, b"\n"
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                lines += chunk.count(b"\n")
                last = chunk[-1:]
        return lines + (last != b"\n")
    return None


__all__ = [
    "PARQUET_BATCH_ROWS",
    "MalformedRow",
    "Row",
    "SeedSource",
    "is_frontiercs_dir",
    "is_seed_dir",
    "open_source",
    "read_file",
    "read_json",
    "read_jsonl",
    "read_parquet",
]
