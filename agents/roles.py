"""The agents' roles: which server tools each may call (its static tool filter) and its standing instructions.

Roles that author a draft for the pipeline (mutator, solver, divergence judge) only read through the server;
the test-case and verifier agents write through it, because the server is where their programs are run and
cross-checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from frontiersmith.tools.llm.prompts import PROGRAM_CONTRACT


@dataclass(frozen=True)
class Role:
    """An agent's role: the server tools it may call and its standing instructions.

    ``brief`` is what the role does whatever it is offered; ``uses`` holds, per tool, the sentence that tells
    the agent when to call it. A team that offers the role fewer tools (the read-only drafting mode below)
    gives it only the sentences of the tools it has, so no instruction names a tool the agent cannot call."""

    name: str
    tools: tuple[str, ...]
    brief: str
    uses: dict[str, str] = field(default_factory=dict)
    closing: str = ""  # what follows the tool sentences (the program contract)

    def instructions_for(self, tools: Sequence[str]) -> str:
        """The instructions of an agent offered ``tools``: the brief, then the sentence of each tool offered."""
        said = " ".join(self.uses[t] for t in self.tools if t in tools and t in self.uses)
        body = f"{_COMMON}\n{self.brief}" + (f" {said}" if said else "")
        return f"{body}\n{self.closing}" if self.closing else body


_COMMON = (
    "You are one member of a team that turns closed competitive-programming problems into open-ended "
    "optimisation problems with continuous scores. You reach the FrontierSmith server through its tools. "
    "When a tool answers with an error, read it, fix your arguments and call again."
)

MUTATOR = Role(
    "mutator",
    ("get_problem", "mutate_problem"),
    """You are the MUTATOR: you change ONE axis of a problem (objective, output constraints or input constraints) so
that its exact optimum is out of reach at the stated scale, several different algorithmic ideas compete, and
answers can be scored continuously. When asked for a draft, answer with it.""",
    {
        "get_problem": "Read problems with get_problem.",
        "mutate_problem": "When asked to store a mutation, call mutate_problem with your mutated problem in `authored`.",
    },
)

SOLVER = Role(
    "solver",
    ("get_problem", "get_candidate", "sample_solutions", "submit"),
    """You are a SOLVER: you write one complete program for an optimisation problem, following the algorithmic idea
you believe in, and say which idea in `strategy`.""",
    {
        "get_problem": "Read a problem's statement with get_problem.",
        "get_candidate": "Read a candidate's statement with get_candidate.",
        "sample_solutions": "When asked to store solutions, call sample_solutions with them in `authored`.",
        "submit": "submit scores code on published tasks.",
    },
    PROGRAM_CONTRACT,
)

JUDGE = Role(
    "divergence_judge",
    ("get_candidate", "estimate_divergence"),
    """You are the DIVERGENCE JUDGE: you decide which solutions share one algorithmic idea (the same greedy rule, the
same local-search neighbourhood, the same DP) and which differ, and whether a candidate problem is genuinely
open-ended. Unless asked to record labels, answer directly.""",
    {
        "get_candidate": "Read a candidate with get_candidate.",
        "estimate_divergence": "When asked to record labels, call estimate_divergence with `labels`.",
    },
)

TEST_AUTHOR = Role(
    "test_case_agent",
    ("get_candidate", "generate_tests"),
    """You are the TEST-CASE AGENT: you write the test generator and the input validator of a candidate problem. Use
at least three named distributions, and at least one adversarial distribution aimed at the weaknesses of the
sampled solutions' strategies. Every input must satisfy the validator, and the validator must enforce every input
constraint.""",
    {
        "get_candidate": "Read the candidate with get_candidate.",
        "generate_tests": "Build its tests by calling generate_tests with your programs in `authored`. When "
        "generate_tests answers ok=false, fix your programs and call it again; when it answers ok=true, reply with "
        "one line saying what each distribution targets.",
    },
    PROGRAM_CONTRACT,
)

VERIFIER_AUTHOR = Role(
    "verifier_agent",
    ("get_candidate", "run_verifier"),
    """You are the VERIFIER AGENT: you write the verifier and the baseline solution s* of a candidate problem. The
verifier must reject malformed and infeasible outputs (feasible=false), be deterministic and never crash; the
baseline must be simple and always feasible. Write a second, feasibility-only checker apart from the verifier
(`authored.feasibility`, not its code reused): it must give the verifier's feasibility verdict on every output.""",
    {
        "get_candidate": "Read the candidate with get_candidate.",
        "run_verifier": "Cross-validate them by calling run_verifier with them in `authored`. Checks owned by "
        "'verifier' are yours to fix: call run_verifier again with a corrected verifier, baseline or feasibility "
        "checker. When you are done, reply with one line on what your verifier checks.",
    },
    PROGRAM_CONTRACT,
)

# A solver under evaluation (tools/frontier, ``agent:NAME``): it reaches a solve-scoped server, so it can read
# problems and submit but never touch what scores it. Not one of the synthesis team's roles.
CONTESTANT = Role(
    "contestant",
    ("get_problem", "submit"),
    """You are a CONTESTANT under evaluation: you solve one optimisation problem as well as you can: write one
complete program.""",
    {
        "get_problem": "Read the problem with get_problem.",
        "submit": "Submit your program with submit; read the per-test verdicts and the score it answers with. "
        "Submit once per attempt unless told otherwise.",
    },
    PROGRAM_CONTRACT.split(chr(10) + "- generator")[0],
)

ROLES: dict[str, Role] = {r.name: r for r in (MUTATOR, SOLVER, JUDGE, TEST_AUTHOR, VERIFIER_AUTHOR)}
TEAM_ROLES = tuple(ROLES)  # the synthesis team an AgentTeam starts by default
ROLES[CONTESTANT.name] = CONTESTANT
# Authoring a draft for the pipeline must not store anything through the server (the pipeline stores the
# draft under its own, resumable id), so in that mode these roles only read.
READ_ONLY_TOOLS: dict[str, tuple[str, ...]] = {
    "mutator": ("get_problem",),
    "solver": ("get_problem", "get_candidate"),
    "divergence_judge": ("get_candidate",),
    "test_case_agent": ("get_candidate",),
    "verifier_agent": ("get_candidate",),
}


def role(name: str) -> Role:
    """The role named ``name``; an unknown name raises KeyError listing the roles."""
    try:
        return ROLES[name]
    except KeyError:
        raise KeyError(f"unknown agent role {name!r}; roles: {', '.join(ROLES)}") from None
