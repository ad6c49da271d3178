"""`frontiersmith synthesize` (Algorithm 1, unattended) and `frontiersmith demo` (the same, offline, on the
built-in catalog, into a fresh store)."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings, get_settings

from .executor_options import executor_option, executor_settings, ray_address_option
from .shell import table_console
from .store_option import store_option

if TYPE_CHECKING:
    from frontiersmith.agents.orchestrator import AgentPipeline
    from frontiersmith.drafts import Provider
    from frontiersmith.store import Store
    from frontiersmith.tools.llm.exchanges import Recording
    from frontiersmith.tools.synthesis.pipeline import Pipeline, ProgressFn, SynthesisConfig
    from frontiersmith.tools.synthesis.stages import StageTable

console = Console(stderr=True)


def _config(**fields: object) -> SynthesisConfig:
    """The run's SynthesisConfig; a value out of its range is a usage error naming the option (each field
    is the option of the same name), raised before any work starts."""
    from pydantic import ValidationError

    from frontiersmith.tools.synthesis.pipeline import SynthesisConfig

    try:
        return SynthesisConfig.from_settings(get_settings(), **fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        option = "--" + str(first["loc"][0]).replace("_", "-")
        raise typer.BadParameter(first["msg"], param_hint=f"'{option}'") from None


def _run(
    config,
    store_path: Path | None,
    provider_name: str,
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    as_json: bool,
    settings: Settings | None = None,
    again: str = "run the same command to resume",
    replay: Recording | None = None,
) -> None:
    """Run the synthesis (or replay ``replay``, a recorded run) and print its report; ``again`` is what to do to
    resume it after a Ctrl-C."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.llm.factory import make_provider

    settings = settings or get_settings()
    if replay is None and provider_name == "agents" and not (model and base_url):
        raise InvalidInputError("--agents needs --model and --base-url (any OpenAI-compatible endpoint).")
    provider = (
        None
        if provider_name == "agents" or replay is not None
        else make_provider(provider_name, settings, model=model, base_url=base_url, api_key_env=api_key_env)
    )
    store = open_store(store_path, settings)
    _say_if_resumed(store, config.run_id)  # on stderr, with --json too
    started = time.monotonic()
    try:
        table, pipeline = _with_progress(
            store, provider, config, settings, as_json, model, base_url, api_key_env, replay
        )
    except KeyboardInterrupt:  # the run is marked interrupted (tools/synthesis/pipeline.Pipeline._stopped)
        console.print(f"interrupted; {again}", markup=False, highlight=False)
        raise typer.Exit(130) from None
    elapsed = time.monotonic() - started
    waited = pipeline.waited_s
    if waited:
        console.print(
            f"waited {waited:.0f} s for the same run in another process; resumed from what it stored"
        )
    from frontiersmith.tools.synthesis.cost import run_cost
    from frontiersmith.tools.synthesis.replay import replay_outcome

    cost = run_cost(store, pipeline.run_id, published=table.tasks)
    replayed = replay_outcome(replay, table) if replay is not None else None
    if as_json:
        report = _stages_json(pipeline.run_id, str(store.path), elapsed, table)
        report["cost"] = cost.to_json()
        if replayed is not None:
            report["replay"] = {
                "answers": replayed.answers,
                "unused": replayed.unused,
                "missing": replayed.missing,
                "reproduced": replayed.reproduced,
                "differences": replayed.differences,
            }
        typer.echo(json.dumps(report, indent=1))
    else:
        _print_stages(pipeline.run_id, str(store.path), elapsed, table)
        for line in (cost.model_time_line(), replayed.summary() if replayed is not None else ""):
            if line:
                table_console().print(line, markup=False, highlight=False)


def _say_if_resumed(store: Store, run_id: str) -> None:
    """A run that stopped before (failed or interrupted) and is started again resumes: say so, and why it
    stopped, so a rerun never resumes silently."""
    from frontiersmith.errors import NotFoundError

    try:
        run = store.pipeline_runs.get(run_id)
    except NotFoundError:
        return
    if run.status in ("failed", "interrupted", "running"):
        why = f": {run.progress.stop_reason}" if run.progress.stop_reason else ""
        console.print(
            f"resuming run {run_id} ({run.status}{why}; {run.progress.rounds_done} of {run.args.get('rounds')} "
            "rounds done): the work it stored is kept",
            markup=False,
            highlight=False,
        )


def _with_progress(
    store: Store,
    provider: Provider | None,
    config: SynthesisConfig,
    settings: Settings,
    as_json: bool,
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    replay: Recording | None = None,
) -> tuple[StageTable, Any]:
    """The run, its stages' progress bars on stderr: (its stage table, the pipeline; the agents' without a
    provider, the replay's with a recording)."""
    from frontiersmith.tools.synthesis.pipeline import Pipeline

    with Progress(
        TextColumn("[bold]{task.description:<15}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
        disable=as_json,
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=max(total, 1))
            bar.update(tasks[stage], completed=done, total=max(total, 1))

        pipeline: Pipeline | AgentPipeline
        if replay is not None:
            pipeline = _replay_pipeline(store, replay, config, settings, progress)
        elif provider is None:
            from frontiersmith.agents.orchestrator import AgentPipeline

            pipeline = AgentPipeline(
                store, config, settings, progress, model=model, base_url=base_url, api_key_env=api_key_env
            )
        else:
            pipeline = Pipeline(store, provider, config, settings, progress)
        return anyio.run(pipeline.run), pipeline


def _replay_pipeline(
    store: Store, recording: Recording, config: SynthesisConfig, settings: Settings, progress: ProgressFn
) -> Pipeline | AgentPipeline:
    """The pipeline that replays ``recording``: the agents' own when it recorded an agents run."""
    if recording.header.get("args", {}).get("provider") == "agents":
        from frontiersmith.agents.orchestrator import agent_replay_pipeline

        return agent_replay_pipeline(store, recording, config, settings, progress)
    from frontiersmith.tools.synthesis.replay import replay_pipeline

    return replay_pipeline(store, recording, config, settings, progress)


def _stages_json(run_id: str, store_path: str, elapsed: float, table: StageTable) -> dict[str, Any]:
    return {
        "run_id": run_id,
        "store": store_path,
        "seconds": round(elapsed, 1),
        "stages": {
            "proposed": table.proposed,
            "kept_by_coarse_judge": table.kept_coarse,
            "sampled": table.sampled,
            "passed_semantic": table.passed_semantic,
            "passed_protocol": table.passed_protocol,
            "passed_behavioural": table.passed_behavioural,
            "published": table.published,
        },
        "rejected": dict(table.rejected),
        "reasons": [
            {
                "candidate": cid,
                "title": table.about[cid].title,
                "seed": table.about[cid].seed,
                "catalog_kind": table.about[cid].catalog_kind,
                "stage": why.stage.value,
                "reason": why.reason,
            }
            for cid, why in table.reasons
        ],
        "tasks": table.tasks,
        "next": [{"do": do, "command": command} for do, command in next_steps(store_path, run_id, table)],
    }


DEMO_SERVER = (
    "frontiersmith-demo"  # the name the demo's store is connected under (beside a plain `frontiersmith`)
)


def next_steps(store_path: str, run_id: str, table: StageTable) -> list[tuple[str, str]]:
    """What a reader of the report can do with the run's store next, each as a command to paste."""
    store = shlex.quote(store_path)
    steps = [
        (
            "Connect an agent that solves these tasks (Claude Code; `codex` or `json` for other clients)",
            f'eval "$(frontiersmith mcp-config claude --tools solve --name {DEMO_SERVER} --store {store})"',
        ),
        ("Open the dashboard of the run", f"frontiersmith dashboard --store {store}"),
        (
            "See what the run spent (tokens and CPU-seconds per published task)",
            f"frontiersmith store cost --store {store}",
        ),
        (
            "Export its tasks for a trainer (verl, trl, verifiers, hf)",
            f"frontiersmith export --format verl tasks-out --run {run_id} --split train:0.9,test:0.1 --store {store}",
        ),
    ]
    if table.tasks:
        steps.append(
            ("See where a task came from", f"frontiersmith store lineage {table.tasks[0]} --store {store}")
        )
    return steps


def _print_stages(run_id: str, store_path: str, elapsed: float, table: StageTable) -> None:
    out = table_console()
    stages = Table(title=f"Synthesis run {run_id} ({elapsed:.0f} s) — store {store_path}")
    stages.add_column("stage")
    stages.add_column("got this far", justify="right")
    stages.add_column("fell out", justify="right")
    for name, n, lost, _stage in table.funnel():
        stages.add_row(name, str(n), str(lost))
    out.print(stages)
    if table.reasons:
        why = Table(title="Why candidates fell out")
        for column in ("candidate", "title", "seed", "catalog kind", "stage"):
            why.add_column(column)
        why.add_column("reason", overflow="fold")
        for cid, rejection in table.reasons:
            note = table.about[cid]
            kind = note.catalog_kind or "model-written"
            why.add_row(cid, note.title or "", note.seed, kind, rejection.stage.value, rejection.reason[:300])
        out.print(why)
    if table.tasks:
        out.print("published tasks: " + ", ".join(table.tasks))
    out.print("\n[bold]What to do next[/bold]")
    for do, command in next_steps(store_path, run_id, table):
        out.print(f"  {do}:\n    {command}", markup=False, highlight=False, soft_wrap=True)


def synthesize(
    rounds: int = typer.Option(None, "--rounds", "-R", help="R: rounds of Algorithm 1 (default 1)."),
    candidates: int = typer.Option(
        None,
        "--candidates",
        "-K",
        help="K: the most mutations a round asks for (fewer when the provider offers fewer distinct ones; "
        "default 8).",
    ),
    n_solutions: int = typer.Option(
        None, "--n-solutions", "-n", help="n: solutions sampled per candidate (default 4)."
    ),
    n_div: int = typer.Option(
        None, "--n-div", help="N_div: candidates kept by semantic divergence (default 6)."
    ),
    n_final: int = typer.Option(
        None, "--n-final", help="N_final: candidates published per round (default 4)."
    ),
    provider: str | None = typer.Option(
        None,
        "--provider",
        help="offline | openai | local (a served local model: `frontiersmith model serve`); default: the "
        "llm_provider setting (offline)",
    ),
    model: str = typer.Option(None, "--model", help="Model name for an OpenAI-compatible endpoint."),
    base_url: str = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible endpoint."),
    api_key_env: str = typer.Option(None, "--api-key-env", help="Environment variable holding the API key."),
    language: str = typer.Option(
        None,
        "--language",
        help="What a model writes solutions in: python | cpp | any (default: the llm_language setting, python).",
    ),
    agents: bool = typer.Option(
        False,
        "--agents",
        help="Run every LLM step with OpenAI Agents SDK agents that are MCP clients of `frontiersmith serve` "
        "(needs --model and --base-url).",
    ),
    seed: int = typer.Option(
        None, "--seed", help="Everything random in the run derives from this (default 0)."
    ),
    seeds: str = typer.Option(
        None,
        "--seeds",
        metavar="SELECTOR",
        help="Which seeds to mutate: ids, catalog, imported, all, tag:graph, source:FILE, difficulty:>=2000, "
        "status:verified (comma-separated; filters narrow). Default: your imported seeds, else the catalog.",
    ),
    min_semantic: float = typer.Option(
        None, "--min-semantic", help="Semantic divergence gate (default: the setting, 0.3)."
    ),
    min_behavioural: float = typer.Option(
        None, "--min-behavioural", help="Behavioural divergence gate (default: the setting, 0.005)."
    ),
    min_separating_tests: int = typer.Option(
        None,
        "--min-separating-tests",
        help="Tests on which the sampled scores differ, needed before a tie at the top rejects (3).",
    ),
    min_top_ties: int = typer.Option(
        None,
        "--min-top-ties",
        help="Sampled solutions scoring the best on every test that show an exact algorithm (2).",
    ),
    behavioural_scale: float = typer.Option(
        None, "--behavioural-scale", help="Behavioural divergence counted as fully divergent (0.25)."
    ),
    crossval_rounds: int = typer.Option(
        None, "--crossval-rounds", help="Rounds of tests-and-verifier cross-validation (3)."
    ),
    min_kill_rate: float = typer.Option(
        None, "--min-kill-rate", help="Share of corrupted outputs the verifier must kill (0.5)."
    ),
    store: Path | None = store_option(what="The store to synthesise into"),
    replay: str = typer.Option(
        None,
        "--replay",
        metavar="RUN|FILE",
        help="Run a recorded run again without a model, each step answered with what its model answered: a run "
        "id of --replay-from, or its exported exchanges file (`store exchanges RUN --export FILE`). Writes into "
        "--store, which must not hold the run; thresholds, --n-div, --n-final and --rounds may change.",
    ),
    replay_from: Path = typer.Option(
        None,
        "--replay-from",
        help="The store that recorded the --replay run (default: the configured store).",
    ),
    executor: str | None = executor_option("the sandbox work (compiles, test builds, cross-validation)"),
    ray_address: str | None = ray_address_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the stage table as JSON."),
) -> None:
    """Run Algorithm 1 for R rounds; rerun with the same arguments to resume an interrupted run. The
    thresholds default to the settings (FRONTIERSMITH_MIN_SEMANTIC, ...) and are stored with the run."""
    fields: dict[str, Any] = {
        "rounds": rounds,
        "candidates": candidates,
        "n_solutions": n_solutions,
        "n_div": n_div,
        "n_final": n_final,
        "seed": seed,
        "seeds": seeds,
        "min_semantic": min_semantic,
        "min_behavioural": min_behavioural,
        "min_separating_tests": min_separating_tests,
        "min_top_ties": min_top_ties,
        "behavioural_scale": behavioural_scale,
        "crossval_rounds": crossval_rounds,
        "min_kill_rate": min_kill_rate,
    }
    if replay is not None:
        chosen = {
            "provider": provider or ("agents" if agents else None),
            "model": model,
            "base_url": base_url,
        }
        settings = executor_settings(executor, ray_address)
        _replay(replay, replay_from, store, settings, as_json, **fields, **chosen, language=language)
        return
    provider = "agents" if agents else (provider or get_settings().llm_provider)
    config = _config(**fields, provider=provider)
    settings = executor_settings(executor, ray_address)
    if language is not None:
        if language not in ("python", "cpp", "any"):
            raise typer.BadParameter("choose python, cpp or any", param_hint="'--language'")
        settings = settings.model_copy(update={"llm_language": language})
    _run(config, store, provider, model, base_url, api_key_env, as_json, settings)


def _replay(
    source: str,
    source_store: Path | None,
    store: Path | None,
    settings: Settings,
    as_json: bool,
    **given: Any,
) -> None:
    """`synthesize --replay`: the recorded run, with what the command line may change of it."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.synthesis.replay import load_recording, replay_config

    path = Path(source).expanduser()
    if path.is_file():
        recording = load_recording(source)
    else:
        with open_store(source_store, settings) as recorded_in:
            recording = load_recording(source, recorded_in)
    config = replay_config(recording, **given)
    _run(config, store, "replay", None, None, None, as_json, settings, replay=recording)


def demo(
    rounds: int = typer.Option(
        1,
        "--rounds",
        "-R",
        min=1,
        max=20,
        help="R: rounds of Algorithm 1 (the published tasks seed the next).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the stage table as JSON."),
    store: Path | None = typer.Option(
        None,
        "--store",
        metavar="FILE",
        help="The store file to write (default: a fresh one, DATA_DIR/demo/TIME/store.db, which it prints).",
    ),
) -> None:
    """Synthesise tasks from the built-in catalog with the offline provider into a fresh store."""
    from frontiersmith.tools.synthesis.pipeline import SynthesisConfig

    again = "run the same command to resume"
    if store is None:
        from frontiersmith.store import demo_store_path

        store = demo_store_path(get_settings(), time.strftime("%Y%m%d-%H%M%S"))
        again = (
            f"`frontiersmith demo --store {shlex.quote(str(store))}` resumes it (a plain demo starts afresh)"
        )
        store.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # the store holds hidden tests
    config = SynthesisConfig.from_settings(
        get_settings(),
        rounds=rounds,
        candidates=40,
        n_solutions=4,
        n_div=30,  # every catalog candidate past the semantic threshold meets the behavioural gates too
        n_final=12,
        seed=0,
        provider="offline",
        seeds="catalog",
    )
    _run(config, store, "offline", None, None, None, as_json, again=again)


def evaluate_divergence(
    n_solutions: int = typer.Option(
        4, "--n-solutions", "-n", min=2, max=64, help="Solutions sampled per family (2 to 64)."
    ),
    family: list[str] = typer.Option(None, "--family", help="Only these families (repeatable, or a,b)."),
    solver: str = typer.Option(
        None,
        "--solver",
        metavar="files:DIR",
        help="Also judge a benchmark's problems by their existing solutions, DIR/<problem>/<name>[_k].cpp "
        "(FrontierCS's algorithmic/solutions layout; imported problems, e.g. `import frontiercs`): each "
        "problem's solutions are what the filter reads, replayed once and then read from the store.",
    ),
    problems: str = typer.Option(
        None,
        "--problems",
        metavar="SELECTOR",
        help="With --solver: only these problems (ids or the benchmark's own names, e.g. FrontierCS's numbers, "
        "comma-separated, or all); default: every problem DIR's folders name.",
    ),
    attempts: int = typer.Option(
        1,
        "--attempts",
        min=1,
        max=20,
        help="With --solver: each solver's first k attempts are solutions (1).",
    ),
    provider: str | None = typer.Option(
        None,
        "--provider",
        help="Semantic judge: offline | openai | local (the families' programs stay the catalog's); default: "
        "the llm_provider setting (offline).",
    ),
    model: str = typer.Option(None, "--model", help="Model name for an OpenAI-compatible endpoint."),
    base_url: str = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible endpoint."),
    api_key_env: str = typer.Option(None, "--api-key-env", help="Environment variable holding the API key."),
    store: Path | None = store_option(
        what="The store (a family it already carried through every step, as `frontiersmith demo` does, is read "
        "from it, not judged again)"
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Is the idea-divergence filter load-bearing? Score every open and pseudo-open catalog family (and, with
    --solver files:DIR, a benchmark's problems by their solutions) with each estimate and each gate's decision
    and why; report the keep rates and the ROC AUC of each measure (open vs pseudo-open). The gates come from
    the settings (FRONTIERSMITH_MIN_SEMANTIC, ...)."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.catalog import get_family
    from frontiersmith.tools.llm.factory import make_provider

    from .divergence_report import print_catalog, print_problems

    names = [n.strip() for value in family or () for n in value.split(",") if n.strip()]
    for name in names:
        get_family(name)  # an unknown name is a one-sentence error before any work, not an empty report
    if problems and not solver:
        raise typer.BadParameter(
            "--problems needs --solver files:DIR, the problems' solutions", param_hint="'--problems'"
        )
    if solver and not solver.startswith("files:"):
        raise typer.BadParameter(
            f"{solver!r} is not files:DIR; pass the folder of the problems' solutions",
            param_hint="'--solver'",
        )
    settings = get_settings()
    judge = make_provider(provider, settings, model=model, base_url=base_url, api_key_env=api_key_env)
    st = open_store(store, settings)
    if solver:
        from frontiersmith.tools.frontier.divergence import evaluate_problems_divergence

        with console.status("judging the problems' solutions", spinner="dots") as status:
            found = anyio.run(
                lambda: evaluate_problems_divergence(
                    st,
                    solver.removeprefix("files:"),
                    problems=problems,
                    attempts=attempts,
                    judge=judge,
                    families=names or None,
                    settings=settings,
                    progress=None if as_json else lambda line: status.update(line),
                )
            )
        print_problems(found, as_json)
        return
    from frontiersmith.tools.synthesis.divergence.auc import evaluate_catalog_divergence

    with Progress(
        TextColumn("families"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=as_json,
    ) as bar:
        task = bar.add_task("families", total=None)
        report = anyio.run(
            lambda: evaluate_catalog_divergence(
                st,
                judge=judge,
                n_solutions=n_solutions,
                families=names or None,
                settings=settings,
                progress=lambda d, t: bar.update(task, completed=d, total=t),
            )
        )
    print_catalog(report, as_json)


COMMANDS: dict[str, Callable[..., None]] = {
    "synthesize": synthesize,
    "demo": demo,
    "evaluate-divergence": evaluate_divergence,
}
