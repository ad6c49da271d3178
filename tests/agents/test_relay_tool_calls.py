"""bench/relay.py, the endpoint whose answers a person writes as files, answers the agents' tool calls: the
test-case and verifier agents cross-validate a candidate through the real `frontiersmith serve`, each turn
answered by an answer file (a JSON tool call, then text), and each turn is kept as an exchange. The person is
scripted here (the only scripted part: the model's answers); the relay, its HTTP and the server are real."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from agent_helpers import ROLES, suite_args, toy, toy_candidate, verifier_args

from frontiersmith.agents.authors import validate_candidate
from frontiersmith.agents.orchestrator import build_model
from frontiersmith.agents.team import AgentTeam
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.llm.exchanges import keeping_exchanges

RELAY = Path(__file__).resolve().parents[2] / "bench" / "relay.py"

pytestmark = pytest.mark.anyio


def answer_for(body: dict[str, Any], cid: str) -> tuple[str, str]:
    """What the person writes to a request, as (file suffix, text): a tool call on the agent's first turn,
    a sentence once the tool has answered."""
    if body["messages"][-1]["role"] == "tool":
        return "txt", "Done: the tool accepted it."
    tools = {t["function"]["name"] for t in body.get("tools") or []}
    if "generate_tests" in tools:
        call = {"name": "generate_tests", "arguments": suite_args(cid, toy.GENERATOR)}
    else:
        call = {"name": "run_verifier", "arguments": verifier_args(cid, toy.VERIFIER)}
    return "json", json.dumps({"tool_calls": [call]})


def play_the_model(queue: Path, cid: str, stop: threading.Event, seen: list[str]) -> None:
    """Answer each request oldest first, atomically (a temporary name, then renamed), as the relay asks."""
    answered = 0
    while not stop.is_set():
        request = queue / f"{answered + 1:04d}.req.json"
        if not request.exists():
            time.sleep(0.05)
            continue
        time.sleep(0.05)  # the relay writes the .md first, then the .json whole
        body = json.loads(request.read_text())
        seen.append((queue / f"{answered + 1:04d}.req.md").read_text())
        suffix, text = answer_for(body, cid)
        tmp = queue / f".{answered + 1:04d}.tmp"
        tmp.write_text(text)
        tmp.rename(queue / f"{answered + 1:04d}.resp.{suffix}")
        answered += 1


async def test_the_relay_answers_the_agents_tool_calls_from_answer_files(
    store: Store, settings: Settings, tmp_path: Path
):
    cid = await toy_candidate(store, settings)
    queue = tmp_path / "queue"
    relay = subprocess.Popen(
        [sys.executable, str(RELAY), "--port", "0", "--queue", str(queue)], stdout=subprocess.PIPE, text=True
    )
    stop, seen = threading.Event(), []
    person = threading.Thread(target=play_the_model, args=(queue, cid, stop, seen), daemon=True)
    try:
        base_url = relay.stdout.readline().strip()  # type: ignore[union-attr]
        assert base_url.startswith("http://127.0.0.1:")
        person.start()
        with keeping_exchanges(store, "relay-run"):
            async with AgentTeam(store, settings, build_model("relay", base_url), roles=ROLES) as team:
                outcome = await validate_candidate(team, cid)
    finally:
        stop.set()
        relay.terminate()
        relay.wait(timeout=30)

    assert outcome.ok and outcome.rounds == 1
    # Each agent: its forced tool call from a JSON answer file, executed by the server, then its answer.
    assert len(seen) == 4 and sorted(p.name for p in queue.glob("*.resp.json")) == [
        "0001.resp.json",
        "0003.resp.json",
    ]
    assert "## tools offered" in seen[0] and "- generate_tests:" in seen[0] and '"generate_tests"' in seen[0]
    assert "## tool (tool result of call_1_0)" in seen[1] and "stored" in seen[1]
    turns = store.exchanges.list("relay-run")
    assert [(e.step, e.turn) for e in turns] == [
        ("write_tests", 0),
        ("write_tests", 1),
        ("write_verifier", 0),
        ("write_verifier", 1),
    ]
    assert '"name": "generate_tests"' in turns[0].answer and turns[0].messages[-1]["type"] == "tools"
    assert all(e.model == "relay" and e.tokens > 0 for e in turns)

    # The person's listing of what waits: nothing now, and one line per unanswered request otherwise.
    (queue / "0009.req.json").write_text(
        json.dumps({"messages": [{"role": "user", "content": "Pick one\nx"}]})
    )
    listed = subprocess.run(
        [sys.executable, str(RELAY), "--pending", str(queue)], capture_output=True, text=True, check=True
    ).stdout
    assert listed.strip() == "0009.req.json: user: Pick one"
