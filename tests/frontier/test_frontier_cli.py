"""`frontiersmith evaluate` and `frontiersmith diagnose` in-process through ``cli.main``: JSON out, and bad
input as one sentence (exit 1) with nothing stored lost. Real sandbox and store, no model."""

from __future__ import annotations

import json

import pytest
from frontier_helpers import CHEAP

from frontiersmith import cli
from frontiersmith.settings import Settings
from frontiersmith.store import Store


def test_evaluate_and_diagnose_commands_print_json(store: Store, settings: Settings, capsys):
    path = str(settings.resolved_store_path)
    cli.main(["evaluate", "--solver", "catalog:medium", "--tasks", CHEAP, "--store", path, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["solver"] == "catalog:medium" and out["trajectories"] == 1
    assert out["attempts"][0]["problem_id"] == CHEAP

    cli.main(["diagnose", "--solver", "catalog:medium", "--store", path, "--json", "--provider", "offline"])
    defect_map = json.loads(capsys.readouterr().out)
    assert defect_map["solver"] == "catalog:medium" and defect_map["trajectories"] == 1
    assert defect_map["labelled_by"] == "offline"


def test_bad_solver_specs_and_selectors_are_one_sentence(store: Store, settings: Settings, capsys):
    before = store.counts()
    for argv in (
        ["evaluate", "--solver", "catalog:bogus"],
        ["evaluate", "--solver", "nonsense"],
        ["evaluate", "--solver", "command:/no/such/program"],
        ["evaluate", "--solver", "catalog:weak", "--tasks", "task_nope"],
        ["diagnose", "--solver", "model:never-evaluated"],
    ):
        with pytest.raises(SystemExit) as exited:
            cli.main([*argv, "--store", str(settings.resolved_store_path)])
        err = capsys.readouterr().err.strip()
        assert exited.value.code == 1 and err.startswith("error: ") and "\n" not in err, argv
        assert "Traceback" not in err
    assert store.counts() == before  # bad input stores nothing and loses nothing
