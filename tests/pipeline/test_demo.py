"""`frontiersmith demo` — the README's main job — on the built-in catalog, offline, into a fresh store:
it publishes tasks, rejects the pseudo-open families with the reason, and its table matches the store."""

from __future__ import annotations

from frontiersmith.models import CandidateStatus
from frontiersmith.store import open_store
from frontiersmith.tools.catalog import get_family


def test_demo_publishes_tasks_rejects_pseudo_open_and_matches_the_store(demo_run):
    out = demo_run.printed
    store = open_store(demo_run.path)
    cands = [c for c in store.list_candidates() if c.problem.provenance.get("run") == out["run_id"]]

    assert out["stages"]["published"] >= 3
    assert out["stages"]["proposed"] == len(cands)
    assert out["stages"]["published"] == sum(c.status is CandidateStatus.ACCEPTED for c in cands)
    assert sum(out["rejected"].values()) == sum(c.status is CandidateStatus.REJECTED for c in cands)
    assert sorted(out["tasks"]) == sorted(t.id for t in store.list_tasks())

    pseudo = [c for c in cands if get_family(c.problem.provenance["catalog"]).kind == "pseudo-open"]
    assert len(pseudo) >= 4, "the demo must try every pseudo-open family"
    for c in pseudo:
        assert c.status is CandidateStatus.REJECTED
        assert c.reason.startswith(("semantic:", "behavioural:")), c.reason
        assert any(why in c.reason for why in ("share one idea", "score alike", "one strategy dominates")), (
            c.reason
        )
    published = [c for c in cands if c.status is CandidateStatus.ACCEPTED]
    assert all(get_family(c.problem.provenance["catalog"]).kind == "open" for c in published)
    for task in store.list_tasks():
        chain = store.ancestors(task.id)
        assert chain[0].kind == "seed" and chain[-1].id == task.id
