"""`synthesize --seeds SELECTOR`: which seeds a run mutates, the default, and slots spread so none is starved."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from frontiersmith.drafts import SeedDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Objective, ObjectiveKind, Problem, SeedProvenance, SeedStatus
from frontiersmith.store import open_store
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds
from frontiersmith.tools.seeds.select import default_selector, parse, select_seeds, spread_slots
from frontiersmith.tools.seeds.writer import seed_record, store_seed
from frontiersmith.tools.synthesis.pipeline import SynthesisConfig


def _draft(title: str, *, tags=(), difficulty=None, file="closed.jsonl", row=1) -> SeedDraft:
    problem = Problem(
        id="pending",
        title=title,
        statement=f"{title}: given n numbers, print the largest.",
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense="max"),
    )
    return SeedDraft(
        problem=problem,
        tags=list(tags),
        difficulty=difficulty,
        provenance=SeedProvenance(format="codecontests", file=file, row=row),
    )


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "store.db") as s:
        yield s


def _import(store, draft: SeedDraft, status=SeedStatus.VERIFIED) -> str:
    seed = seed_record(draft, status)
    store_seed(store, draft, seed)
    return seed.id


def test_the_default_is_the_catalog_until_seeds_are_imported_then_the_imported_seeds(store):
    catalog = {s.id for s in ensure_catalog_seeds(store)}
    assert default_selector(store) == "catalog"
    assert {s.id for s in select_seeds(store, None)} == catalog
    mine = _import(store, _draft("Mine"))
    assert default_selector(store) == "imported"
    assert [s.id for s in select_seeds(store, None)] == [mine]
    assert {s.id for s in select_seeds(store, "all")} == catalog | {mine}


def test_selector_terms_filter_by_tag_source_difficulty_and_status(store):
    ensure_catalog_seeds(store)
    graph = _import(store, _draft("Paths", tags=["graph", "dp"], difficulty=2100))
    easy = _import(store, _draft("Easy", tags=["greedy"], difficulty=900, file="other/easy.jsonl", row=3))
    broken = _import(store, _draft("Broken", tags=["graph"], difficulty=1500), SeedStatus.UNVERIFIED)

    def ids(selector: str) -> set[str]:
        return {s.id for s in select_seeds(store, selector)}

    assert ids("tag:graph") == {graph, broken}
    assert ids("tag:GRAPH,status:verified") == {graph}
    assert ids("source:closed.jsonl") == {graph, broken}
    assert ids("source:easy.jsonl") == ids("source:other/easy.jsonl") == {easy}
    assert ids("difficulty:>=2000") == {graph}
    assert ids("difficulty:1000..2000") == {broken}
    assert ids("difficulty:<1000") == {easy}
    assert ids("status:unverified") == {broken}
    assert ids(f"{easy},{graph}") == {easy, graph}
    assert ids(f"catalog,{easy}") - {easy} == {s.id for s in select_seeds(store, "catalog")}


@pytest.mark.parametrize(
    ("selector", "words"),
    [
        ("colour:red", "not understood"),
        ("difficulty:hard", "difficulty:>=2000"),
        ("status:great", "verified, unverified, untested"),
        ("tag:", "needs a value"),
        (" , ", "empty"),
    ],
)
def test_a_malformed_selector_is_one_sentence_and_a_usage_error_of_the_run(selector, words):
    with pytest.raises(InvalidInputError, match=words):
        parse(selector)
    with pytest.raises(ValueError, match=words):
        SynthesisConfig(seeds=selector)


def test_a_selector_matching_nothing_or_naming_an_unknown_id_says_where_to_look(store):
    ensure_catalog_seeds(store)
    with pytest.raises(InvalidInputError, match="No seed matches.*seeds list"):
        select_seeds(store, "tag:graph")
    with pytest.raises(InvalidInputError, match="No seed has the id 'seed_nope'.*list_seeds"):
        select_seeds(store, "seed_nope")


def test_slots_are_spread_over_the_seeds_so_none_is_starved():
    seeds = [f"seed_{i}" for i in range(5)]
    offers = [(sid, [(axis, 0) for axis in ("objective", "output", "input")]) for sid in seeds]
    used: Counter = Counter()
    for rnd in range(3):
        slots = spread_slots(offers, used, 7, Random(f"0:{rnd}"))
        assert len(slots) == 7
        this_round = Counter(sid for sid, _axis, _variant in slots)
        assert max(this_round.values()) - min(this_round[s] for s in seeds) <= 1
        used.update(this_round)
        # across rounds the seeds left out come first: the totals never drift more than one apart
        assert max(used.values()) - min(used[s] for s in seeds) <= 1
    assert sum(used.values()) == 21


def test_a_seed_offering_fewer_axes_is_not_dropped_and_k_beyond_the_offers_takes_them_all():
    offers = [("a", [("objective", 0)]), ("b", [("objective", 0), ("input", 0), ("output", 0)])]
    slots = spread_slots(offers, Counter(), 10, Random(1))
    assert Counter(s for s, _, _ in slots) == {"a": 1, "b": 3}
