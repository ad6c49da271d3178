"""Metering: every model call's tokens and every sandbox run's CPU-seconds, charged to the meter current for
the piece of work that spent them.

A ``Meter`` is made current for one piece of work (``metered``); model calls (tools/llm/chat.py) and
sandbox runs (sandbox/base.py) charge whatever meter is current, on either executor: a Ray worker returns
its CPU-seconds with the result and the driver charges them. What a synthesis run spent is stored and summed
from the meters by tools/synthesis/cost.py.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any


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
    # Seconds its model calls took, summed (calls made at once each count in full: a run's wall time over
    # this is how much its calls overlapped).
    model_seconds: float = 0.0

    @property
    def tokens(self) -> int:
        """Input and output tokens together."""
        return self.input_tokens + self.output_tokens

    def add(self, other: Meter) -> None:
        """Add ``other``'s spending to this meter (its workers once each)."""
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.model_calls += other.model_calls
        self.cpu_seconds += other.cpu_seconds
        self.sandbox_runs += other.sandbox_runs
        self.workers += [w for w in other.workers if w not in self.workers]
        self.model_seconds += other.model_seconds

    def to_json(self) -> dict[str, Any]:
        """The meter as JSON, with ``tokens`` and its seconds rounded."""
        return {
            **asdict(self),
            "tokens": self.tokens,
            "cpu_seconds": round(self.cpu_seconds, 4),
            "model_seconds": round(self.model_seconds, 3),
        }


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


def charge_model_seconds(seconds: float) -> None:
    """Charge how long one model call took to the current meter."""
    meter = _current.get()
    if meter is not None:
        meter.model_seconds += max(0.0, float(seconds))


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
