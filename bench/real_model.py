"""The real-model funnel: every LLM step of FrontierSmith run by a local model, measured stage by stage.

Run: ``python bench/real_model.py [--model qwen-coder-0.5b] [--out docs/benchmarks/real-model-qwen-coder-0.5b.md]``
after ``make local-model`` (and ``frontiersmith model pull qwen-coder-1.5b`` for the larger one). It serves the
model on a free loopback port with ``frontiersmith model serve`` and, in a fresh data dir, runs:

1. describe: each catalog closed seed's and the example corpus's tuple written by the model, against the
   stored tuple (objective kind and sense agree);
2. synthesize on the built-in catalog seeds and on ``examples/seeds/closed.jsonl`` (K candidates, n solutions);
3. evaluate-divergence with the model as the semantic judge (ROC AUC);
4. evaluate with the model as the solver under evaluation, then diagnose with the model writing the labels;
5. synthesize --agents (Agents SDK agents, MCP clients of the server, on the same model).

Per stage it prints calls, tokens, seconds, success rate and the top reasons for failure; per synthesis run the
published tasks and the tokens and sandbox CPU-seconds per published task (the run's cost, as ``store cost`` gives it). The table is
written as markdown with the date, the machine and the command.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "examples" / "seeds" / "closed.jsonl"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Bench:
    def __init__(self, model: str, data: Path, base_url: str) -> None:
        self.model, self.data, self.base_url = model, data, base_url
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_")}
        self.env.update(
            FRONTIERSMITH_DATA_DIR=str(data),
            FRONTIERSMITH_CONFIG=str(data / "no-config.toml"),
            FRONTIERSMITH_LLM_PROVIDER="local",
            FRONTIERSMITH_LLM_MODEL=model,
            FRONTIERSMITH_LLM_BASE_URL=base_url,
            FRONTIERSMITH_SANDBOX_BACKEND="process",
        )
        if os.environ.get("FRONTIERSMITH_MODELS_DIR"):
            self.env["FRONTIERSMITH_MODELS_DIR"] = os.environ["FRONTIERSMITH_MODELS_DIR"]
        self.rows: list[dict[str, Any]] = []
        self.runs: list[dict[str, Any]] = []

    def cli(self, *args: str, timeout: float = 7200) -> tuple[int, Any, str, float]:
        """``frontiersmith ARGS --json`` in the bench's data dir: (exit code, parsed JSON or None, stderr, s)."""
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "frontiersmith.cli", *args],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=timeout,
        )
        seconds = time.monotonic() - started
        try:
            parsed = json.loads(done.stdout)
        except ValueError:
            parsed = None
        return done.returncode, parsed, done.stderr.strip()[-400:], seconds

    def row(
        self, stage: str, calls: int, ok: int, seconds: float, tokens: int | None, reasons: list[str]
    ) -> None:
        top = collections.Counter(r[:90] for r in reasons).most_common(3)
        self.rows.append(
            {
                "stage": stage,
                "calls": calls,
                "ok": ok,
                "seconds": round(seconds, 1),
                "tokens": tokens,
                "reasons": "; ".join(f"{n}x {r}" for r, n in top),
            }
        )
        print(
            f"{stage}: {ok}/{calls} ok, {seconds:.0f} s, tokens {tokens}; {self.rows[-1]['reasons']}",
            flush=True,
        )

    # -- 1. describe --------------------------------------------------------------------------------------

    async def describe(self) -> None:
        from frontiersmith.metering import metered
        from frontiersmith.settings import Settings
        from frontiersmith.tools.catalog import list_families
        from frontiersmith.tools.llm.factory import make_provider

        settings = Settings(data_dir=self.data)
        provider = make_provider("local", settings, model=self.model, base_url=self.base_url)
        problems = [f.problem() for f in list_families() if f.kind == "closed"]
        calls = ok = agree = 0
        reasons: list[str] = []
        started = time.monotonic()
        with metered() as meter:
            for problem in problems:
                calls += 1
                try:
                    draft = await provider.describe_seed(problem)
                except Exception as exc:  # every failure is a counted reason
                    reasons.append(str(exc))
                    continue
                ok += 1
                same = draft.objective.kind == problem.objective.kind and (
                    draft.objective.sense == problem.objective.sense
                )
                agree += same
                if not same:
                    reasons.append(f"tuple disagrees: {draft.objective.kind}/{draft.objective.sense}")
        self.row(
            f"describe seed tuple (catalog; {agree}/{ok} agree with the stored tuple)",
            calls,
            ok,
            time.monotonic() - started,
            meter.tokens,
            reasons,
        )

    # -- 2. synthesize ------------------------------------------------------------------------------------

    def synthesize(self, label: str, *extra: str, k: int, n: int) -> None:
        code, report, err, seconds = self.cli(
            "synthesize",
            "-R",
            "1",
            "-K",
            str(k),
            "-n",
            str(n),
            "--n-div",
            str(k),
            "--n-final",
            str(k),
            *extra,
            "--json",
        )
        if report is None:
            self.row(f"synthesize ({label})", 1, 0, seconds, None, [err or f"exit {code}"])
            return
        stages = report["stages"]
        cost = report.get("cost") or {}  # store cost's figures for the run
        tokens, cpu = cost.get("tokens"), cost.get("cpu_seconds")
        published = stages["published"]
        reasons = [f"{r['stage']}: {r['reason']}" for r in report["reasons"]]
        self.row(f"synthesize ({label})", stages["proposed"], published, seconds, tokens, reasons)
        self.runs.append(
            {
                "run": label,
                "funnel": " → ".join(str(stages[s]) for s in stages),
                "published": published,
                "tokens_per_task": round(tokens / published) if tokens and published else None,
                "cpu_s_per_task": round(cpu / published, 1) if cpu and published else None,
            }
        )

    # -- 3-5 ------------------------------------------------------------------------------------------------

    def divergence(self) -> None:
        code, report, err, seconds = self.cli("evaluate-divergence", "--provider", "local", "--json")
        if not isinstance(report, dict):
            self.row(
                "evaluate-divergence (model as semantic judge)", 1, 0, seconds, None, [err or f"exit {code}"]
            )
            return
        auc = report.get("auc") or {}
        families = report.get("families") or []
        self.row(
            f"evaluate-divergence (ROC AUC {json.dumps(auc)})",
            len(families),
            len(families),
            seconds,
            None,
            [],
        )

    def evaluate(self) -> None:
        solver = f"model:{self.model}"
        code, report, err, seconds = self.cli("evaluate", "--solver", solver, "--tasks", "catalog", "--json")
        trajectories = (report or {}).get("attempts", []) if isinstance(report, dict) else []
        failures = [t.get("failure", "?") for t in trajectories if t.get("failure") != "success"]
        ok = len(trajectories) - len(failures)
        self.row(
            "evaluate (model as solver)", len(trajectories) or 1, ok, seconds, None, failures or [err][:1]
        )
        code, report, err, seconds = self.cli("diagnose", "--solver", solver, "--provider", "local", "--json")
        clusters = (report or {}).get("clusters", []) if isinstance(report, dict) else []
        labelled = [c for c in clusters if c.get("label")]
        self.row(
            "diagnose (model labels)", len(clusters) or 1, len(labelled), seconds, None, [err] if code else []
        )

    def agents(self) -> None:
        code, report, err, seconds = self.cli(
            "synthesize",
            "--agents",
            "--model",
            self.model,
            "--base-url",
            self.base_url,
            "-R",
            "1",
            "-K",
            "1",
            "-n",
            "2",
            "--n-div",
            "1",
            "--n-final",
            "1",
            "--json",
        )
        stages = (report or {}).get("stages", {}) if isinstance(report, dict) else {}
        reasons = (
            [f"{r['stage']}: {r['reason']}" for r in (report or {}).get("reasons", [])] if stages else [err]
        )
        self.row(
            "synthesize --agents",
            stages.get("proposed", 1),
            stages.get("published", 0),
            seconds,
            None,
            reasons,
        )


def serve(model: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "frontiersmith.cli", "model", "serve", model, "--port", str(port)],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.5)
    proc.kill()
    raise SystemExit(f"model serve did not start: {log.read_text()[-500:]}")


def table(bench: Bench, model: str, command: str) -> str:
    lines = [
        f"# Real-model funnel: {model}",
        "",
        f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, one llama.cpp thread; `{command}`",
        "",
        "| stage | calls | ok | seconds | tokens | top reasons for failure |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in bench.rows:
        tokens = r["tokens"] if r["tokens"] is not None else ""
        lines.append(
            f"| {r['stage']} | {r['calls']} | {r['ok']} | {r['seconds']} | {tokens} | {r['reasons']} |"
        )
    if bench.runs:
        lines += ["", "| synthesis run | funnel | published | tokens / task | sandbox CPU-s / task |"]
        lines += ["| --- | --- | ---: | ---: | ---: |"]
        for r in bench.runs:
            lines.append(
                f"| {r['run']} | {r['funnel']} | {r['published']} | {r['tokens_per_task'] or ''} | "
                f"{r['cpu_s_per_task'] or ''} |"
            )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="qwen-coder-0.5b")
    parser.add_argument("-K", type=int, default=8, help="candidates per synthesis run")
    parser.add_argument("-n", type=int, default=4, help="solutions per candidate")
    parser.add_argument("--stages", default="describe,catalog,corpus,divergence,evaluate,agents")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    stages = set(args.stages.split(","))
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="fs-real-model-") as tmp:
        data = Path(tmp)
        proc = serve(args.model, port, data / "serve.log")
        try:
            bench = Bench(args.model, data, f"http://127.0.0.1:{port}/v1")
            if "describe" in stages:
                anyio.run(bench.describe)
            if "catalog" in stages:
                bench.synthesize("catalog seeds", "--seeds", "catalog", k=args.K, n=args.n)
            if "corpus" in stages:
                bench.cli("seeds", "import", str(CORPUS), "--json")
                bench.synthesize("closed.jsonl", "--seeds", "source:closed.jsonl", k=args.K, n=args.n)
            if "divergence" in stages:
                bench.divergence()
            if "evaluate" in stages:
                bench.evaluate()
            if "agents" in stages:
                bench.agents()
        finally:
            proc.terminate()
            proc.wait(10)
    text = table(bench, args.model, "python " + " ".join(["bench/real_model.py", *sys.argv[1:]]))
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)


if __name__ == "__main__":
    main()
