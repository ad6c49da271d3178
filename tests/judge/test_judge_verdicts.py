"""A judge verifies an output once per test: the same output on the same test again (two solutions that agree,
the empty output as a probe and as a mutant) gets the verdict already given, unless asked ``again``, and
never a verdict the verifier did not give for that test and output. On the real process sandbox, with the
catalog's min_true_2sat program as the verifier; its runs are counted where the judge calls the sandbox."""

from __future__ import annotations

import random
from typing import Any

import anyio
import pytest

from frontiersmith.models import Verdict
from frontiersmith.sandbox import open_sandbox
from frontiersmith.settings import Settings
from frontiersmith.tools.catalog import families, load_module
from frontiersmith.tools.catalog.matrix import family_judge
from frontiersmith.tools.judging.judge import JudgeTest

pytestmark = pytest.mark.anyio


def two_tests() -> list[JudgeTest]:
    fam = families()["min_true_2sat"]
    mod = load_module(fam.module_path)
    dist = fam.distributions[0]
    return [
        JudgeTest(
            f"t{seed}", mod.generate(mod.Config(), dist, random.Random(f"{mod.NAME}:{dist}:{seed}")).encode()
        )
        for seed in (1, 2)
    ]


async def test_the_same_output_on_the_same_test_is_verified_once_unless_asked_again(tmp_path) -> None:
    fam = families()["min_true_2sat"]
    assert fam.baseline is not None
    first, second = two_tests()
    settings = Settings(data_dir=tmp_path, sandbox_backend="process")
    async with (
        open_sandbox(settings=settings) as sb,
        family_judge(fam, sb, {"baseline": fam.baseline.program}) as (judge, compiled),
    ):
        runs: list[Any] = []
        real_run = sb.run

        async def counted(program: Any, *args: Any, **kwargs: Any) -> Any:
            if program is judge.checker:
                runs.append(kwargs.get("files", {}).get("output.txt"))
            return await real_run(program, *args, **kwargs)

        sb.run = counted  # type: ignore[method-assign]
        solved = await judge.run(compiled["baseline"].program, first, keep_output=True)
        assert solved.verdict is Verdict.OK and solved.output and len(runs) == 1

        # the baseline's output on the same test: the verdict already given, as a copy of its own
        again = await judge.verify(first, solved.output)
        assert len(runs) == 1
        assert (again.verdict, again.objective, again.message) == (
            solved.verdict,
            solved.objective,
            solved.message,
        )
        again.score = 123.0
        assert (await judge.verify(first, solved.output)).score != 123.0

        # asked again (the determinism check), the verifier runs; another test or output is its own verdict
        fresh = await judge.verify(first, solved.output, again=True)
        assert len(runs) == 2 and fresh.objective == solved.objective
        other_test = await judge.verify(second, solved.output)
        garbage = await judge.verify(first, b"garbage\n")
        assert len(runs) == 4 and garbage.verdict is Verdict.INVALID
        assert other_test.verdict is not Verdict.OK or other_test.objective != solved.objective

        # four at once on one new output: one run, four equal verdicts
        empty: list[Any] = []

        async def one() -> None:
            empty.append(await judge.verify(second, b""))

        async with anyio.create_task_group() as tg:
            for _ in range(4):
                tg.start_soon(one)
        assert len(runs) == 5 and runs[-1] == b""
        assert len({(r.verdict, r.objective, r.message) for r in empty}) == 1 and len(empty) == 4
