"""The drafts are domain types (frontiersmith.drafts): every author uses them, the LLM layer only re-exports."""

from __future__ import annotations

import ast
from pathlib import Path

import frontiersmith.drafts as drafts
import frontiersmith.tools.llm as llm
import frontiersmith.tools.llm.base as llm_base


def test_the_llm_layer_re_exports_the_very_draft_types_of_the_domain() -> None:
    for name in drafts.__all__:
        assert getattr(llm_base, name) is getattr(drafts, name), name
    for name in (
        "CoarseVerdict",
        "MutationDraft",
        "SolutionDraft",
        "StrategyGroups",
        "TestsDraft",
        "VerifierDraft",
    ):
        assert getattr(llm, name) is getattr(drafts, name), name


def test_the_drafts_module_depends_on_the_models_alone() -> None:
    imported = set()
    for node in ast.walk(ast.parse(Path(drafts.__file__).read_text())):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert imported <= {"__future__", "typing", "pydantic", ".models"}, imported
