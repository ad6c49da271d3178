"""Rows of seed files on this machine: JSONL, JSON, Parquet, or a directory of them (or of seed folders).

Each row comes with where it was read (the file, its row from 1), so a bad one is reported as FILE:ROW.
Reading is local only: pyarrow for Parquet, the standard library for JSON; nothing here touches a network.
JSONL and Parquet stream (a line, a small batch at a time); a JSON file is read whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frontiersmith.errors import InvalidInputError

JSONL_SUFFIXES = (".jsonl", ".ndjson")
DATA_SUFFIXES = (*JSONL_SUFFIXES, ".json", ".parquet")
SEED_MANIFEST = "seed.yaml"  # a native seed dir
FRONTIERCS_CONFIG = "config.yaml"  # a FrontierCS package
PARQUET_BATCH_ROWS = 64  # CodeContests rows carry their tests: a few MB each at most, so batches stay small


class MalformedRow(InvalidInputError):
    """One row that cannot become a seed; the importer skips it and reports ``FILE:ROW: reason``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


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

    @property
    def where(self) -> str:
        return self.file if self.number is None else f"{self.file}:{self.number}"

    def value(self) -> Any:
        if self.error:
            raise MalformedRow(self.error)
        if isinstance(self.data, _BatchRow):
            return self.data.value()
        if self.text is None:
            return self.data
        try:
            return json.loads(self.text)
        except json.JSONDecodeError as exc:
            raise MalformedRow(f"the line is not valid JSON ({exc.msg} at column {exc.colno})") from None


def is_seed_dir(path: Path) -> bool:
    return (path / SEED_MANIFEST).is_file()


def is_frontiercs_dir(path: Path) -> bool:
    return (path / FRONTIERCS_CONFIG).is_file()


@dataclass(frozen=True)
class SeedSource:
    """What a PATH holds: its data files in name order, or its seed folders (the path itself, or children)."""

    path: Path
    files: tuple[Path, ...] = ()
    folders: tuple[Path, ...] = ()

    def rows(self) -> Iterator[Row]:
        for folder in self.folders:
            yield Row(file=str(folder), number=None, data=folder)
        for file in self.files:
            yield from read_file(file)

    def count(self) -> int | None:
        """How many rows there are, cheaply (newlines, Parquet metadata); None when only reading tells."""
        total = len(self.folders)
        for file in self.files:
            counted = _count_rows(file)
            if counted is None:
                return None
            total += counted
        return total


def open_source(path: Path | str) -> SeedSource:
    """The rows PATH holds, or a one-sentence error saying why there are none to read."""
    path = Path(path)
    if not path.exists():
        raise InvalidInputError(f"{path} does not exist; pass a JSONL, JSON or Parquet file or a folder.")
    if path.is_file():
        if path.suffix.lower() not in DATA_SUFFIXES:
            raise InvalidInputError(
                f"{path} is not a .jsonl, .json or .parquet file; export the rows to one of those."
            )
        return SeedSource(path, files=(path,))
    if is_seed_dir(path) or is_frontiercs_dir(path):
        return SeedSource(path, folders=(path,))
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
    return SeedSource(path, files=files, folders=folders)


def read_file(path: Path) -> Iterator[Row]:
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return read_jsonl(path)
    if suffix == ".json":
        return read_json(path)
    return read_parquet(path)


def read_jsonl(path: Path) -> Iterator[Row]:
    """One row a line (blank lines are not rows but keep the numbering, so FILE:ROW is the file's line)."""
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield Row(str(path), number, error="the line is not UTF-8 text")
                continue
            yield Row(str(path), number, text=text)


def read_json(path: Path) -> Iterator[Row]:
    """An array of rows, or one row; read whole (JSON has no streaming form), so use JSONL for big sets."""
    try:
        data = json.loads(path.read_bytes())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        detail = f" ({exc.msg} at line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise InvalidInputError(
            f"{path} is not valid JSON{detail}; fix it or export the rows as JSONL."
        ) from None
    for number, item in enumerate(data if isinstance(data, list) else [data], start=1):
        yield Row(str(path), number, data=item)


def read_parquet(path: Path) -> Iterator[Row]:
    """Rows a small batch at a time (``ParquetFile.iter_batches``), nested columns as dicts and lists."""
    parquet = _parquet_file(path)
    number = 0
    for batch in parquet.iter_batches(batch_size=PARQUET_BATCH_ROWS):
        rows = _Batch(batch)
        for index in range(batch.num_rows):
            number += 1
            yield Row(str(path), number, data=_BatchRow(rows, index))


class _Batch:
    """An Arrow record batch, converted to Python rows the first time one of them is asked for."""

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


def _parquet_file(path: Path) -> Any:
    import pyarrow.lib
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path)
    except (pyarrow.lib.ArrowException, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InvalidInputError(
            f"{path} is not a readable Parquet file ({first}); export it again."
        ) from None


def _count_rows(path: Path) -> int | None:
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        return int(_parquet_file(path).metadata.num_rows)
    if suffix in JSONL_SUFFIXES:
        lines, last = 0, b"\n"
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                lines += chunk.count(b"\n")
                last = chunk[-1:]
        return lines + (last != b"\n")
    return None


__all__ = [
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
