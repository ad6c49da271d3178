"""``model:NAME`` against a scripted OpenAI-compatible chat endpoint on loopback (only the model is scripted):
k attempts with the judge's data-free feedback between them, tokens and messages stored; then the diagnoser's
cluster labels written by a (scripted) model from each cluster's examples."""

from __future__ import annotations

import json

import pytest
from frontier_helpers import CHEAP, GREEDY, scripted_llm

from frontiersmith.errors import EndpointUnreachable
from frontiersmith.models import FailureType
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.frontier import diagnose, evaluate, label_clusters
from frontiersmith.tools.frontier.solvers import ModelSolver
from frontiersmith.tools.llm.chat import ChatProvider
from frontiersmith.tools.llm.endpoints import openai_complete

pytestmark = pytest.mark.anyio

ANSWERS = (
    "I would try a greedy assignment, false first.",  # no code
    "```python\nimport sys\nsys.exit(3)\n```",  # runs and fails on every test
    f"Fixed:\n```python\n{GREEDY}```",
)


async def test_model_solver_gets_feedback_between_attempts_and_its_trajectories_keep_the_messages(
    store: Store, settings: Settings
):
    with scripted_llm.ScriptedEndpoint(lambda prompt: "solve") as endpoint:
        endpoint.script("solve", *ANSWERS)
        solver = ModelSolver(
            "scripted-coder", settings.model_copy(update={"llm_base_url": endpoint.base_url})
        )
        trajectories = await evaluate(store, solver, [CHEAP], attempts=3, feedback=True, settings=settings)
    assert endpoint.unanswered == []
    assert [t.failure for t in trajectories][:2] == [FailureType.NO_SOLUTION, FailureType.RUNTIME_ERROR]
    assert trajectories[2].score > 0 and trajectories[2].code.strip() == GREEDY.strip()
    assert all(t.solver == "model:scripted-coder" and t.tokens == 2 for t in trajectories)

    # The model saw the statement first, then the judge's data-free feedback on each attempt.
    prompts = [p for _, p in endpoint.requests]
    assert "Min-True 2-SAT" in prompts[0] and "feedback" not in prompts[0]
    assert prompts[0].endswith("Write it in Python 3.")  # the llm_language setting, python by default
    assert "attempt 1: no code" in prompts[1]
    assert "runtime error: non-zero exit" in prompts[2] and "verdicts RE x" in prompts[2]
    roles = [m["role"] for m in trajectories[2].messages]
    assert roles == ["system", "user", "assistant", "user", "assistant", "user", "assistant"]
    assert trajectories[2].messages[-1]["content"] == ANSWERS[2]


async def test_without_feedback_each_attempt_starts_afresh(store: Store, settings: Settings):
    with scripted_llm.ScriptedEndpoint(lambda prompt: "solve") as endpoint:
        endpoint.script("solve", "no code here", "```java\nclass A {}\n```")
        solver = ModelSolver(
            "scripted-plain", settings.model_copy(update={"llm_base_url": endpoint.base_url})
        )
        trajectories = await evaluate(store, solver, [CHEAP], attempts=2, settings=settings)
    assert [t.detail.split(":")[0] for t in trajectories] == ["no code", "wrong language"]
    assert all("feedback" not in p for _, p in endpoint.requests)
    assert [len(t.messages) for t in trajectories] == [3, 3]


async def test_an_endpoint_that_is_down_stops_the_evaluation_in_one_sentence_and_stores_nothing(
    store: Store, settings: Settings
):
    solver = ModelSolver("nobody-home", settings.model_copy(update={"llm_base_url": "http://127.0.0.1:9/v1"}))
    with pytest.raises(EndpointUnreachable, match=r"http://127\.0\.0\.1:9/v1 cannot be reached"):
        await evaluate(store, solver, [CHEAP], settings=settings)
    assert store.frontier.list_trajectories(solver="model:nobody-home") == []


async def test_a_configured_model_writes_each_clusters_label_from_its_examples(
    store: Store, settings: Settings
):
    if not store.frontier.list_trajectories(solver="model:scripted-coder"):
        pytest.skip("needs the trajectories of the feedback test above")
    offline = diagnose(store, "model:scripted-coder")
    assert offline.labelled_by == "offline" and len(offline.clusters) == 3
    with scripted_llm.ScriptedEndpoint(lambda prompt: "label") as endpoint:
        endpoint.script(
            "label",
            json.dumps(
                {
                    "label": "It stops one local improvement short of the fewest true variables on cover inputs."
                }
            ),
            "not json at all",  # a label the model fails to give keeps its offline one
            "still not json",
        )
        provider = ChatProvider(
            openai_complete(endpoint.base_url, "scripted-labeller", None), name="openai:x"
        )
        labelled = await label_clusters(store, offline, provider)
    assert labelled.labelled_by == "openai:x" and labelled.id == offline.id
    labels = {c.failure: c.label for c in labelled.clusters}
    first = labelled.clusters[0]
    assert (
        labels[first.failure]
        == "It stops one local improvement short of the fewest true variables on cover inputs."
    )
    assert [c.label for c in labelled.clusters[1:]] == [c.label for c in offline.clusters[1:]]
    # the model was shown the cluster and its example trajectories' code and verdicts
    asked = endpoint.requests[0][1]
    assert first.key in asked or first.failure.value in asked
    assert all(e in asked for e in first.examples)
    assert store.frontier.latest_defect_map("model:scripted-coder") == labelled
