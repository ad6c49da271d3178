"""The harbor export: the layout Harbor reads, lineage in task.toml, what only the verifier sees kept in
tests/, and the reward a Harbor trial writes equal to the `submit` score: with Harbor's own oracle agent on
the local Docker engine where Harbor is installed (.ci/run puts it in a Python 3.12 venv of its own), else by
doing what Harbor does (build environment/, run solution/solve.sh, upload tests/, run tests/test.sh, read
/logs/verifier/reward.json or .txt); and a solution forging its reward earning only its honest part's."""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import anyio
import pytest
from export_helpers import INVALID_CODE, Published, docker_config_with_compose, find_harbor
from harbor_trial import reward_as_harbor_does, trial_as_harbor_does

from frontiersmith.models import Language
from frontiersmith.tools.exports import export_tasks, load_bundle
from frontiersmith.tools.problems.submit import submit
from frontiersmith.tools.synthesis import sampled

pytestmark = pytest.mark.anyio


async def test_harbor_export_is_a_harbor_task_with_lineage_and_hidden_tests(
    published: Published, tmp_path: Path
) -> None:
    task = published.tasks["min_true_2sat"]
    out = tmp_path / "harbor"
    await export_tasks(
        published.store,
        "harbor",
        out,
        tasks=task.id,
        options={"base_image": "my/base:1"},
        settings=published.settings,
    )
    folder = out / task.id
    config = tomllib.loads((folder / "task.toml").read_text())
    meta = config["metadata"]["frontiersmith"]
    assert (
        meta["task"] == task.id
        and meta["candidate"] == task.candidate_id
        and meta["family"] == "seed_two_sat"
    )
    assert meta["chain"][-1] == task.id and meta["axis"] == "objective" and meta["forced"] is True
    assert config["task"]["name"] == f"frontiersmith/{task.id}" and config["verifier"]["timeout_sec"] > 0
    assert "FROM my/base:1" in (folder / "environment" / "Dockerfile").read_text()
    compose = (folder / "environment" / "docker-compose.yaml").read_text()
    assert "network_mode: none" in compose and "init: true" in compose  # init: `compose down` stops at once
    assert task.problem.statement.strip() in (folder / "instruction.md").read_text()
    bundle = await load_bundle(published.store, task, published.settings)
    assert (
        bundle.best is not None
        and bundle.best.solution.code.strip() in (folder / "solution" / "solve.sh").read_text()
    )
    # what the agent sees (instruction, environment) holds no test input and no baseline objective
    seen = (folder / "instruction.md").read_text() + "".join(
        p.read_text() for p in (folder / "environment").iterdir()
    )
    assert all(t.input.decode().strip()[:40] not in seen for t in bundle.package.tests)
    assert sorted(p.name for p in (folder / "tests").iterdir()) == [
        "chk.cc",
        "config.yaml",
        "limits.json",
        "run_tests.py",
        "statement.txt",
        "test.sh",
        "testdata",
        "testlib.h",
    ]
    assert os.access(folder / "tests" / "test.sh", os.X_OK) and os.access(
        folder / "solution" / "solve.sh", os.X_OK
    )
    default = tmp_path / "default"
    await export_tasks(published.store, "harbor", default, tasks=task.id, settings=published.settings)
    assert (
        f"FROM {published.settings.sandbox_image}"
        in (default / task.id / "environment" / "Dockerfile").read_text()
    )


def reward_from_harbor_oracle(harbor: Path, task_dir: Path, tmp: Path) -> float:
    # LiteLLM (in Harbor) otherwise tries to fetch its model price list from the network, retrying, at every run
    env = {**os.environ, **docker_config_with_compose(harbor, tmp), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    jobs = tmp / "jobs"
    done = subprocess.run(
        [str(harbor), "run", "-p", str(task_dir), "-a", "oracle", "-o", str(jobs), "-n", "1", "-y", "-q"],
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rewards = list(jobs.glob("*/*/verifier/reward.txt"))
    assert len(rewards) == 1, (done.stdout[-3000:], list(jobs.rglob("*")))
    return float(rewards[0].read_text())


@pytest.mark.slow
@pytest.mark.docker
async def test_harbor_oracle_agent_reward_equals_the_submit_score(
    published: Published, tmp_path: Path, docker_required: None
) -> None:
    task = published.tasks["max_3sat"]
    out = tmp_path / "harbor"
    await export_tasks(published.store, "harbor", out, tasks=task.id, settings=published.settings)
    bundle = await load_bundle(published.store, task, published.settings)
    assert bundle.best is not None
    best = bundle.best.program
    expected = await submit(published.store, task.id, best.code, best.language, settings=published.settings)
    harbor = find_harbor()
    reward = (
        reward_from_harbor_oracle(harbor, out / task.id, tmp_path)
        if harbor is not None
        else reward_as_harbor_does(out / task.id)
    )
    assert reward == pytest.approx(expected.score, abs=1e-6) and reward > 0


@pytest.mark.docker
async def test_harbor_reward_of_an_agents_file_equals_the_submit_score(
    published: Published, tmp_path: Path, docker_required: None
) -> None:
    task = published.tasks["weighted_tardiness"]
    out = tmp_path / "harbor"
    await export_tasks(published.store, "harbor", out, tasks=task.id, settings=published.settings)
    bundle = await load_bundle(published.store, task, published.settings)
    assert bundle.best is not None
    best = bundle.best.program
    expected = await submit(published.store, task.id, best.code, best.language, settings=published.settings)
    assert reward_as_harbor_does(out / task.id) == pytest.approx(expected.score, abs=1e-6)
    invalid = await submit(published.store, task.id, INVALID_CODE, "python", settings=published.settings)
    assert invalid.score == 0.0
    assert reward_as_harbor_does(out / task.id, ("/app/solution.py", INVALID_CODE)) == 0.0


# Forging parts, each run before the honest solution in one program: under the verifier they must earn nothing,
# so the program scores what its honest part does.
FORGERIES = {
    # the checker the verifier built, replaced by one that accepts everything with full marks
    "overwrites_the_checker": """
import glob, os
for path in glob.glob("/tmp/*/chk") + glob.glob("/tmp/*/*/chk") + glob.glob("/tests/chk*"):
    try:
        os.unlink(path)
        with open(path, "w") as f:
            f.write("#!/bin/sh\\nexit 0\\n")
        os.chmod(path, 0o755)
    except OSError:
        pass
""",
    # the answers read and printed (an output no checker takes): only a program that cannot read them scores
    "prints_an_answer_file": """
import glob, sys
leaked = []
for path in glob.glob("/tests/testdata/*") + glob.glob("/tests/*") + glob.glob("/tmp/*/*"):
    try:
        with open(path) as f:
            leaked.append(f.read())
    except OSError:
        pass
if leaked:
    print("".join(leaked))
    sys.exit(0)
""",
    # a full reward where Harbor reads it (reward.json before reward.txt)
    "writes_a_fake_reward": """
import os
for name, text in (("reward.txt", "1.0\\n"), ("reward.json", '{"reward": 1.0}')):
    try:
        with open(os.path.join("/logs/verifier", name), "w") as f:
            f.write(text)
    except OSError:
        pass
""",
    # a process of its own that outlives the solution and keeps writing a full reward
    "leaves_a_process_rewriting_the_reward": """
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        end = time.time() + 300
        while time.time() < end:
            for name, text in (("reward.txt", "1.0\\n"), ("reward.json", '{"reward": 1.0}')):
                try:
                    with open(os.path.join("/logs/verifier", name), "w") as f:
                        f.write(text)
                except OSError:
                    pass
            time.sleep(0.02)
    os._exit(0)
""",
}


@pytest.fixture(scope="module")
def honest(published: Published, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, float]:
    """weighted_tardiness as a Harbor task, its sampled Python solution and that solution's `submit` score
    (below 1, the best sampled one's on every test under range normalisation, so a forged full reward shows)."""
    task = published.tasks["weighted_tardiness"]
    out = tmp_path_factory.mktemp("harbor-hostile")

    async def make() -> tuple[Path, str, float]:
        await export_tasks(published.store, "harbor", out, tasks=task.id, settings=published.settings)
        (honest,) = [
            s
            for s in sampled(published.store, task.candidate_id)
            if s.language is Language.PYTHON and s.author == "caller" and "baseline" not in s.strategy
        ]
        expected = await submit(
            published.store, task.id, honest.code, honest.language, settings=published.settings
        )
        return out / task.id, honest.code, expected.score

    folder, code, score = anyio.run(make)
    assert 0.0 < score < 1.0
    return folder, code, score


@pytest.mark.docker
@pytest.mark.parametrize("forgery", sorted(FORGERIES))
async def test_harbor_solution_forging_its_reward_scores_its_honest_part(
    honest: tuple[Path, str, float], forgery: str, docker_required: None
) -> None:
    task_dir, code, expected = honest
    hostile = FORGERIES[forgery] + "\n" + code
    trial = trial_as_harbor_does(task_dir, ("/app/solution.py", hostile))
    assert trial.reward == pytest.approx(expected, abs=1e-6), trial.stdout[-3000:]
    # the reward files the verifier wrote are the only ones (Harbor's capture of its output aside), and no
    # process of the solution is left to change them
    assert trial.log_files == ["reward.json", "reward.txt", "test-stdout.txt"]
    assert not [p for p in trial.processes if "solution" in p], trial.processes


@pytest.mark.docker
async def test_harbor_cpp_solution_cannot_include_an_answer_file(
    honest: tuple[Path, str, float], docker_required: None
) -> None:
    """The solution compiles as its own uid too: an answer file is not there to #include."""
    task_dir, _, _ = honest
    # the .ans holds the baseline's objective, a number: as root this compiled, printing it
    code = (
        '#include <cstdio>\ndouble leaked[] = {\n#include "/tests/testdata/1.ans"\n};\n'
        'int main() { printf("%.17g\\n", leaked[0]); }\n'
    )
    trial = trial_as_harbor_does(task_dir, ("/app/solution.cpp", code))
    assert trial.reward == 0.0 and "Permission denied" in trial.stdout, trial.stdout[-3000:]


@pytest.mark.docker
async def test_harbor_verifier_not_run_as_root_scores_zero_and_says_why(
    honest: tuple[Path, str, float], docker_required: None
) -> None:
    task_dir, code, _ = honest
    trial = trial_as_harbor_does(task_dir, ("/app/solution.py", code), verifier_user="65534")
    assert trial.reward == 0.0 and "must run as root" in trial.stdout, trial.stdout[-3000:]
