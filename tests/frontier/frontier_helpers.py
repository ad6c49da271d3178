"""Shared by the frontier tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

CHEAP = "catalog/min_true_2sat"  # Python baseline and greedy: the quickest open family to judge


def _load(relative: str, name: str) -> ModuleType:
    """A helper module of another test folder (those folders are not packages on the path together)."""
    path = Path(__file__).resolve().parents[1] / relative
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The scripted OpenAI-compatible endpoints on loopback: the only scripted part of these tests is the model.
scripted_llm = _load("pipeline/scripted_llm.py", "frontiersmith_test_scripted_llm")
chat_endpoint = _load("agents/chat_endpoint.py", "frontiersmith_test_chat_endpoint")
GREEDY = (Path(__file__).resolve().parents[2] / "tools/catalog/solvers/min_true_2sat/greedy.py").read_text()
