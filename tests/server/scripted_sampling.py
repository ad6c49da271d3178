"""A scripted client-side model for MCP sampling: the only scripted part of the sampling tests. It tells the
step from the prompt's task (its last turn) and answers from the built-in catalog's min_true_2sat family,
in the shape the step asks for, recording every step it was asked."""

from __future__ import annotations

import json

from mcp.client import ClientRequestContext
from mcp.types import CreateMessageRequestParams, CreateMessageResult, TextContent
from model_answers import answer_for, step_of, task_of

FAMILY = "min_true_2sat"


class ScriptedSampler:
    """A ``sampling_callback`` for ``mcp.Client``: answers by step, records (step, task) pairs."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []
        self.verdict: dict | None = None  # the coarse judge's answer, when a test scripts another one

    async def __call__(
        self, context: ClientRequestContext, params: CreateMessageRequestParams
    ) -> CreateMessageResult:
        turns = []
        for m in params.messages:
            assert isinstance(m.content, TextContent)
            turns.append((m.role, m.content.text))
        task = task_of(turns)
        self.asked.append((step_of(task), task))
        overrides = {"coarse": json.dumps(self.verdict)} if self.verdict is not None else {}
        text = answer_for(task, FAMILY, **overrides)
        return CreateMessageResult(
            role="assistant", content=TextContent(type="text", text=text), model="scripted"
        )

    def steps(self) -> list[str]:
        return [s for s, _ in self.asked]
