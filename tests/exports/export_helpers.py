"""Published tasks made cheaply for the export tests: a catalog family walked through the six steps with
authored content only (its own statement, generator, validator, verifier, baseline and solvers; no model)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from frontiersmith.drafts import SolutionDraft, TestsDraft, VerifierDraft
from frontiersmith.models import Language, Task
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.synthesis import (
    ensure_catalog_seeds,
    estimate_divergence,
    generate_tests,
    mutate_problem,
    publish_candidate,
    run_verifier,
    sample_solutions,
    seed_id_for,
)

# Two siblings of one lineage family (both mutate two_sat) and one of another (max_lateness): all have
# Python verifiers, baselines and at least one Python solver, so building them costs no C++ compile.
FAMILIES = ("min_true_2sat", "max_3sat", "weighted_tardiness")
# An output no verifier accepts.
INVALID_CODE = "print('not an answer')\n"


async def publish_family(store: Store, name: str, settings: Settings) -> Task:
    """``name``'s family as a published task mutated from its parent seed (past the divergence gate)."""
    fam = get_family(name)
    assert fam.parent is not None and fam.axis is not None and fam.baseline is not None
    ensure_catalog_seeds(store)
    mutated = await mutate_problem(store, seed_id_for(fam.parent), fam.axis, authored=fam.as_mutation_draft())
    cid = mutated.candidate.id
    solvers = [s for s in fam.solvers if s.language is Language.PYTHON][:2]
    drafts = [
        SolutionDraft(code=s.path.read_text(), language=s.language, strategy=s.strategy) for s in solvers
    ]
    drafts.append(
        SolutionDraft(
            code=fam.baseline.program.code, language=fam.baseline.language, strategy="baseline idea"
        )
    )
    await sample_solutions(store, cid, authored=drafts, settings=settings)
    plan = TestsDraft(
        generator=fam.program,
        validator=fam.program,
        distributions=list(fam.distributions)[:3],
        tests_per_distribution=1,
    )
    built = await generate_tests(store, cid, authored=plan, settings=settings)
    assert built.tests and not built.failures, built.failures
    verified = await run_verifier(
        store,
        cid,
        authored=VerifierDraft(verifier=fam.program, baseline=fam.baseline.program, sense=fam.sense),
        settings=settings,
    )
    assert verified.ok, verified.record.failures()
    await estimate_divergence(store, cid, "behavioural")
    return await publish_candidate(store, cid, force=True)


def run_cli(
    data_dir: Path, *args: str, check: bool = True, timeout: float = 600
) -> subprocess.CompletedProcess:
    """The real ``frontiersmith`` command over the store in ``data_dir`` (process sandbox, no user config)."""
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_")}
    env.update(
        FRONTIERSMITH_DATA_DIR=str(data_dir),
        FRONTIERSMITH_CONFIG=str(data_dir / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
        FRONTIERSMITH_WORKERS="2",
    )
    proc = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if check and proc.returncode != 0:
        raise AssertionError(
            f"frontiersmith {' '.join(args)} failed ({proc.returncode}): {proc.stderr[-3000:]}"
        )
    return proc


def judge_json(data_dir: Path, problem: str, solution: Path) -> dict:
    return json.loads(run_cli(data_dir, "judge", problem, str(solution), "--json").stdout)
