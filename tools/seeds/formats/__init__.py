"""Seed formats: a row of a public dataset's shape, or a seed folder, as a ``SeedDraft``.

Each format is one module here with a class registered by name (``@seed_format``, ``registry.py``); importing
the package registers them all, in the order ``auto`` tries them. ``fields`` holds the field readers they share.
A draft whose tuple the row does not give carries ``UNDESCRIBED`` and an empty ``tuple_by``; the importer has
it described (``describe``). A row that cannot become a seed raises ``MalformedRow`` with the reason.
"""

from __future__ import annotations

# Importing a format's module registers it; this order is the order ``auto`` tries them and ``--format`` lists
# them (a folder with both a seed.yaml and a config.yaml is a native seed dir).
# isort: off
from . import codecontests, taco, native, frontiercs  # noqa: F401

# isort: on
from .fields import UNDESCRIBED
from .frontiercs import load_frontiercs_seed
from .native import SeedManifest, load_seed_dir
from .registry import (
    FolderFormat,
    RowFormat,
    SeedFormat,
    detect_format,
    get_format,
    parse_row,
    registered_formats,
    seed_format,
)

__all__ = [
    "UNDESCRIBED",
    "FolderFormat",
    "RowFormat",
    "SeedFormat",
    "SeedManifest",
    "detect_format",
    "get_format",
    "load_frontiercs_seed",
    "load_seed_dir",
    "parse_row",
    "registered_formats",
    "seed_format",
]
