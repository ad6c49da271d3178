"""Synthesis: Algorithm 1 of the paper, its steps as plain async functions over the store, one module per step
and named like the MCP tools, in the paper's order:

1. mutate a seed along one axis, then the coarse judge (``mutate``);
2. sample solutions from independent solver calls (``sample``);
3. semantic idea divergence, the top N_div kept (``divergence/``);
4. tests ⇄ verifier cross-validation: build the tests (``tests``), check the verifier against them
   (``verifier``), by the protocol and its loop (``crossval/``);
5. behavioural idea divergence, re-ranked to the top N_final (``divergence/``);
6. publish a task, which rejoins the seed pool (``publish``).

``pipeline`` runs them unattended for R rounds (``stages``: how far each candidate got; ``cost``: what a run
spent). ``quality`` holds the task-quality checks and measures, ``card`` a task's card made of them.

The CLI, the MCP server and the agents all call these. Every LLM-backed step takes either content the
caller authored or a provider that authors it; the executable part (compiling, running in the sandbox,
checking, scoring, storing) always happens here. Ids derive from their inputs, so calling a step again
returns what is stored instead of doing the work twice.
"""

from .candidates import load_candidate
from .card import card_of, compute_card
from .divergence.estimate import AuthoredJudge, divergence_gate, estimate_divergence, semantic_labels
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
    "card_of",
    "compute_card",
    "current_tests",
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
    "semantic_labels",
    "suite_draft",
    "suite_tests",
]
