"""Seed formats by name: each format's class registers itself with ``@seed_format("name")``.

A format is one module of ``tools/seeds/formats/`` with a decorated subclass of ``RowFormat`` (a row of a file,
an object of fields) or ``FolderFormat`` (a folder), imported by the package as the export formats are
(``tools/exports/registry.py``). The order they register in is the order ``auto`` tries them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from frontiersmith.drafts import SeedDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.registry import ClassRegistry
from frontiersmith.settings import Settings, get_settings

from ..bounds import MalformedRow
from ..readers import Row


class SeedFormat:
    """One shape of closed problem that becomes a ``SeedDraft``; ``read`` refuses what is not of its shape
    with ``MalformedRow`` (or, for a folder, ``InvalidInputError``), saying why."""

    name: ClassVar[str] = ""

    def read(self, row: Row, settings: Settings) -> SeedDraft:
        """The row as a seed draft; MalformedRow (InvalidInputError for a folder) saying why it is not one."""
        raise NotImplementedError


class RowFormat(SeedFormat):
    """Rows of a dataset's shape (JSONL, JSON or Parquet), each an object of fields."""

    def recognises(self, fields: set[str]) -> bool:
        """Whether rows with these field names are of this format (for ``auto``)."""
        raise NotImplementedError

    def parse(self, row: dict[str, Any], settings: Settings) -> SeedDraft:
        """One row's decoded fields as a seed draft; MalformedRow saying why they are not one."""
        raise NotImplementedError

    def read(self, row: Row, settings: Settings) -> SeedDraft:
        """Decode the row and ``parse`` it, recording its file and row number in the draft's provenance; a folder
        or a row that is not an object is a MalformedRow."""
        if row.number is None:
            folders = " or ".join(f.noun for f in _formats(FolderFormat))
            raise MalformedRow(f"a folder is {folders}, not {self.name} rows; pass --format auto")
        value = row.value()
        if not isinstance(value, dict):
            raise MalformedRow(f"the row is a JSON {type(value).__name__}, not an object of fields")
        draft = self.parse(value, settings)
        draft.provenance = draft.provenance.model_copy(update={"file": row.file, "row": row.number})
        return draft


class FolderFormat(SeedFormat):
    """A folder that is one seed, marked by a file of its own."""

    marker: ClassVar[str] = ""  # the file that marks the folder, named when no format knows a folder
    noun: ClassVar[str] = ""  # what such a folder is, as a sentence names it ("a native seed dir")

    def recognises(self, folder: Path) -> bool:
        """Whether ``folder`` is one seed of this format (its marker file is there)."""
        raise NotImplementedError

    def load(self, folder: Path, shown: str, settings: Settings) -> SeedDraft:
        """The folder as a seed draft; ``shown`` is how messages name it."""
        raise NotImplementedError

    def read(self, row: Row, settings: Settings) -> SeedDraft:
        """``load`` the row's folder; a row of a data file is a MalformedRow."""
        if row.number is not None:
            raise MalformedRow(f"a {self.name} seed is a folder, not a row of a file; pass the folder")
        return self.load(Path(row.data), row.file, settings)


FormatT = TypeVar("FormatT", bound=type[SeedFormat])
KindT = TypeVar("KindT", bound=SeedFormat)

_FORMATS: ClassRegistry[SeedFormat] = ClassRegistry("seed format", "name")


def seed_format(name: str) -> Callable[[FormatT], FormatT]:
    """Class decorator: make a ``RowFormat`` or ``FolderFormat`` subclass available as ``--format name``."""
    return _FORMATS.decorator(name)


def registered_formats() -> tuple[str, ...]:
    """The format names, in the order they registered."""
    return _FORMATS.names()


def get_format(name: str) -> SeedFormat:
    """A new instance of the seed format registered as ``name``; InvalidInputError naming the known ones
    otherwise."""
    cls = _FORMATS.get(name)
    if cls is None:
        raise InvalidInputError(
            f"Unknown seed format {name!r}; choose one of: auto, {', '.join(registered_formats())}."
        )
    return cls()


def _formats(kind: type[KindT]) -> list[KindT]:
    return [f for f in map(get_format, registered_formats()) if isinstance(f, kind)]


def _either(names: list[str], joined: str) -> str:
    """``a, b or c`` (``joined`` "or"), ``a nor b`` for two ("nor")."""
    return f"{', '.join(names[:-1])} {joined} {names[-1]}" if len(names) > 1 else "".join(names)


def detect_format(row: Row) -> str:
    """The format of a row: a folder by its files, an object by its fields."""
    if row.number is None:
        folder = Path(row.data)
        folders = _formats(FolderFormat)
        for folder_format in folders:
            if folder_format.recognises(folder):
                return folder_format.name
        markers = _either([f.marker for f in folders], "nor")
        raise InvalidInputError(f"{folder} has neither {markers}; it is not a seed folder.")
    value = row.value()
    keys = set(value) if isinstance(value, dict) else set()
    rows = _formats(RowFormat)
    for row_format in rows:
        if row_format.recognises(keys):
            return row_format.name
    shown = ", ".join(sorted(keys)[:8]) or "none"
    raise InvalidInputError(
        f"{row.where}: cannot tell the rows' format from their fields ({shown}); pass --format "
        f"{_either([f.name for f in rows], 'or')}."
    )


def parse_row(format: str, row: Row, settings: Settings | None = None) -> SeedDraft:
    """The draft of one row in ``format``; MalformedRow (or a folder's InvalidInputError) when it is not one."""
    return get_format(format).read(row, settings or get_settings())
