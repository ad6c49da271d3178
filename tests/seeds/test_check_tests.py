"""``seeds import --check-tests`` as a user runs it (the real CLI, a real sandbox): where a row carries
incorrect solutions, each seed's test recall (the share of them some test rejects) and precision (the share
of its correct solutions every test accepts), and a status that says when the tests are too weak."""

from __future__ import annotations

import json

from seed_helpers import cli, write_jsonl
from seed_rows import SUM_CPP, SUM_PY, codecontests_row, statement

# Three wrong programs for a + b: two that a test catches, and one (2a when a = b, else a + b) that is right on
# every test the row has: a suite that lets it through has a recall of 2/3.
CAUGHT = ["print(3)\n", "a, b = map(int, input().split())\nprint(a * b)\n"]
MISSED = "a, b = map(int, input().split())\nprint(2 * a if a == b else a + b)\n"


def weak_row() -> dict:
    row = codecontests_row(statement(1), name="1000_A. A plus B")
    row["solutions"] = {"language": [2, 3], "solution": [SUM_CPP, SUM_PY]}
    row["incorrect_solutions"] = {"language": [3, 3, 3], "solution": [*CAUGHT, MISSED]}
    return row


def strong_row() -> dict:
    row = codecontests_row(statement(2), name="1000_B. A plus B again")
    row["solutions"] = {"language": [3], "solution": [SUM_PY]}
    row["incorrect_solutions"] = {"language": [3], "solution": [CAUGHT[0]]}
    return row


def test_check_tests_reports_recall_and_precision_and_says_when_tests_are_too_weak(tmp_path):
    path = write_jsonl(tmp_path / "rows.jsonl", [weak_row(), strong_row()])
    data = tmp_path / "data"
    done = cli(["seeds", "import", str(path), "--check-tests", "--json"], data)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["checked_tests"] and summary["statuses"] == {"verified": 2} and summary["weak_tests"] == 1
    weak, strong = summary["test_quality"]
    assert weak["where"] == f"{path}:1" and strong["where"] == f"{path}:2"
    assert weak["quality"] == {
        "incorrect": 3,
        "rejected": 2,
        "correct": 2,
        "accepted": 2,
        "recall": 2 / 3,
        "precision": 1.0,
    }
    assert (
        weak["weakness"]
        == "its tests are too weak: they reject 2 of the 3 incorrect solutions (recall 0.67, under 0.9)"
    )
    assert (strong["quality"]["recall"], strong["quality"]["precision"], strong["weakness"]) == (1.0, 1.0, "")

    # The seed's status says it, and `seeds show` shows the measure.
    shown = cli(["seeds", "show", weak["seed_id"]], data)
    assert shown.returncode == 0, shown.stderr
    assert "status:      verified (its tests are too weak: they reject 2 of the 3 incorrect" in shown.stdout
    assert (
        "test quality: recall 0.67 (2/3 incorrect solutions rejected), precision 1.00 (2/2 correct solutions accepted)"
        in shown.stdout
    )
    assert "kind from:   no words of the statement name a kind" in shown.stdout


def test_check_tests_prints_each_seeds_measure_under_the_table(tmp_path):
    path = write_jsonl(tmp_path / "rows.jsonl", [strong_row()])
    done = cli(["seeds", "import", str(path), "--check-tests"], tmp_path / "data")
    assert done.returncode == 0, done.stderr
    assert "tests checked: 1 seeds, 1 with incorrect solutions to catch; 0 with tests too weak" in done.stdout
    assert (
        f"tests: {path}:1: recall 1.00 (1/1 incorrect rejected), precision 1.00 (1/1 correct accepted)"
        in (done.stdout)
    )


def test_check_tests_without_validation_is_refused_in_one_sentence(tmp_path):
    path = write_jsonl(tmp_path / "rows.jsonl", [strong_row()])
    done = cli(["seeds", "import", str(path), "--check-tests", "--no-validate"], tmp_path / "data")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--check-tests runs each row's solutions" in lines[0]
