"""A package's files are checked against their bounds by their size on disk before any is read: a sparse 64 MiB
test (no disk, but st_size says 64 MiB) refuses the package in one sentence with nothing stored, and a stored
test over ``max_test_bytes`` is refused when a problem is judged."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.judging.packages import load_package
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs, load_frontiercs
from frontiersmith.tools.problems.resolver import from_store

MINI = Path(__file__).parent / "data" / "frontiercs_mini"
SPARSE = 64 << 20


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    return Path(shutil.copytree(MINI, tmp_path / "mini"))


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", sandbox_backend="process", max_test_bytes=1 << 20)


def sparse(path: Path, size: int = SPARSE) -> Path:
    os.truncate(path, size)
    assert path.stat().st_blocks * 512 < size // 64  # a hole: no disk, and nothing real to read
    return path


def one_sentence(caught: pytest.ExceptionInfo[InvalidInputError]) -> str:
    message = str(caught.value)
    assert "\n" not in message and message.count(". ") == 0
    return message


@pytest.mark.anyio
async def test_a_sparse_test_over_max_test_bytes_refuses_the_package_unread_until_it_is_fixed(
    mini, tmp_path, settings
):
    original = (mini / "testdata" / "1.in").read_bytes()
    sparse(mini / "testdata" / "1.in")
    with open_store(tmp_path / "store.db", settings) as store:
        with pytest.raises(InvalidInputError) as caught:
            await import_frontiercs(mini, store, backend="process", settings=settings)
        assert store.counts()["seeds"] == store.counts()["tests"] == store.counts()["blobs"] == 0
        message = one_sentence(caught)
        assert "testdata/1.in, which is 64 MiB, over the limit of 1 MiB set by max_test_bytes" in message
        with pytest.raises(InvalidInputError, match="testdata/1.in, which is 64 MiB"):
            load_package(mini, settings)  # `judge DIR` reads it the same way
        (mini / "testdata" / "1.in").write_bytes(original)
        fixed = await import_frontiercs(mini, store, backend="process", settings=settings)
        assert fixed.inserted and len(fixed.test_ids) == 3
        assert sorted(t.name for t in store.problems.list_tests(fixed.problem_id)) == ["1", "2", "3"]


def test_an_answer_over_max_test_bytes_or_tests_over_max_build_bytes_together_refuse_the_package(
    mini, settings
):
    sparse(mini / "testdata" / "2.ans")
    with pytest.raises(InvalidInputError) as caught:
        load_frontiercs(mini, settings)
    assert "testdata/2.ans, which is 64 MiB, over the limit of 1 MiB set by max_test_bytes" in one_sentence(
        caught
    )
    (mini / "testdata" / "2.ans").write_text("9\n")
    for name in ("1.in", "2.in", "3.in"):
        sparse(mini / "testdata" / name, 512 << 10)  # each within max_test_bytes, 1.5 MiB together
    with pytest.raises(InvalidInputError) as caught:
        load_frontiercs(mini, settings.model_copy(update={"max_build_bytes": 1 << 20}))
    assert "holds 6 test files, which is" in one_sentence(caught) and "max_build_bytes" in str(caught.value)


def test_a_checker_or_statement_over_max_source_bytes_refuses_the_package(mini, settings):
    for name in ("chk.cc", "statement.txt", "config.yaml"):
        original = (mini / name).read_bytes()
        sparse(mini / name, 8 << 20)
        with pytest.raises(InvalidInputError) as caught:
            load_frontiercs(mini, settings)
        assert f"{name}, which is 8 MiB, over the limit of 4 MiB set by max_source_bytes" in one_sentence(
            caught
        )
        (mini / name).write_bytes(original)


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        # aliases that repeat one another: a few hundred bytes, a billion values once expanded
        (
            "type: default\nsubtasks:\n- &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
            + "".join(f"- &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8)),
            "holds more than",
        ),
        ("type: default\nsubtasks: " + "[" * 5000 + "]" * 5000 + "\n", "nests too deep"),
        ("type: default\nsubtasks: [{n_cases: " + "9" * 5000 + "}]\n", "cannot be read"),
    ],
)
def test_a_config_that_expands_nests_or_holds_a_huge_number_is_one_sentence_not_a_traceback(
    mini, settings, config, expected
):
    (mini / "config.yaml").write_text(config)
    with pytest.raises(InvalidInputError) as caught:
        load_frontiercs(mini, settings)
    assert expected in str(caught.value) and "config.yaml" in str(caught.value)


@pytest.mark.anyio
async def test_judging_a_stored_test_over_max_test_bytes_is_refused_in_one_sentence(mini, tmp_path, settings):
    (mini / "testdata" / "3.in").write_bytes(b"5 2\n" + b"7 " * 2048 + b"\n")  # 4 KiB, stored as it was
    with open_store(tmp_path / "store.db", settings) as store:
        imported = await import_frontiercs(mini, store, backend="process", settings=settings)
        judged = await from_store(store, imported.problem_id, settings)
        assert [t.name for t in judged.tests] == ["1", "2", "3"]
        with pytest.raises(InvalidInputError) as caught:
            await from_store(store, imported.problem_id, settings.model_copy(update={"max_test_bytes": 1024}))
    message = one_sentence(caught)
    assert "The input of test 3" in message and "over the limit of 1 KiB set by max_test_bytes" in message
