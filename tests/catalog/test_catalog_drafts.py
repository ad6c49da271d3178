"""The catalog authors its own drafts (a family as a mutation, its default tests) without the LLM layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import frontiersmith.tools.catalog as catalog
from frontiersmith.drafts import problem_from_draft
from frontiersmith.models import Axis
from frontiersmith.tools.catalog import get_family, list_families
from frontiersmith.tools.llm.offline import OfflineProvider

CATALOG_DIR = Path(catalog.__file__).parent
LLM = "frontiersmith.tools.llm"


def _absolute_imports(path: Path, text: str | None = None) -> list[str]:
    """Every module ``path`` (or ``text`` as if it were that file) imports, relative imports resolved."""
    package = ".".join(["frontiersmith", "tools", *path.relative_to(CATALOG_DIR.parent).parent.parts])
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text() if text is None else text)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            found.append(module)
            found += [f"{module}.{a.name}" for a in node.names]  # `from .. import llm`
    return found


def test_no_catalog_module_imports_the_llm_layer() -> None:
    offenders = [
        f"{path.relative_to(CATALOG_DIR)}: {module}"
        for path in sorted(CATALOG_DIR.rglob("*.py"))
        for module in _absolute_imports(path)
        if module == LLM or module.startswith(LLM + ".")
    ]
    assert offenders == []


def test_the_llm_import_scan_sees_relative_imports_of_the_llm_layer() -> None:
    """The scan above would have caught ``export.py``'s old ``from ..llm.offline import ...``."""
    old = "from ..llm.offline import catalog_tests_draft\nfrom .. import llm\n"
    found = _absolute_imports(CATALOG_DIR / "export.py", old)
    assert f"{LLM}.offline" in found and LLM in found
    nested = _absolute_imports(CATALOG_DIR / "families" / "mst.py", "from ...llm import prompts\n")
    assert LLM in nested


@pytest.mark.anyio
async def test_a_family_authors_the_mutation_and_the_tests_the_offline_provider_hands_out() -> None:
    fam = get_family("min_true_2sat")
    seed = get_family(fam.parent or "").problem()
    options = [f for f in list_families() if f.parent == fam.parent and f.axis == fam.axis]
    provider = OfflineProvider()
    offered = await provider.mutate(seed, fam.axis or Axis.OBJECTIVE, index=options.index(fam))
    assert offered == fam.as_mutation_draft()
    candidate = problem_from_draft("cand_1", offered, {"seed": seed.id})
    assert candidate.provenance == {"seed": seed.id, "catalog": "min_true_2sat"}
    assert candidate.objective == fam.objective and candidate.statement == fam.candidate_statement
    tests = await provider.write_tests(candidate, [], [])
    assert tests == fam.tests_draft()
    assert tests.distributions == list(fam.distributions) and tests.generator == fam.program
