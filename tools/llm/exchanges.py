"""Every model exchange kept, and found again by what asked it.

A model call is identified by its logical key (``Ask``): the step (the prompt's name), the record it worked on,
the step's distinguishing parameters (a mutation's axis and index, a solver's index), how many times that step
had been asked of that record before (a repair round of the tests or the verifier), the attempt (an unusable
answer is asked again) and, for an agent, the model turn. Never the prompt's text: a replay of a run recorded
before a prompt changed still finds every answer.

``keeping_exchanges`` makes a store current for a piece of work; every model call made in it is stored as an
``Exchange`` (store/repositories/exchanges.py) with its key, its messages, the answer, the model, its tokens
and its latency. ``Recording`` is one run's exchanges read back (from a store, or from the JSONL file
``export_exchanges`` writes), looked up by key: what the replay provider (tools/llm/replay.py) answers from.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import json
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from frontiersmith.errors import InvalidInputError, ProviderError
from frontiersmith.models import make_id
from frontiersmith.store.records import Exchange
from frontiersmith.store.repositories.exchanges import context_key

from . import prompts

if TYPE_CHECKING:
    from frontiersmith.store import Store

# Which role answers which step (the agents path runs one agent per role: agents/provider.py).
ROLE_OF_STEP = {
    prompts.MUTATE.name: "mutator",
    prompts.DESCRIBE_SEED.name: "mutator",  # the author of mutations reads seeds' tuples best
    prompts.COARSE_JUDGE.name: "divergence_judge",
    prompts.SOLVE.name: "solver",
    prompts.GROUP_STRATEGIES.name: "divergence_judge",
    prompts.WRITE_TESTS.name: "test_case_agent",
    prompts.WRITE_VERIFIER.name: "verifier_agent",
    prompts.WRITE_CHECKER.name: "verifier_agent",  # a seed's checker, when its output may be any of several
}
# Context entries that say what a repair round is told, not which ask it is: left out of the key.
NOT_KEYS = frozenset({"feedback", "prompt_version", "step"})
# The first line of an exported exchanges file (``export_exchanges``).
FILE_FORMAT = "frontiersmith.exchanges"
FILE_VERSION = 1


class NoRecordedAnswer(ProviderError):
    """A replay reached a model call the recorded run never made (or made with other parameters)."""


@dataclass(frozen=True)
class Ask:
    """The logical key of one model call: which step asked what of which record, the how-manieth time."""

    step: str
    subject_id: str | None
    context: dict[str, Any] = field(default_factory=dict)
    ask: int = 0
    attempt: int = 1
    run_id: str | None = None
    prompt_version: str = ""
    role: str = ""

    def key(self, turn: int = 0) -> tuple[str, str | None, str, int, int, int]:
        """What a replay looks the answer up by (the run is the recording's own, so it is not in the key)."""
        return (self.step, self.subject_id, context_key(self.context), self.ask, self.attempt, turn)

    def exchange_id(self, turn: int = 0) -> str:
        """The id this ask's exchange (its ``turn``) is stored under: the same ask of the same run, the same id."""
        return make_id("exch", self.run_id, *self.key(turn))

    def describe(self, turn: int = 0) -> str:
        """The key in words, for an error a person reads."""
        params = ", ".join(f"{k} {v}" for k, v in self.context.items())
        parts = [f"{self.step} of {self.subject_id or 'no record'}"]
        parts += [params] if params else []
        parts += [f"ask {self.ask}"] if self.ask else []
        parts += [f"attempt {self.attempt}"] if self.attempt > 1 else []
        parts += [f"turn {turn}"] if turn else []
        return ", ".join(parts)


def step_context(context: dict[str, Any]) -> dict[str, Any]:
    """The entries of a step's context that are part of its key."""
    return {k: v for k, v in context.items() if k not in NOT_KEYS}


@dataclass
class Answered:
    """What one call's answerer says about its answer, beside the text: who answered, whether from a
    recording, and (a replay) the recorded tokens; ``turn`` is the agent's model turn being answered (-1
    before its first)."""

    model: str = ""
    replayed: bool = False
    input_tokens: int | None = None
    output_tokens: int | None = None
    turn: int = -1


@dataclass
class _Log:
    store: Store
    run_id: str | None


_log: contextvars.ContextVar[_Log | None] = contextvars.ContextVar("frontiersmith_exchanges", default=None)
_current: contextvars.ContextVar[tuple[Ask, Answered] | None] = contextvars.ContextVar(
    "frontiersmith_ask", default=None
)


@contextlib.contextmanager
def keeping_exchanges(store: Store, run_id: str | None = None) -> Iterator[None]:
    """Store every model exchange made in the block (tasks started in it inherit this). Inside a block that
    already keeps them (a synthesis run's, which names its run), the outer one goes on keeping them."""
    if _log.get() is not None:
        yield
        return
    token = _log.set(_Log(store, run_id))
    try:
        yield
    finally:
        _log.reset(token)


def new_ask(step: str, subject_id: str | None, context: dict[str, Any], prompt_version: str = "") -> Ask:
    """The key of a new ask of ``step``: numbered after the asks of the same step, record and parameters the
    current block's store already holds for its run (0 outside a block)."""
    log = _log.get()
    keyed = step_context(context)
    number = log.store.exchanges.asks_before(log.run_id, step, subject_id, keyed) if log is not None else 0
    return Ask(
        step,
        subject_id,
        keyed,
        number,
        run_id=log.run_id if log is not None else None,
        prompt_version=prompt_version,
        role=ROLE_OF_STEP.get(step, step),
    )


@contextlib.contextmanager
def asking(ask: Ask) -> Iterator[Answered]:
    """Make ``ask`` the current model call for the block; the answerer fills in the ``Answered`` it yields."""
    answered = Answered()
    token = _current.set((ask, answered))
    try:
        yield answered
    finally:
        _current.reset(token)


def current() -> tuple[Ask, Answered] | None:
    """The model call being made (its key and what its answerer said), if any."""
    return _current.get()


def keep(
    ask: Ask,
    answered: Answered,
    *,
    messages: list[dict[str, Any]],
    answer: str,
    model: str,
    input_tokens: int,
    output_tokens: int,
    latency_s: float,
    started_at: float,
    turn: int = 0,
    error: str = "",
    unusable: str = "",
) -> None:
    """Store one exchange in the current block's store (nothing outside a block)."""
    log = _log.get()
    if log is None:
        return
    recorded_in = answered.input_tokens if answered.input_tokens is not None else input_tokens
    recorded_out = answered.output_tokens if answered.output_tokens is not None else output_tokens
    log.store.exchanges.put(
        Exchange(
            id=ask.exchange_id(turn),
            run_id=ask.run_id,
            step=ask.step,
            prompt_version=ask.prompt_version,
            subject_id=ask.subject_id,
            role=ask.role,
            context=ask.context,
            ask=ask.ask,
            attempt=ask.attempt,
            turn=turn,
            messages=messages,
            answer=answer,
            error=error,
            unusable=unusable,
            model=answered.model or model,
            input_tokens=recorded_in,
            output_tokens=recorded_out,
            latency_s=round(latency_s, 3),
            started_at=started_at,
            replayed=answered.replayed,
        )
    )


class Clock:
    """When a call was sent (wall clock, stored) and how long it took (monotonic)."""

    def __init__(self) -> None:
        self.started_at = time.time()
        self._start = time.monotonic()

    @property
    def seconds(self) -> float:
        """Seconds since the clock started, by the monotonic clock."""
        return time.monotonic() - self._start


# -- a recorded run, read back ---------------------------------------------------------------------------


@dataclass
class Recording:
    """One run's exchanges, looked up by key. ``header`` says what run they are: its id, its arguments
    (``args``), the seeds it resolved (``seed_ids``) and its provider's name (``provider``)."""

    header: dict[str, Any]
    exchanges: list[Exchange]
    _by_key: dict[tuple, Exchange] = field(default_factory=dict, repr=False)
    used: set[str] = field(default_factory=set, repr=False)
    missing: list[str] = field(default_factory=list, repr=False)  # the asks it had no answer for, in words

    def __post_init__(self) -> None:
        for ex in self.exchanges:
            self._by_key.setdefault(_key_of(ex), ex)

    @property
    def run_id(self) -> str:
        """The recorded run's id."""
        return str(self.header["run"])

    @property
    def provider(self) -> str:
        """The recorded run's provider name (``replay`` when the header does not say)."""
        return str(self.header.get("provider") or "replay")

    def find(self, ask: Ask, turn: int = 0) -> Exchange:
        """The recorded exchange of ``ask`` (and ``turn``), or NoRecordedAnswer naming the step."""
        found = self._by_key.get(ask.key(turn))
        if found is None:
            self.missing.append(ask.describe(turn))
            raise NoRecordedAnswer(
                f"The recorded run {self.run_id} has no answer for {ask.describe(turn)}: the replay asked "
                "what the recorded run never did (a looser threshold, a changed step); record that step with "
                "a model."
            )
        self.used.add(found.id)
        return found

    def unused(self) -> list[Exchange]:
        """Recorded exchanges the replay never asked for."""
        return [ex for ex in self.exchanges if ex.id not in self.used]

    @classmethod
    def from_store(cls, store: Store, run_id: str) -> Recording:
        """The stored exchanges of run ``run_id``; InvalidInputError when it has none (it ran offline, or before
        exchanges were kept)."""
        run = store.pipeline_runs.get(run_id)
        exchanges = store.exchanges.list(run_id)
        if not exchanges:
            raise InvalidInputError(
                f"The run {run_id} has no stored model exchanges (it ran offline, or before exchanges were "
                "kept); replay a run that asked a model."
            )
        header = run_header(run_id, run.args, run.progress.seed_ids or [], exchanges)
        return cls(header, exchanges)

    @classmethod
    def from_file(cls, path: Path) -> Recording:
        """An exported exchanges file: its header line, then one exchange a line."""
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise InvalidInputError(f"The exchanges file {path} cannot be read ({exc.strerror}).") from None
        try:
            header = json.loads(lines[0]) if lines else {}
        except json.JSONDecodeError:
            header = {}
        if header.get("format") != FILE_FORMAT or "run" not in header:
            raise InvalidInputError(
                f"{path} is not an exchanges file (its first line names no {FILE_FORMAT} run); write one with "
                "`frontiersmith store exchanges RUN --export FILE`."
            )
        if int(header.get("version", 0)) > FILE_VERSION:
            raise InvalidInputError(
                f"{path} was written by a newer FrontierSmith (exchanges file version {header['version']}); "
                "upgrade frontiersmith to replay it."
            )
        exchanges = []
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                exchanges.append(Exchange.model_validate_json(line))
            except ValidationError as exc:
                first = exc.errors()[0]
                raise InvalidInputError(
                    f"{path}:{number} is not an exchange ({'.'.join(map(str, first['loc']))}: {first['msg']})."
                ) from None
        return cls(header, exchanges)


def _key_of(ex: Exchange) -> tuple:
    return (ex.step, ex.subject_id, context_key(ex.context), ex.ask, ex.attempt, ex.turn)


def run_header(
    run_id: str, args: dict[str, Any], seed_ids: list[str], exchanges: list[Exchange]
) -> dict[str, Any]:
    """What an exchanges file says of its run before its exchanges."""
    models = [ex.model for ex in exchanges if ex.model and not ex.replayed] or [
        ex.model for ex in exchanges if ex.model
    ]
    return {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "run": run_id,
        "args": args,
        "seed_ids": seed_ids,
        "provider": models[0] if models else "",
        "exchanges": len(exchanges),
    }


def export_exchanges(store: Store, run_id: str, path: Path, outcome: dict[str, Any] | None = None) -> int:
    """Write run ``run_id``'s exchanges to ``path`` (JSONL: the header, then one exchange a line), the file a
    replay reads as it reads the store; ``outcome`` (what the run reached) goes in the header, for a replay to
    compare with. Returns how many exchanges were written."""
    recording = Recording.from_store(store, run_id)
    header = {**recording.header, **({"outcome": outcome} if outcome is not None else {})}
    lines = [json.dumps(header)]
    lines += [ex.model_dump_json() for ex in recording.exchanges]
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)
    return len(recording.exchanges)


def at_attempt(ask: Ask, attempt: int) -> Ask:
    """``ask`` asked again: its ``attempt``-th answer."""
    return dataclasses.replace(ask, attempt=attempt)


# -- how many model calls at once -------------------------------------------------------------------------


@dataclass
class CallSlots:
    """A bound on the model calls in flight at once (the ``llm_concurrency`` setting) and the most that were."""

    limit: int
    in_flight: int = 0
    peak: int = 0
    _limiter: Any = None  # made on first use, in the event loop that uses it

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one slot for a model call, waiting while ``limit`` are in flight, and count the peak."""
        import anyio

        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.limit)
        async with self._limiter:
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)
            try:
                yield
            finally:
                self.in_flight -= 1


_slots: contextvars.ContextVar[CallSlots | None] = contextvars.ContextVar(
    "frontiersmith_call_slots", default=None
)


@contextlib.contextmanager
def bounded_calls(limit: int) -> Iterator[CallSlots]:
    """At most ``limit`` model calls at once in the block (its tasks included), however many pieces of work
    ask. Inside a block that already bounds them (a synthesis run's), the outer bound goes on holding."""
    outer = _slots.get()
    if outer is not None:
        yield outer
        return
    slots = CallSlots(limit)
    token = _slots.set(slots)
    try:
        yield slots
    finally:
        _slots.reset(token)


@contextlib.asynccontextmanager
async def call_slot() -> AsyncIterator[None]:
    """Wait for a free slot of the current bound (none: go at once) and hold it for one model call."""
    slots = _slots.get()
    if slots is None:
        yield
        return
    async with slots.slot():
        yield
