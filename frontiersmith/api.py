"""The public API's functions: judge a solution, score a trainer's completion, run a synthesis, from Python.

Each is what a command does (``frontiersmith judge``, a verl reward, ``frontiersmith synthesize``), with the same
rules and the same sandbox: untrusted code never runs in the caller's process. ``frontiersmith/__init__.py``
re-exports them beside the types they take and return; docs/reference/api.md is generated from their docstrings.
Synchronous functions run their async twin to its end (on a thread of its own when called from a running event
loop); async callers use the twins directly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language, Program

if TYPE_CHECKING:
    from frontiersmith.models import Task
    from frontiersmith.settings import Settings
    from frontiersmith.store import Store
    from frontiersmith.tools.judging.judge import JudgeReport
    from frontiersmith.tools.synthesis.stages import StageTable


def program_of(solution: Program | Path | str, language: Language | str | None = None) -> Program:
    """The program ``solution`` holds: a Program as it is; a Path read from disk (its language from its suffix
    unless ``language`` says); a str is source code, whose ``language`` must be given ("python" or "cpp").

    Raises InvalidInputError for a file that does not exist or a language that cannot be told."""
    lang = Language.parse(language, "language") if isinstance(language, str) else language
    if isinstance(solution, Program):
        return solution if lang is None else solution.model_copy(update={"language": lang})
    if isinstance(solution, Path):
        if not solution.is_file():
            raise InvalidInputError(f"The solution file {solution} does not exist.")
        lang = lang or Language.of_file(solution.name)
        if lang is None:
            raise InvalidInputError(
                f"Cannot tell the language of {solution.name}; pass language='cpp' or language='python'."
            )
        return Program(code=solution.read_text(errors="replace"), language=lang)
    if lang is None:
        raise InvalidInputError(
            "A solution given as source code needs its language: pass language='cpp' or language='python' "
            "(or pass a pathlib.Path to read a file)."
        )
    return Program(code=solution, language=lang)


def judge(
    problem: str | Path,
    solution: Program | Path | str,
    *,
    language: Language | str | None = None,
    store: Path | str | None = None,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
) -> JudgeReport:
    """Judge ``solution`` on every test of ``problem`` in the sandbox, as ``frontiersmith judge`` does; nothing is
    stored (``submit`` over MCP stores a submission).

    Args:
        problem: a FrontierCS or native package folder, or a problem id in the store (a published task, an
            imported problem, ``catalog/NAME``).
        solution: a Program, a pathlib.Path to a source file, or source code (then ``language`` is needed).
        language: "python" or "cpp" (default: the file's suffix).
        store: the store a problem id is looked up in (default: the settings' store).
        backend: "process" or "docker" (default: the settings' ``sandbox_backend``).
        workers: tests judged at once (default: the settings').
        settings: the settings to use (default: the environment's and the config file's).

    Returns:
        The JudgeReport: ``score`` (the mean of the tests' scores, each in [0, 1]), ``verdict``, ``tests`` (per
        test: verdict, score, objective, time, memory) and ``complete`` (False when the host failed under a
        test: then there is no score to give).

    Raises:
        InvalidInputError: a problem that is no folder or id, a solution whose language cannot be told.
        NotFoundError: a problem id the store does not hold.
        SandboxError: a sandbox that cannot start (no bubblewrap, no Docker engine for ``backend="docker"``).

    Limits: each test runs under the problem's time and memory limits, with no network; the solution's output
    is read up to the settings' ``output_limit_kb``.
    """
    return _sync(
        judge_async,
        problem,
        solution,
        language=language,
        store=store,
        backend=backend,
        workers=workers,
        settings=settings,
    )


async def judge_async(
    problem: str | Path,
    solution: Program | Path | str,
    *,
    language: Language | str | None = None,
    store: Path | str | None = None,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
) -> JudgeReport:
    """``judge`` for a caller inside an event loop (the same arguments, returns and errors)."""
    from frontiersmith.tools.judging.judge import judge_package
    from frontiersmith.tools.problems.resolver import package_and_baseline

    program = program_of(solution, language)
    where = Path(store).expanduser() if store is not None else None
    package, baseline = await package_and_baseline(problem, where, settings)
    return await judge_package(
        program, package, baseline, backend=backend, workers=workers, settings=settings
    )


def score(
    task: str | Mapping[str, Any],
    completion: Any,
    *,
    export_dir: str | Path | None = None,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
) -> float | None:
    """The reward of one completion on an exported task, exactly as the verl, TRL and verifiers rewards give it:
    the ``submit`` score of the code in the completion's last fenced block, judged in the sandbox.

    Args:
        task: the exported row's ground truth (its JSON string or mapping, with ``task_id`` and ``package``), or
            a bare task id (then looked up in the store).
        completion: the model's answer: a string, or chat messages (the last assistant message is read).
        export_dir: the export folder the task's package is found in (default: ``FRONTIERSMITH_EXPORT_DIR``,
            else the working directory).
        backend, workers, settings: as for ``judge``.

    Returns:
        The score in [0, 1]; 0 for a completion with no code or code that fails; None when the host failed under
        the completion (not judged: a trainer should not learn from it).

    Raises:
        InvalidInputError: a ground truth that names no task.
        NotFoundError: a task neither the export nor the store holds.
        SandboxError: a sandbox that cannot start.
    """
    from frontiersmith.rewards.judging import score_completions

    scores = _sync(
        score_completions,
        [completion],
        [task],
        export_dir=export_dir,
        workers=workers,
        backend=backend,
        settings=settings,
    )
    return scores[0]


@dataclass
class Synthesis:
    """A synthesis run's outcome: its id, its funnel (stage by stage, with each rejection's reason) and the
    tasks it published, read back from the store it wrote."""

    run_id: str
    store: Store
    table: StageTable
    tasks: list[Task]


def synthesize(
    *,
    store: Path | str | None = None,
    provider: str | None = None,
    model: str | None = None,
    base_url: str | None = None,
    api_key_env: str | None = None,
    settings: Settings | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    **config: Any,
) -> Synthesis:
    """Run Algorithm 1 (mutate, sample, filter by divergence, cross-validate tests and verifier, publish), as
    ``frontiersmith synthesize`` does; a run stopped part-way resumes from what it stored when called again with
    the same arguments.

    Args:
        store: the store file (default: the settings' store).
        provider: who writes the mutations, solutions, tests and verifiers (default: the settings'
            ``llm_provider``): "offline" (the built-in catalog, no model), "openai" (any OpenAI-compatible endpoint: ``model`` and ``base_url``), "local" (the local
            llama.cpp model) or "agents" (the OpenAI Agents SDK team, through the MCP tools).
        model, base_url, api_key_env: the endpoint of "openai" and "agents" (the key is read from the variable
            named ``api_key_env``).
        settings: as for ``judge``.
        progress: called with (stage, done, total) as the run goes.
        config: SynthesisConfig's fields (``rounds``, ``candidates``, ``n_solutions``, ``n_div``, ``n_final``,
            ``seed``, ``seeds``) and thresholds (``min_semantic``, ``min_behavioural``, ...).

    Returns:
        A Synthesis: the run id, its stage table and its published Tasks.

    Raises:
        InvalidInputError: a config field out of range, an unknown provider, "agents" without an endpoint.
        ProviderError, EndpointUnreachable: a model endpoint that fails or cannot be reached.
    """
    from pydantic import ValidationError

    from frontiersmith.settings import get_settings
    from frontiersmith.store import open_store
    from frontiersmith.tools.llm.factory import make_provider
    from frontiersmith.tools.synthesis.pipeline import Pipeline, SynthesisConfig

    settings = settings or get_settings()
    provider = provider or settings.llm_provider
    try:
        run_config = SynthesisConfig.from_settings(settings, provider=provider, **config)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise InvalidInputError(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    opened = open_store(Path(store).expanduser() if store is not None else None, settings)
    pipeline: Any
    if provider == "agents":
        if not (model and base_url):
            raise InvalidInputError(
                "The agents provider needs model and base_url (an OpenAI-compatible endpoint)."
            )
        from frontiersmith.agents.orchestrator import AgentPipeline

        pipeline = AgentPipeline(
            opened, run_config, settings, progress, model=model, base_url=base_url, api_key_env=api_key_env
        )
    else:
        chosen = make_provider(provider, settings, model=model, base_url=base_url, api_key_env=api_key_env)
        pipeline = Pipeline(opened, chosen, run_config, settings, progress)
    table = _sync(pipeline.run)
    return Synthesis(pipeline.run_id, opened, table, [opened.tasks.get(t) for t in table.tasks])


def _sync(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    from frontiersmith.rewards.judging import run_sync

    return run_sync(fn, *args, **kwargs)
