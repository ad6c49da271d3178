"""The MCP tool ``export_tasks``: a thin adapter over ``frontiersmith.tools.exports.export_tasks`` that
writes only inside the server's export folder (the ``export_dir`` setting), into a folder the caller names."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

from frontiersmith.errors import InvalidInputError
from frontiersmith.tools.exports import Manifest, export_tasks, registered_formats

from .backend import progress
from .synthesis_tools import _backend, _doc


class ExportOut(BaseModel):
    """An export written by export_tasks: its folder and its manifest."""

    folder: str = Field(description="The export's folder, inside the server's export folder.")
    manifest: Manifest = Field(description="What manifest.json in that folder says: counts, hashes, tasks.")


def export_folder(root: Path, name: str) -> Path:
    """``root / name`` for a new folder name inside ``root``: relative, no '..', no hidden parts, nothing
    that leads out of ``root`` once symlinks are followed."""
    parts = PurePosixPath(name).parts
    if (
        not name.strip()
        or PurePosixPath(name).is_absolute()
        or any(p in ("..", ".") or p.startswith(".") for p in parts)
    ):
        raise InvalidInputError(
            f"The folder {name!r} is not a plain folder name; name a new folder inside the server's export "
            "folder, such as 'round1/harbor' (no absolute path, no '..')."
        )
    root.mkdir(parents=True, exist_ok=True)
    dest = root.joinpath(*parts)
    if not dest.parent.resolve().is_relative_to(root.resolve()):
        raise InvalidInputError(f"The folder {name!r} leads out of the server's export folder; name another.")
    if dest.exists() or dest.is_symlink():
        raise InvalidInputError(f"The export folder {name!r} already exists; name a new folder.")
    dest.parent.mkdir(parents=True, exist_ok=True)
    return dest


async def export_tasks_tool(
    ctx: Context,
    format: Annotated[str, Field(description="The export format: " + ", ".join(registered_formats()) + ".")],
    folder: Annotated[
        str,
        Field(
            description="A new folder to write, named inside the server's export folder (e.g. 'run7/harbor')."
        ),
    ],
    tasks: Annotated[
        str | None,
        Field(
            description="'latest' (the default: each candidate's latest version), 'all' (every version), or "
            "task ids separated by commas (a candidate id stands for its latest task)."
        ),
    ] = None,
    run: Annotated[str | None, Field(description="Export the latest tasks of this synthesis run.")] = None,
    split: Annotated[
        str | None,
        Field(
            description="Splits by lineage family, e.g. 'train:0.9,test:0.1'; siblings never straddle two."
        ),
    ] = None,
) -> ExportOut:
    """Write published tasks out for a trainer or an agent harness (FrontierCS problem folders, Harbor tasks,
    or the dataset formats), deduplicated by content and split by lineage family, with a manifest.json
    saying how each task was made. The export lands in the server's export folder, under the name given."""
    backend = _backend(ctx)
    dest = export_folder(backend.settings.resolved_export_dir, folder)
    async with backend.sandbox_slot(ctx, "export_tasks"):
        await progress(ctx, 0, None, f"exporting as {format}")
        manifest = await export_tasks(
            backend.store(), format, dest, tasks=tasks, run=run, split=split, settings=backend.settings
        )
    return ExportOut(folder=PurePosixPath(folder).as_posix(), manifest=manifest)


def register(mcp: MCPServer) -> None:
    """Register the export_tasks tool on ``mcp``."""
    mcp.add_tool(export_tasks_tool, name="export_tasks", description=_doc(export_tasks_tool))
