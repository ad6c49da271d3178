"""MCP errors never reveal the store's path (or any host path) and never echo an id of thousands of characters:
tool errors, resource errors and prompt errors alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from frontiersmith.server import build_server
from frontiersmith.server.backend import FrontierSmithServer, public_message
from frontiersmith.settings import Settings

pytestmark = pytest.mark.anyio

HUGE_ID = "task_" + "7" * 5000


async def _errors(client: Client, problem_id: str) -> list[str]:
    """The error text of every kind of call that takes an id."""
    texts = []
    for name, arguments in [
        ("get_problem", {"problem_id": problem_id}),
        ("submit", {"problem_id": problem_id, "code": "print(1)", "language": "python"}),
        ("leaderboard", {"problem_id": problem_id}),
        ("lineage", {"record_id": problem_id}),
        ("get_candidate", {"candidate_id": problem_id}),
        ("run_verifier", {"candidate_id": problem_id}),
        ("publish_candidate", {"candidate_id": problem_id}),
        (problem_id, {}),  # an unknown tool of that name
    ]:
        result = await client.call_tool(name, arguments)
        assert result.is_error, name
        texts.append(result.content[0].text)
    for read in (
        lambda: client.read_resource(f"problem://{problem_id}"),
        lambda: client.read_resource(f"task://{problem_id}/lineage"),
        lambda: client.get_prompt("solve_problem", {"problem_id": problem_id}),
        lambda: client.get_prompt(problem_id, {}),
    ):
        with pytest.raises(MCPError) as caught:
            await read()
        texts.append(caught.value.message)
    return texts


async def test_an_id_of_5000_characters_is_never_echoed_in_full(server: FrontierSmithServer) -> None:
    async with Client(server) as client:
        texts = await _errors(client, HUGE_ID)
    for text in texts:
        assert "7" * 101 not in text and len(text) < 600, text[:300]
        assert "…" in text, text  # cut, not dropped: the caller still sees which id it sent
        assert "\n" not in text


async def test_errors_name_no_host_path_of_the_store(server: FrontierSmithServer, settings: Settings) -> None:
    async with Client(server) as client:
        texts = await _errors(client, "task_does_not_exist")
    for text in texts:
        assert str(settings.data_dir) not in text and "store.db" not in text, text
    assert any("task_does_not_exist" in t for t in texts)


async def test_a_store_that_cannot_open_is_reported_without_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(tmp_path / "no-config.toml"))
    store_path = tmp_path / "deep" / "store.db"
    store_path.mkdir(parents=True)  # a folder where the store file should be: opening it fails
    server = build_server(Settings(data_dir=tmp_path, store_path=store_path, sandbox_backend="process"))
    async with Client(server) as client:
        result = await client.call_tool("list_problems", {})
        with pytest.raises(MCPError) as caught:
            await client.read_resource("problem://task_x")
    for text in (result.content[0].text, caught.value.message):
        assert "is a folder, not a store file" in text
        assert str(tmp_path) not in text and not re.search(r"(^|\s)/\w+/", text), text
    server.backend.close()


def test_public_message_keeps_ordinary_sentences_as_they_are(settings: Settings) -> None:
    for sentence in [
        "No catalog family named 'no_such_family'; list them with catalog://families.",
        "Language 'rust' is not supported; use one of: cpp, python.",
        "The code is 10000000 bytes; the limit is 1000000 bytes.",
        "Submit to catalog/min_true_2sat at http://127.0.0.1:8765/mcp, 3/4 tests.",
    ]:
        assert public_message(sentence, settings) == sentence
    leaked = f"Writing {settings.resolved_store_path} failed; see /home/someone/.cache/x and ~/notes/y."
    assert public_message(leaked, settings) == "Writing the store file failed; see <path> and <path>."
