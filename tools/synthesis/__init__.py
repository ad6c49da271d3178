"""The six capabilities of the paper as plain async functions over the store, one module per step and named
like the MCP tools: mutate a seed, sample solutions, estimate idea divergence, generate tests, run the
verifier (cross-validation), publish.

The CLI, the MCP server and the agents all call these. Every LLM-backed step takes either content the
caller authored or a provider that authors it; the executable part (compiling, running in the sandbox,
checking, scoring, storing) always happens here. Ids derive from their inputs, so calling a step again
returns what is stored instead of doing the work twice.
"""

from ..seeds.pool import ensure_catalog_seeds, seed_id_for
from .candidates import load_candidate
from .divergence import AuthoredJudge, divergence_gate, estimate_divergence, semantic_labels
from .mutate import MutateResult, mutate_problem
from .publish import package_hash, publish_candidate
from .sample import BASELINE_AUTHOR, MAX_SAMPLED, UNUSABLE, sample_solutions, sampled
from .tests import (
    MAX_SEED,
    TestsResult,
    current_tests,
    generate_tests,
    suite_draft,
    suite_tests,
)
from .verifier import VerifierResult, run_verifier

__all__ = [
    "BASELINE_AUTHOR",
    "MAX_SAMPLED",
    "MAX_SEED",
    "AuthoredJudge",
    "MutateResult",
    "TestsResult",
    "VerifierResult",
    "current_tests",
    "ensure_catalog_seeds",
    "divergence_gate",
    "estimate_divergence",
    "generate_tests",
    "load_candidate",
    "mutate_problem",
    "package_hash",
    "publish_candidate",
    "run_verifier",
    "sample_solutions",
    "sampled",
    "UNUSABLE",
    "seed_id_for",
    "semantic_labels",
    "suite_draft",
    "suite_tests",
]
