"""The verifiers export loaded with the verifiers library (``vf.load_environment``) and evaluated against a
loopback OpenAI-compatible endpoint: only the model is scripted; the environment, its rubric, the judge and
(for the MCP form) this project's MCP server are real."""

from __future__ import annotations

import pytest
from reward_helpers import baseline, evaluate, export, solver, submit_score, use_store

from frontiersmith.errors import InvalidInputError
from frontiersmith.rewards import clear_cache, environment
from frontiersmith.tools.catalog import get_family

vf = pytest.importorskip("verifiers")  # a test extra (pip install -e .[dev])
pytestmark = pytest.mark.anyio


@pytest.fixture
async def environment_export(published, tmp_path, monkeypatch):
    out = tmp_path / "verifiers"
    await export(published, "verifiers", out)
    monkeypatch.syspath_prepend(str(out))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    clear_cache()
    return out


def titles(published) -> dict[str, str]:
    return {get_family(f).title: f for f in published.tasks}


async def test_verifiers_loads_the_export_and_its_rubric_scores_as_submit(
    published, environment_export, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))  # the export alone
    env = vf.load_environment("frontiersmith-tasks")
    assert isinstance(env, vf.SingleTurnEnv)
    dataset = env.get_dataset()
    assert {"prompt", "answer", "info"} <= set(dataset.column_names) and len(dataset) == len(published.tasks)

    outputs = await evaluate(env, {title: [("answer", solver(f))] for title, f in titles(published).items()})

    family_of = {t.id: f for f, t in published.tasks.items()}
    got = {o["info"]["task_id"]: o["reward"] for o in outputs}
    expected = {tid: await submit_score(published, tid, solver(f)) for tid, f in family_of.items()}
    assert got == expected and any(v > 0 for v in expected.values())


async def test_multi_turn_submit_gives_feedback_within_the_budget(
    published, environment_export, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))
    env = vf.load_environment("frontiersmith-tasks", max_submissions=1)
    family = "min_true_2sat"
    title = get_family(family).title
    plan = [("submit", baseline(family)), ("submit", solver(family)), ("answer", solver(family))]
    plans = {t: plan if t == title else [("answer", baseline(f))] for t, f in titles(published).items()}

    outputs = await evaluate(env, plans)

    task_id = published.tasks[family].id
    [mine] = [o for o in outputs if o["info"]["task_id"] == task_id]
    tool_replies = [m["content"] for m in mine["completion"] if m["role"] == "tool"]
    assert len(tool_replies) == 2
    assert tool_replies[0].startswith("score 0.0000") and "submissions left: 0" in tool_replies[0]
    assert "accepted by the verifier" in tool_replies[0]
    assert tool_replies[1].startswith("No submissions left")
    assert mine["reward"] == await submit_score(published, task_id, solver(family)) > 0


async def test_the_reward_is_the_best_program_by_default_and_the_last_when_asked(
    published, environment_export, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))
    family = "min_true_2sat"
    title = get_family(family).title
    # A good submission, then a final answer that is worse (the baseline scores 0).
    plan = [("submit", solver(family)), ("answer", baseline(family))]
    plans = {t: plan if t == title else [("answer", baseline(f))] for t, f in titles(published).items()}
    task_id = published.tasks[family].id
    good = await submit_score(published, task_id, solver(family))
    assert good > 0 and await submit_score(published, task_id, baseline(family)) == 0

    rewards = {}
    for chosen in ("best", "last", None):
        options = {"reward": chosen} if chosen else {}
        env = vf.load_environment("frontiersmith-tasks", max_submissions=2, **options)
        [mine] = [o for o in await evaluate(env, plans) if o["info"]["task_id"] == task_id]
        rewards[chosen] = mine["reward"]

    assert rewards == {"best": good, "last": 0.0, None: good}
    with pytest.raises(InvalidInputError, match="reward must be best or last"):
        environment.load_environment(environment_export, reward="mean")


async def test_multi_turn_submit_through_the_mcp_server(published, environment_export, monkeypatch) -> None:
    use_store(published, monkeypatch)
    # The submit tool's calls go to `frontiersmith serve --tools solve` over stdio, on the store's task.
    env = vf.load_environment("frontiersmith-tasks", max_submissions=1, mcp=True)
    family = "min_true_2sat"
    title = get_family(family).title
    plans = {t: [("answer", baseline(f))] for t, f in titles(published).items()}
    plans[title] = [("submit", solver(family)), ("answer", solver(family))]
    before = len(published.store.tasks.list_submissions(published.tasks[family].id))

    outputs = await evaluate(env, plans)

    task_id = published.tasks[family].id
    [mine] = [o for o in outputs if o["info"]["task_id"] == task_id]
    [reply] = [m["content"] for m in mine["completion"] if m["role"] == "tool"]
    expected = await submit_score(published, task_id, solver(family))
    assert reply.startswith(f"score {expected:.4f}") and mine["reward"] == expected
    # The server stored the submission it judged (the one above is the test's own).
    assert len(published.store.tasks.list_submissions(task_id)) == before + 2
