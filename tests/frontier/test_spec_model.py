"""The structured spec and a targeted operator written by a model: the ChatProvider over the real
OpenAI-compatible HTTP path against a scripted loopback endpoint (only the model is scripted), for a problem
outside the catalog, where the offline realisation does not apply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from frontier_helpers import scripted_llm

from frontiersmith.models import DefectCluster, DefectMap, FailureType, Objective, Problem, Seed
from frontiersmith.store import Store
from frontiersmith.tools.frontier.coevolve import plan_targets
from frontiersmith.tools.frontier.operators import Operator
from frontiersmith.tools.frontier.spec import problem_spec
from frontiersmith.tools.llm.chat import ChatProvider
from frontiersmith.tools.llm.endpoints import openai_complete

PROBLEM = Problem(
    id="seed_paths",
    title="Cheap paths",
    statement="# Cheap paths\n\nPick a path.\n\n## Constraints\n1 <= n <= 1000\n",
    objective=Objective(kind="optimise", sense="min", formula="total cost"),
)


def spec_answer(n_hi: int, rules: list[dict]) -> str:
    return json.dumps(
        {
            "title": "Cheap paths",
            "story": "# Cheap paths\n\nPick a path.",
            "objective": {"kind": "optimise", "sense": "min", "formula": "total cost"},
            "inputs": [{"name": "n", "type": "int", "shape": "scalar", "bounds": [1, n_hi]}],
            "outputs": [{"name": "path", "type": "list", "shape": "k", "description": "the vertices"}],
            "constraints": ["the path is simple"],
            "complexity": {"n_bounds": {"n": [1, n_hi]}, "constraint_count": 1, "nesting": 1},
            "tests": rules,
        }
    )


@pytest.fixture
def store(tmp_path: Path):
    opened = Store(tmp_path / "store.db")
    opened.put(Seed(id=PROBLEM.id, problem=PROBLEM, origin="import"))
    yield opened
    opened.close()


@pytest.mark.anyio
async def test_a_model_writes_the_spec_and_applies_the_operator_the_defect_map_calls_for(store: Store):
    cluster = DefectCluster(
        key="time_out|family=seed_paths|size=1e3",
        failure=FailureType.TIME_OUT,
        features={"family": "seed_paths", "size": "1e3"},
        attempts=2,
        problems=[PROBLEM.id],
        detail="time-outs start at n = 900",
    )
    dmap = DefectMap(id="dm_paths", solver="model:x", clusters=[cluster])
    with scripted_llm.ScriptedEndpoint(lambda p: "op" if "targeted mutation operator" in p else "spec") as ep:
        # an invalid answer is retried; the plan asks for the spec again (one per target)
        ep.script(
            "spec",
            "not json at all",
            spec_answer(1000, [{"name": "random"}]),
            spec_answer(1000, [{"name": "random"}]),
        )
        ep.script("op", spec_answer(4000, [{"name": "random"}, {"name": "long", "purpose": "scale"}]))
        provider = ChatProvider(openai_complete(ep.base_url, "scripted", None), name="openai:scripted")
        assert (await problem_spec(PROBLEM, provider)).source == "model"
        (target,) = await plan_targets(store, "model:x", dmap, 1, provider)
    assert ep.unanswered == [] and [k for k, _ in ep.requests] == ["spec", "spec", "spec", "op"]
    op_prompt = ep.requests[-1][1]
    assert '"scale_up"' in op_prompt or "scale_up" in op_prompt
    assert "time-outs start at n = 900" in op_prompt and '"bounds": [\n' in op_prompt
    assert target.operator is Operator.SCALE_UP and target.family is None and target.parent_id == PROBLEM.id
    assert target.spec.source == "model" and target.spec.operators == ["scale_up"]
    assert target.spec.complexity.n_bounds == {"n": (1, 4000)}
    assert [r.purpose for r in target.spec.tests] == ["", "scale"]
