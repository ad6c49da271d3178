"""`evaluate-divergence --provider openai` measures the AUC with a model as the semantic judge. The model is the
only scripted part (a loopback OpenAI-compatible endpoint): it labels one open family's solutions all
different and one pseudo-open family's all alike (the offline judge gives both 0.5), so the report must
carry the script's labels, while the families' programs (solutions, tests, verifier) stay the catalog's and
the model is asked for nothing else."""

from __future__ import annotations

import json
import subprocess

from model_answers import grouping, step_of, title_of

from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.synthesis.divergence import formulas as dm

from .conftest import cli_env, frontiersmith_cmd
from .scripted_llm import ScriptedEndpoint

OPEN, PSEUDO = "coin_denominations", "min_rooms"
N = 2  # solutions per family: the fewest that have a divergence, to keep the test fast


def route(task: str) -> str:
    return f"group:{title_of(task)}" if step_of(task) == "group" else "other"


def test_evaluate_divergence_labels_come_from_the_judge_model(tmp_path):
    endpoint = ScriptedEndpoint(route)
    titles = {name: get_family(name).as_mutation_draft().title for name in (OPEN, PSEUDO)}
    endpoint.script(f"group:{titles[OPEN]}", grouping(list(range(N))))
    endpoint.script(f"group:{titles[PSEUDO]}", grouping([0] * N))
    args = ["evaluate-divergence", "--json", "--family", f"{OPEN},{PSEUDO}", "-n", str(N)]
    with endpoint:
        args += ["--provider", "openai", "--model", "scripted-judge", "--base-url", endpoint.base_url]
        proc = subprocess.run(
            [*frontiersmith_cmd(), *args], env=cli_env(tmp_path), capture_output=True, text=True, timeout=600
        )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)

    assert endpoint.unanswered == []
    assert sorted(k for k, _ in endpoint.requests) == sorted(f"group:{t}" for t in titles.values())
    assert out["judge"] == "openai:scripted-judge"
    fams = {f["family"]: f for f in out["families"]}
    assert set(fams) == {OPEN, PSEUDO} and all(f["protocol_ok"] for f in fams.values())
    assert fams[OPEN]["semantic"] == 1.0 and fams[PSEUDO]["semantic"] == 0.0
    for f in fams.values():
        assert f["combined"] == dm.combined(f["semantic"], f["behavioural"], f["crossing"])
    assert out["auc"]["semantic"] == 1.0


def test_evaluate_divergence_with_a_model_judge_needs_a_model_name(tmp_path, run_cli):
    proc = run_cli(tmp_path, "evaluate-divergence", "--provider", "openai", check=False)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "needs a model name" in proc.stderr and proc.stderr.strip().count("\n") == 0, proc.stderr
