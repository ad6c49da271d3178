"""Is the idea-divergence filter load-bearing? On the catalog, its gates must keep every open family and reject
every pseudo-open one, each sampled as a real solver pool would be (several correct implementations of the exact
algorithm, plus weaker ideas).

The paper's behavioural divergence alone does not separate them: a pseudo-open family whose sampled solutions
include a visibly weaker idea has score vectors far apart (min_total_completion: 0.25). Nor does crossing: two
weaker ideas may trade wins beside the exact ones. What tells it apart is that several of its solutions tie at the
best score on every test, as independent correct solutions of a problem an exact algorithm solves do.

The evaluation runs on a copy of the session's demo store (tests/conftest.py): the families the demo carried
through cross-validation are read from it, the ones its semantic filter dropped are judged afresh, so both
paths run; a family read from a store has the estimates a fresh evaluation gives it."""

from __future__ import annotations

import json

from frontiersmith.store import open_store
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.synthesis.divergence.auc import judged_before

ESTIMATES = ("semantic", "behavioural", "crossing", "combined", "protocol_ok", "separating_tests", "top_ties")


def test_divergence_ranks_open_families_above_pseudo_open(tmp_path, run_cli, demo_run):
    path = demo_run.copy_to(tmp_path / "store.db")
    out = json.loads(
        run_cli(tmp_path, "evaluate-divergence", "--json", "--store", str(path), timeout=1500).stdout
    )
    assert out["judge"] == "offline"  # the semantic judge, unless --provider names another
    kinds = {f["kind"] for f in out["families"]}
    assert kinds == {"open", "pseudo-open"}
    assert sum(f["kind"] == "pseudo-open" for f in out["families"]) >= 10
    assert all(f["protocol_ok"] for f in out["families"]), [
        f["family"] for f in out["families"] if not f["protocol_ok"]
    ]
    for f in out["families"]:  # each gate decided, and the first that rejects says why
        rejecting = [d for d in f["decisions"] if d["verdict"] == "reject"]
        assert f["kept"] == (f["kind"] == "open"), (f["family"], f["decisions"])
        if rejecting:
            assert rejecting[0]["reason"].startswith(("idea divergence", "one idea reaches the top")), (
                rejecting
            )
    ties = [f for f in out["families"] if f["kind"] == "pseudo-open" and f["semantic"] >= 0.3]
    assert ties and all(f["top_ties"] >= 2 and f["separating_tests"] >= 3 for f in ties)
    auc = out["auc"]
    assert auc["gate"] == auc["untied"] == 1.0, auc
    assert auc["semantic"] >= 0.85, auc  # the offline judge, which reads the catalog's strategy labels
    assert 0.0 <= auc["behavioural"] <= 1.0 and 0.0 <= auc["crossing"] <= 1.0

    # What the demo cross-validated was read (its own candidates, left as they were); the rest was judged.
    demo, copy = open_store(demo_run.path), open_store(path)
    validated = {
        c.problem.provenance["catalog"]: c.id
        for c in demo.candidates.list()
        if (report := demo.candidates.current_report(c.id)) is not None and report.ok
    }
    read = {f["family"]: f["candidate_id"] for f in out["families"] if f["from_store"]}
    assert read == validated and len(read) >= 10
    assert len(read) < len(out["families"]), "some family is judged afresh"
    for cid in read.values():
        assert copy.candidates.find_divergence(cid) == demo.candidates.find_divergence(cid)
        assert copy.candidates.list_reports(cid) == demo.candidates.list_reports(cid)


def test_a_family_read_from_a_store_has_what_a_fresh_evaluation_gives_and_only_on_the_same_terms(
    tmp_path, run_cli, demo_run
):
    fam, offline = get_family("min_true_2sat"), OfflineProvider()
    demo = open_store(demo_run.path)
    read = judged_before(demo, fam, offline, 4, offline)
    assert read is not None and read.from_store
    [fresh] = json.loads(run_cli(tmp_path, "evaluate-divergence", "--json", "--family", fam.name).stdout)[
        "families"
    ]
    assert not fresh["from_store"] and fresh["candidate_id"] != read.candidate_id
    assert {k: fresh[k] for k in ESTIMATES} == {k: getattr(read, k) for k in ESTIMATES}

    # A run that stored the combined estimate at another behavioural scale: it is read at the evaluation's own.
    copy = open_store(demo_run.copy_to(tmp_path / "copy.db"))
    copy.candidates.put_divergence(
        copy.candidates.get_divergence(read.candidate_id).model_copy(update={"combined": 0.0})
    )
    assert judged_before(copy, fam, offline, 4, offline).combined == fresh["combined"]

    class OtherJudge:
        name = "another-judge"

    assert judged_before(demo, fam, offline, 3, offline) is None  # another number of solutions
    assert judged_before(demo, fam, offline, 4, offline, seed=1) is None  # tests built from another seed
    assert judged_before(demo, fam, offline, 4, OtherJudge()) is None  # labelled by another judge
    assert judged_before(demo, fam, OtherJudge(), 4, offline) is None  # programs by another author
    assert (
        judged_before(demo, get_family("fractional_knapsack"), offline, 4, offline) is None
    )  # never validated
