"""Every prompt of the pipeline, versioned: a change to a prompt bumps its version, and the version is stored with
what the prompt produced (replay keys on it). ``ALL`` names each prompt; callers read them as ``prompts.MUTATE``.

The prompts are sized for a small model (a 0.5B-1.5B coder model on a laptop must follow them): a few lines of
task, ONE worked example, and the smallest answer that does the job. A judgement is a label from a fixed list
plus one sentence; a program is one fenced code block (code inside a JSON string comes out worse); the
generator, validator, verifier and baseline are plain Python functions that FrontierSmith wraps into the
program contracts (``tools/catalog/model_programs.py``). The JSON schema of an answer constrains decoding where
the endpoint can; the text shows it only where it cannot (MCP sampling), because a small model that reads a
schema copies its descriptions into its answer.

One module per role: the machinery (``prompt.py``), the worked examples' problems (``examples.py``), mutation
and the coarse judge (``mutation.py``), solutions (``solutions.py``), the divergence judge (``divergence.py``),
tests and verifiers (``crossval.py``), a seed read (``seeds.py``), and FrontierSynth's (``frontier.py``).
"""

from __future__ import annotations

from .crossval import (
    OBJECTIVE_RULE,
    PROGRAM_CONTRACT,
    REPAIR_OPENING,
    WRITE_TESTS,
    WRITE_VERIFIER,
    feedback_block,
    repair_block,
)
from .divergence import GROUP_STRATEGIES, GroupAnswer, labels_for
from .frontier import (
    APPLY_OPERATOR,
    EVALUATE_SOLVE,
    EVALUATE_SYSTEM,
    LABEL_DEFECT,
    OPERATOR_MEANING,
    WRITE_SPEC,
    attempt_feedback_block,
)
from .mutation import AXIS_TASK, COARSE_JUDGE, MUTATE, CoarseAnswer, MutationAnswer, seed_kind
from .prompt import SYSTEM, Prompt, brief, describe, number, rejected_block, size
from .seeds import ASKED, DESCRIBE_SEED, WRITE_CHECKER, DescribeAnswer
from .solutions import INTERACTIVE_IO, LANGUAGE_NAMES, SOLUTION_IO, SOLVE, LanguageChoice, solution_io

__all__ = [
    "ALL",
    "APPLY_OPERATOR",
    "ASKED",
    "AXIS_TASK",
    "COARSE_JUDGE",
    "DESCRIBE_SEED",
    "EVALUATE_SOLVE",
    "EVALUATE_SYSTEM",
    "GROUP_STRATEGIES",
    "INTERACTIVE_IO",
    "LABEL_DEFECT",
    "LANGUAGE_NAMES",
    "MUTATE",
    "OBJECTIVE_RULE",
    "OPERATOR_MEANING",
    "PROGRAM_CONTRACT",
    "REPAIR_OPENING",
    "SOLUTION_IO",
    "SOLVE",
    "SYSTEM",
    "WRITE_CHECKER",
    "WRITE_SPEC",
    "WRITE_TESTS",
    "WRITE_VERIFIER",
    "CoarseAnswer",
    "DescribeAnswer",
    "GroupAnswer",
    "LanguageChoice",
    "MutationAnswer",
    "Prompt",
    "attempt_feedback_block",
    "brief",
    "describe",
    "feedback_block",
    "labels_for",
    "number",
    "rejected_block",
    "repair_block",
    "seed_kind",
    "size",
    "solution_io",
]

ALL = {
    p.name: p
    for p in (
        MUTATE,
        COARSE_JUDGE,
        SOLVE,
        GROUP_STRATEGIES,
        WRITE_TESTS,
        WRITE_VERIFIER,
        DESCRIBE_SEED,
        WRITE_CHECKER,
        EVALUATE_SOLVE,
        LABEL_DEFECT,
        WRITE_SPEC,
        APPLY_OPERATOR,
    )
}
