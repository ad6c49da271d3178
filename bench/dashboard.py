"""Dashboard bench: server time to render the candidates page on a generated 10k-candidate store (goal < 1 s)
and on the demo's store, with baselines measured in the same run.

Run: ``python bench/dashboard.py [--candidates 10000] [--demo-store FILE] [--repeat 5]``. Without
``--demo-store`` it runs ``frontiersmith demo`` into a temporary folder first (a minute or two). Each page is
requested in-process through the dashboard's real app and guard (Starlette's test client: no network, so the
time is the server's), best of ``--repeat``. The baselines: the same page on the demo store (how the time
grows from 19 to 10k candidates), and ``store.candidates.list()`` on the big store (what a page that parsed
every record would pay before rendering anything). The runs page (its funnel is ``stage_table``) is timed too.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient

from frontiersmith.models import (
    Axis,
    Candidate,
    CandidateStatus,
    Objective,
    ObjectiveKind,
    Problem,
    Rejection,
    Seed,
    Stage,
)
from frontiersmith.server.dashboard import guarded_dashboard
from frontiersmith.server.scopes import SCOPES_OF
from frontiersmith.server.tokens import HttpAuth
from frontiersmith.settings import get_settings
from frontiersmith.store import Store, open_store

TOKEN = "bench"
STATEMENT = "Given a graph, choose a subset of vertices ... " * 40  # about 2 KB, like a real statement


def generate(path: Path, n: int) -> str:
    """A store with ``n`` candidates of one run over 50 seeds, statuses and rejections spread like a real run."""
    rng = random.Random(0)
    store = open_store(path)
    run_id = "run_bench"
    seeds = [
        Seed(
            id=f"seed_b{i}",
            problem=Problem(
                id=f"p{i}",
                title=f"Seed {i}",
                statement=STATEMENT,
                objective=Objective(kind=ObjectiveKind.OPTIMISE),
            ),
        )
        for i in range(50)
    ]
    stages = [Stage.COARSE, Stage.SAMPLE, Stage.SEMANTIC, Stage.PROTOCOL, Stage.BEHAVIOURAL, Stage.SELECTION]
    with store.transaction():
        for seed in seeds:
            store.seeds.put(seed)
        store.pipeline_runs.start(run_id, {"rounds": 10, "candidates": n // 10}, status="finished")
        for i in range(n):
            fell = rng.random() < 0.8
            cand = Candidate(
                id=f"cand_b{i:06d}",
                parent_id=seeds[i % 50].id,
                axis=list(Axis)[i % 3],
                round=i % 10,
                problem=Problem(
                    id=f"pc{i}",
                    title=f"Candidate {i}",
                    statement=STATEMENT,
                    objective=Objective(kind=ObjectiveKind.OPTIMISE),
                    provenance={"run": run_id},
                ),
                status=CandidateStatus.REJECTED if fell else CandidateStatus.ACCEPTED,
                rejection=Rejection(stage=rng.choice(stages), reason=f"reason {i % 97}") if fell else None,
            )
            store.put(cand)
    store.close()
    return run_id


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def client(store: Store) -> TestClient:
    app = guarded_dashboard(
        lambda: store, get_settings(), HttpAuth({TOKEN: SCOPES_OF["all"]}), "127.0.0.1", SCOPES_OF["all"]
    )
    return TestClient(app, base_url="http://127.0.0.1:8766", headers={"Authorization": f"Bearer {TOKEN}"})


def page_time(c: TestClient, url: str, repeat: int) -> float:
    def get() -> None:
        response = c.get(url)
        assert response.status_code == 200, (url, response.status_code, response.text[-300:])

    return best_of(repeat, get)


def demo_store(given: str | None, folder: Path) -> Path:
    if given:
        return Path(given)
    path = folder / "demo.db"
    exe = Path(sys.executable).parent / "frontiersmith"
    print("making the demo store (frontiersmith demo) ...", file=sys.stderr)
    subprocess.run([str(exe), "demo", "--json", "--store", str(path)], check=True, capture_output=True)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidates", type=int, default=10_000)
    parser.add_argument(
        "--demo-store", default=None, help="a store made by `frontiersmith demo --store FILE`"
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        run_id = generate(folder / "big.db", args.candidates)
        print(
            f"generated {args.candidates} candidates in {time.perf_counter() - started:.1f} s",
            file=sys.stderr,
        )
        big, demo = open_store(folder / "big.db"), open_store(demo_store(args.demo_store, folder))
        pages = {
            "candidates (page 1)": "/ui/candidates",
            "candidates (last page)": f"/ui/candidates?page={args.candidates // 50}",
            "candidates ?reached=semantic": f"/ui/candidates?run={run_id}&reached=semantic",
            "candidates ?reason=reason+7": "/ui/candidates?reason=reason+7",
        }
        on_big = {name: page_time(client(big), url, args.repeat) for name, url in pages.items()}
        on_demo = page_time(client(demo), "/ui/candidates", args.repeat)
        parse_all = best_of(max(1, args.repeat // 2), big.candidates.list)
        runs_page = page_time(client(big), "/ui/runs", 1)
        rows = []
        for name, seconds in on_big.items():
            rows.append(
                {
                    "page": name,
                    "ms": round(seconds * 1000, 1),
                    "vs_demo_page": round(seconds / on_demo, 1),
                    "vs_parse_all": round(seconds / parse_all, 3),
                    "goal_met": seconds < 1.0,
                }
            )
        print(
            f"{'page on ' + str(args.candidates) + ' candidates':<34} {'ms':>8} {'x demo page':>12} {'x parse all':>12}  < 1 s"
        )
        for r in rows:
            print(
                f"{r['page']:<34} {r['ms']:>8.1f} {r['vs_demo_page']:>12.1f} {r['vs_parse_all']:>12.3f}  {'yes' if r['goal_met'] else 'NO'}"
            )
        print(
            f"baseline: candidates page on the demo store ({demo.counts()['candidates']} candidates) {on_demo * 1000:.1f} ms"
        )
        print(f"baseline: store.candidates.list() on {args.candidates} candidates {parse_all * 1000:.1f} ms")
        print(
            f"(runs page on {args.candidates} candidates, whose funnel parses them all: {runs_page * 1000:.0f} ms)"
        )
        print(
            json.dumps(
                {
                    "rows": rows,
                    "demo_page_ms": round(on_demo * 1000, 1),
                    "parse_all_ms": round(parse_all * 1000, 1),
                    "runs_page_ms": round(runs_page * 1000, 1),
                }
            )
        )
        big.close()
        demo.close()


if __name__ == "__main__":
    main()
