"""The machinery every prompt shares: the versioned ``Prompt`` (its template, the shape of its answer and one
worked example, asked as a conversation), the system line, and how a problem is written into a prompt."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pydantic import BaseModel

from frontiersmith.models import Problem

SYSTEM = (
    "You help build optimisation problems for programming contests. Do exactly what is asked and answer in "
    "the format of the example."
)


@dataclass(frozen=True)
class Prompt:
    """A versioned prompt: its template, the shape of its answer (``answer``: a JSON object of that model,
    or None for one fenced code block) and one worked example, given to the model as an earlier turn of the
    conversation (the template filled with ``example``, then the answer, ``examples[variant]``): a small model
    imitates a turn it has seen, and copies an example shown inside its own task."""

    name: str
    version: str
    template: str
    answer: type[BaseModel] | None = None
    example: dict[str, object] | None = None
    examples: dict[str, str] = field(default_factory=dict)
    # A variant's own worked example, where it differs from ``example`` (the mutation's axes: each axis's
    # example obeys that axis's instruction).
    variant_examples: dict[str, dict[str, object]] = field(default_factory=dict)

    def render(self, schema: type[BaseModel] | None = None, **values: object) -> str:
        """The task's text; ``schema`` is shown only where the endpoint cannot constrain decoding to it."""
        text = self.template.format(**values)
        if schema is not None:
            text += "\n\nJSON schema of your answer:\n" + json.dumps(schema.model_json_schema())
        return text

    def messages(
        self, system: str, schema: type[BaseModel] | None = None, variant: str = "", **values: object
    ) -> list[dict[str, str]]:
        """The conversation that asks this prompt: the system line, the worked example's task and answer (the
        ``variant``'s, e.g. the language a program is written in), then the task."""
        turns = [{"role": "system", "content": system}]
        if self.example is not None:
            example = {**values, **self.example, **self.variant_examples.get(variant, {})}
            turns.append({"role": "user", "content": self.template.format(**example)})
            turns.append({"role": "assistant", "content": self.examples[variant]})
        turns.append({"role": "user", "content": self.render(schema, **values)})
        return turns


def number(x: float) -> str:
    """A bound as a statement writes it: 1000, 0.5."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def size(n: int) -> str:
    """Bytes in the largest unit that holds them whole-ish: 16 MiB, 300 KiB."""
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:g} {unit}"
    return f"{n} bytes"


def describe(problem: Problem) -> str:
    """The problem's title, tuple and statement as indented JSON, as the prompt writing its structured spec shows
    it."""
    return json.dumps(
        {
            "title": problem.title,
            "objective": problem.objective.model_dump(mode="json"),
            "input_constraints": problem.input_spec.model_dump(mode="json"),
            "output_constraints": problem.output_spec.model_dump(mode="json"),
            "statement": problem.statement,
        },
        indent=1,
    )


def brief(problem: Problem) -> str:
    """A problem as a small model reads it: its statement (which names the title, the input, the output and the
    constraints), without the tuple repeated as JSON."""
    statement = problem.statement.strip()
    if problem.title and problem.title.lower() not in statement[:200].lower():
        statement = f"# {problem.title}\n\n{statement}"
    return statement


def rejected_block(reason: str) -> str:
    """What a model is told when its answer could not be used, before it answers again."""
    return f"\n\nYour previous answer could not be used: {reason} Answer again, in the format of the example."
