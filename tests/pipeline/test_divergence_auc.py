"""Is the idea-divergence filter load-bearing? On the catalog, the semantic estimate and the combined one
(semantic × behavioural × crossing) must rank the open families above the pseudo-open ones.

The paper's behavioural divergence alone does not: a pseudo-open family whose sampled solutions include a
visibly weaker idea has score vectors far apart (min_total_completion: 0.25). What tells it apart is that
no two of its solutions trade wins across the tests, which the crossing fraction measures."""

from __future__ import annotations

import json

import pytest


@pytest.mark.slow
def test_divergence_ranks_open_families_above_pseudo_open(tmp_path, run_cli):
    out = json.loads(run_cli(tmp_path, "evaluate-divergence", "--json", timeout=1500).stdout)
    assert out["judge"] == "offline"  # the semantic judge, unless --provider names another
    kinds = {f["kind"] for f in out["families"]}
    assert kinds == {"open", "pseudo-open"}
    assert sum(f["kind"] == "pseudo-open" for f in out["families"]) >= 4
    assert all(f["protocol_ok"] for f in out["families"]), [
        f["family"] for f in out["families"] if not f["protocol_ok"]
    ]
    auc = out["auc"]
    assert auc["semantic"] >= 0.9, auc
    assert auc["crossing"] >= 0.9, auc
    assert auc["combined"] >= 0.95, auc
    assert 0.0 <= auc["behavioural"] <= 1.0
