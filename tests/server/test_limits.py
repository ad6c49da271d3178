"""What a client or a package asks of the server is bounded by settings, checked before any work starts: tests
per problem, distributions, bytes per test and per build, and how many builds a candidate keeps."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from mcp import Client
from mcp_helpers import SEED, structured

from frontiersmith.drafts import TestsDraft as Draft
from frontiersmith.errors import InvalidInputError
from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools import synthesis
from frontiersmith.tools.judging import jobs as step_runner  # where a step's sandbox opens
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs, load_frontiercs
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds

pytestmark = pytest.mark.anyio

# One program for both roles: `gen DIST SEED` prints one small input (or floods, for DIST=flood), `validate`
# accepts anything.
TESTS_PROGRAM = """
import sys
if sys.argv[1] == "gen":
    dist, seed = sys.argv[2], sys.argv[3]
    if dist == "flood":
        while True:
            sys.stdout.write("7" * 65536)
    print(dist, seed, "x" * (1500 if dist.startswith("big") else 0))
else:
    sys.stdin.read()
    print('{"n": 3000, "m": 6000}')  # the candidate's bounds, so the tests' scale (not checked here) passes
"""


def draft(distributions: list[str], per: int = 1) -> dict:
    program = {"code": TESTS_PROGRAM, "language": "python"}
    return {
        "generator": program,
        "validator": program,
        "distributions": distributions,
        "tests_per_distribution": per,
    }


def package(root: Path, n_cases: int) -> Path:
    (root / "testdata").mkdir(parents=True)
    (root / "config.yaml").write_text(f"type: default\nchecker: chk.cc\nsubtasks: [{{n_cases: {n_cases}}}]\n")
    (root / "chk.cc").write_text(
        '#include "testlib.h"\nint main(int c, char* v[]) { registerTestlibCmd(c, v); }\n'
    )
    (root / "testdata" / "1.in").write_text("1\n")
    return root


async def test_a_package_asking_for_too_many_tests_is_refused_at_once_and_nothing_is_stored(
    tmp_path: Path, settings: Settings
) -> None:
    with open_store(settings=settings) as store:
        before = store.counts()
        for n_cases in (201, 10**12):  # just over the default limit, and the memory bomb
            root = package(tmp_path / f"pkg{n_cases}", n_cases)
            start = time.monotonic()
            with pytest.raises(InvalidInputError, match=f"asks for {n_cases} tests.*max_tests_per_problem"):
                load_frontiercs(root)
            with pytest.raises(InvalidInputError, match="FRONTIERSMITH_MAX_TESTS_PER_PROBLEM"):
                await import_frontiercs(root, store, settings=settings)
            assert time.monotonic() - start < 2
        assert store.counts() == before


async def test_generate_tests_over_the_limits_is_refused_before_any_sandbox_starts(
    server: FrontierSmithServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[object] = []
    real = step_runner.open_sandbox

    def counting(*args, **kwargs):
        started.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(step_runner, "open_sandbox", counting)
    store = server.backend.store()
    async with Client(server) as client:
        cid = structured(await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"}))[
            "candidate_id"
        ]
        start = time.monotonic()
        asked = {
            "max_test_distributions": draft([f"d{i}" for i in range(300)], per=20),  # 6,000 tests
            "max_tests_per_problem": draft([f"d{i}" for i in range(20)], per=20),  # 400 tests
        }
        for setting, authored in asked.items():
            result = await client.call_tool("generate_tests", {"candidate_id": cid, "authored": authored})
            message = result.content[0].text
            assert result.is_error and setting in message and f"FRONTIERSMITH_{setting.upper()}" in message
            assert "\n" not in message.strip()
        huge_seed = await client.call_tool(
            "generate_tests", {"candidate_id": cid, "authored": draft(["a", "b", "c"]), "seed": 10**40}
        )
        assert huge_seed.is_error and "seed must be between 0 and" in huge_seed.content[0].text
        assert time.monotonic() - start < 5
    assert started == [] and store.problems.list_tests(cid) == []
    assert store.candidates.list_suites(cid) == [] and store.candidates.get(cid).suite_id is None


async def test_a_generator_printing_past_the_byte_caps_is_stopped_with_a_clear_failure(
    settings: Settings,
) -> None:
    capped = settings.model_copy(update={"max_test_bytes": 64 * 1024, "max_build_bytes": 4096})
    with open_store(settings=capped) as store:
        ensure_catalog_seeds(store)
        cid = (
            await synthesis.mutate_problem(store, SEED, "objective", provider=OfflineProvider())
        ).candidate.id
        flood = Draft.model_validate(draft(["flood", "small", "tiny"]))
        start = time.monotonic()
        built = await synthesis.generate_tests(store, cid, authored=flood, settings=capped)
        assert time.monotonic() - start < 30
        assert [t.distribution for t in built.tests] == ["small", "tiny"]
        assert built.failures == [
            "the generator printed more than 64 KiB for `gen flood 1`; print a smaller input or raise the "
            "setting max_test_bytes (FRONTIERSMITH_MAX_TEST_BYTES)"
        ]

        big = Draft.model_validate(draft(["big1", "big2", "big3"], per=2))  # 6 inputs of ~1.5 KB each
        built = await synthesis.generate_tests(store, cid, authored=big, settings=capped)
        assert len(built.tests) == 2
        (failure,) = built.failures
        assert "passed 4 KiB" in failure and "max_build_bytes" in failure and "`gen big2 1`" in failure


async def test_only_the_last_builds_of_a_candidate_are_kept_and_their_blobs_freed(
    server: FrontierSmithServer,
) -> None:
    store = server.backend.store()
    kept = server.backend.settings.builds_kept_per_candidate
    builds: list[set[str]] = []
    dropped: set[str] = set()  # the input blobs of the builds that must go
    async with Client(server) as client:
        cid = structured(await client.call_tool("mutate_problem", {"parent_id": SEED, "axis": "objective"}))[
            "candidate_id"
        ]
        for seed in range(kept + 2):
            out = structured(
                await client.call_tool(
                    "generate_tests",
                    {"candidate_id": cid, "authored": draft(["a", "b", "c"]), "seed": seed},
                )
            )
            assert out["ok"], out["failures"]
            builds.append({t["test_id"] for t in out["tests"]})
            if seed < 2:
                dropped |= {t.input_hash for t in store.problems.list_tests(cid) if t.id in builds[-1]}
    assert {t.id for t in store.problems.list_tests(cid)} == set().union(*builds[-kept:])
    assert {t.id for t in synthesis.current_tests(store, cid)} == builds[-1]
    first_two = builds[0] | builds[1]
    assert not first_two & {t.id for t in store.problems.list_tests(cid)}
    assert len(dropped) == 6 and not any(store.blobs.has(h) for h in dropped)
