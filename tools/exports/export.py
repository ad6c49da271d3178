"""``export_tasks``: select published tasks, bundle, deduplicate and split them, write them in a format and
record ``manifest.json``. The CLI's ``export`` and the MCP tool ``export_tasks`` call it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from .bundle import ALL, LATEST, TaskBundle, assign_splits, dedup, load_bundle, parse_split, select_tasks
from .manifest import MANIFEST_FILE, Manifest, build_manifest
from .registry import ExportContext, get_format


def _check_out(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise InvalidInputError(f"{out} already exists and is not an empty folder; choose a new folder.")
    for parent in (out.parent, *out.parent.parents):
        if parent.exists() and not parent.is_dir():
            raise InvalidInputError(f"{parent} is a file, not a folder; choose another OUT.")


def _selection(tasks: str | None, run: str | None, everything: bool) -> str:
    """How the manifest names the selection: latest, all, ids or run:RUN_ID."""
    if run:
        return f"run:{run}"
    chosen = ALL if everything else (tasks or LATEST).strip()
    return chosen if chosen in (LATEST, ALL) else "ids"


async def export_tasks(
    store: Store,
    fmt: str,
    out: Path | str,
    *,
    tasks: str | None = None,
    run: str | None = None,
    everything: bool = False,
    split: str | None = None,
    card_ok: bool = False,
    options: dict[str, Any] | None = None,
    settings: Settings | None = None,
) -> Manifest:
    """Write the selected tasks (``bundle.select_tasks``) to ``out`` in format ``fmt``.

    Everything is checked (the format, the split, the selection, ``out`` new or empty) before anything is
    written, and the export is built in a folder beside ``out`` that takes its place only once complete, so
    a failed export leaves nothing behind. ``card_ok`` keeps only the tasks whose card raises no warning
    (tools/synthesis/card.py); when that leaves none, nothing is written and the error says why."""
    settings = settings or get_settings()
    out = Path(out)
    writer = get_format(fmt)
    splits = parse_split(split)
    _check_out(out)
    chosen = select_tasks(store, tasks, run, everything)
    out.parent.mkdir(parents=True, exist_ok=True)  # as mkdir -p: `export ... out/fcs` in a fresh folder
    bundles = dedup([await load_bundle(store, t, settings) for t in chosen])
    if card_ok:
        bundles = _card_ok(bundles)
    placed = assign_splits(bundles, splits)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        paths = await writer.write(bundles, work, ExportContext(store, settings, dict(options or {})))
        manifest = build_manifest(fmt, _selection(tasks, run, everything), splits, bundles, paths, placed)
        (work / MANIFEST_FILE).write_text(manifest.model_dump_json(indent=2) + "\n")
        os.chmod(work, 0o755)  # mkdtemp makes it private; an export is meant to be read
        if out.exists():
            out.rmdir()  # empty (checked above): the finished export takes its place
        work.rename(out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return manifest


def read_manifest(out: Path | str) -> Manifest:
    """The manifest of an export folder."""
    path = Path(out) / MANIFEST_FILE
    if not path.is_file():
        raise InvalidInputError(f"{out} has no {MANIFEST_FILE}; is it a FrontierSmith export?")
    return Manifest.model_validate_json(path.read_text())


def _card_ok(bundles: list[TaskBundle]) -> list[TaskBundle]:
    kept = [b for b in bundles if b.card is not None and b.card.ok]
    if not kept:
        first = next((b for b in bundles if b.card is not None and b.card.warnings), None)
        why = f" (for example {first.task_id}: {first.card.warnings[0]})" if first and first.card else ""
        raise InvalidInputError(
            f"No selected task has a card without warnings{why}; see `frontiersmith audit`, or export without "
            "--card-ok."
        )
    return kept
