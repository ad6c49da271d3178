"""A recorded synthesis run, run again without a model: every step asks the replay provider
(tools/llm/replay.py), which answers with what the recorded run's model answered for the same logical key,
while the parsing layer, the sandbox work, the protocol and the gates run for real. To re-filter a run with new
thresholds, to reproduce a published task, and for CI (a recorded run committed as an exchanges file).

A replay keeps the recorded run's id, so every record it writes has the recorded record's id; it writes into a
store of its own (a store that holds the recorded run itself is refused), which must hold the run's seeds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from frontiersmith.errors import InvalidInputError, NotFoundError
from frontiersmith.models import Seed
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from ..llm.exchanges import Recording, export_exchanges
from ..llm.replay import ReplayProvider
from ..seeds.pool import ensure_catalog_seeds
from .pipeline import Pipeline, ProgressFn, SynthesisConfig
from .stages import StageTable, stage_table

# What a replay may change of the recorded run's arguments: the gates and how many candidates they let
# through, and how many rounds of the recorded ones to run. The rest (K, n, the seeds, the run's random seed,
# the provider) decides what the model was asked, so it is the recording's.
REPLAY_MAY_CHANGE = frozenset(
    {
        "rounds",
        "n_div",
        "n_final",
        "min_semantic",
        "min_behavioural",
        "min_separating_tests",
        "min_top_ties",
        "behavioural_scale",
        "crossval_rounds",
        "min_kill_rate",
    }
)


def load_recording(source: str, store: Store | None = None) -> Recording:
    """The recorded run ``source`` names: an exported exchanges file (a path that exists), else a run id in
    ``store``."""
    path = Path(source).expanduser()
    if path.is_file():
        return Recording.from_file(path)
    if store is None or source.endswith(".jsonl"):
        raise InvalidInputError(
            f"No exchanges file {source}; pass an exported file or a run id of --replay-from."
        )
    try:
        return Recording.from_store(store, source)
    except NotFoundError:
        raise InvalidInputError(
            f"No synthesis run {source} in the store {store.path}, and no file of that name; pass a run id of "
            "the store that recorded it (--replay-from STORE) or its exported exchanges file."
        ) from None


def replay_config(recording: Recording, **changes: Any) -> SynthesisConfig:
    """The recorded run's arguments with ``changes`` (None: unchanged), which only ``REPLAY_MAY_CHANGE`` may
    name."""
    given = {k: v for k, v in changes.items() if v is not None}
    fixed = sorted(set(given) - REPLAY_MAY_CHANGE)
    if fixed:
        names = ", ".join("--" + name.replace("_", "-") for name in fixed)
        raise InvalidInputError(
            f"A replay asks what the recorded run asked, so {names} cannot change; drop {names} (a replay may "
            "change the thresholds, --n-div, --n-final and --rounds)."
        )
    # A gate retired since the recording (crossing_gate) is left out: a replay may change the gates anyway, so
    # it applies today's.
    recorded = {
        k: v for k, v in recording.header.get("args", {}).items() if k in SynthesisConfig.model_fields
    }
    try:
        return SynthesisConfig(**{**recorded, **given})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "arguments"
        raise InvalidInputError(
            f"The recorded run {recording.run_id}'s arguments cannot be used ({where}: {first['msg']}); it was "
            "recorded by another version of FrontierSmith."
        ) from None


def run_outcome(table: StageTable) -> dict[str, Any]:
    """What a run reached, as an exchanges file records it: the funnel's counts, the published candidates and
    their tasks, and each candidate that fell out, with its stage."""
    return {
        "funnel": {name: n for name, n, _lost, _stage in table.funnel()},
        "published": sorted(table.published_candidates),
        "tasks": sorted(table.tasks),
        "rejected": {cid: why.stage.value for cid, why in sorted(table.reasons)},
    }


def export_run(store: Store, run_id: str, path: Path) -> int:
    """Export run ``run_id``'s exchanges with what the run reached (``run_outcome``), so that a replay of the
    file can say whether it reached the same; returns how many exchanges were written."""
    return export_exchanges(store, run_id, path, run_outcome(stage_table(store, run_id)))


@dataclass
class Replay:
    """A replay's outcome: its stage table, what of the recording it did not use or lacked, and how it
    differs from what the recorded run reached (when the recording says)."""

    run_id: str
    table: StageTable
    answers: int  # recorded exchanges
    unused: int  # recorded exchanges the replay never asked for (a stricter gate stopped their candidates)
    missing: list[str] = field(default_factory=list)  # asks the recording had no answer for, in words
    recorded: dict[str, Any] | None = None  # the recorded run's outcome (``run_outcome``), when known

    @property
    def differences(self) -> list[str]:
        """How the replay's outcome differs from the recorded one, in words (empty: the same)."""
        if self.recorded is None:
            return []
        now, then = run_outcome(self.table), self.recorded
        found = [
            f"{name}: {then['funnel'].get(name)} recorded, {n} now"
            for name, n in now["funnel"].items()
            if then.get("funnel", {}).get(name) != n
        ]
        # The same candidates published are the same tasks: a task's id also hashes FrontierSmith's own harness
        # around a model's programs, which may have changed since the recording (``notes`` says so).
        key = "published" if "published" in then else "tasks"
        if now[key] != then.get(key):
            found.append(
                f"published {'candidates' if key == 'published' else 'tasks'}: "
                f"{', '.join(then.get(key, [])) or 'none'} recorded, {', '.join(now[key]) or 'none'} now"
            )
        for cid in sorted(set(now["rejected"]) | set(then.get("rejected", {}))):
            was, is_ = then.get("rejected", {}).get(cid), now["rejected"].get(cid)
            if was != is_:
                found.append(
                    f"{cid}: {f'fell out at {was}' if was else 'went on'} recorded, "
                    f"{f'falls out at {is_}' if is_ else 'goes on'} now"
                )
        return found

    @property
    def reproduced(self) -> bool | None:
        """Whether the replay reached what the recorded run reached (None: the recording does not say)."""
        return None if self.recorded is None else not self.differences

    @property
    def notes(self) -> list[str]:
        """What differs without making the replay another run: the same candidates published as tasks of other
        ids (their packages wrap the model's programs in a harness that changed since the recording)."""
        if self.recorded is None or "published" not in self.recorded:
            return []
        now = run_outcome(self.table)
        if now["published"] == self.recorded["published"] and now["tasks"] != self.recorded.get("tasks"):
            return [
                "the same candidates were published as tasks of other ids: FrontierSmith's own programs around "
                "the model's (the harness) changed since the recording"
            ]
        return []

    def summary(self) -> str:
        """One line for people: how many recorded answers were used, asks that had none, and whether the replay
        reached what the recording did."""
        line = f"replayed {self.answers - self.unused} of {self.answers} recorded answers"
        if self.missing:
            line += f"; {len(self.missing)} asks had none (the first: {self.missing[0]})"
        if self.reproduced:
            line += "; the replay reached what the recorded run reached"
        elif self.reproduced is False:
            line += "; it differs from the recorded run: " + "; ".join(self.differences)
        return "; ".join([line, *self.notes])


def replay_pipeline(
    store: Store,
    recording: Recording,
    config: SynthesisConfig,
    settings: Settings | None = None,
    progress: ProgressFn | None = None,
) -> Pipeline:
    """The pipeline that replays ``recording`` into ``store`` under ``config`` (``replay_config``): the
    recorded run's id, its seeds, the replay provider."""
    prepare_replay(store, recording, config)
    return Pipeline(
        store,
        ReplayProvider(recording),
        config,
        settings or get_settings(),
        progress,
        run_id=recording.run_id,
    )


def prepare_replay(store: Store, recording: Recording, config: SynthesisConfig) -> None:
    """Check ``store`` can take the replay and register the run with the recorded run's seeds, so it mutates
    the same ones whatever the store's selector would now resolve to."""
    run_id = recording.run_id
    try:
        held = store.pipeline_runs.get(run_id)
    except NotFoundError:
        held = None
    if held is not None and not held.progress.replay_of:
        raise InvalidInputError(
            f"The store {store.path} holds the recorded run {run_id} itself; a replay writes a store of its "
            "own: pass --store NEW.db."
        )
    ensure_catalog_seeds(store)
    seed_ids = list(recording.header.get("seed_ids") or [])
    missing = [sid for sid in seed_ids if store.find(Seed, sid) is None]
    if missing:
        raise InvalidInputError(
            f"The replay needs the recorded run's {len(seed_ids)} seeds in the store {store.path}, and "
            f"{len(missing)} are not there ({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}); "
            "import the seeds the run was made from (`frontiersmith seeds import FILE --store ...`) first."
        )
    run = store.pipeline_runs.start(run_id, config.model_dump(mode="json"))
    progress = run.progress
    if progress.seed_ids is None:
        progress.seed_ids, progress.replay_of = seed_ids, run_id
        store.pipeline_runs.update(run_id, progress=progress)


async def replay_run(
    store: Store,
    recording: Recording,
    config: SynthesisConfig,
    settings: Settings | None = None,
    progress: ProgressFn | None = None,
) -> Replay:
    """Replay ``recording`` into ``store`` (see the module); resumable like any run."""
    pipeline = replay_pipeline(store, recording, config, settings, progress)
    table = await pipeline.run()
    return replay_outcome(recording, table)


def replay_outcome(recording: Recording, table: StageTable) -> Replay:
    """The replay's report of a replayed run: its stage table beside what the recording holds."""
    return Replay(
        recording.run_id,
        table,
        len(recording.exchanges),
        len(recording.unused()),
        list(recording.missing),
        recording.header.get("outcome"),
    )
