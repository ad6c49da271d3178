"""Which seeds a synthesis run mutates (``synthesize --seeds SELECTOR``), and how its slots are spread over them.

A selector is comma-separated terms. Set terms name seeds: an id, ``catalog``, ``imported`` (the user's
imported seeds), ``all``. Filter terms narrow them: ``tag:graph``, ``source:FILE`` (the file an import read,
by name or path), ``difficulty:>=2000`` (also ``<=``, ``>``, ``<``, ``=``, and ``1500..2000``),
``status:verified`` (``unverified``, ``untested``), ``origin:import``. A seed is selected when a set term
names it (every pool seed when no set term is given) and every filter holds.

With no selector the default is the user's imported seeds when there are any, else the catalog. Tasks that
rejoined the pool (tools/seeds/reseeding.py) come along with the seed they descend from, when this run
published them, or when the selector names them or ``all``.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import PurePath
from random import Random
from typing import TypeVar

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Seed, SeedStatus
from frontiersmith.store import Store

from .reseeding import is_reseeded, taken_along

_SETS = ("catalog", "imported", "all")
_FILTERS = ("tag", "source", "difficulty", "status", "origin")
_COMPARE = {">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "=": operator.eq}

SeedTest = Callable[[Seed], bool]


def _difficulty(value: str) -> SeedTest:
    span = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*", value)
    if span:
        lo, hi = float(span.group(1)), float(span.group(2))
        return lambda s: s.difficulty is not None and lo <= s.difficulty <= hi
    match = re.fullmatch(r"\s*(>=|<=|>|<|=)?\s*(-?\d+(?:\.\d+)?)\s*", value)
    if not match:
        raise InvalidInputError(
            f"difficulty:{value} is not understood; write e.g. difficulty:>=2000 or difficulty:1500..2000."
        )
    compare, bound = _COMPARE[match.group(1) or "="], float(match.group(2))
    return lambda s: s.difficulty is not None and compare(s.difficulty, bound)


def _source(value: str) -> SeedTest:
    def test(seed: Seed) -> bool:
        file = seed.imported.file if seed.imported else ""
        return bool(file) and (file == value or PurePath(file).name == PurePath(value).name)

    return test


def _status(value: str) -> SeedTest:
    try:
        status = SeedStatus(value.strip().lower())
    except ValueError:
        names = ", ".join(s.value for s in SeedStatus)
        raise InvalidInputError(f"status:{value} is not a seed status; use one of {names}.") from None
    return lambda s: s.status is status


def _filter(key: str, value: str) -> SeedTest:
    if key == "tag":
        wanted = value.strip().casefold()
        return lambda s: any(t.casefold() == wanted for t in s.tags)
    if key == "source":
        return _source(value.strip())
    if key == "difficulty":
        return _difficulty(value)
    if key == "status":
        return _status(value)
    return lambda s: s.origin == value.strip()


def _in_set(term: str, seed: Seed) -> bool:
    if term == "all":
        return True
    if term == "catalog":
        return seed.origin == "catalog"
    if term == "imported":
        return seed.origin == "import"
    return seed.id == term


def parse(selector: str) -> tuple[list[str], list[SeedTest]]:
    """The selector's set terms and filters; a malformed term is one sentence naming it."""
    sets: list[str] = []
    filters: list[SeedTest] = []
    for raw in selector.split(","):
        term = raw.strip()
        if not term:
            continue
        key, sep, value = term.partition(":")
        if sep and key in _FILTERS:
            if not value.strip():
                raise InvalidInputError(f"The seed selector term {term!r} needs a value after the colon.")
            filters.append(_filter(key, value))
        elif sep and not re.fullmatch(r"[A-Za-z0-9_.-]+", key):
            raise InvalidInputError(f"The seed selector term {term!r} is not understood.")
        elif sep:
            raise InvalidInputError(
                f"The seed selector term {term!r} is not understood; filters are {', '.join(_FILTERS)} "
                "(e.g. tag:graph, source:closed.jsonl, difficulty:>=2000, status:verified)."
            )
        else:
            sets.append(term)
    if not sets and not filters:
        raise InvalidInputError("The seed selector is empty; name seeds, catalog, imported, all or a filter.")
    return sets, filters


def default_selector(store: Store) -> str:
    """The user's imported seeds when there are any, else the catalog."""
    return "imported" if store.seeds.list(origin="import") else "catalog"


def select_seeds(store: Store, selector: str | None, *, run_id: str | None = None) -> list[Seed]:
    """The pool seeds ``selector`` picks (the default when None), sorted by id; none matching is an error."""
    selector = selector or default_selector(store)
    sets, filters = parse(selector)
    pool = [s for s in store.seeds.list() if s.in_pool]
    known = {s.id for s in pool}
    unknown = [t for t in sets if t not in _SETS and t not in known]
    if unknown:
        raise InvalidInputError(
            f"No seed has the id {unknown[0]!r}; `frontiersmith seeds list` (MCP: list_seeds) shows the seeds."
        )
    roots = [s for s in pool if not is_reseeded(s)]
    chosen = {
        s.id: s
        for s in roots
        if (not sets or any(_in_set(t, s) for t in sets)) and all(f(s) for f in filters)
    }
    for seed in pool:  # tasks that rejoined the pool: named, or following the seed they came from
        if (
            is_reseeded(seed)
            and seed.id not in chosen
            and ("all" in sets or seed.id in sets or taken_along(store, seed, chosen, run_id))
        ):
            chosen[seed.id] = seed
    if not chosen:
        raise InvalidInputError(
            f"No seed matches {selector!r}; `frontiersmith seeds list` (MCP: list_seeds) shows the seeds."
        )
    return sorted(chosen.values(), key=lambda s: s.id)


A = TypeVar("A")  # what a seed is offered: an axis


def spread_slots(
    offers: Sequence[tuple[str, list[tuple[A, int]]]],
    used: Counter,
    k: int,
    rng: Random,
) -> list[tuple[str, A, int]]:
    """K (seed, axis, variant) slots spread over the seeds so none is starved.

    ``offers`` lists each seed with its (axis, variant) offers; ``used`` counts the candidates each seed
    already had in this run. Seeds are visited least-used first (ties in a shuffled order), and each pass
    takes one offer of every seed before any seed gets a second, so within a round the seeds' counts differ
    by at most one and across rounds the seeds left out come first.
    """
    order = list(offers)
    rng.shuffle(order)
    order.sort(key=lambda item: used[item[0]])  # stable: the shuffle breaks ties
    queues = [(sid, rng.sample(list(choices), len(choices))) for sid, choices in order]
    slots: list[tuple[str, A, int]] = []
    depth = 0
    while len(slots) < k and any(depth < len(q) for _, q in queues):
        for sid, queue in queues:
            if depth < len(queue) and len(slots) < k:
                axis, variant = queue[depth]
                slots.append((sid, axis, variant))
        depth += 1
    return slots
