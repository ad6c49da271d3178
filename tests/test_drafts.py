"""The drafts are domain types (frontiersmith.drafts): every author takes them from there, none from the LLM layer."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import frontiersmith.drafts as drafts
import frontiersmith.tools.llm as llm


def test_every_module_takes_the_drafts_from_the_domain() -> None:
    root = Path(drafts.__file__).resolve().parents[1]
    names = set(drafts.__all__)
    wrong = []
    for path in sorted(root.glob("**/*.py")):
        if ".venv" in path.parts or "build" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and "llm" in (node.module or "").split("."):
                wrong += [f"{path.relative_to(root)}: {a.name}" for a in node.names if a.name in names]
    assert not wrong, wrong
    # ... nor does any module of the LLM layer offer them as its own
    layer = [llm] + [
        importlib.import_module(m.name) for m in pkgutil.iter_modules(llm.__path__, llm.__name__ + ".")
    ]
    assert not [
        (m.__name__, sorted(names & set(getattr(m, "__all__", ()))))
        for m in layer
        if names & set(getattr(m, "__all__", ()))
    ]


def test_the_drafts_module_depends_on_the_models_alone() -> None:
    imported = set()
    for node in ast.walk(ast.parse(Path(drafts.__file__).read_text())):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert imported <= {"__future__", "typing", "pydantic", ".models"}, imported
