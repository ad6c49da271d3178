"""The catalog as a whole: enough families of each kind, every axis used, the paper's three mutations,
parents that are closed seeds, and the `frontiersmith catalog list/show` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

from suite_env import child_env
from typer.testing import CliRunner

from frontiersmith.cli import app
from frontiersmith.tools.catalog import families, get_family, list_families

CLOSED_SEEDS = {
    "two_sat", "mst", "bipartite_mis", "max_flow", "knapsack_01", "interval_scheduling", "max_lateness",
    "lcs", "grid_shortest_path", "convex_hull", "assignment", "bipartite_coloring", "coin_change",
}  # fmt: skip


def test_catalog_has_the_required_kinds_and_axes() -> None:
    kinds = Counter(f.kind for f in families().values())
    assert kinds["closed"] >= 12
    assert kinds["open"] >= 15
    assert kinds["pseudo-open"] >= 10
    axes = Counter(f.axis.value for f in list_families("open") if f.axis)
    assert all(axes[a] >= 4 for a in ("objective", "output", "input")), axes
    assert {f.name for f in list_families("closed")} >= CLOSED_SEEDS


def test_the_papers_three_mutations_are_present() -> None:
    for name, parent, axis in (
        ("min_true_2sat", "two_sat", "objective"),
        ("degree_bounded_mst", "mst", "output"),
        ("general_graph_mis", "bipartite_mis", "input"),
    ):
        fam = get_family(name)
        assert (fam.kind, fam.parent, fam.axis.value if fam.axis else None) == ("open", parent, axis)


def test_every_parent_is_a_closed_seed() -> None:
    closed = {f.name for f in list_families("closed")}
    for fam in families().values():
        if fam.kind != "closed":
            assert fam.parent in closed, f"{fam.name}: parent {fam.parent!r} is not a closed seed"


def test_catalog_list_json_gives_every_family_with_the_required_keys() -> None:
    result = CliRunner().invoke(app, ["catalog", "list", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {r["name"] for r in rows} == set(families())
    for row in rows:
        assert {"name", "kind", "parent", "axis", "strategies", "title"} <= set(row)
        assert row["kind"] in ("closed", "open", "pseudo-open")
        assert row["strategies"] and all(isinstance(s, str) and s for s in row["strategies"])
        if row["kind"] == "closed":
            assert row["parent"] is None and row["axis"] is None
        else:
            assert row["parent"] and row["axis"] in ("objective", "output", "input")
    opened = [r for r in rows if r["kind"] == "open"]
    assert all(len(set(r["strategies"])) >= 3 for r in opened)


def test_catalog_list_filters_by_kind() -> None:
    result = CliRunner().invoke(app, ["catalog", "list", "--kind", "closed", "--json"])
    assert result.exit_code == 0
    assert {r["kind"] for r in json.loads(result.output)} == {"closed"}


def test_catalog_show_prints_statement_tuple_distributions_and_solvers() -> None:
    result = CliRunner().invoke(app, ["catalog", "show", "min_true_2sat"])
    assert result.exit_code == 0, result.output
    fam = get_family("min_true_2sat")
    assert fam.title in result.output and "C_I" in result.output and "C_O" in result.output
    assert all(d in result.output for d in fam.distributions)
    assert all(s.strategy in result.output for s in fam.solvers)
    shown = json.loads(CliRunner().invoke(app, ["catalog", "show", "two_sat", "--json"]).output)
    assert shown["distributions"] == list(get_family("two_sat").distributions)
    assert shown["reference"]["file"] == "reference.cpp" and shown["objective"]["kind"] == "construct"


def test_unknown_family_is_one_sentence_and_exit_1() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", "catalog", "show", "no_such_family"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: No catalog family named 'no_such_family'")
    assert "Traceback" not in proc.stderr


def test_catalog_list_piped_keeps_every_name_whole_on_its_row(tmp_path) -> None:
    # A pipe has no width; rich used to assume 80 columns and cut or fold names (`bipartite_colo…`). An
    # exported COLUMNS=80 is for a terminal, so it changes nothing here either.
    env = child_env(FRONTIERSMITH_DATA_DIR=str(tmp_path), COLUMNS="80")
    piped = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", "catalog", "list"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert piped.returncode == 0, piped.stderr
    rows = [line for line in piped.stdout.splitlines() if line.startswith("│")]
    assert len(rows) == len(families()), "one line a family: nothing folded onto a second line"
    for family, row in zip(sorted(families().values(), key=lambda f: f.name), rows, strict=True):
        cells = [cell.strip() for cell in row.strip("│").split("│")]
        assert cells[0] == family.name and cells[-1] == ", ".join(s.strategy for s in family.solvers), row
