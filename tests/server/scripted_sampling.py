"""A scripted client-side model for MCP sampling: the only scripted part of the sampling tests. It reads the
JSON schema a prompt asks for and answers from the built-in catalog's min_true_2sat family, recording
every prompt it was asked."""

from __future__ import annotations

import json
import re

from mcp.client import ClientRequestContext
from mcp.types import CreateMessageRequestParams, CreateMessageResult, TextContent

from frontiersmith.tools.catalog import get_family

FAMILY = "min_true_2sat"


def _answer(schema: str, prompt: str, verdict: dict | None = None) -> dict:
    fam = get_family(FAMILY)
    assert fam.baseline is not None and fam.sense is not None
    if schema == "MutationDraft":
        return {
            "title": fam.title,
            "statement": fam.statement,
            "objective": fam.objective.model_dump(mode="json"),
            "input_spec": fam.input_spec.model_dump(mode="json"),
            "output_spec": fam.output_spec.model_dump(mode="json"),
            "io_format": fam.io_format,
            "rationale": "minimising true variables makes 2-SAT NP-hard",
        }
    if schema == "CoarseVerdict":
        if verdict is not None:
            return verdict
        return {"keep": True, "reason": "ok", "explanation": "NP-hard objective with several approaches"}
    if schema == "SolutionDraft":
        index = int(re.search(r"independent solver #(\d+)", prompt).group(1))  # type: ignore[union-attr]
        if index % 2 == 0:
            return {
                "code": fam.solvers[0].path.read_text(),
                "language": "python",
                "strategy": "greedy false-first",
            }
        return {"code": fam.baseline.program.code, "language": "python", "strategy": "random restarts"}
    if schema == "StrategyGroups":
        count = int(re.search(r"Below are (\d+) solutions", prompt).group(1))  # type: ignore[union-attr]
        return {"labels": list(range(count)), "explanation": "each solution uses its own idea"}
    if schema == "TestsDraft":
        return {
            "generator": fam.program.model_dump(mode="json"),
            "validator": fam.program.model_dump(mode="json"),
            "distributions": list(fam.distributions),
            "tests_per_distribution": fam.tests_per_distribution,
        }
    if schema == "VerifierDraft":
        return {
            "verifier": fam.program.model_dump(mode="json"),
            "baseline": fam.baseline.program.model_dump(mode="json"),
            "sense": fam.sense.value,
            "feasibility": fam.feasibility_program.model_dump(mode="json"),  # type: ignore[union-attr]
        }
    raise AssertionError(f"the scripted model was asked for an unknown schema {schema}")


class ScriptedSampler:
    """A ``sampling_callback`` for ``mcp.Client``: answers by schema, records (schema, prompt) pairs."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []
        self.verdict: dict | None = None  # the coarse judge's answer, when a test scripts another one

    async def __call__(
        self, context: ClientRequestContext, params: CreateMessageRequestParams
    ) -> CreateMessageResult:
        content = params.messages[0].content
        assert isinstance(content, TextContent)
        prompt = content.text
        schema = json.loads(prompt.rsplit("JSON schema of your answer:\n", 1)[1])["title"]
        self.asked.append((schema, prompt))
        text = json.dumps(_answer(schema, prompt, self.verdict))
        return CreateMessageResult(
            role="assistant", content=TextContent(type="text", text=text), model="scripted"
        )

    def schemas(self) -> list[str]:
        return [s for s, _ in self.asked]
