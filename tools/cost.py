"""What a run costs: every model call's tokens and every sandbox run's CPU-seconds, charged to the candidate
and the pipeline stage that spent them (DESIGN §12).

A ``Meter`` is made current for one piece of work (``metered``); model calls (tools/llm/chat.py) and
sandbox runs (sandbox/base.py) charge whatever meter is current, on either executor: a Ray worker returns
its CPU-seconds with the result and the driver charges them. The driver stores one ``candidate.cost`` event
per (candidate, stage, piece of work), so the totals are a sum over the store and a resumed run adds only
the work it did again.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the sandbox imports this module, and must not import the store with it
    from frontiersmith.store import Store

COST_EVENT = "candidate.cost"


@dataclass
class Meter:
    """Tokens and CPU-seconds spent by one piece of work (child tasks share their parent's meter)."""

    input_tokens: int = 0
    output_tokens: int = 0
    model_calls: int = 0
    cpu_seconds: float = 0.0
    sandbox_runs: int = 0
    # Where its sandbox work ran (``executor.worker_name``: the driver, or the Ray workers that ran it).
    workers: list[str] = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def add(self, other: Meter) -> None:
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.model_calls += other.model_calls
        self.cpu_seconds += other.cpu_seconds
        self.sandbox_runs += other.sandbox_runs
        self.workers += [w for w in other.workers if w not in self.workers]

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "tokens": self.tokens, "cpu_seconds": round(self.cpu_seconds, 4)}


_current: contextvars.ContextVar[Meter | None] = contextvars.ContextVar("frontiersmith_meter", default=None)


@contextlib.contextmanager
def metered(meter: Meter | None = None) -> Iterator[Meter]:
    """Make ``meter`` (or a new one) current for the block; what the block spends is also charged to the
    meter that was current before, so an outer meter sees the sum of its inner ones."""
    meter = meter or Meter()
    outer = _current.get()
    token = _current.set(meter)
    try:
        yield meter
    finally:
        _current.reset(token)
        if outer is not None:
            outer.add(meter)


@contextlib.contextmanager
def unmetered() -> Iterator[None]:
    """Charge nothing in the block: work no candidate asked for (a worker's sandbox start-up, paid once per
    worker, however many jobs it then judges)."""
    token = _current.set(None)
    try:
        yield
    finally:
        _current.reset(token)


def charge_tokens(input_tokens: int, output_tokens: int) -> None:
    """Charge one model call to the current meter (none current: the call is not a run's, nothing kept)."""
    meter = _current.get()
    if meter is not None:
        meter.input_tokens += max(0, int(input_tokens))
        meter.output_tokens += max(0, int(output_tokens))
        meter.model_calls += 1


def charge_cpu(cpu_ms: float, runs: int = 1) -> None:
    """Charge sandbox CPU time (milliseconds, the whole process tree's) to the current meter."""
    meter = _current.get()
    if meter is not None:
        meter.cpu_seconds += max(0.0, float(cpu_ms)) / 1000.0
        meter.sandbox_runs += runs


def charge(meter: Meter) -> None:
    """Charge what was spent elsewhere (a Ray worker's meter, sent back with its result) to the current one."""
    current = _current.get()
    if current is not None:
        current.add(meter)


def record_cost(store: Store, run_id: str, candidate_id: str, stage: str, meter: Meter) -> None:
    """Store what one piece of work of ``stage`` spent on ``candidate_id`` and where its sandbox work ran
    (nothing when it spent nothing)."""
    if meter.model_calls or meter.sandbox_runs:
        store.add_event(COST_EVENT, candidate_id, {"run": run_id, "stage": stage, **meter.to_json()})


@dataclass
class RunCost:
    """A run's cost per stage and per published task, summed from its ``candidate.cost`` events."""

    run_id: str
    stages: dict[str, Meter] = field(default_factory=dict)
    candidates: dict[str, Meter] = field(default_factory=dict)
    published: list[str] = field(default_factory=list)  # the run's published tasks' ids

    @property
    def total(self) -> Meter:
        total = Meter()
        for meter in self.stages.values():
            total.add(meter)
        return total

    def per_published_task(self) -> dict[str, float] | None:
        """The whole run's tokens and CPU-seconds over its published tasks: what one task costs, rejected
        candidates' work included (None when nothing was published)."""
        if not self.published:
            return None
        total, n = self.total, len(self.published)
        return {"tokens": total.tokens / n, "cpu_seconds": round(total.cpu_seconds / n, 4)}

    def to_json(self) -> dict[str, Any]:
        total = self.total
        return {
            "run": self.run_id,
            "tokens": total.tokens,
            "cpu_seconds": round(total.cpu_seconds, 4),
            "per_stage": {stage: m.to_json() for stage, m in self.stages.items()},
            "published_tasks": len(self.published),
            "per_published_task": self.per_published_task(),
        }


def run_cost(store: Store, run_id: str, published: list[str] | None = None) -> RunCost:
    """The cost of run ``run_id`` from the store; ``published`` (its published tasks) from the stage table
    when not given."""
    cost = RunCost(run_id)
    stages: dict[str, Meter] = defaultdict(Meter)
    candidates: dict[str, Meter] = defaultdict(Meter)
    for event in store.list_events(kind=COST_EVENT):
        if event.payload.get("run") != run_id:
            continue
        p = event.payload
        meter = Meter(
            int(p.get("input_tokens", 0)),
            int(p.get("output_tokens", 0)),
            int(p.get("model_calls", 0)),
            float(p.get("cpu_seconds", 0.0)),
            int(p.get("sandbox_runs", 0)),
            list(p.get("workers", [])),
        )
        stages[str(p.get("stage"))].add(meter)
        candidates[event.subject_id or ""].add(meter)
    cost.stages, cost.candidates = dict(stages), dict(candidates)
    if published is None:
        from .pipeline import stage_table

        published = stage_table(store, run_id).tasks
    cost.published = list(published)
    return cost
