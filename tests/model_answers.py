"""What a scripted model answers, in the shapes the versioned prompts ask for (tools/llm/prompts/): a
mutation written whole, a judgement as a label, a program in a fenced block, tests and verifiers as a Python
module of plain functions. Only the model is scripted; everything it "writes" is run for real.

The task of a prompt is the conversation's last user turn (the worked example's turn comes before it).
"""

from __future__ import annotations

import json
import re
from typing import Any

from frontiersmith.statement import split_sections
from frontiersmith.tools.catalog import Family, get_family
from frontiersmith.tools.llm import prompts

# What each prompt's task says, so a scripted model can tell which step asks it.
MARKERS = {
    "mutate": "Make a NEW problem from it",
    "coarse": "Is it a good open-ended optimisation problem?",
    "solve": "You are solver",
    "group": "Give each one a group number",
    "tests": "Write the test generator and the input validator",
    "verifier": "with three functions",
    "describe": "Describe it as JSON:",
    "checker": "Write its checker",
}


def task_of(turns: list[tuple[str, str]]) -> str:
    """A conversation's task, from its (role, text) turns: the last user turn, and when that turn asks the model
    to repair its last answer (``prompts.repair_block``), the task it first answered followed by the repair."""
    users = [text for role, text in turns if role == "user"]
    if len(users) >= 2 and users[-1].startswith(prompts.REPAIR_OPENING):
        return f"{users[-2]}\n\n{users[-1]}"
    return users[-1] if users else ""


def step_of(task: str) -> str:
    """The step a prompt's task asks for (a key of ``MARKERS``), or "unknown"."""
    return next((step for step, marker in MARKERS.items() if marker in task), "unknown")


def title_of(task: str) -> str:
    """The title of the problem a task is about: the statement's first heading, or the quoted title."""
    found = re.search(r'the problem "([^"]+)"', task) or re.search(r"^# (.+)$", task, re.M)
    return found.group(1).strip() if found else "?"


def solver_index(task: str) -> int:
    """Which solver a solve task asks (0-based)."""
    return int(re.search(r"You are solver (\d+)", task).group(1)) - 1  # type: ignore[union-attr]


def grouping(labels: list[int]) -> str:
    """The divergence judge's answer (prompts.GroupAnswer): a line per solution on its idea, then the labels."""
    lines = "; ".join(f"{i}: idea {label}" for i, label in enumerate(labels))
    return json.dumps({"explanation": lines, "labels": labels})


def group_count(task: str) -> int:
    return int(re.search(r"Here are (\d+) solutions", task).group(1))  # type: ignore[union-attr]


def mutation(title: str, story: str = "Pick numbers whose sum is at most C.", sense: str = "max") -> str:
    """A mutation written whole, as MUTATE asks: the story, the Input and Output sections, the objective, its
    sense and the input's size bounds."""
    return json.dumps(
        {
            "title": title,
            "story": story,
            "input": "The first line holds n and C (1 <= n <= 40, 1 <= C <= 1000); the second holds the n numbers.",
            "output": "k, then the k distinct 0-based indices of the chosen numbers, on one line.",
            "objective": "the sum of the chosen numbers",
            "sense": sense,
            "bounds": {"n": [1, 40], "C": [1, 1000]},
        }
    )


def keep(reason: str = "ok") -> str:
    return json.dumps({"reason": reason, "explanation": "scripted"})


def solution(code: str, strategy: str, language: str = "python") -> str:
    return f"Strategy: {strategy}\n```{language}\n{code.strip()}\n```\n"


def module(code: str) -> str:
    return f"```python\n{code.strip()}\n```\n"


# A catalog family's module as a model would write it: its functions without the cfg (the family's Config is
# kept under another name, since the harness's overlay defines its own).
_FAMILY_AS_MODEL = """
_FamilyConfig = Config
_family = {name: globals()[name] for name in ("generate", "validate", "verify", "feasible") if name in globals()}


def generate(dist, rng):
    return _family["generate"](_FamilyConfig(), dist, rng)


def validate(text):
    return _family["validate"](_FamilyConfig(), text)


def verify(input_text, output_text):
    return _family["verify"](_FamilyConfig(), input_text, output_text)


def feasible(input_text, output_text):
    return _family["feasible"](_FamilyConfig(), input_text, output_text)
"""


def family_module(fam: Family | str) -> str:
    """The catalog family's generator, validator, verifier and feasibility checker as a model's module, with
    its baseline solver as ``baseline(input_text)``."""
    fam = get_family(fam) if isinstance(fam, str) else fam
    code = fam.module_path.read_text() + "\n" + _FAMILY_AS_MODEL
    if fam.baseline is not None and fam.baseline.language.value == "python":
        code += f"\n\n_BASELINE = {fam.baseline.program.code!r}\n" + _RUN_BASELINE
    return code


# The baseline solver, a program reading stdin, run on the input text (in this process, stdin swapped).
_RUN_BASELINE = """

def baseline(input_text):
    import io
    import sys

    saved = sys.stdin, sys.stdout
    sys.stdin = io.TextIOWrapper(io.BytesIO(input_text.encode()))
    sys.stdout = out = io.TextIOWrapper(io.BytesIO())
    try:
        exec(compile(_BASELINE, "baseline", "exec"), {"__name__": "__main__"})
        out.flush()
        return out.buffer.getvalue().decode()
    finally:
        sys.stdin, sys.stdout = saved
"""


def answer_for(task: str, family: str, **overrides: Any) -> str:
    """The catalog family's answer to any step's task, in the step's shape (``overrides``: step -> answer)."""
    step = step_of(task)
    if step in overrides:
        return str(overrides[step])
    fam = get_family(family)
    if step == "mutate":
        found = split_sections(fam.statement)
        return json.dumps(
            {
                "title": fam.title,
                "story": found.legend,
                "input": "\n\n".join(p for p in (found.input, found.constraints) if p) or found.interaction,
                "output": found.output or found.interaction,
                "objective": fam.objective.formula,
                "sense": fam.sense.value if fam.sense else "max",
                "bounds": {k: list(v) for k, v in fam.input_spec.bounds.items()},
            }
        )
    if step == "coarse":
        return keep()
    if step == "solve":
        # the family's programs in the language the prompt asks for (Python unless it says C++; its solvers in
        # either language when it leaves the choice)
        if "complete C++17 or Python 3 program" in task:
            specs = list(fam.solvers)
        else:
            language = "cpp" if "complete C++17 program" in task else "python"
            specs = [
                s for s in (*fam.solvers, fam.baseline) if s is not None and s.language.value == language
            ]
        spec = specs[solver_index(task) % len(specs)]
        return solution(spec.program.code, spec.summary, spec.language.value)
    if step == "group":
        return grouping(list(range(group_count(task))))
    if step in ("tests", "verifier"):
        return module(family_module(fam))
    raise AssertionError(f"the scripted model was asked a task it does not know: {task[:200]}")
