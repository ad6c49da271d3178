"""Reading FrontierCS and native packages, and importing FrontierCS problems into the store."""

import json
import shutil
from pathlib import Path

import pytest
from judge_helpers import cli, stored_rows

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Normalisation, VerifierKind
from frontiersmith.store import open_store
from frontiersmith.tools.judging.packages import load_package
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs, load_frontiercs
from frontiersmith.tools.judging.packages.native import load_native

MINI = Path(__file__).parent / "data" / "frontiercs_mini"


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    return Path(shutil.copytree(MINI, tmp_path / "mini"))


def test_frontiercs_config_limits_tests_and_checker_are_read():
    package = load_frontiercs(MINI)
    assert (package.problem.limits.time_ms, package.problem.limits.memory_mb) == (2000, 256)
    assert [name for name, _, _ in package.tests] == ["1", "2", "3"]
    assert package.tests[0][2] == b"16\n"
    assert package.problem.title == "Heaviest K items"
    judged = load_package(MINI)
    assert (judged.verifier.kind, judged.verifier.normalisation) == (
        VerifierKind.TESTLIB,
        Normalisation.CHECKER,
    )


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ("time: fast\nmemory: 256m\nsubtasks: [{score: 100, n_cases: 3}]\n", "'time'"),
        ("time: 1s\nmemory: lots\nsubtasks: [{score: 100, n_cases: 3}]\n", "'memory'"),
        ("time: 1s\nsubtasks: [{score: 100}]\n", "'subtasks.0'"),
        ("time: 1s\nsubtasks: [{n_cases: -1}]\n", "'subtasks.0.n_cases'"),
        ("type: interactive\ninteractor: x.cc\n", "'interactor'"),
        ("type: batch\n", "'type'"),
        ("checker: missing.cc\n", "'checker'"),
        # nonsense limits are errors, never silently clamped to something the package did not say
        ("time: 1s\nmemory: -5\n", "'memory'"),
        ("memory: 4m\n", "'memory'"),
        ("memory: 100000g\n", "'memory'"),
        ("memory: .nan\n", "'memory'"),
        ("time: 0\n", "'time'"),
        ("time: 0.0001s\n", "'time'"),
        ("time: 3600s\n", "'time'"),
        ("time: -1s\n", "'time'"),
        ("time: [1s\n", "not valid YAML"),
        ("- just\n- a list\n", "mapping"),
    ],
)
def test_malformed_frontiercs_config_is_one_sentence_naming_file_and_field(mini, config, field):
    (mini / "config.yaml").write_text(config)
    with pytest.raises(InvalidInputError) as caught:
        load_frontiercs(mini)
    message = str(caught.value)
    assert "config.yaml" in message and field in message
    assert "\n" not in message


def test_frontiercs_test_missing_from_the_subtasks_numbering_is_a_judged_gap_not_a_refusal(mini):
    (mini / "testdata" / "1.in").unlink()
    (mini / "testdata" / "1.ans").unlink()
    package = load_frontiercs(mini)
    assert [name for name, _, _ in package.tests] == ["2", "3"]
    assert [(m.name, m.position) for m in package.missing] == [("1", 0)]
    assert "testdata/1.in" in package.missing[0].reason
    judged = load_package(mini)
    assert [(t.name, bool(t.missing)) for t in judged.tests] == [("1", True), ("2", False), ("3", False)]


def test_frontiercs_package_whose_tests_are_all_missing_is_refused(mini):
    for path in (mini / "testdata").glob("*.in"):
        path.unlink()
    with pytest.raises(InvalidInputError, match="holds no tests"):
        load_frontiercs(mini)


def test_frontiercs_without_subtasks_takes_every_input_in_natural_order(mini):
    (mini / "config.yaml").write_text("time: 500ms\nmemory: 1g\n")
    (mini / "testdata" / "10.in").write_text("1 1\n5\n")
    package = load_frontiercs(mini)
    assert [name for name, _, _ in package.tests] == ["1", "2", "3", "10"]
    assert package.tests[3][2] is None
    assert (package.problem.limits.time_ms, package.problem.limits.memory_mb) == (500, 1024)


def test_native_manifest_with_an_infinite_ratio_cap_is_refused(tmp_path):
    (tmp_path / "testdata").mkdir()
    (tmp_path / "testdata" / "1.in").write_text("1\n")
    (tmp_path / "verifier.py").write_text("print('{}')\n")
    (tmp_path / "problem.yaml").write_text(
        "id: p\ntitle: P\nsense: min\nratio_cap: .inf\nverifier: {file: verifier.py}\n"
    )
    with pytest.raises(InvalidInputError, match="'ratio_cap'"):
        load_native(tmp_path)


BROKEN_CHECKER = (
    '#include "testlib.h"\nint main(int argc, char* argv[]) {\n    registerTestlibCmd(argc, argv)\n}\n'
)


@pytest.mark.anyio
async def test_package_whose_checker_does_not_compile_is_refused_at_import_and_nothing_is_stored(
    mini, tmp_path
):
    (mini / "chk.cc").write_text(BROKEN_CHECKER)
    with open_store(tmp_path / "store.db") as store:
        with pytest.raises(InvalidInputError) as caught:
            await import_frontiercs(mini, store, backend="process")
        assert store.seeds.list() == []
    message = str(caught.value)
    assert "chk.cc does not compile" in message and "\n" not in message


def test_cli_import_of_a_package_whose_checker_does_not_compile_is_one_line_and_stores_nothing(
    mini, tmp_path
):
    (mini / "chk.cc").write_text(BROKEN_CHECKER)
    done = cli(["import", "frontiercs", str(mini)], tmp_path / "data")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if line.strip()] == [done.stderr.strip()]
    assert "does not compile" in done.stderr
    assert stored_rows(tmp_path / "data") == 0


def test_native_manifest_errors_name_the_field(tmp_path):
    (tmp_path / "testdata").mkdir()
    (tmp_path / "testdata" / "1.in").write_text("1\n")
    (tmp_path / "verifier.py").write_text("print('{}')\n")
    (tmp_path / "problem.yaml").write_text("id: p\ntitle: P\nverifier: {file: verifier.py}\n")
    with pytest.raises(InvalidInputError, match="sense"):
        load_native(tmp_path)
    (tmp_path / "problem.yaml").write_text("id: p\ntitle: P\nsense: up\nverifier: {file: verifier.py}\n")
    with pytest.raises(InvalidInputError, match="'sense'"):
        load_native(tmp_path)
    (tmp_path / "problem.yaml").write_text("id: p\ntitle: P\nsense: min\nverifier: {file: nope.py}\n")
    with pytest.raises(InvalidInputError, match="'verifier'"):
        load_native(tmp_path)
    (tmp_path / "problem.yaml").write_text("id: p\ntitle: P\nsense: min\nverifier: {file: verifier.py}\n")
    assert load_native(tmp_path).manifest.normalisation is Normalisation.PAPER
    with pytest.raises(InvalidInputError, match="'baseline'"):
        load_package(tmp_path)  # the paper normalisation needs a baseline to judge


def test_a_folder_that_is_no_package_is_refused(tmp_path):
    with pytest.raises(InvalidInputError, match="neither problem.yaml nor config.yaml"):
        load_package(tmp_path)


@pytest.mark.anyio
async def test_import_frontiercs_stores_problem_tests_and_checker_once(tmp_path):
    with open_store(tmp_path / "store.db") as store:
        first = await import_frontiercs(MINI, store, backend="process")
        again = await import_frontiercs(MINI, store, backend="process")
        assert first.inserted and not again.inserted and first.problem_id.startswith("problem_")
        assert again.problem_id == first.problem_id and again.test_ids == first.test_ids
        seed = store.seeds.get(first.problem_id)
        assert seed.origin == "problem" and seed.problem.title == "Heaviest K items"
        tests = sorted(store.problems.list_tests(first.problem_id), key=lambda t: t.name)
        assert [t.name for t in tests] == ["1", "2", "3"]
        assert store.blobs.get(tests[0].input_hash) == (MINI / "testdata" / "1.in").read_bytes()
        assert store.blobs.get(tests[0].answer_hash) == b"16\n"
        verifier = store.problems.get_verifier(first.problem_id)
        assert verifier.kind is VerifierKind.TESTLIB and "quitp" in verifier.code


def test_import_of_a_folder_of_packages_stores_each_or_says_why_not_and_again_stores_nothing(tmp_path):
    """A benchmark's folder: a checker problem, an interactive one and one whose checker does not compile; each
    is stored or refused with its reason, and the interactive one is judged from the store by its interactor."""
    bench = tmp_path / "problems"
    shutil.copytree(MINI, bench / "1")
    shutil.copytree(Path(__file__).parent / "data" / "interactive_guess", bench / "2")
    shutil.copytree(MINI, bench / "10")
    (bench / "10" / "chk.cc").write_text(BROKEN_CHECKER)
    data = tmp_path / "data"
    first = json.loads(cli(["import", "frontiercs", str(bench), "--json"], data).stdout)
    assert [Path(o["path"]).name for o in first] == ["1", "2", "10"]  # natural order
    stored = [o["stored"] for o in first[:2]]
    assert [s["type"] for s in stored] == ["default", "interactive"] and all(s["inserted"] for s in stored)
    assert all(s["problem_id"].startswith("problem_") for s in stored)
    assert first[2]["stored"] is None and "chk.cc does not compile" in first[2]["refused"]
    rows = stored_rows(data)
    again = cli(["import", "frontiercs", str(bench)], data)
    assert (
        again.returncode == 0
        and again.stdout.count("already stored") == 2
        and "2 of 3 problems" in again.stdout
    )
    assert stored_rows(data) == rows
    judged = cli(
        ["judge", stored[1]["problem_id"], str(bench / "2" / "solutions" / "binary.cpp"), "--json"], data
    )
    report = json.loads(judged.stdout)
    assert report["score"] == 1.0 and [t["verdict"] for t in report["tests"]] == ["OK"] * 3
