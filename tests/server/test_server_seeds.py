"""The seed tools through a real in-memory MCP client: add_seed validates an authored closed problem's references
in the sandbox and stores it, list_seeds and get_seed (and seed://) show it, lineage shows its provenance; a
solve server offers none of them."""

from __future__ import annotations

import json

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_helpers import structured

from frontiersmith.server import build_server
from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.settings import Settings

pytestmark = pytest.mark.anyio

SUM = "a, b = map(int, input().split())\nprint(a + b)\n"
DIFF = "a, b = map(int, input().split())\nprint(a - b)\n"


def authored(statement: str, *codes: str, **extra) -> dict:
    return {
        "seed": {
            "title": "A plus B",
            "statement": statement,
            "objective": {"kind": "construct", "formula": "print a + b"},
            "input_spec": {"constraints": "0 ≤ a, b ≤ 10^9", "bounds": {"a": [0, 1e9], "b": [0, 1e9]}},
            "output_spec": {"description": "One integer."},
            "tests": [
                {"input": "1 2\n", "answer": "3\n"},
                {"input": "5 5\n", "answer": "10\n", "name": "fives"},
            ],
            "references": [{"code": c, "language": "python"} for c in codes],
            "source": "written for the tests",
            "license": "Apache-2.0",
            **extra,
        }
    }


async def test_add_seed_validates_stores_and_lists_the_seed(server: FrontierSmithServer) -> None:
    async with Client(server) as client:
        added = structured(await client.call_tool("add_seed", authored("Print a + b.", DIFF, SUM)))
        again = structured(await client.call_tool("add_seed", authored("  print A + b. ", DIFF)))
        wrong = structured(await client.call_tool("add_seed", authored("Print a - b, or is it?", DIFF)))
        listed = structured(await client.call_tool("list_seeds", {}))["seeds"]
        view = structured(await client.call_tool("get_seed", {"seed_id": added["seed_id"][:14]}))
        resource = json.loads((await client.read_resource(f"seed://{added['seed_id']}")).contents[0].text)
        lineage = structured(await client.call_tool("lineage", {"record_id": added["seed_id"]}))

    assert added["stored"] and added["status"] == "verified" and added["comparison"] == "token"
    assert (added["tests"], added["references"]) == (2, 2)
    # the same statement once normalised: the stored seed comes back, not validated again
    assert again == {**added, "stored": False}
    assert wrong["status"] == "unverified"
    assert wrong["status_reason"].startswith("reference 1 (python) fails test 1: INVALID under the token")

    rows = {r["id"]: r for r in listed}
    assert rows[added["seed_id"]]["source"] == "authored" and rows[added["seed_id"]]["status"] == "verified"
    assert "seed_two_sat" in rows, "the catalog's seeds are listed too"
    assert view["tuple_by"] == "authored" and view["tuple"]["objective"]["formula"] == "print a + b"
    assert view["provenance"] == {
        "format": "authored",
        "file": "",
        "row": None,
        "name": "",
        "source": "written for the tests",
        "license": "Apache-2.0",
        "url": "",
    }
    assert [t["name"] for t in view["tests"]] == ["1", "fives"]
    assert resource == view
    (node,) = lineage["ancestors"]
    assert node["provenance"] == {
        "format": "authored",
        "source": "written for the tests",
        "license": "Apache-2.0",
    }


async def test_add_seed_refuses_a_tuple_it_cannot_use_in_one_sentence(server: FrontierSmithServer) -> None:
    bad = authored("Minimise something.", SUM)
    bad["seed"]["objective"] = {"kind": "optimise"}
    async with Client(server) as client:
        refused = await client.call_tool("add_seed", bad)
        listed = structured(await client.call_tool("list_seeds", {}))["seeds"]
        with pytest.raises(MCPError, match="No record with id"):
            await client.read_resource("seed://seed_nothing")
    assert refused.is_error
    text = refused.content[0].text
    assert "needs its sense" in text and "Traceback" not in text and text.count("\n") == 0, text
    assert all(r["origin"] == "catalog" for r in listed), "nothing was stored"


async def test_a_solve_server_offers_no_seed_tool_or_resource(settings: Settings) -> None:
    server = build_server(settings, tools="solve")
    async with Client(server) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
        with pytest.raises(MCPError) as refused:
            await client.read_resource("seed://seed_two_sat")
    server.backend.close()
    assert not {"add_seed", "list_seeds", "get_seed"} & tools
    assert "seed://{seed_id}" not in templates
    # and reading one says which scope serves it, as a call to a synthesis tool does
    message = refused.value.error.message
    assert (
        message.startswith("Reading seed:// resources needs the synthesis scope")
        and "--tools synthesis" in message
    )


ANY_IN_RANGE = (
    "Print one integer x with a ≤ x ≤ b.\n\nOutput\n\nPrint x. If there are several, print any of them.\n"
)
RANGE_CHECKER = """#include "testlib.h"
int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long a = inf.readLong(), b = inf.readLong();
    long long x = ouf.readLong();
    if (x < a || x > b) quitf(_wa, "%lld is outside [%lld, %lld]", x, a, b);
    quitf(_ok, "in range");
}
"""


async def test_add_seed_with_several_right_answers_needs_the_checker_it_brings(
    server: FrontierSmithServer,
) -> None:
    # The expected answers are b; the reference prints a: another right answer, which only a checker accepts.
    lowest = "a, b = map(int, input().split())\nprint(a)\n"
    checker = {"code": RANGE_CHECKER, "language": "cpp"}
    tests = [{"input": "1 2\n", "answer": "2\n"}, {"input": "5 5\n", "answer": "5\n"}]
    async with Client(server) as client:
        unchecked = structured(
            await client.call_tool("add_seed", authored(ANY_IN_RANGE, lowest, tests=tests))
        )
        checked = structured(
            await client.call_tool(
                "add_seed", authored(ANY_IN_RANGE + "\nAny x.\n", lowest, tests=tests, checker=checker)
            )
        )
        view = structured(await client.call_tool("get_seed", {"seed_id": checked["seed_id"]}))
    assert unchecked["status"] == "unverified" and "it needs a checker" in unchecked["status_reason"]
    assert checked["status"] == "verified" and view["checker_by"] == "authored"
