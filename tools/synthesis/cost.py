"""What a synthesis run costs: the tokens and CPU-seconds its meters (frontiersmith/metering.py) measured,
stored against the candidate and the stage that spent them, and summed per stage and per published task.

The driver stores one ``candidate.cost`` event per (candidate, stage, piece of work), so the totals are a sum
over the store and a resumed run adds only the work it did again.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from frontiersmith.metering import Meter
from frontiersmith.store import Store

from .stages import stage_table

COST_EVENT = "candidate.cost"


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
        published = stage_table(store, run_id).tasks
    cost.published = list(published)
    return cost
