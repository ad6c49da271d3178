"""`seeds list`, `seeds show`, `seeds edit` and `store lineage` on seeds stored by the one writer, through the
real CLI entry point (in-process) over a real SQLite store."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from frontiersmith import cli
from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.models import (
    Comparison,
    Language,
    Problem,
    ProblemKind,
    Program,
    Seed,
    SeedProvenance,
    SeedStatus,
    content_hash,
)
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.seeds.writer import seed_record, store_seed

PY = Program(code="print(int(input()) * 2)\n", language=Language.PYTHON)


def _draft(title: str, statement: str, row: int, objective: dict) -> SeedDraft:
    problem = Problem(
        id="x",
        title=title,
        statement=statement,
        objective=objective,
        input_spec={"constraints": "1 ≤ n ≤ 100", "bounds": {"n": (1, 100), "a_i": (0, 9)}},
        output_spec={"description": "Print YES or NO."},
        kind=ProblemKind.CLOSED,
    )
    return SeedDraft(
        problem=problem,
        tests=[SeedTest("1", b"2\n", b"4\n"), SeedTest("2", b"3\n", None, kind="generated")],
        references=[PY],
        tags=["math"],
        difficulty=1200,
        provenance=SeedProvenance(
            format="codecontests",
            file="data/closed.jsonl",
            row=row,
            name=f"{row}_A",
            source="CODEFORCES",
            license="CC BY 4.0",
        ),
        tuple_by="offline",
    )


@pytest.fixture
def seeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Seed]:
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path))
    stored = []
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        for draft, status, reason in [
            (_draft("Doubling", "Print twice n.", 3, {"kind": "decide"}), SeedStatus.VERIFIED, ""),
            (
                _draft("Tripling", "Print thrice n.", 4, {"kind": "optimise", "sense": "max"}),
                SeedStatus.UNVERIFIED,
                "reference 1 (python) fails test 1: INVALID under the token comparison",
            ),
        ]:
            if draft.problem.objective.kind.value == "decide":
                draft.objective_reason = (
                    "decide: the Output section asks for one of the fixed answers “YES” / “NO”"
                )
            seed = seed_record(draft, status, reason, PY if status is SeedStatus.VERIFIED else None)
            assert store_seed(store, draft, seed)
            stored.append(seed)
    return stored


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        cli.main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_seeds_list_shows_source_status_tests_references_and_objective(seeds, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # the table's width
    code, out, _ = run(capsys, "seeds", "list", "--json")
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert rows[seeds[0].id] == {
        "id": seeds[0].id,
        "title": "Doubling",
        "origin": "import",
        "source": "data/closed.jsonl:3",
        "status": "verified",
        "tests": 2,
        "references": 1,
        "objective": "decide",
    }
    assert rows[seeds[1].id]["objective"] == "optimise (max)" and rows[seeds[1].id]["status"] == "unverified"
    code, out, _ = run(capsys, "seeds", "list")
    assert code == 0 and "Doubling" in out and "closed.jsonl:3" in out and "2 seeds" in out


def test_seeds_show_has_the_tuple_provenance_status_comparison_tests_and_references(seeds, capsys):
    code, out, _ = run(capsys, "seeds", "show", seeds[1].id[:12], "--json")
    assert code == 0
    view = json.loads(out)
    assert view["tuple"]["objective"] == {"kind": "optimise", "sense": "max", "formula": ""}
    assert view["tuple"]["input_spec"]["bounds"] == {"n": [1, 100], "a_i": [0, 9]}
    assert view["tuple_by"] == "offline"
    assert view["provenance"]["file"] == "data/closed.jsonl" and view["provenance"]["row"] == 4
    assert view["provenance"]["license"] == "CC BY 4.0"
    assert view["status"] == "unverified" and "fails test 1: INVALID" in view["status_reason"]
    assert view["comparison"] == Comparison.TOKEN.value
    assert [(t["name"], t["kind"], t["has_answer"]) for t in view["tests"]] == [
        ("1", "public", True),
        ("2", "generated", False),
    ]
    assert [(r["language"], r["author"]) for r in view["references"]] == [("python", "reference")]
    code, out, _ = run(capsys, "seeds", "show", seeds[1].id)
    assert code == 0
    assert "optimise (max)" in out and "n in [1, 100]" in out and "codecontests data/closed.jsonl:4" in out
    assert "CC BY 4.0" in out and "2 (1 with answers)" in out


def test_seeds_edit_options_correct_the_tuple_and_reimport_keeps_it(seeds, capsys, tmp_path):
    sid = seeds[0].id
    code, out, err = run(
        capsys,
        *("seeds", "edit", sid, "--objective-kind", "optimise", "--sense", "min"),
        *("--formula", "the number of moves", "--bound", "n=1:50", "--bound", "a_i=", "--bound", "m=0:1e6"),
        *("--output", "Print one integer.", "--title", "Halving"),
    )
    assert code == 0, err
    assert "tuple saved (optimise (min))" in out
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        seed = store.seeds.get(sid)
        assert seed.tuple_by == "user" and seed.problem.title == "Halving"
        assert seed.problem.objective.model_dump() == {
            "kind": "optimise",
            "sense": "min",
            "formula": "the number of moves",
        }
        assert seed.problem.input_spec.bounds == {"n": (1, 50), "m": (0, 1e6)}
        assert seed.problem.input_spec.constraints == "1 ≤ n ≤ 100"  # not named: unchanged
        assert seed.problem.output_spec.description == "Print one integer."
        assert seed.status is SeedStatus.VERIFIED and seed.statement_hash == seeds[0].statement_hash
        # importing the same statement again is a no-op that keeps the user's tuple
        again = _draft("Doubling", "Print twice n.", 3, {"kind": "decide"})
        assert not store_seed(store, again, seed_record(again, SeedStatus.VERIFIED))
        assert store.seeds.get(sid).tuple_by == "user"
    # a kind other than optimise drops the sense
    assert run(capsys, "seeds", "edit", sid, "--objective-kind", "count")[0] == 0
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        assert store.seeds.get(sid).problem.objective.sense is None


def test_an_edit_of_the_objective_drops_the_readers_reason_and_an_edit_of_the_title_keeps_it(
    seeds, capsys, tmp_path
):
    sid = seeds[0].id
    code, out, _ = run(capsys, "seeds", "show", sid)
    assert code == 0 and "kind from:   decide: the Output section asks for one of the fixed answers" in out
    assert run(capsys, "seeds", "edit", sid, "--title", "Doubled")[0] == 0
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        assert store.seeds.get(sid).objective_reason == seeds[0].objective_reason
    assert run(capsys, "seeds", "edit", sid, "--objective-kind", "count")[0] == 0
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        assert store.seeds.get(sid).objective_reason is None  # the kind is the user's now: tuple_by says so
    code, out, _ = run(capsys, "seeds", "show", sid)
    assert "kind from:   unknown" in out and "tuple by:    user" in out


def test_a_seed_without_the_later_fields_keeps_the_hash_it_was_stored_with(seeds):
    # A row stored before seeds had an objective reason, a checker or a test quality hashes as it did.
    plain = seeds[1]
    assert (plain.objective_reason, plain.checker, plain.test_quality) == (None, None, None)
    later = {"id", "created_at", "objective_reason", "checker", "test_quality"}
    assert plain.hash() == content_hash(plain.model_dump(mode="json", exclude=later))
    assert seeds[0].hash() != content_hash(seeds[0].model_dump(mode="json", exclude=later))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--objective-kind", "maximise"), "The objective-kind value 'maximise' is wrong"),
        (("--objective-kind", "optimise"), "needs its sense"),  # the seed's objective is decide: no sense
        (("--sense", "up"), "The sense value 'up' is wrong"),
        (("--bound", "n=5:1"), "the bounds of n have lo above hi"),
        (("--bound", "n:1-5"), "is not NAME=LO:HI"),
        (("--title", ""), "title"),
    ],
)
def test_a_bad_edit_is_one_sentence_and_changes_nothing(seeds, capsys, tmp_path, args, says):
    code, out, err = run(capsys, "seeds", "edit", seeds[0].id, *args)
    assert code == 1 and says in err and err.strip().count("\n") == 0, err
    assert "Traceback" not in err
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        assert store.seeds.get(seeds[0].id) == seeds[0]


def _editor(tmp_path: Path, body: str) -> str:
    script = tmp_path / "editor.py"
    script.write_text(
        f"import sys\nfrom pathlib import Path\np = Path(sys.argv[1])\ntext = p.read_text()\n{body}\n"
    )
    return f"{sys.executable} {script}"


def test_seeds_edit_without_options_edits_the_tuple_as_yaml(seeds, capsys, tmp_path, monkeypatch):
    sid = seeds[0].id
    monkeypatch.setenv(
        "EDITOR", _editor(tmp_path, "p.write_text(text.replace('kind: decide', 'kind: count'))")
    )
    monkeypatch.delenv("VISUAL", raising=False)
    code, out, err = run(capsys, "seeds", "edit", sid)
    assert code == 0, err
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        seed = store.seeds.get(sid)
    assert seed.problem.objective.kind.value == "count" and seed.tuple_by == "user"
    assert seed.problem.input_spec.bounds == seeds[0].problem.input_spec.bounds

    monkeypatch.setenv("EDITOR", _editor(tmp_path, "pass"))
    code, out, _ = run(capsys, "seeds", "edit", sid)
    assert code == 0 and "No change" in out

    monkeypatch.setenv("EDITOR", _editor(tmp_path, "p.write_text('title: [unclosed')"))
    code, _, err = run(capsys, "seeds", "edit", sid)
    assert code == 1 and "not valid YAML" in err and err.strip().count("\n") == 0
    monkeypatch.setenv("EDITOR", _editor(tmp_path, "p.write_text(text + 'colour: blue\\n')"))
    code, _, err = run(capsys, "seeds", "edit", sid)
    assert code == 1 and "colour" in err and err.strip().count("\n") == 0
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        assert store.seeds.get(sid) == seed


def test_lineage_shows_an_imported_seeds_provenance(seeds, capsys):
    code, out, _ = run(capsys, "store", "lineage", seeds[0].id)
    assert code == 0
    assert "from codecontests data/closed.jsonl:3 3_A source CODEFORCES license CC BY 4.0" in out
    code, out, _ = run(capsys, "store", "lineage", seeds[0].id, "--json")
    (node,) = json.loads(out)
    assert node["status"] == "verified"
    assert node["provenance"] == {
        "format": "codecontests",
        "file": "data/closed.jsonl",
        "row": 3,
        "name": "3_A",
        "source": "CODEFORCES",
        "license": "CC BY 4.0",
    }


def test_show_of_an_unknown_or_non_seed_id_is_one_sentence(seeds, capsys, tmp_path):
    code, _, err = run(capsys, "seeds", "show", "seed_nothing_like_it")
    assert code == 1 and "No record with id" in err and err.strip().count("\n") == 0
    with open_store(None, Settings(data_dir=tmp_path)) as store:
        test_id = store.problems.list_tests(seeds[0].id)[0].id
    code, _, err = run(capsys, "seeds", "show", test_id)
    assert code == 1 and "is a testcase, not a seed" in err
