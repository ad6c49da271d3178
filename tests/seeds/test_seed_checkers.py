"""A seed whose output may be any of several answers, and a call-based row, imported and validated in a real
sandbox: without a checker such a seed is stored unverified saying it needs one; a seed folder's checker.cc,
or a checker the configured model writes that the reference passes, judges it instead (the model is the only
scripted part: its answers are canned; the provider, the prompt and the HTTP client are real); a call-based
APPS row runs through a stdin/stdout harness, or is refused with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pipeline.scripted_llm import ScriptedEndpoint
from seed_helpers import model_step, write_jsonl
from seed_rows import apps_call_based_row, apps_row, codecontests_row

from frontiersmith.models import Seed, SeedStatus
from frontiersmith.store import Store
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.seeds.importer import import_seeds
from frontiersmith.tools.seeds.view import seed_view

pytestmark = pytest.mark.anyio

PAIR_STATEMENT = """Given n integers and a number S, find two positions whose values add up to S.

Input

The first line contains n and S (2 ≤ n ≤ 200 000, 1 ≤ S ≤ 2·10^9). The second line contains a_1, …, a_n
(1 ≤ a_i ≤ 10^9).

Output

Print two indices i < j with a_i + a_j = S, or -1 if there is no such pair. If there are several pairs,
print any of them.
"""
PAIR_INPUTS = ["4 5\n1 4 2 3\n", "3 10\n1 2 3\n", "2 2\n1 1\n"]
PAIR_ANSWERS = ["1 2\n", "-1\n", "1 2\n"]  # the pair with the smallest i, as the dataset's author printed it
# Scans from the right: on the first test it prints 3 4, another right answer than the expected 1 2.
PAIR_REFERENCE = """n, s = map(int, input().split())
a = list(map(int, input().split()))
first = {}
for i, v in enumerate(a):
    first.setdefault(v, i)
for j in range(n - 1, -1, -1):
    i = first.get(s - a[j])
    if i is not None and i < j:
        print(i + 1, j + 1)
        break
else:
    print(-1)
"""
PAIR_WRONG = "input()\ninput()\nprint(1, 3)\n"
PAIR_CHECKER = r"""#include "testlib.h"
#include <vector>

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt();
    long long s = inf.readLong();
    std::vector<long long> a(n + 1);
    for (int i = 1; i <= n; i++) a[i] = inf.readLong();
    int expected = ans.readInt();
    int i = ouf.readInt();
    if (i == -1) {
        if (expected != -1) quitf(_wa, "there is a pair, but -1 was printed");
        quitf(_ok, "no pair");
    }
    if (expected == -1) quitf(_wa, "there is no pair");
    int j = ouf.readInt();
    if (i < 1 || i >= j || j > n) quitf(_wa, "need 1 <= i < j <= n, got %d %d", i, j);
    if (a[i] + a[j] != s) quitf(_wa, "a_%d + a_%d is not S", i, j);
    quitf(_ok, "a pair");
}
"""
# Reads whatever was printed and calls it right: it checks nothing, and the empty output shows it.
ACCEPTS_ALL = """#include "testlib.h"
int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    while (!ouf.seekEof()) ouf.readToken();
    quitf(_ok, "fine");
}
"""


def pair_row() -> dict:
    row = codecontests_row(PAIR_STATEMENT, name="1600_B. Two Positions")
    row["public_tests"] = {"input": PAIR_INPUTS, "output": PAIR_ANSWERS}
    row["private_tests"] = row["generated_tests"] = {"input": [], "output": []}
    row["solutions"] = {"language": [3], "solution": [PAIR_REFERENCE]}
    row["incorrect_solutions"] = {"language": [], "solution": []}
    return row


def pair_folder(root: Path, reference: str) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "solutions").mkdir()
    (root / "seed.yaml").write_text("title: Two Positions\n")
    (root / "statement.md").write_text(PAIR_STATEMENT)
    for i, (inp, ans) in enumerate(zip(PAIR_INPUTS, PAIR_ANSWERS, strict=True), start=1):
        (root / "tests" / f"{i}.in").write_text(inp)
        (root / "tests" / f"{i}.ans").write_text(ans)
    (root / "solutions" / "ref.py").write_text(reference)
    (root / "checker.cc").write_text(PAIR_CHECKER)
    return root


def only_seed(store: Store) -> Seed:
    (seed,) = store.seeds.list()
    return seed


async def test_a_print_any_row_without_a_checker_is_stored_unverified_saying_it_needs_one(
    tmp_path, store, settings
):
    path = write_jsonl(tmp_path / "rows.jsonl", [pair_row()])
    summary = await import_seeds(path, store, settings=settings)
    assert summary.statuses == {"unverified": 1}
    seed = only_seed(store)
    assert seed.status is SeedStatus.UNVERIFIED and seed.checker is None
    assert "it needs a checker" in seed.status_reason
    assert "“If there are several pairs, print any of them.”" in seed.status_reason
    assert seed.problem.objective.kind.value == "construct" and seed.problem.input_spec.bounds["n"] == (
        2,
        200_000,
    )


async def test_a_seed_folder_with_its_checker_is_judged_by_it(tmp_path, store, settings):
    folders = tmp_path / "seeds"
    pair_folder(folders / "right", PAIR_REFERENCE)
    wrong = pair_folder(folders / "wrong", PAIR_WRONG)
    (wrong / "statement.md").write_text(PAIR_STATEMENT + "\nThe wrong one.\n")
    summary = await import_seeds(folders, store, settings=settings)
    assert summary.statuses == {"verified": 1, "unverified": 1} and summary.comparisons == {"checker": 2}
    seeds = {seed.imported.name: seed for seed in store.seeds.list() if seed.imported}
    right, broken = seeds["right"], seeds["wrong"]
    assert right.status is SeedStatus.VERIFIED and right.checker is not None
    assert right.checker.by == "seed folder"
    assert broken.status is SeedStatus.UNVERIFIED
    assert broken.status_reason.startswith(
        "reference 1 (python) fails test 1: INVALID by its checker (by seed folder)"
    )
    view = seed_view(store, right.id)
    assert view.checker_by == "seed folder" and view.objective_reason.startswith(
        "construct: the Output section"
    )


def _checker_answer(code: str) -> str:
    return f"```cpp\n{code.strip()}\n```\n"


async def test_a_model_writes_the_checker_the_reference_passes(tmp_path, store, settings):
    """The scripted model describes the row (construct, no reason: the statement's reason is kept, as the kinds
    agree), then writes a checker that accepts anything (refused: it accepts the empty output), then the
    right one, which the reference passes: the seed is verified and keeps that checker."""
    endpoint = ScriptedEndpoint(model_step)
    tuple_ = {"asked": "two positions adding up to S", "kind": "any valid object"}
    endpoint.script("describe", json.dumps(tuple_))
    endpoint.script("checker", _checker_answer(ACCEPTS_ALL), _checker_answer(PAIR_CHECKER))
    path = write_jsonl(tmp_path / "rows.jsonl", [pair_row()])
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        summary = await import_seeds(path, store, provider=provider, settings=settings)
    assert endpoint.unanswered == []
    assert summary.statuses == {"verified": 1} and summary.comparisons == {"checker": 1}
    seed = only_seed(store)
    assert seed.checker is not None and seed.checker.by == "openai:scripted"
    assert seed.checker.program.code == PAIR_CHECKER
    assert seed.tuple_by == "openai:scripted" and seed.objective_reason.startswith(
        "construct: the Output section"
    )
    checker_prompts = [prompt for key, prompt in endpoint.requests if key == "checker"]
    assert len(checker_prompts) == 2
    assert "it accepts an empty output on every test" in checker_prompts[1]


async def test_a_model_that_writes_no_usable_checker_leaves_the_seed_unverified(tmp_path, store, settings):
    endpoint = ScriptedEndpoint(model_step)
    endpoint.script(
        "describe", json.dumps({"asked": "two positions adding up to S", "kind": "any valid object"})
    )
    endpoint.script("checker", "no code here", "```java\nclass Main {}\n```")
    path = write_jsonl(tmp_path / "rows.jsonl", [pair_row()])
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        await import_seeds(path, store, provider=provider, settings=settings)
    seed = only_seed(store)
    assert seed.status is SeedStatus.UNVERIFIED and seed.checker is None
    assert "it needs a checker" in seed.status_reason
    assert "the checker openai:scripted wrote was refused: openai:scripted wrote no usable checker" in (
        seed.status_reason
    )


async def test_a_call_based_row_runs_through_a_harness_and_one_without_argument_lists_is_refused(
    tmp_path, store, settings
):
    function = apps_call_based_row()
    method = apps_call_based_row("Return the sum of a list, as a method.", problem_id=4002)
    method["solutions"] = json.dumps(["class Solution:\n    def total(self, xs):\n        return sum(xs)\n"])
    refused = apps_call_based_row("Return the sum of the numbers on a line.", problem_id=4003)
    refused["input_output"] = json.dumps({"fn_name": "total", "inputs": ["1 2"], "outputs": [[3]]})
    path = write_jsonl(tmp_path / "apps.jsonl", [apps_row(), function, method, refused])
    summary = await import_seeds(path, store, settings=settings)
    assert (summary.stored, summary.skipped) == (3, 1)
    assert summary.statuses == {"verified": 3}
    assert summary.skipped_rows[0].where == f"{path}:4"
    assert summary.skipped_rows[0].reason == (
        "it is call-based (fn_name 'total'), and its inputs are not lists of arguments to call it with; it is left out"
    )
    called = next(s for s in store.seeds.list() if s.imported and s.imported.name == "4001")
    tests = sorted(store.problems.list_tests(called.id), key=lambda t: t.name)
    assert [store.blobs.get(t.input_hash) for t in tests] == [b"[[1, 2]]\n", b"[[5, -1, 3]]\n"]
    assert [store.blobs.get(t.answer_hash) for t in tests if t.answer_hash] == [b"3\n", b"7\n"]
    assert "the JSON array of the arguments of `total`" in called.problem.statement
