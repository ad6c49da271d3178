"""`frontiersmith judge` and `frontiersmith import ...`: thin shells over ``tools/judging/judge`` and ``tools/judging/packages``."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import typer

from frontiersmith.errors import InvalidInputError, NotJudgedError
from frontiersmith.models import Language, Program, Verdict

from .executor_options import executor_option, executor_settings, ray_address_option
from .shell import App, table_console
from .store_option import store_option

import_app = App(no_args_is_help=True)


def _language(path: Path, lang: str | None) -> Language:
    if lang:
        return Language.parse(lang, "--lang")
    found = Language.of_file(path.name)
    if found is None:
        raise InvalidInputError(f"Cannot tell the language of {path.name}; pass --lang cpp or --lang python.")
    return found


def judge(
    problem: str = typer.Argument(
        ...,
        metavar="PROBLEM",
        help="A FrontierCS or native package folder, or a problem id in the store (a task, an imported "
        "problem, catalog/NAME).",
    ),
    solution_file: Path = typer.Argument(..., metavar="SOLUTION_FILE", help="The solution's source file."),
    lang: str | None = typer.Option(None, "--lang", help="cpp or python (default: from the file suffix)."),
    backend: str | None = typer.Option(None, "--backend", help="process or docker (default: the setting)."),
    workers: int | None = typer.Option(
        None, "--workers", min=1, help="Tests judged at once (default: cores)."
    ),
    executor: str | None = executor_option("the judging"),
    ray_address: str | None = ray_address_option(),
    as_json: bool = typer.Option(False, "--json", help="Print {score, tests: [...]} as JSON."),
    show_output: bool = typer.Option(
        False,
        "--show-output",
        help="Show each test's full message (the solution's stderr, the checker's words), which can quote "
        "the test data; by default only a data-free diagnostic (with the exact exit code, time and memory, "
        "which MCP's submit tells only coarsely).",
    ),
    store: Path | None = store_option(existing=True, what="The store a problem id is looked up in"),
) -> None:
    """Judge a solution against a problem package or a stored problem: per-test verdict, time, memory,
    score and the mean (no submission is stored: that is what `submit` does)."""
    from frontiersmith.tools.judging.judge import judge_package
    from frontiersmith.tools.problems.resolver import package_and_baseline

    if backend is not None and backend not in ("process", "docker"):
        raise InvalidInputError(f"--backend {backend!r} is not known; use process or docker.")
    if not solution_file.is_file():
        raise InvalidInputError(f"The solution file {solution_file} does not exist.")
    solution = Program(
        code=solution_file.read_text(errors="replace"), language=_language(solution_file, lang)
    )

    settings = executor_settings(executor, ray_address)

    async def run():
        package, baseline = await package_and_baseline(problem, store, settings)
        if settings.executor == "ray":
            return package, await _judge_on_ray(settings, solution, package, baseline, backend, workers)
        report = await judge_package(solution, package, baseline, backend=backend, workers=workers)
        return package, report

    package, report = anyio.run(run)
    if not show_output:
        report = report.without_test_data(None)  # the owner's view: the measurements stay exact
    if as_json:
        typer.echo(json.dumps(report.to_json()))
    else:
        _print_table(package.problem.title, report)
    if not report.complete:  # the per-test lines are shown, but there is no score to give
        raise NotJudgedError(f"The solution {report.summary}.")


async def _judge_on_ray(settings, solution, package, baseline, backend, workers):
    """One judge job (the solution on the package's suite) on a Ray worker's warm sandbox."""
    from frontiersmith.tools.judging.executor import get_executor
    from frontiersmith.tools.judging.jobs import JudgeJob

    if backend is not None:
        settings = settings.model_copy(update={"sandbox_backend": backend})
    job = JudgeJob(
        "judge", solution, tuple(package.tests), package.verifier, package.limits, baseline, package.best
    )
    async with get_executor(settings, workers=workers) as executor:
        return (await executor.map_judge([job]))["judge"]


def _print_table(title: str, report) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=title)
    for column in ("test", "verdict", "time (ms)", "memory (KiB)", "score", "message"):
        table.add_column(
            column, justify="right" if column in ("time (ms)", "memory (KiB)", "score") else "left"
        )
    for t in report.tests:
        colour = "green" if t.verdict is Verdict.OK else "red"
        table.add_row(
            t.name,
            f"[{colour}]{t.verdict.value}[/{colour}]",
            f"{t.time_ms:.0f}",
            str(t.memory_kb),
            f"{t.score:.6f}",
            escape(t.message.splitlines()[0][:80]) if t.message else "",
        )
    console = table_console()
    console.print(table)
    if report.compile_message:
        console.print(f"[red]{report.verdict.value}[/red]: {escape(report.compile_message)}")
    if report.complete:
        console.print(f"score: {report.score:.6f} ({report.summary})")


def problems(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    store: Path | None = store_option(existing=True),
) -> None:
    """List the problems to solve (what `judge` and MCP's `submit` take): published tasks, imported problems
    (`import frontiercs`) and the catalog's open families."""
    from rich.table import Table

    from frontiersmith.store import open_store
    from frontiersmith.tools.problems.submit import list_problems

    with open_store() as opened:
        rows = list_problems(opened)
    if as_json:
        typer.echo(json.dumps([r.model_dump(mode="json", exclude_none=True) for r in rows], indent=1))
        return
    table = Table(title=f"{len(rows)} problems")
    for column in ("id", "kind", "title", "sense", "tests"):
        table.add_column(column, overflow="fold", no_wrap=column == "id")
    for r in rows:
        latest = " (older version)" if r.latest is False else ""
        kind = r.kind + (", interactive" if r.interactive else "") + latest
        table.add_row(r.id, kind, r.title, r.sense or "", "" if r.tests is None else str(r.tests))
    table_console().print(table)


@import_app.command("frontiercs")
def import_frontiercs(
    problem_dir: Path = typer.Argument(
        ...,
        metavar="DIR",
        help="A FrontierCS / FrontierSmith problem folder, or a folder of them (e.g. FrontierCS's "
        "algorithmic/problems).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print what was stored as JSON."),
    store: Path | None = store_option(what="The store to import into"),
) -> None:
    """Store FrontierCS problems to solve (open problems: `seeds import --as-seed` takes one as a seed), each
    with its tests and its testlib checker or interactor; a folder of packages is imported one by one, each
    stored or refused with the reason. Importing again stores nothing new."""
    from rich.console import Console

    from frontiersmith.store import open_store
    from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs_tree

    from .seeds_import import ProgressBar

    async def run(progress):  # noqa: ANN001, ANN202 - the bar's callback, or None
        with open_store() as opened:
            return await import_frontiercs_tree(problem_dir, opened, progress=progress)

    with ProgressBar(Console(stderr=True), enabled=not as_json, unit="problems") as progress:
        outcomes = anyio.run(run, progress)
    if as_json:
        typer.echo(json.dumps([o.model_dump(mode="json") for o in outcomes], indent=1))
    else:
        for o in outcomes:
            if o.stored is None:
                typer.echo(f"refused: {o.path}: {o.refused}")
                continue
            s = o.stored
            state = "stored" if s.inserted else "already stored"
            kind = " interactive" if s.type == "interactive" else ""
            typer.echo(f"{state}:{kind} problem {s.problem_id} ({s.title!r}) with {len(s.test_ids)} tests")
            for reason in s.missing:
                typer.echo(f"  left out: {reason}")
        stored = sum(o.stored is not None for o in outcomes)
        if len(outcomes) > 1:
            typer.echo(f"{stored} of {len(outcomes)} problems imported, {len(outcomes) - stored} refused")
    if not any(o.stored is not None for o in outcomes):
        raise typer.Exit(1)
