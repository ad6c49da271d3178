"""`frontiersmith demo` — the README's main job — on the built-in catalog, offline, into a fresh store:
it publishes tasks, rejects the pseudo-open families with the reason, and its table matches the store."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from loopback import free_port, wait_for_port

from frontiersmith.models import CandidateStatus
from frontiersmith.store import open_store
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.synthesis.quality import fitted_time_limit

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
    cands = [c for c in store.candidates.list() if c.problem.provenance.get("run") == out["run_id"]]

    assert out["stages"]["published"] >= 3
    # Every catalog family that reaches cross-validation passes it, the probes where its mutation bites too.
    assert out["stages"]["passed_protocol"] == out["stages"]["passed_semantic"], out["reasons"]
    assert out["stages"]["proposed"] == len(cands)
    assert out["stages"]["published"] == sum(c.status is CandidateStatus.ACCEPTED for c in cands)
    assert sum(out["rejected"].values()) == sum(c.status is CandidateStatus.REJECTED for c in cands)
    assert sorted(out["tasks"]) == sorted(t.id for t in store.tasks.list())

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
    for task in store.tasks.list():
        chain = store.lineage.ancestors(task.id)
        assert chain[0].kind == "seed" and chain[-1].id == task.id


def test_the_demo_report_names_each_rejected_candidates_title_seed_and_catalog_kind(
    demo_run, demo_text
) -> None:
    out = demo_run.printed
    store = open_store(demo_run.path)
    _, text = demo_text
    rejected = {c.id: c for c in store.candidates.list() if c.status is CandidateStatus.REJECTED}
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
    assert any(c == f"frontiersmith store cost --store {demo_run.path}" for c in steps)
    assert any("--split train:0.9,test:0.1" in c for c in steps)
    copy, text = demo_text
    assert "What to do next" in text and text.index("What to do next") > text.index("Why candidates fell out")
    assert f"--name frontiersmith-demo --store {copy}" in text and "frontiersmith export" in text


def test_after_the_demo_commands_on_the_default_store_name_the_demo_s_store_and_take_it_with_store(
    demo_run, tmp_path
) -> None:
    """The demo writes a store of its own: a command that finds no run in the (empty) default store says where
    the last demo's store is and the command to read it (with --store), and that command works; a command that only
    reads refuses a --store path with no store."""
    data = tmp_path / "data"
    demo_store = data / "demo" / "20260101-000000" / "store.db"
    demo_store.parent.mkdir(parents=True)
    demo_run.copy_to(demo_store)

    def cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*frontiersmith_cmd(), *args],
            env=cli_env(data, **env),
            capture_output=True,
            text=True,
            timeout=300,
        )

    for args in (("store", "cost"), ("export", "--format", "native", str(tmp_path / "out"))):
        empty = cli(*args)
        said = " ".join(empty.stderr.split())
        assert empty.returncode == 1 and "Traceback" not in empty.stderr and said.count("error:") == 1, said
        assert f"--store {demo_store}" in said and "publish_candidate" not in said, said
    done = cli("store", "cost", "--store", str(demo_store))
    assert done.returncode == 0 and demo_run.run_id in done.stdout
    assert cli("store", "lineage", demo_run.printed["tasks"][0], "--store", str(demo_store)).returncode == 0
    # the dashboard too: it serves the empty default store, and says where the demo's is
    port = free_port()
    dashboard = subprocess.Popen(
        [*frontiersmith_cmd(), "dashboard", "--port", str(port)],
        env=cli_env(data, FRONTIERSMITH_HTTP_TOKEN="t" * 32),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, dashboard, what="the dashboard")
    finally:
        dashboard.terminate()
        _, said = dashboard.communicate(timeout=30)
    assert f"frontiersmith dashboard --store {demo_store}" in said, said
    missing = cli("problems", "--store", str(tmp_path / "typo.db"))
    assert missing.returncode == 2 and "there is no store at" in missing.stderr
    assert not (tmp_path / "typo.db").exists()


def test_every_published_task_is_whole_scored_against_its_references_and_carries_its_card(
    demo_run, tmp_path
) -> None:
    """What a trainer gets (docs/design.md, "Task quality"): one coherent statement with a rendered Scoring
    section and a judged example (nothing of the seed's text laid over it), fixed reference points for every
    test, and a card whose numbers `frontiersmith audit` prints from the store."""
    store = open_store(demo_run.path)
    tasks = store.tasks.list()
    for task in tasks:
        text = task.problem.statement
        interactive = "## Interaction" in text
        wanted = ["## Scoring", "## Time and memory"] + (
            [] if interactive else ["## Input", "## Output", "## Example"]
        )
        assert all(w in text for w in wanted), (task.id, text[:400])
        assert "The problem this one changes" not in text and text.count(f"# {task.problem.title}") == 1
        assert "(O − O_base) / (O_best − O_base)" in text
        assert task.references is not None and set(task.references) == set(task.test_ids)
        assert all(r.best != r.baseline or r.best_by == "baseline" for r in task.references.values())
        card = task.card
        assert card is not None and not card.sections_missing and card.tests == len(task.test_ids)
        assert card.example is not interactive
        assert card.scale and all(reach.share >= 0.5 for reach in card.scale.values()), card.scale
        assert card.spread is not None and card.spread.paper_best is not None  # both normalisations measured
        # The time limit comes from the references at the tests' scale, and the statement states it.
        checked_under = store.candidates.get(task.candidate_id).problem.limits.time_ms
        assert card.slowest_ms is not None and card.time_limit_ms == task.problem.limits.time_ms
        assert task.problem.limits.time_ms == fitted_time_limit(card.slowest_ms, checked_under)
        assert f"{task.problem.limits.time_ms} ms" in text
    proc = subprocess.run(
        [*frontiersmith_cmd(), "audit", "--store", str(demo_run.path), "--json"],
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    cards = json.loads(proc.stdout)
    latest = {t.id for t in tasks if t.id in store.tasks.latest_ids()}
    assert set(cards) == latest and all("warnings" in c and "scale" in c for c in cards.values())
    assert proc.returncode == (0 if all(c["ok"] for c in cards.values()) else 1)
