"""`frontiersmith demo` — the README's main job — on the built-in catalog, offline, into a fresh store:
it publishes tasks, rejects the pseudo-open families with the reason, and its table matches the store."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from frontiersmith.models import CandidateStatus
from frontiersmith.store import open_store
from frontiersmith.tools.catalog import get_family

from .conftest import cli_env, frontiersmith_cmd


@pytest.fixture(scope="module")
def demo_text(demo_run, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The demo's text report: the same command on a copy of the session's demo store resumes the finished run
    and prints its report in seconds (a copy, because resuming records events the other readers do not expect)."""
    folder = tmp_path_factory.mktemp("demo-text")
    copy = demo_run.copy_to(folder / "store.db")
    # Wide enough that no title or header is wrapped inside its table cell.
    proc = subprocess.run(
        [*frontiersmith_cmd(), "demo", "--store", str(copy)],
        env=cli_env(folder, COLUMNS="250"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return copy, proc.stdout


@pytest.mark.slow
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
        assert any(
            why in c.reason for why in ("share one idea", "score alike", "one idea reaches the top")
        ), c.reason
    published = [c for c in cands if c.status is CandidateStatus.ACCEPTED]
    assert all(get_family(c.problem.provenance["catalog"]).kind == "open" for c in published)
    for task in store.list_tasks():
        chain = store.ancestors(task.id)
        assert chain[0].kind == "seed" and chain[-1].id == task.id


def test_the_demo_report_names_each_rejected_candidates_title_seed_and_catalog_kind(
    demo_run, demo_text
) -> None:
    out = demo_run.printed
    store = open_store(demo_run.path)
    _, text = demo_text
    rejected = {c.id: c for c in store.list_candidates() if c.status is CandidateStatus.REJECTED}
    rows = {row["candidate"]: row for row in out["reasons"]}
    assert set(rows) >= set(rejected)
    for cid, c in rejected.items():
        row = rows[cid]
        assert (row["title"], row["seed"]) == (c.problem.title, c.parent_id)
        assert row["catalog_kind"] == get_family(c.problem.provenance["catalog"]).kind
        assert row["reason"] == c.rejection.reason and row["stage"] == c.rejection.stage.value
    # A reader sees the filter reject exactly the pseudo-open families.
    pseudo = {r["title"] for r in out["reasons"] if r["catalog_kind"] == "pseudo-open"}
    assert len(pseudo) >= 4 and all(
        r["stage"] in ("semantic", "behavioural")
        for r in out["reasons"]
        if r["catalog_kind"] == "pseudo-open"
    )
    # The text report carries the same columns.
    assert "catalog kind" in text and "pseudo-open" in text
    some = next(iter(rejected.values()))
    assert some.problem.title in text and some.parent_id in text


def test_the_demo_report_ends_with_what_to_do_next(demo_run, demo_text) -> None:
    steps = [step["command"] for step in demo_run.printed["next"]]
    # under a name of its own: the README's `claude mcp add frontiersmith` may be there already
    connect = f"mcp-config claude --tools solve --name frontiersmith-demo --store {demo_run.path}"
    assert any(connect in c for c in steps)
    assert any("frontiersmith export" in c for c in steps) and any(
        "frontiersmith dashboard" in c for c in steps
    )
    assert any(c.endswith("frontiersmith store cost") and str(demo_run.path) in c for c in steps)
    copy, text = demo_text
    assert "What to do next" in text and text.index("What to do next") > text.index("Why candidates fell out")
    assert f"--name frontiersmith-demo --store {copy}" in text and "frontiersmith export" in text


def test_after_the_demo_store_cost_on_the_default_store_points_at_the_demo_s_store(
    demo_run, tmp_path
) -> None:
    """The demo writes a store of its own: `store cost` on the (empty) default store says where the last demo's
    store is and how to read it, and that command works."""
    data = tmp_path / "data"
    demo_store = data / "demo" / "20260101-000000" / "store.db"
    demo_store.parent.mkdir(parents=True)
    demo_run.copy_to(demo_store)
    empty = subprocess.run(
        [*frontiersmith_cmd(), "store", "cost"],
        env=cli_env(data),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert empty.returncode != 0 and "Traceback" not in empty.stderr
    assert f"FRONTIERSMITH_STORE_PATH={demo_store} frontiersmith store cost" in " ".join(empty.stderr.split())
    done = subprocess.run(
        [*frontiersmith_cmd(), "store", "cost"],
        env=cli_env(data, FRONTIERSMITH_STORE_PATH=str(demo_store)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and demo_run.run_id in done.stdout
