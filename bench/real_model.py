"""The real-model funnel: every LLM step of FrontierSmith run by a local model, measured stage by stage.

Run: ``python bench/real_model.py [--model qwen-coder-0.5b] [--out docs/benchmarks/real-model-qwen-coder-0.5b.md]``
after ``make local-model`` (and ``frontiersmith model pull qwen-coder-1.5b`` for the larger one). It serves the
model on a free loopback port with ``frontiersmith model serve`` (one thread) and, in a fresh data dir (kept
with ``--data DIR``, so every rejection and unusable answer can be read back), runs:

1. describe: each catalog closed seed's tuple written by the model, against the stored tuple (objective kind
   and sense agree); languages: the solve step in Python and in C++ on the first open families, judged;
2. synthesize on the built-in catalog seeds and on ``examples/seeds/closed.jsonl`` (K candidates, n solutions);
3. evaluate-divergence with the model as the semantic judge (ROC AUC, open vs pseudo-open families);
4. evaluate with the model as the solver under evaluation, then diagnose with the model writing the labels;
5. synthesize --agents (Agents SDK agents, MCP clients of the server, on the same model), then the test-case
   and verifier agents cross-validating a catalog family's candidate through generate_tests and run_verifier.

Per stage it prints calls, tokens, seconds, success rate and the top reasons for failure; per synthesis run the
funnel, where candidates fell out (with an example reason each), the unusable answers per LLM step, and the
published tasks with the tokens, seconds and sandbox CPU-seconds per published task. The tables are written as
markdown with the date, the machine and the command.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import platform
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "examples" / "seeds" / "closed.jsonl"
SHOWN = 160  # characters of an example reason in the tables


def _check_of(failure: str) -> str:
    """A round's failure as the check it is: "owner: check: detail" without the detail, and a test build's
    failure without the generator command it names."""
    owner, _, rest = failure.partition(": ")
    check = rest.partition(": ")[0] if rest else owner
    return re.sub(r"\s*(\(|on |for )`gen [^`]*`\)?", "", check)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cell(text: str, limit: int = SHOWN) -> str:
    """Text for a markdown table cell: one line, no pipes, at most ``limit`` characters."""
    flat = " ".join(str(text).split()).replace("|", "/")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


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
        for name in ("FRONTIERSMITH_MODELS_DIR", "FRONTIERSMITH_LLM_LANGUAGE"):
            if os.environ.get(name):
                self.env[name] = os.environ[name]
        self.rows: list[dict[str, Any]] = []
        self.runs: list[dict[str, Any]] = []
        self.sections: list[str] = []

    def cli(self, *args: str, timeout: float = 6 * 3600) -> tuple[int, Any, str, float]:
        """``frontiersmith ARGS`` in the bench's data dir: (exit code, parsed JSON or None, stderr, s)."""
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
        return done.returncode, parsed, done.stderr.strip()[-600:], seconds

    @contextlib.contextmanager
    def store(self) -> Iterator[Any]:
        from frontiersmith.settings import Settings
        from frontiersmith.store import open_store

        with open_store(None, Settings(data_dir=self.data)) as store:
            yield store

    def row(
        self, stage: str, calls: int, ok: int, seconds: float, tokens: int | None, reasons: list[str]
    ) -> None:
        top = collections.Counter(cell(r, 90) for r in reasons).most_common(3)
        self.rows.append(
            {
                "stage": stage,
                "calls": calls,
                "ok": ok,
                "seconds": round(seconds),
                "tokens": tokens,
                "reasons": "; ".join(f"{n}× {r}" for r, n in top),
            }
        )
        print(
            f"{stage}: {ok}/{calls} ok, {seconds:.0f} s, tokens {tokens}; {self.rows[-1]['reasons']}",
            flush=True,
        )

    # -- 1. describe --------------------------------------------------------------------------------------

    async def describe(self) -> None:
        from frontiersmith.errors import ProviderError
        from frontiersmith.metering import metered
        from frontiersmith.settings import Settings
        from frontiersmith.tools.catalog import list_families
        from frontiersmith.tools.llm.factory import make_provider

        settings = Settings(data_dir=self.data, llm_provider="local")
        provider = make_provider("local", settings, model=self.model, base_url=self.base_url)
        problems = [f.problem() for f in list_families() if f.kind == "closed"]
        ok = agree = 0
        reasons: list[str] = []
        started = time.monotonic()
        with metered() as meter:
            for problem in problems:
                try:
                    draft = await provider.describe_seed(problem)  # type: ignore[attr-defined]
                except ProviderError as exc:  # a counted reason; anything else is a bug the bench shows
                    reasons.append(str(exc))
                    continue
                ok += 1
                same = draft.objective.kind == problem.objective.kind and (
                    draft.objective.sense == problem.objective.sense
                )
                agree += same
                if not same:
                    kind, sense = draft.objective.kind.value, draft.objective.sense
                    reasons.append(f"tuple disagrees: {kind}/{sense.value if sense else '-'}")
        self.row(
            f"describe seed tuple ({agree}/{len(problems)} agree with the stored tuple)",
            len(problems),
            ok,
            time.monotonic() - started,
            meter.tokens,
            reasons,
        )

    async def languages(self, families: int = 6) -> None:
        """Which language the model writes best: the pipeline's solve step in Python and in C++ on the first
        ``families`` open catalog families, each program judged on the family's tests."""
        from frontiersmith.errors import FrontierSmithError
        from frontiersmith.metering import metered
        from frontiersmith.settings import Settings
        from frontiersmith.tools.catalog import list_families
        from frontiersmith.tools.llm.factory import make_provider
        from frontiersmith.tools.problems.submit import submit

        problems = [f.problem() for f in list_families("open")][:families]
        for language in ("python", "cpp"):
            settings = Settings(data_dir=self.data, sandbox_backend="process", llm_language=language)
            provider = make_provider("local", settings, model=self.model, base_url=self.base_url)
            started, reasons, scores = time.monotonic(), [], []
            verdicts: collections.Counter[str] = collections.Counter()
            with metered() as meter, self.store() as store:
                for problem in problems:
                    try:
                        draft = await provider.solve(problem, index=0)  # type: ignore[attr-defined]
                        result = await submit(
                            store, problem.id, draft.code, draft.language, settings=settings
                        )
                    except FrontierSmithError as exc:  # an unusable answer, or a program the judge refused
                        reasons.append(str(exc))
                        continue
                    verdicts.update(result.verdicts)
                    scores.append(result.score)
                    if "CE" in result.verdicts:
                        reasons.append("does not compile")
            tests = sum(verdicts.values())
            mean = sum(scores) / len(problems)
            self.row(
                f"solve in {language}: {len(scores)} programs judged, {verdicts['OK']}/{tests} tests with a legal "
                f"output ({', '.join(f'{v} {n}' for v, n in sorted(verdicts.items()))}), mean score {mean:.3f}",
                len(problems),
                len(scores) - sum(1 for r in reasons if r == "does not compile"),
                time.monotonic() - started,
                meter.tokens,
                reasons,
            )

    # -- 2. synthesize ------------------------------------------------------------------------------------

    def synthesize(self, label: str, *extra: str, k: int, n: int, n_div: int) -> None:
        args = ["synthesize", "-R", "1", "-K", str(k), "-n", str(n), "--n-div", str(n_div)]
        code, report, err, seconds = self.cli(*args, "--n-final", str(k), *extra, "--json")
        if not isinstance(report, dict):
            self.row(f"synthesize ({label})", 1, 0, seconds, None, [err or f"exit {code}"])
            return
        stages = report["stages"]
        cost = report.get("cost") or {}
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
                "seconds_per_task": round(seconds / published) if published else None,
                "cpu_s_per_task": round(cpu / published, 1) if cpu and published else None,
            }
        )
        self.sections.append(self.run_section(label, report, seconds))

    def run_section(self, label: str, report: dict[str, Any], seconds: float) -> str:
        """Where the run's candidates fell out (an example each), its cost per pipeline stage, the unusable
        answers per LLM step, and what it published; read back from the store."""
        from frontiersmith.tools.llm.chat import BAD_ANSWER

        run_id = report["run_id"]
        lines = [f"### {label} (run `{run_id}`, {seconds / 60:.0f} min)", ""]
        lines += ["| stage | candidates | rejected there | example reason |", "| --- | ---: | ---: | --- |"]
        by_stage: dict[str, list[str]] = collections.defaultdict(list)
        for r in report["reasons"]:
            by_stage[r["stage"]].append(r["reason"])
        for stage, count in report["stages"].items():
            lines.append(f"| {stage} | {count} | | |")
        for stage, reasons in by_stage.items():
            lines.append(f"| ↳ rejected at {stage} | | {len(reasons)} | {cell(reasons[0])} |")
        per_stage = (report.get("cost") or {}).get("per_stage") or {}
        lines += [
            "",
            "| pipeline stage | model calls | tokens | sandbox CPU-s |",
            "| --- | ---: | ---: | ---: |",
        ]
        for stage, m in per_stage.items():
            lines.append(f"| {stage} | {m['model_calls']} | {m['tokens']} | {m['cpu_seconds']:.1f} |")
        with self.store() as store:
            bad = [e.payload for e in store.events.list(kind=BAD_ANSWER) if e.payload.get("run") == run_id]
            mine = [c for c in store.candidates.list() if c.problem.provenance.get("run") == run_id]
            titles = {t.id: c.problem.title for c in mine for t in store.tasks.list(c.id)}
        if bad:
            lines += ["", "| LLM step | unusable answers | asked again | given up | example reason |"]
            lines += ["| --- | ---: | ---: | ---: | --- |"]
            for step, answers in sorted(collections.Counter(b["step"] for b in bad).items()):
                mine = [b for b in bad if b["step"] == step]
                again = sum(1 for b in mine if b["retried"])
                lines.append(
                    f"| {step} | {answers} | {again} | {answers - again} | {cell(mine[0]['reason'])} |"
                )
        if titles:
            lines += [
                "",
                "Published: " + "; ".join(f"`{tid}` ({cell(title, 80)})" for tid, title in titles.items()),
            ]
        return "\n".join([*lines, "", self.protocol_section(run_id)])

    def protocol_section(self, run_id: str) -> str:
        """How far each candidate of the run that reached cross-validation got: its rounds, the checks its last
        report passed, and the checks that failed in its last round (with the first line of each)."""
        lines = ["| candidate | rounds | last report: checks passed | failed in the last round |"]
        lines += ["| --- | ---: | ---: | --- |"]
        with self.store() as store:
            for c in store.candidates.list():
                rounds = store.events.list(c.id, kind="crossval.round")
                if c.problem.provenance.get("run") != run_id or not rounds:
                    continue
                reports = store.candidates.list_reports(c.id)
                last = reports[-1].checks if reports else []
                passed = f"{sum(ch.passed for ch in last)} / {len(last)}" if last else "no tests to check"
                failures = rounds[-1].payload.get("failures", [])
                checks = collections.Counter(_check_of(f) for f in failures)
                shown = "; ".join(f"{n}× {cell(check, 70)}" for check, n in checks.most_common(6))
                lines.append(
                    f"| {cell(c.problem.title, 50)} (`{c.id}`) | {len(rounds)} | {passed} | {shown} |"
                )
        return "\n".join(lines) if len(lines) > 2 else "No candidate reached cross-validation."

    # -- 3-5 ------------------------------------------------------------------------------------------------

    def corpus(self, **sizes: int) -> None:
        """Synthesis on the example closed corpus, imported first (its reference solutions run in the sandbox)."""
        self.cli("seeds", "import", str(CORPUS), "--json")
        self.synthesize("closed.jsonl", "--seeds", "source:closed.jsonl", **sizes)

    def divergence(self) -> None:
        code, report, err, seconds = self.cli("evaluate-divergence", "--provider", "local", "--json")
        if not isinstance(report, dict):
            self.row(
                "evaluate-divergence (model as semantic judge)", 1, 0, seconds, None, [err or f"exit {code}"]
            )
            return
        auc = {k: round(v, 3) for k, v in (report.get("auc") or {}).items()}
        families = report.get("families") or []
        judged = [f for f in families if f.get("semantic") is not None]
        self.row(
            f"evaluate-divergence (ROC AUC {json.dumps(auc)})",
            len(families),
            len(judged),
            seconds,
            None,
            [
                f.get("failure") or f"{f['family']}: no semantic estimate"
                for f in families
                if f.get("semantic") is None
            ],
        )

    def evaluate(self, tasks: str = "catalog") -> None:
        solver = f"model:{self.model}"
        code, report, err, seconds = self.cli("evaluate", "--solver", solver, "--tasks", tasks, "--json")
        attempts = (report or {}).get("attempts", []) if isinstance(report, dict) else []
        failures = [
            f"{t.get('failure')}: {t.get('detail', '')}" for t in attempts if t.get("failure") != "success"
        ]
        tokens = sum(int(t.get("tokens") or 0) for t in attempts) or None
        mean = (report or {}).get("mean_score") if isinstance(report, dict) else None
        self.row(
            f"evaluate (model as solver; mean score {mean})",
            len(attempts) or 1,
            len(attempts) - len(failures),
            seconds,
            tokens,
            failures or ([err] if code else []),
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
            *("-R", "1", "-K", "1", "-n", "2", "--n-div", "1", "--n-final", "1", "--seeds", "catalog"),
            "--json",
        )
        stages = report.get("stages", {}) if isinstance(report, dict) else {}
        reasons = [f"{r['stage']}: {r['reason']}" for r in report.get("reasons", [])] if stages else [err]
        self.row(
            "synthesize --agents",
            stages.get("proposed", 1),
            stages.get("published", 0),
            seconds,
            None,
            reasons,
        )
        if isinstance(report, dict):
            with self.store() as store:
                run_id = report["run_id"]
                ids = {c.id for c in store.candidates.list() if c.problem.provenance.get("run") == run_id}
                ids |= {c.parent_id for c in store.candidates.list() if c.id in ids}
                logs = [e.payload for i in ids for e in store.events.list(i, kind="agent.transcript")]
            self.sections.append(self.agent_section("synthesize --agents", logs))
        anyio.run(self.agents_crossval)

    async def agents_crossval(self, family: str = "max_leaf_spanning_tree") -> None:
        """The test-case and verifier agents on the model, authoring through the server's generate_tests and
        run_verifier tools a catalog family's problem (its statement and solutions the catalog's, its name
        withheld, so the server's offline provider cannot write the programs for them): the tool calls are
        exercised whatever the model's own mutations are."""
        from frontiersmith.agents.authors import validate_candidate
        from frontiersmith.agents.orchestrator import build_model
        from frontiersmith.agents.team import AgentTeam, Budget
        from frontiersmith.drafts import SolutionDraft
        from frontiersmith.settings import Settings
        from frontiersmith.tools import synthesis as syn
        from frontiersmith.tools.catalog import get_family, seed_id_for
        from frontiersmith.tools.seeds.pool import ensure_catalog_seeds

        fam = get_family(family)
        settings = Settings(data_dir=self.data, sandbox_backend="process")
        started = time.monotonic()
        with self.store() as store:
            ensure_catalog_seeds(store)
            unnamed = fam.as_mutation_draft().model_copy(update={"catalog": None})
            parent = seed_id_for(fam.parent or "")
            mutated = await syn.mutate_problem(store, parent, fam.axis or "objective", authored=unnamed)
            cid = mutated.candidate.id
            solutions = [
                SolutionDraft(code=s.program.code, language=s.language, strategy=s.summary)
                for s in fam.solvers
            ]
            await syn.sample_solutions(store, cid, authored=solutions, settings=settings)
            model = build_model(self.model, self.base_url)
            roles = ("test_case_agent", "verifier_agent")
            async with AgentTeam(store, settings, model, roles=roles, budget=Budget(max_rounds=2)) as team:
                outcome = await validate_candidate(team, cid, max_rounds=2)
            logs = [e.payload for e in store.events.list(cid, kind="agent.transcript")]
        calls = [
            i for t in logs for i in t["items"] if isinstance(i, dict) and i.get("type") == "function_call"
        ]
        authored = [c for c in calls if '"authored"' in str(c.get("arguments"))]
        tokens = sum(int((t.get("usage") or {}).get("total_tokens") or 0) for t in logs)
        self.row(
            f"agents cross-validate {family}, unnamed ({len(calls)} tool calls parsed in {len(logs)} agent runs, "
            f"{len(authored)} with programs; {'passed' if outcome.ok else 'not passed'})",
            len(logs),
            len(calls),
            time.monotonic() - started,
            tokens,
            outcome.failures[:3] if not outcome.ok else [],
        )
        self.sections.append(self.agent_section(f"agents cross-validate {family}, unnamed", logs))

    def agent_section(self, title: str, logs: list[dict[str, Any]]) -> str:
        """What the agents did: per role, runs, tool calls (and how many carried programs), failed runs, and an
        example: the last call's arguments, else an error or the last answer."""
        lines = [f"### {title}", "", "| agent | runs | tool calls | with programs | failed runs | example |"]
        lines += ["| --- | ---: | ---: | ---: | ---: | --- |"]
        for agent in sorted({t["agent"] for t in logs}):
            mine = [t for t in logs if t["agent"] == agent]
            calls = [
                i
                for t in mine
                for i in t["items"]
                if isinstance(i, dict) and i.get("type") == "function_call"
            ]
            authored = [c for c in calls if '"authored"' in str(c.get("arguments"))]
            failed = [t for t in mine if t.get("error")]
            example = (
                calls[-1].get("arguments")
                if calls
                else (failed[0]["error"] if failed else mine[-1].get("final_output"))
            )
            lines.append(
                f"| {agent} | {len(mine)} | {len(calls)} | {len(authored)} | {len(failed)} | {cell(str(example or ''))} |"
            )
        return "\n".join(lines)


def serve(model: str, port: int, log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "frontiersmith.cli",
            "model",
            "serve",
            model,
            "--port",
            str(port),
            "--threads",
            "1",
        ],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env=env,
    )
    deadline = time.monotonic() + 300
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


def table(bench: Bench, model: str, command: str, started: float) -> str:
    hours = (time.monotonic() - started) / 3600
    lines = [
        f"# Real-model funnel: {model}",
        "",
        f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores (shared), one llama.cpp "
        f"thread, {hours:.1f} h in all: `{command}`",
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
        lines += [
            "",
            "| synthesis run | funnel | published | tokens / task | seconds / task | sandbox CPU-s / task |",
            "| --- | --- | ---: | ---: | ---: | ---: |",
        ]
        for r in bench.runs:
            lines.append(
                f"| {r['run']} | {r['funnel']} | {r['published']} | {r['tokens_per_task'] or ''} | "
                f"{r['seconds_per_task'] or ''} | {r['cpu_s_per_task'] or ''} |"
            )
    for section in bench.sections:
        lines += ["", section]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", default="qwen-coder-0.5b")
    parser.add_argument("-K", type=int, default=8, help="candidates per synthesis run")
    parser.add_argument("-n", type=int, default=4, help="solutions per candidate")
    parser.add_argument("--n-div", type=int, default=4, help="candidates cross-validated per run (N_div)")
    parser.add_argument("--stages", default="describe,languages,catalog,corpus,divergence,evaluate,agents")
    parser.add_argument(
        "--language-families", type=int, default=6, help="open families the languages stage solves"
    )
    parser.add_argument(
        "--evaluate-tasks", default="catalog", help="evaluate --tasks (default: the open families)"
    )
    parser.add_argument("--data", type=Path, default=None, help="keep the store here (default: a temp dir)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    stages = set(args.stages.split(","))
    command = "python " + " ".join(["bench/real_model.py", *sys.argv[1:]])
    port = free_port()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fs-real-model-") as tmp:
        data = (args.data or Path(tmp)).resolve()  # the sandbox binds its dirs by absolute path
        data.mkdir(parents=True, exist_ok=True)
        bench = Bench(args.model, data, f"http://127.0.0.1:{port}/v1")
        sizes = {"k": args.K, "n": args.n, "n_div": args.n_div}
        proc = serve(args.model, port, data / "serve.log", bench.env)
        plan = [
            ("describe", lambda: anyio.run(bench.describe)),
            ("languages", lambda: anyio.run(bench.languages, args.language_families)),
            ("catalog", lambda: bench.synthesize("catalog seeds", "--seeds", "catalog", **sizes)),
            ("corpus", lambda: bench.corpus(**sizes)),
            ("divergence", bench.divergence),
            ("evaluate", lambda: bench.evaluate(args.evaluate_tasks)),
            ("agents", bench.agents),
        ]
        try:
            for name, run in plan:
                if name not in stages:
                    continue
                started_stage = time.monotonic()
                try:
                    run()
                except Exception as exc:  # a stage the bench could not finish is a row, not a lost table
                    reason = f"the bench failed: {type(exc).__name__}: {exc}"
                    bench.row(
                        f"{name} (did not finish)", 1, 0, time.monotonic() - started_stage, None, [reason]
                    )
                if args.out:  # the tables so far, so a bench stopped part-way still leaves what it measured
                    done = f"{command} (stopped after the {name} stage)"
                    write(args.out, table(bench, args.model, done, started))
        finally:
            proc.terminate()  # a server busy in a generation may not stop at once: then it is killed
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        text = table(bench, args.model, command, started)
    print(text)
    if args.out:
        write(args.out, text)


def write(out: Path, text: str) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)


if __name__ == "__main__":
    # A bench stopped with SIGTERM (kill, a CI timeout) unwinds like Ctrl-C, so its model server is stopped too.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    main()
