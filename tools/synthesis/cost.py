"""What a synthesis run costs: the tokens and CPU-seconds its meters (frontiersmith/metering.py) measured,
stored against the candidate and the stage that spent them, and summed per stage and per published task.

The driver stores one ``candidate.cost`` event per (candidate, stage, piece of work), so the totals are a sum
over the store and a resumed run adds only the work it did again.
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from frontiersmith.errors import NotFoundError
from frontiersmith.metering import Meter
from frontiersmith.store import Store

from .stages import stage_table

COST_EVENT = "candidate.cost"


def record_cost(store: Store, run_id: str, candidate_id: str, stage: str, meter: Meter) -> None:
    """Store what one piece of work of ``stage`` spent on ``candidate_id`` and where its sandbox work ran
    (nothing when it spent nothing)."""
    if meter.model_calls or meter.sandbox_runs or meter.model_seconds:
        store.events.add(COST_EVENT, candidate_id, {"run": run_id, "stage": stage, **meter.to_json()})


@dataclass
class RunCost:
    """A run's cost per stage and per published task, summed from its ``candidate.cost`` events."""

    run_id: str
    stages: dict[str, Meter] = field(default_factory=dict)
    candidates: dict[str, Meter] = field(default_factory=dict)
    published: list[str] = field(default_factory=list)  # the run's published tasks' ids
    # How long the run ran (its sessions summed), the most model calls it had at once and its bound on them.
    wall_seconds: float | None = None
    peak_model_calls: int | None = None
    llm_concurrency: int | None = None

    @property
    def total(self) -> Meter:
        """The run's tokens and CPU-seconds over every stage."""
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
        """The ``frontiersmith cost --json`` shape: totals, per stage, per published task and the model's time."""
        total = self.total
        return {
            "run": self.run_id,
            "tokens": total.tokens,
            "cpu_seconds": round(total.cpu_seconds, 4),
            "per_stage": {stage: m.to_json() for stage, m in self.stages.items()},
            "published_tasks": len(self.published),
            "per_published_task": self.per_published_task(),
            "model": self.model_time(),
        }

    def model_time_line(self) -> str:
        """``model_time`` in one sentence (empty when the run asked no model)."""
        m = self.model_time()
        if not m["calls"] and not m["latency_seconds"]:
            return ""
        line = f"model calls: {m['calls']}, their latencies summed {m['latency_seconds']:.1f} s"
        if m["wall_seconds"]:
            line += f" in {m['wall_seconds']:.1f} s of wall time (overlap {m['overlap']:.2f})"
        if m["peak_in_flight"] is not None:
            line += f"; at most {m['peak_in_flight']} at once, of llm_concurrency {m['llm_concurrency']}"
        return line

    def model_time(self) -> dict[str, Any]:
        """The run's model calls against its wall time: how many, their latencies summed, the most at once and
        the bound. ``overlap`` is the summed latency over the wall time: above 1 when calls ran at once (a run
        whose every call waits for the last is at most 1, and its wall time is the model's latency)."""
        total = self.total
        overlap = total.model_seconds / self.wall_seconds if self.wall_seconds else None
        return {
            "calls": total.model_calls,
            "latency_seconds": round(total.model_seconds, 3),
            "wall_seconds": self.wall_seconds,
            "overlap": round(overlap, 2) if overlap is not None else None,
            "peak_in_flight": self.peak_model_calls,
            "llm_concurrency": self.llm_concurrency,
        }


def run_cost(store: Store, run_id: str, published: list[str] | None = None) -> RunCost:
    """The cost of run ``run_id`` from the store; ``published`` (its published tasks) from the stage table
    when not given."""
    cost = RunCost(run_id)
    stages: dict[str, Meter] = defaultdict(Meter)
    candidates: dict[str, Meter] = defaultdict(Meter)
    for event in store.events.list(kind=COST_EVENT):
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
            float(p.get("model_seconds", 0.0)),
        )
        stages[str(p.get("stage"))].add(meter)
        candidates[event.subject_id or ""].add(meter)
    cost.stages, cost.candidates = dict(stages), dict(candidates)
    with contextlib.suppress(NotFoundError):
        progress = store.pipeline_runs.get(run_id).progress
        cost.wall_seconds = progress.wall_seconds
        cost.peak_model_calls, cost.llm_concurrency = progress.peak_model_calls, progress.llm_concurrency
    if published is None:
        published = stage_table(store, run_id).tasks
    cost.published = list(published)
    return cost
