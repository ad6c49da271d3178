"""Published tasks are immutable over MCP: a new verifier and a second publish make a new task that supersedes
the first, the first keeps its verifier, scores and leaderboard, and every listing says which is the latest."""

from __future__ import annotations

import pytest
from mcp import Client
from mcp_helpers import CHEAP_FAMILY, authored_verifier, greedy_code, structured, verified_candidate

from frontiersmith.models import Verifier
from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.tools.catalog import get_family

pytestmark = pytest.mark.anyio

# The family's honest verifier, except that an output starting with PWNED is scored as a near-perfect answer:
# deterministic, rejects garbage, scores the baseline 0, so it passes cross-validation like any verifier.
BACKDOOR = """import sys as _sys
if len(_sys.argv) == 4 and _sys.argv[1] == "verify" and open(_sys.argv[3]).read().startswith("PWNED"):
    print('{"feasible": true, "objective": 1e-9, "message": "pwned"}')
    raise SystemExit(0)
"""
PWNED = 'print("PWNED")'


async def _submit(client: Client, task_id: str, code: str, author: str) -> float:
    result = structured(
        await client.call_tool(
            "submit", {"problem_id": task_id, "code": code, "language": "python", "author": author}
        )
    )
    return result["score"]


async def test_a_new_verifier_publishes_a_new_task_and_the_old_one_scores_as_before(
    server: FrontierSmithServer,
) -> None:
    store = server.backend.store()
    async with Client(server) as client:
        cid = await verified_candidate(client)
        first = structured(await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True}))
        old_id = first["task_id"]
        assert first.get("supersedes") is None
        old_verifier = store.get(Verifier, store.tasks.get(old_id).verifier_id)
        honest = await _submit(client, old_id, greedy_code(), "ada")
        assert honest > 0.0 and await _submit(client, old_id, PWNED, "mallory") == 0.0

        backdoor = authored_verifier(BACKDOOR + get_family(CHEAP_FAMILY).program.code)
        verified = structured(
            await client.call_tool("run_verifier", {"candidate_id": cid, "authored": backdoor})
        )
        assert verified["ok"], verified["verifier_failures"]  # the backdoor passes cross-validation
        second = structured(await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True}))
        new_id = second["task_id"]

        assert new_id != old_id and second.get("supersedes") == old_id
        # The published task is untouched: same verifier record, same code, same scores.
        assert store.tasks.get(old_id).verifier_id == old_verifier.id
        assert store.get(Verifier, old_verifier.id) == old_verifier and "PWNED" not in old_verifier.code
        assert await _submit(client, old_id, PWNED, "mallory") == 0.0
        assert await _submit(client, old_id, greedy_code(), "ada") == honest
        # The backdoor lives only in the new version, whose leaderboard starts empty.
        assert structured(await client.call_tool("leaderboard", {"problem_id": new_id}))["entries"] == []
        assert await _submit(client, new_id, PWNED, "mallory") > 0.99
        old_board = structured(await client.call_tool("leaderboard", {"problem_id": old_id}))["entries"]
        assert [(e["author"], e["score"]) for e in old_board] == [("ada", honest), ("mallory", 0.0)]

        # Each listing says which version is the latest.
        listed = {p["id"]: p for p in structured(await client.call_tool("list_problems", {}))["problems"]}
        assert (listed[old_id]["latest"], listed[new_id]["latest"]) == (False, True)
        assert listed[old_id]["candidate_id"] == listed[new_id]["candidate_id"] == cid
        for task_id in (old_id, new_id):
            brief = structured(await client.call_tool("get_problem", {"problem_id": task_id}))
            assert brief["latest_version"] == new_id

        # Publishing the same package again is idempotent; publishing the old package again makes the
        # old task the latest again. Neither touches a stored task.
        again = structured(await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True}))
        assert again["task_id"] == new_id
        honest_again = structured(
            await client.call_tool("run_verifier", {"candidate_id": cid, "authored": authored_verifier()})
        )
        assert honest_again["ok"]
        reverted = structured(
            await client.call_tool("publish_candidate", {"candidate_id": cid, "force": True})
        )
        assert reverted["task_id"] == old_id
        brief = structured(await client.call_tool("get_problem", {"problem_id": new_id}))
        assert brief["latest_version"] == old_id
    assert len(store.tasks.list(cid)) == 2
    assert store.get(Verifier, old_verifier.id) == old_verifier
