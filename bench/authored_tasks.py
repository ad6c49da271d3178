"""Authored tasks through MCP, then their task cards: what an agent writing every piece gets published.

Run: ``python bench/authored_tasks.py [--store FILE] [--only NAME ...]``. It starts ``frontiersmith serve --tools
synthesis`` over stdio with the MCP SDK's client, on a fresh store (a temporary one unless ``--store`` names a
file that does not exist yet), and for each task in ``bench/authored_tasks/`` (a closed seed and its mutation,
solutions, test program, verifier, feasibility checker, baseline and idea labels, all written by hand) calls the
tools in an agent's order: ``add_seed``, ``mutate_problem``, ``sample_solutions``, ``generate_tests``,
``run_verifier``, ``estimate_divergence``, ``publish_candidate``. A refusal or a failed check is printed verbatim
and stops that task (the data is meant to publish on the first honest try). No model is involved: every piece
is authored, the server's provider only runs the offline coarse judge. Then it runs ``frontiersmith audit
--store STORE --json`` and prints each task's card: statement, tests without signal, the tests' reach of each
bound, the score spread under range normalisation and under the paper's, and the card's warnings.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

TASKS_DIR = Path(__file__).parent / "authored_tasks"
BIN = Path(sys.executable).parent


def task_modules(only: list[str] | None = None) -> list[ModuleType]:
    """The task data modules under bench/authored_tasks/, by file name."""
    out = []
    for path in sorted(TASKS_DIR.glob("*.py")):
        if path.stem.startswith("_") or (only and path.stem not in only):
            continue
        spec = importlib.util.spec_from_file_location(f"authored_task_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out.append(module)
    return out


def authored(task: ModuleType) -> dict[str, Any]:
    """The content an agent passes to each tool for ``task`` (the `authored` argument, by tool name)."""
    program = {"code": task.TESTS["program"], "language": "python"}
    return {
        "add_seed": task.SEED,
        "mutate_problem": task.MUTATION,
        "sample_solutions": [{k: s[k] for k in ("code", "language", "strategy")} for s in task.SOLUTIONS],
        "generate_tests": {
            "generator": program,
            "validator": program,
            "distributions": task.TESTS["distributions"],
            "adversarial": task.TESTS.get("adversarial", []),
            "tests_per_distribution": task.TESTS["tests_per_distribution"],
        },
        "run_verifier": {
            "verifier": {"code": task.VERIFIER, "language": "python"},
            "baseline": {"code": task.BASELINE, "language": "python"},
            "sense": task.MUTATION["objective"]["sense"],
            "feasibility": {"code": task.FEASIBILITY, "language": "python"},
            "baseline_summary": task.BASELINE_SUMMARY,
        },
    }


class Refused(Exception):
    """A tool's error or a failed check, verbatim."""


def _out(tool: str, result: Any) -> dict:
    if result.is_error:
        raise Refused(f"{tool} refused: " + " ".join(getattr(c, "text", "") for c in result.content))
    return result.structured_content


async def call(client: Client, tool: str, args: dict) -> tuple[dict, float]:
    start = time.monotonic()
    out = _out(tool, await client.call_tool(tool, args))
    return out, time.monotonic() - start


async def synthesise(client: Client, task: ModuleType) -> dict:
    """One task through the tools in an agent's order; returns the published task and each step's seconds."""
    seconds: dict[str, float] = {}
    content = authored(task)
    seed, seconds["add_seed"] = await call(client, "add_seed", {"seed": content["add_seed"]})
    if seed["status"] != "verified":
        raise Refused(f"add_seed stored the seed {seed['status']}: {seed['status_reason']}")
    mutated, seconds["mutate_problem"] = await call(
        client,
        "mutate_problem",
        {"parent_id": seed["seed_id"], "axis": task.AXIS, "authored": content["mutate_problem"]},
    )
    if not mutated["kept"]:
        raise Refused(f"mutate_problem did not keep the mutation: {mutated}")
    cid = mutated["candidate_id"]

    async def step(tool: str) -> dict:
        out, seconds[tool] = await call(client, tool, {"candidate_id": cid, "authored": content[tool]})
        return out

    sampled = await step("sample_solutions")
    broken = [s["compile_message"] for s in sampled["solutions"] if not s["compiles"]]
    if broken:
        raise Refused("sample_solutions: a solution does not compile: " + "; ".join(broken))
    tests = await step("generate_tests")
    if not tests["ok"]:
        raise Refused("generate_tests failed: " + "; ".join(tests["failures"]))
    verified = await step("run_verifier")
    if not verified["ok"]:
        raise Refused(
            "run_verifier failed: " + "; ".join(verified["verifier_failures"] + verified["tests_failures"])
        )
    # The labels follow the order the solutions were authored in; the store lists them by id.
    order = {s["strategy"]: i for i, s in enumerate(task.SOLUTIONS)}
    labels = {s["solution_id"]: task.LABELS[order[s["strategy"]]] for s in sampled["solutions"]}
    divergence, seconds["estimate_divergence"] = await call(
        client, "estimate_divergence", {"candidate_id": cid, "mode": "both", "labels": labels}
    )
    published, seconds["publish_candidate"] = await call(client, "publish_candidate", {"candidate_id": cid})
    return {
        "task_id": published["task_id"],
        "candidate_id": cid,
        "tests": len(tests["tests"]),
        "divergence": {k: divergence.get(k) for k in ("semantic", "behavioural", "combined")},
        "seconds": seconds,
    }


def audit(store: Path, env: dict[str, str]) -> dict[str, dict]:
    """``frontiersmith audit --store STORE --json``, run as a user runs it: task id -> card."""
    done = subprocess.run(
        [str(BIN / "frontiersmith"), "audit", "--store", str(store), "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    print(f"\n$ frontiersmith audit --store {store} --json  (exit {done.returncode})")
    if done.stderr.strip():
        print(done.stderr.strip())
    return json.loads(done.stdout or "{}")


def card_table(store: Path, cards: dict[str, dict]) -> str:
    """One markdown row a task: its title and what its card says."""
    from frontiersmith.store import open_store

    with open_store(store) as opened:
        titles = {t.id: t.problem.title for t in opened.tasks.list()}
    rows = [
        "| task | statement | tests without signal | scale reached (share of each bound) | range: best / median "
        "| paper's: best / median | warnings |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for task_id, card in sorted(cards.items(), key=lambda kv: titles.get(kv[0], kv[0])):
        statement = (
            "whole" if not card["sections_missing"] else "lacks " + ", ".join(card["sections_missing"])
        )
        statement += ", example judged" if card["example"] else ", interactive" if card["interactive"] else ""
        scale = ", ".join(
            f"{name} {r['reached']:g}/{r['bound']:g} ({r['reached'] / r['bound']:.0%})"
            for name, r in sorted(card["scale"].items())
        )
        s = card.get("spread") or {}
        ranged = f"{s['best']:.3f} / {s['median']:.3f}" if s else "n/a"
        paper = (
            f"{s['paper_best']:.3f} / {s['paper_median']:.3f}" if s.get("paper_best") is not None else "n/a"
        )
        rows.append(
            f"| {titles.get(task_id, task_id)} | {statement} | {len(card['silent_tests'])} of {card['tests']} "
            f"| {scale or 'no bounds'} | {ranged} | {paper} | {'; '.join(card['warnings']) or 'none'} |"
        )
    return "\n".join(rows)


def server_env(store: Path) -> dict[str, str]:
    """This environment less any FRONTIERSMITH_* setting, with no config file: the defaults, on ``store``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_")}
    env.update(
        FRONTIERSMITH_DATA_DIR=str(store.parent),
        FRONTIERSMITH_CONFIG=str(store.parent / "no-config.toml"),
        PATH=str(BIN) + os.pathsep + env.get("PATH", ""),
    )
    return env


async def main(store: Path, only: list[str] | None) -> int:
    env = server_env(store)
    params = StdioServerParameters(
        command=str(BIN / "frontiersmith"),
        args=["serve", "--tools", "synthesis", "--store", str(store)],
        env=env,
    )
    tasks = task_modules(only)
    published = {}
    async with Client(params) as client:
        names = sorted(t.name for t in (await client.list_tools()).tools)
        print("tools:", ", ".join(names))
        for task in tasks:
            print(f"\n== {task.TITLE} ({task.AXIS} axis)")
            try:
                published[task.TITLE] = await synthesise(client, task)
            except Refused as exc:
                print(str(exc))
                continue
            done = published[task.TITLE]
            steps = ", ".join(f"{k} {v:.1f}s" for k, v in done["seconds"].items())
            print(f"published {done['task_id']} ({done['tests']} tests): {steps}")
            print("divergence:", json.dumps(done["divergence"]))
    if published:
        print(card_table(store, audit(store, env)))
    return 0 if len(published) == len(tasks) else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, help="A store file to create (default: a temporary one).")
    parser.add_argument("--only", nargs="*", help="Task file names (ferry, ...) to run; default: every one.")
    parser.add_argument(
        "--audit",
        type=Path,
        metavar="STORE",
        help="Only audit this existing store (a demo's) and print its table.",
    )
    args = parser.parse_args()
    if args.audit:
        print(card_table(args.audit, audit(args.audit, server_env(args.audit))))
        sys.exit(0)
    with tempfile.TemporaryDirectory(prefix="authored-tasks-") as tmp:
        store = args.store or Path(tmp) / "store.db"
        if store.exists():
            sys.exit(f"{store} exists; the bench starts from a fresh store, name a new file.")
        store.parent.mkdir(parents=True, exist_ok=True)
        sys.exit(anyio.run(main, store.absolute(), args.only))
