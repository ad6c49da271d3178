"""Algorithm 1, unattended: R rounds of mutate → coarse judge → sample → semantic divergence (top N_div) →
tests ⇄ verifier cross-validation → behavioural divergence → top N_final published; accepted tasks rejoin
the seed pool.

A run's id derives from its arguments, every record's id from the run, the round and its index, and every
stage first looks in the store: so a run is reproducible from its seed, and an interrupted run (even by
SIGKILL) resumes where it stopped when started again with the same arguments. One run at a time holds its
run lock (an flock'd file beside the store), so the same run started twice never does the work twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from pydantic import Field, field_validator

from frontiersmith import locks
from frontiersmith.drafts import Provider
from frontiersmith.errors import FrontierSmithError, InvalidInputError, NotFoundError, ProviderError
from frontiersmith.metering import metered
from frontiersmith.models import Axis, Candidate, CandidateStatus, Divergence, Rejection, Stage, make_id
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import RunProgress, Store
from frontiersmith.thresholds import (
    THRESHOLD_NAMES,
    Thresholds,
)

from .. import synthesis as syn
from ..judging.executor import get_executor
from ..llm.chat import keeping_bad_answers
from ..llm.exchanges import CallSlots, bounded_calls
from ..seeds.pool import ensure_catalog_seeds
from ..seeds.select import parse, select_seeds, spread_slots
from .cost import record_cost, run_cost
from .crossval.authors import provider_authors
from .crossval.loop import Authors, cross_validation_loop
from .stages import StageTable, stage_table


class SynthesisConfig(Thresholds):
    """A run's arguments: Algorithm 1's sizes, its seed and provider, and its thresholds (inherited from
    ``Thresholds``, so the run is stored with the gates it applied)."""

    rounds: int = Field(1, ge=1, le=100, description="R: rounds of Algorithm 1")
    candidates: int = Field(
        8,
        ge=1,
        le=1000,
        description="K: the most mutations a round asks for; a provider that offers fewer distinct mutations "
        "of the run's seeds (each seed's axis variant once per run) proposes fewer",
    )
    n_solutions: int = Field(4, ge=2, le=64, description="n: solutions sampled per candidate")
    n_div: int = Field(6, ge=1, description="N_div: candidates kept by semantic divergence")
    n_final: int = Field(4, ge=1, description="N_final: candidates published per round")
    seed: int = Field(0, description="the random seed the run's proposals are drawn with")
    provider: str = Field("offline", description="who writes the mutations, solutions, tests and verifiers")
    seeds: str | None = Field(
        None,
        description="which seeds to mutate (a selector: catalog, ids, ...); unset: the imported seeds, else "
        "the catalog's",
    )

    @field_validator("seeds")
    @classmethod
    def _selector(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse(value)
            except InvalidInputError as exc:
                raise ValueError(str(exc)) from None
        return value

    @property
    def run_id(self) -> str:
        """The run's id, a hash of the whole config: the same config is the same run, which resumes."""
        return make_id("run", self.model_dump(mode="json"))

    @property
    def thresholds(self) -> Thresholds:
        return Thresholds(**self.model_dump(include=set(THRESHOLD_NAMES)))

    @classmethod
    def from_settings(cls, settings: Settings, **values: Any) -> SynthesisConfig:
        """A config whose thresholds not given in ``values`` (or given as None) come from the settings."""
        given = {k: v for k, v in values.items() if v is not None}
        return cls(**{**settings.thresholds().model_dump(), **given})


ProgressFn = Callable[[str, int, int], None]
AuthorsFor = Callable[[str], Authors]  # a candidate id -> who writes its tests and its verifier
# One of a round's extension points: the pipeline and the round, doing that part of the round over the store.
RoundStep = Callable[["Pipeline", int], Awaitable[None]]


# -- the run lock ------------------------------------------------------------------------------------------

# How often a run waiting for the lock looks again.
_LOCK_POLL_S = 0.25


class RunLockedError(FrontierSmithError):
    """The same synthesis run is already running on this store (held by the process named in the message)."""


def stop_reason(exc: BaseException) -> str:
    """Why a run failed, in the sentence its user was shown (the first user error of a task group)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        found = exc.subgroup(lambda e: isinstance(e, FrontierSmithError))
        exc = (found or exc).exceptions[0]
    text = str(exc).strip() if isinstance(exc, FrontierSmithError) else f"{type(exc).__name__}: {exc}"
    return text[:500]


def run_lock_path(store_path: Path, run_id: str) -> Path:
    """The lock file of ``run_id``: beside the store, since the lock guards the work done in that store."""
    return store_path.with_name(f"{store_path.name}.{run_id}.lock")


def _holder(path: Path) -> str:
    """Who holds the lock, as the holder wrote it: pid, host and since when."""
    try:
        info = json.loads(path.read_text())
        since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(float(info["since"])))
        return f"pid {int(info['pid'])} on {info['host']}, since {since}"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process that is just starting"  # it has the lock but has not written its name yet


def run_is_live(store_path: Path, run_id: str) -> bool | None:
    """Whether some process is running ``run_id`` now, read without touching its lock: False when no lock
    file is there (a holder keeps it while it runs) or its holder on this host is gone (killed: the kernel
    let go of its lock but not of the file); None when it cannot tell (a holder on another host)."""
    path = run_lock_path(store_path, run_id)
    try:
        info = json.loads(path.read_text())
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return None  # just taken, its holder not written yet
    if not isinstance(info, dict) or info.get("host") != socket.gethostname():
        return None
    try:
        os.kill(int(info["pid"]), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, KeyError, TypeError, ValueError):
        return None
    return True


@contextlib.asynccontextmanager
async def run_lock(store_path: Path, run_id: str, wait_s: float = 0.0) -> AsyncIterator[float]:
    """Hold the run lock of ``run_id`` on the store at ``store_path`` for the duration of the block.

    While another process holds it, wait up to ``wait_s`` seconds, then raise RunLockedError naming the
    holder. Yields how long it waited, 0 if it did not (a run that waited finds its work done or resumes it).
    """
    path = run_lock_path(store_path, run_id)
    lock = await locks.acquire(path, wait_s, _LOCK_POLL_S)
    if lock is None:
        raise RunLockedError(
            f"The synthesis run {run_id} is already running on the store {store_path} ({_holder(path)}); "
            "wait for it to finish, or set FRONTIERSMITH_RUN_LOCK_WAIT_S to wait for it."
        )
    try:
        holder = {"pid": os.getpid(), "host": socket.gethostname(), "since": time.time(), "run": run_id}
        os.ftruncate(lock.fd, 0)
        os.pwrite(lock.fd, json.dumps(holder).encode(), 0)
        yield lock.waited
    finally:
        lock.release()


class Pipeline:
    """R rounds of Algorithm 1 over the store. A round has two extension points, each a ``RoundStep``:
    ``mutations`` (step 1: which candidates the round proposes; by default ``random_mutations``, the paper's
    axes over the run's seeds) and ``selection`` (steps 5 and 6: which validated candidates it publishes; by
    default ``divergence_selection``). Co-evolution's targeted round plugs its own into both
    (tools/frontier/coevolve.py); steps 2 to 4 are the same for every round."""

    def __init__(
        self,
        store: Store,
        provider: Provider,
        config: SynthesisConfig,
        settings: Settings | None = None,
        progress: ProgressFn | None = None,
        authors: AuthorsFor | None = None,
        *,
        mutations: RoundStep | None = None,
        selection: RoundStep | None = None,
        run_id: str | None = None,
    ):
        self.store = store
        self.provider = provider
        self.config = config
        # The run's thresholds reach every step that reads them from the settings (the protocol's kill rate).
        self.settings = (settings or get_settings()).model_copy(update=config.thresholds.model_dump())
        # The tests ⇄ verifier authors: the provider by default; the agents author through the MCP server.
        self.authors_for: AuthorsFor = authors or (
            lambda cid: provider_authors(store, cid, provider, seed=config.seed, settings=self.settings)
        )
        self.progress = progress or (lambda stage, done, total: None)
        # A replay keeps the recorded run's id (tools/synthesis/replay.py), so every record's id, and every
        # model call's key, is the recorded one, whatever thresholds it applies.
        self.run_id = run_id or config.run_id
        self.limiter = anyio.CapacityLimiter(self.settings.max_concurrency)
        # The stages that only ask a model take as many candidates at once as there may be calls in flight.
        self.model_limiter = anyio.CapacityLimiter(
            max(self.settings.llm_concurrency, self.settings.max_concurrency)
        )
        self.waited_s = 0.0  # how long run() waited for another process running the same run
        self.calls = CallSlots(self.settings.llm_concurrency)  # the run's bound on model calls at once
        self._session = time.monotonic()
        self.mutations: RoundStep = mutations or Pipeline.random_mutations
        self.selection: RoundStep = selection or Pipeline.divergence_selection

    def reject(self, cid: str, stage: Stage, reason: str) -> None:
        """Reject candidate ``cid`` at ``stage``, saying why (``store.candidates.reject``)."""
        self.store.candidates.reject(cid, stage, reason)

    def fall(self, cid: str, rejection: Rejection | None) -> None:
        """Reject ``cid`` for ``rejection`` (a gate's answer), when there is one."""
        if rejection is not None:
            self.reject(cid, rejection.stage, rejection.reason)

    def candidates(self, rnd: int, *statuses: CandidateStatus) -> list[Candidate]:
        """This run's candidates of round ``rnd`` (with one of ``statuses``, when given)."""
        return [
            c
            for c in self.store.candidates.list(round=rnd)
            if c.problem.provenance.get("run") == self.run_id and (not statuses or c.status in statuses)
        ]

    async def run(self) -> StageTable:
        """Run the rounds under the run's lock, on the settings' executor, keeping every model exchange; returns
        the stage table. A run stopped early is marked interrupted or failed, and running it again resumes it."""
        # The executor (local, or a Ray cluster) runs the run's sandbox work; the store stays this process's.
        async with (
            run_lock(self.store.path, self.run_id, self.settings.run_lock_wait_s) as waited,
            get_executor(self.settings),
        ):
            self.waited_s = waited
            # Every model exchange of the run is kept (an unusable answer also beside the record it was for),
            # and at most llm_concurrency model calls are in flight at once.
            with (
                keeping_bad_answers(self.store, self.run_id),
                bounded_calls(self.settings.llm_concurrency) as self.calls,
            ):
                self._session = time.monotonic()
                try:
                    return await self._rounds()  # a finished run records its session with its cost
                except BaseException as exc:
                    with contextlib.suppress(NotFoundError):  # a run that failed before it was registered
                        self._record_session()
                    self._stopped(exc)
                    raise

    def _record_session(self) -> RunProgress:
        """Add this session's wall time (since it started or was last recorded) and the most model calls it
        had at once to the run's progress: a resumed run adds its session to the stopped one's."""
        now = time.monotonic()
        progress = self.store.pipeline_runs.get(self.run_id).progress
        progress.wall_seconds = round((progress.wall_seconds or 0.0) + now - self._session, 3)
        progress.peak_model_calls = max(progress.peak_model_calls or 0, self.calls.peak)
        progress.llm_concurrency = self.calls.limit
        self._session = now
        return self.store.pipeline_runs.update(self.run_id, progress=progress).progress

    def _stopped(self, exc: BaseException) -> None:
        """Mark a run that stopped before its end: ``interrupted`` (Ctrl-C, a cancelled task) or ``failed``
        (with the reason), never left ``running``; the same command resumes either."""
        try:
            run = self.store.pipeline_runs.get(self.run_id)
        except FrontierSmithError:
            return  # it stopped before the run was registered: nothing to mark
        cancelled = isinstance(exc, KeyboardInterrupt | anyio.get_cancelled_exc_class())
        progress = run.progress
        progress.stop_reason = "" if cancelled else stop_reason(exc)
        self.store.pipeline_runs.update(
            self.run_id, status="interrupted" if cancelled else "failed", progress=progress
        )

    async def _rounds(self) -> StageTable:
        ensure_catalog_seeds(self.store)
        run = self.store.pipeline_runs.start(self.run_id, self.config.model_dump(mode="json"))
        if run.status != "running":  # a run that failed, was interrupted or finished, started again: resumed
            progress = run.progress
            progress.stop_reason = ""
            run = self.store.pipeline_runs.update(self.run_id, status="running", progress=progress)
        # The selection is resolved once and recorded, so a resumed run mutates the same seeds even if
        # seeds were imported in between (tasks this run publishes join it as they rejoin the pool).
        progress = run.progress
        if progress.seed_ids is None:
            progress.seed_ids = [s.id for s in select_seeds(self.store, self.config.seeds)]
            self.store.pipeline_runs.update(self.run_id, progress=progress)
        self.seed_ids: list[str] = progress.seed_ids
        for rnd in range(progress.rounds_done, self.config.rounds):
            await self.round(rnd)
            # re-read: the stages checkpointed their cost into it meanwhile
            progress = self.store.pipeline_runs.get(self.run_id).progress
            progress.rounds_done = rnd + 1
            self.store.pipeline_runs.update(self.run_id, progress=progress)
        table = self.table()
        # The run record keeps its cost per stage and per published task (``store cost`` reads it again).
        progress = self._record_session()
        progress.cost = run_cost(self.store, self.run_id, published=table.tasks).to_json()
        self.store.pipeline_runs.update(self.run_id, status="finished", progress=progress)
        return table

    def _proposals(self, rnd: int) -> list[tuple[str, Axis, int]]:
        """K (parent, axis, variant) slots for this round over the run's seeds, drawn reproducibly from the
        run's seed and spread so that no seed is starved (``spread_slots``).

        A provider may offer an axis of a seed more than once (the offline catalog has two objective
        mutations of MST); each offer is a variant, and variants proposed in earlier rounds are skipped.
        """
        earlier = [
            c
            for c in self.store.candidates.list()
            if c.problem.provenance.get("run") == self.run_id and c.round < rnd
        ]
        used = Counter((c.parent_id, c.axis) for c in earlier)
        offers = []
        for seed in select_seeds(self.store, ",".join(self.seed_ids), run_id=self.run_id):
            offered: Counter = Counter()
            choices: list[tuple[Axis, int]] = []
            for axis in self.provider.axes_for(seed.problem):
                choices.append((axis, used[(seed.id, axis)] + offered[axis]))
                offered[axis] += 1
            if choices:
                offers.append((seed.id, choices))
        if not offers:
            raise InvalidInputError(
                f"The {getattr(self.provider, 'name', 'configured')} provider offers no mutation of the run's "
                f"{len(self.seed_ids)} seeds (the offline provider knows only the catalog's); run with a model "
                "(--provider openai) or with --seeds catalog."
            )
        per_seed = Counter(c.parent_id for c in earlier)
        rng = random.Random(f"{self.config.seed}:{rnd}")
        return spread_slots(offers, per_seed, self.config.candidates, rng)

    async def round(self, rnd: int) -> None:
        """One round of Algorithm 1, stage by stage; each stage first looks in the store, so a resumed round
        skips the work already done."""
        await self.mutations(self, rnd)
        await self._sample(rnd)
        top = self._semantic_filter(rnd)
        await self._cross_validate(top)
        await self.selection(self, rnd)

    async def _each(
        self,
        stage: str,
        items: list,
        work: Callable[[Any], Awaitable[None]],
        skipped: int = 0,
        subject: Callable[[Any], str] = lambda c: c.id,
        limiter: anyio.CapacityLimiter | None = None,
    ) -> None:
        """Run ``work`` on every item, at most ``max_concurrency`` at once (or ``limiter``'s bound), reporting
        progress per item; ``skipped`` more items of the stage were done before (a resumed run counts them as
        done). What each item's work spends is stored against its candidate, ``subject(item)``
        (tools/synthesis/cost.py)."""
        done, total = skipped, skipped + len(items)
        bound = limiter or self.limiter

        async def one(item: Any) -> None:
            nonlocal done
            async with bound:
                with metered() as meter:
                    await work(item)
                record_cost(self.store, self.run_id, subject(item), stage, meter)
            done += 1
            self.progress(stage, done, total)

        async with anyio.create_task_group() as tg:
            for item in items:
                tg.start_soon(one, item)
        self._checkpoint_cost()

    def _checkpoint_cost(self) -> None:
        """The run's tokens and CPU-seconds so far into its progress record, which the dashboard shows."""
        total = run_cost(self.store, self.run_id, published=[]).total
        progress = self.store.pipeline_runs.get(self.run_id).progress
        progress.tokens, progress.sandbox_cpu_seconds = total.tokens, round(total.cpu_seconds, 3)
        self.store.pipeline_runs.update(self.run_id, progress=progress)

    async def random_mutations(self, rnd: int) -> None:
        """1. mutate + coarse judge (a mutation that failed before is not retried on resume)."""
        proposals = self._proposals(rnd)
        failed_before = {
            (e.subject_id, e.payload.get("axis"), e.payload.get("variant"))
            for e in self.store.events.list(kind="candidate.mutation_failed")
            if e.payload.get("run") == self.run_id and e.payload.get("round") == rnd
        }

        async def mutate(slot: tuple[str, Axis, int]) -> None:
            parent, axis, variant = slot
            if (parent, axis.value, variant) in failed_before:
                return
            try:
                await syn.mutate_problem(
                    self.store,
                    parent,
                    axis,
                    provider=self.provider,
                    round=rnd,
                    index=variant,
                    run_id=self.run_id,
                )
            except ProviderError as exc:
                failure = {"axis": axis.value, "variant": variant, "round": rnd, "run": self.run_id}
                self.store.events.add("candidate.mutation_failed", parent, {**failure, "reason": str(exc)})

        def candidate_of(slot: tuple[str, Axis, int]) -> str:  # the id mutate_problem gives it
            parent, axis, variant = slot
            return make_id("cand", parent, axis.value, rnd, variant, self.run_id)

        await self._each("mutate", proposals, mutate, subject=candidate_of, limiter=self.model_limiter)

    async def _sample(self, rnd: int) -> None:
        """2. sample solutions, and their semantic divergence (3) for every kept candidate."""
        kept = self.candidates(rnd, CandidateStatus.KEPT)
        todo = [c for c in kept if not self._has_semantic(c.id)]

        async def sample(c: Candidate) -> None:
            try:
                sols = await syn.sample_solutions(
                    self.store, c.id, self.config.n_solutions, provider=self.provider, settings=self.settings
                )
                if len(sols) < 2:
                    unusable = self.store.events.list(c.id, kind=syn.UNUSABLE)
                    why = f": {len(unusable)} answers unusable, the last: {unusable[-1].payload['reason']}"
                    self.reject(
                        c.id,
                        Stage.SAMPLE,
                        f"only {len(sols)} solutions could be sampled{why if unusable else ''}"[:2000],
                    )
                else:
                    await syn.estimate_divergence(
                        self.store,
                        c.id,
                        "semantic",
                        provider=self.provider,
                        behavioural_scale=self.config.behavioural_scale,
                    )
            except ProviderError as exc:
                self.reject(c.id, Stage.SAMPLE, str(exc))

        await self._each("sample", todo, sample, skipped=len(kept) - len(todo), limiter=self.model_limiter)

    def _semantic_filter(self, rnd: int) -> list[Candidate]:
        """3. semantic filter: threshold, then top N_div."""
        cfg = self.config
        live = self.candidates(rnd, CandidateStatus.KEPT)
        divs = {c.id: self.divergence(c.id) for c in live}
        sem = {
            cid: (d.semantic if d is not None and d.semantic is not None else 0.0) for cid, d in divs.items()
        }
        top: list[Candidate] = []
        for c in sorted(live, key=lambda c: (-sem[c.id], c.id)):
            div = divs[c.id]
            if div is None or div.semantic is None or cfg.thresholds.shares_one_idea(div.semantic):
                self.fall(c.id, syn.divergence_gate(div, cfg.thresholds))
            elif len(top) >= cfg.n_div:
                self.reject(
                    c.id,
                    Stage.SEMANTIC,
                    f"not in the top {cfg.n_div} by semantic divergence ({sem[c.id]:.2f})",
                )
            else:
                top.append(c)
        return top

    async def _cross_validate(self, top: list[Candidate]) -> None:
        """4. tests ⇄ verifier cross-validation, then the behavioural divergence (5) of those that passed."""
        cfg = self.config

        async def validate(c: Candidate) -> None:
            try:
                outcome = await cross_validation_loop(
                    self.store, c.id, self.authors_for(c.id), max_rounds=cfg.crossval_rounds
                )
                if not outcome.ok:
                    self.reject(
                        c.id,
                        Stage.PROTOCOL,
                        f"no agreement after {outcome.rounds} rounds: " + "; ".join(outcome.failures)[:600],
                    )
                else:
                    await syn.estimate_divergence(
                        self.store, c.id, "behavioural", behavioural_scale=cfg.behavioural_scale
                    )
            except ProviderError as exc:
                self.reject(c.id, Stage.PROTOCOL, str(exc))

        todo = [c for c in top if not self._validated(c.id)]
        await self._each("cross-validate", todo, validate, skipped=len(top) - len(todo))

    def _validated(self, cid: str) -> bool:
        """Cross-validated before (a resume): its current report passed and its behavioural estimate is in."""
        report = self.store.candidates.current_report(cid)
        return report is not None and report.ok and self._behavioural(cid) is not None

    async def divergence_selection(self, rnd: int) -> None:
        """5. behavioural filter and re-rank by the combined estimate: the top N_final are published (6)."""
        cfg = self.config
        live = self.candidates(rnd, CandidateStatus.KEPT, CandidateStatus.ACCEPTED)
        divs = {c.id: self.divergence(c.id) for c in live}  # one read of each candidate's estimates
        ranked = sorted(live, key=lambda c: (-((d.combined if (d := divs[c.id]) else None) or 0.0), c.id))
        published = 0
        for c in ranked:
            div = divs[c.id]
            gate = syn.divergence_gate(div, cfg.thresholds)
            if c.status is CandidateStatus.ACCEPTED:
                published += 1
            elif gate is not None:
                self.fall(c.id, gate)
            elif published >= cfg.n_final:
                combined = (div.combined if div else None) or 0
                self.reject(
                    c.id,
                    Stage.SELECTION,
                    f"not in the top {cfg.n_final} by combined divergence ({combined:.2f})",
                )
            else:
                await syn.publish_candidate(self.store, c.id, thresholds=cfg.thresholds)
                published += 1
        self.progress("publish", published, published)

    # -- reading estimates back from the store ------------------------------------------------------------

    def divergence(self, cid: str) -> Divergence | None:
        """The candidate's latest divergence estimate, or None."""
        return self.store.candidates.find_divergence(cid)

    def _has_semantic(self, cid: str) -> bool:
        d = self.divergence(cid)
        return d is not None and d.semantic is not None

    def _behavioural(self, cid: str) -> float | None:
        d = self.divergence(cid)
        return d.behavioural if d is not None else None

    def table(self) -> StageTable:
        """How many of this run's candidates reached and left each stage."""
        return stage_table(self.store, self.run_id)
