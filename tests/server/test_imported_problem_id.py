"""One id per problem, from `import frontiercs` to the CLI: the id the import prints is the one `list_problems`,
`get_problem`, the `problem://` resource, the `solve_problem` prompt, `submit` and `leaderboard` take and give
back over the real MCP client (stdio), and `frontiersmith problems` and `judge` take it too. The problem is
interactive, so every text an agent reads tells it to flush; the package's own name is answered with the id."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_helpers import serve_env
from suite_env import run_cli

pytestmark = pytest.mark.anyio

PACKAGE = Path(__file__).parents[1] / "judge" / "data" / "interactive_guess"
BINARY = PACKAGE / "solutions" / "binary.cpp"


def cli(data_dir: Path, *args: str) -> str:
    done = run_cli(args, data_dir, FRONTIERSMITH_SANDBOX_BACKEND="process", FRONTIERSMITH_WORKERS="2")
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_an_imported_problem_has_one_id_from_import_to_leaderboard(tmp_path: Path) -> None:
    printed = cli(tmp_path, "import", "frontiercs", str(PACKAGE))
    problem_id = re.search(r"problem (problem_[0-9a-f]+)", printed).group(1)  # type: ignore[union-attr]

    params = StdioServerParameters(
        command="frontiersmith", args=["serve", "--tools", "solve"], env=serve_env(tmp_path)
    )
    async with Client(params) as client:
        listed = (await client.call_tool("list_problems", {})).structured_content["problems"]
        brief = (await client.call_tool("get_problem", {"problem_id": problem_id})).structured_content
        resource = (await client.read_resource(f"problem://{problem_id}")).contents[0].text  # type: ignore[union-attr]
        prompt = (
            (await client.get_prompt("solve_problem", {"problem_id": problem_id})).messages[0].content.text
        )  # type: ignore[union-attr]
        own_name = await client.call_tool("get_problem", {"problem_id": "frontiercs_interactive_guess"})
        submitted = (
            await client.call_tool(
                "submit",
                {"problem_id": problem_id, "code": BINARY.read_text(), "language": "cpp", "author": "a"},
            )
        ).structured_content
        board = (await client.call_tool("leaderboard", {"problem_id": problem_id})).structured_content
        with pytest.raises(MCPError, match="list_problems"):
            await client.read_resource("problem://problem_no_such_thing")

    [row] = [p for p in listed if p["id"] == problem_id]
    assert (row["kind"], row["tests"], row["sense"], row["interactive"]) == ("imported", 3, "max", True)
    assert brief["id"] == problem_id and brief["interactive"] and "flush" in brief["input_output"].lower()
    assert f"Problem id: `{problem_id}`" in resource and "FLUSH" in resource
    assert (
        f"problem_id={problem_id!r}" in prompt
        and "FLUSH" in prompt
        and "frontiercs_interactive" not in prompt
    )
    assert own_name.is_error and problem_id in own_name.content[0].text  # type: ignore[union-attr]
    assert submitted["problem_id"] == problem_id and submitted["score"] == 1.0
    assert board["problem_id"] == problem_id
    assert [e["submission_id"] for e in board["entries"]] == [submitted["submission_id"]]
    assert board["best_known"]["score"] == 1.0

    # the CLI lists and judges the same id
    assert problem_id in {p["id"] for p in json.loads(cli(tmp_path, "problems", "--json"))}
    judged = json.loads(cli(tmp_path, "judge", problem_id, str(BINARY), "--json"))
    assert judged["score"] == 1.0
