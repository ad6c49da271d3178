"""``frontiersmith seeds import`` as a user runs it: the real CLI in a subprocess, on a fresh store."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from pipeline.scripted_llm import ScriptedEndpoint
from seed_helpers import FRONTIERCS_MINI, cli, model_step, stored_seed_count, write_jsonl
from seed_rows import codecontests_row, statement
from suite_env import child_env, run_cli


def test_seeds_import_json_prints_only_the_summary_and_a_reimport_stores_nothing(tmp_path):
    rows = [codecontests_row(statement(i)) for i in range(3)] + ["{broken"]
    path = write_jsonl(tmp_path / "closed.jsonl", rows)
    done = cli(["seeds", "import", str(path), "--no-validate", "--json"], tmp_path / "data")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)  # stdout is the JSON and nothing else
    assert (summary["rows"], summary["stored"], summary["skipped"]) == (4, 3, 1)
    assert summary["skipped_rows"][0]["where"] == f"{path}:4"
    assert summary["statuses"] == {"untested": 3} and len(summary["seed_ids"]) == 3
    assert done.stderr == ""  # no progress bar when stderr is not a terminal
    again = json.loads(
        cli(["seeds", "import", str(path), "--no-validate", "--json"], tmp_path / "data").stdout
    )
    assert (again["stored"], again["already_stored"]) == (0, 3)
    assert stored_seed_count(tmp_path / "data") == 3


def test_seeds_import_prints_a_summary_table_with_the_skipped_rows(tmp_path):
    path = write_jsonl(tmp_path / "closed.jsonl", [codecontests_row(), "[1]"])
    done = cli(["seeds", "import", str(path), "--no-validate", "--limit", "2"], tmp_path / "data")
    assert done.returncode == 0, done.stderr
    assert "stored" in done.stdout and "duplicates" in done.stdout
    assert f"skipped: {path}:2: the row is a JSON list, not an object of fields" in done.stdout


def test_seeds_import_that_stores_nothing_fails_and_names_each_row_once(tmp_path):
    """Every row refused: the command fails (exit 1) with one error line, and each skipped row reads FILE:ROW:
    reason, its place written once (the reader's own message named it too)."""
    path = tmp_path / "rows.json"
    path.write_text(json.dumps([{"name": "no statement, no tests"}]))
    done = cli(["seeds", "import", str(path), "--no-validate"], tmp_path / "data")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [skipped] = [line for line in done.stdout.splitlines() if line.startswith("skipped:")]
    assert (
        skipped.startswith(f"skipped: {path}:1: cannot tell the rows' format")
        and skipped.count(f"{path}:1") == 1
    )
    assert done.stderr.strip().splitlines() == [
        "error: nothing was stored: the one row was skipped (the reasons are above); fix them or pass --format."
    ]


def test_seeds_import_of_a_frontiercs_package_without_as_seed_is_one_line_and_stores_nothing(tmp_path):
    package = Path(shutil.copytree(FRONTIERCS_MINI, tmp_path / "mini"))
    done = cli(["seeds", "import", str(package), "--no-validate"], tmp_path / "data")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--as-seed" in lines[0] and "import frontiercs" in lines[0]
    taken = cli(["seeds", "import", str(package), "--as-seed", "--no-validate", "--json"], tmp_path / "data")
    assert json.loads(taken.stdout)["stored"] == 1
    assert stored_seed_count(tmp_path / "data") == 1


def on_a_terminal(args: list[str], data_dir: Path) -> tuple[int, str, str]:
    """Run ``frontiersmith ARGS`` with stderr on a pseudo-terminal: (exit code, stdout, what the terminal got)."""
    leader, follower = os.openpty()
    env = child_env()
    env.update(FRONTIERSMITH_DATA_DIR=str(data_dir), FRONTIERSMITH_CONFIG=str(data_dir / "none.toml"))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "frontiersmith.cli", *args],
            stdout=subprocess.PIPE,
            stderr=follower,
            env=env,
            timeout=300,
        )
        os.set_blocking(leader, False)
        try:
            drawn = os.read(leader, 1 << 20).decode(errors="replace")
        except (BlockingIOError, OSError):  # nothing was written to the terminal
            drawn = ""
    finally:
        os.close(follower)
        os.close(leader)
    return done.returncode, done.stdout.decode(), drawn


def test_seeds_import_draws_its_progress_bar_only_on_a_terminal_and_never_with_json(tmp_path):
    path = write_jsonl(tmp_path / "closed.jsonl", [codecontests_row(statement(i)) for i in range(3)])
    code, out, drawn = on_a_terminal(
        ["seeds", "import", str(path), "--no-validate", "--json"], tmp_path / "d"
    )
    assert code == 0 and json.loads(out)["stored"] == 3 and drawn == ""
    code, out, drawn = on_a_terminal(["seeds", "import", str(path), "--no-validate"], tmp_path / "d")
    assert code == 0 and "importing" in drawn and "importing" not in out


def test_a_models_unusable_tuples_are_kept_as_bad_answers_of_the_seed(tmp_path):
    """Scripted model (the only scripted part): it answers the describe prompt with garbage twice, so the seed
    is described offline, and both answers are stored as llm.bad_answer events of the seed's id."""
    endpoint = ScriptedEndpoint(model_step)
    endpoint.script("describe", "not json {", "```nope```")
    path = write_jsonl(tmp_path / "closed.jsonl", [codecontests_row(statement(0))])
    with endpoint:
        done = run_cli(
            ["seeds", "import", str(path), "--no-validate", "--json"],
            tmp_path / "data",
            FRONTIERSMITH_LLM_PROVIDER="openai",
            FRONTIERSMITH_LLM_MODEL="scripted",
            FRONTIERSMITH_LLM_BASE_URL=endpoint.base_url,
        )
    assert done.returncode == 0, done.stderr
    (seed_id,) = json.loads(done.stdout)["seed_ids"]
    with sqlite3.connect(tmp_path / "data" / "store.db") as conn:
        events = conn.execute(
            "select subject_id, payload from events where kind = 'llm.bad_answer'"
        ).fetchall()
    assert [s for s, _ in events] == [seed_id, seed_id]
    assert [json.loads(p)["step"] for _, p in events] == ["describe_seed", "describe_seed"]
