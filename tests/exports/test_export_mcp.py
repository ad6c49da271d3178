"""The MCP tool export_tasks (synthesis scope), through the real MCP client: it writes only inside the
server's export folder, under a folder name the caller gives, and its result is the export's manifest."""

from __future__ import annotations

from pathlib import Path

import pytest
from export_helpers import Published
from mcp import Client

from frontiersmith.server import build_server
from frontiersmith.server.backend import Backend
from frontiersmith.tools.exports import read_manifest

pytestmark = pytest.mark.anyio


def _server(published: Published, export_dir: Path, tools: str = "synthesis"):  # noqa: ANN202
    """A server over the shared Store object itself: a second Store opened on the same file in this process
    would drop the first one's SQLite locks when it opens and closes the file (store/_db.make_private)."""
    settings = published.settings.model_copy(update={"export_dir": export_dir})
    return build_server(settings, tools=tools, backend=Backend(settings, _store=published.store))


async def test_export_tasks_writes_inside_the_export_folder_and_returns_the_manifest(
    published: Published, tmp_path: Path
) -> None:
    server = _server(published, tmp_path / "exports")
    async with Client(server) as client:
        result = await client.call_tool(
            "export_tasks",
            {"format": "frontiercs", "folder": "round1/fcs", "split": "train:0.5,test:0.5"},
        )
        assert not result.is_error, result.content[0].text
        out = result.structured_content
        assert out["folder"] == "round1/fcs"
        written = tmp_path / "exports" / "round1" / "fcs"
        assert read_manifest(written).model_dump(mode="json") == out["manifest"]
        assert {t["task_id"] for t in out["manifest"]["tasks"]} == {t.id for t in published.tasks.values()}
        assert all((written / t["path"] / "chk.cc").is_file() for t in out["manifest"]["tasks"])


@pytest.mark.parametrize(
    ("folder", "words"),
    [
        ("/tmp/elsewhere", "is not a plain folder name"),
        ("../outside", "is not a plain folder name"),
        ("a/../../b", "is not a plain folder name"),
        (".hidden", "is not a plain folder name"),
        ("taken", "already exists"),
        ("link/inside", "leads out of the server's export folder"),
    ],
)
async def test_export_tasks_refuses_any_folder_outside_the_export_folder(
    published: Published, tmp_path: Path, folder: str, words: str
) -> None:
    exports = tmp_path / "exports"
    (exports / "taken").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    (exports / "link").symlink_to(tmp_path / "outside")
    server = _server(published, exports)
    async with Client(server) as client:
        result = await client.call_tool("export_tasks", {"format": "native", "folder": folder})
    assert result.is_error and words in result.content[0].text, result.content[0].text
    assert str(tmp_path) not in result.content[0].text  # no server path goes back to the client
    assert list((tmp_path / "outside").iterdir()) == [] and list((exports / "taken").iterdir()) == []


async def test_export_tasks_is_not_on_a_solve_server(published: Published, tmp_path: Path) -> None:
    server = _server(published, tmp_path / "exports", tools="solve")
    async with Client(server) as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert "export_tasks" not in names and "submit" in names
