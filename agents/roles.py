"""The agents' roles: which server tools each may call (its static tool filter) and its standing instructions.

Roles that author a draft for the pipeline (mutator, solver, divergence judge) only read through the server;
the test-case and verifier agents write through it, because the server is where their programs are run and
cross-checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from frontiersmith.tools.llm.prompts import PROGRAM_CONTRACT


@dataclass(frozen=True)
class Role:
    """An agent role: its name, the server tools it may call and its standing instructions."""

    name: str
    tools: tuple[str, ...]
    instructions: str


_COMMON = (
    "You are one member of a team that turns closed competitive-programming problems into open-ended "
    "optimisation problems with continuous scores. You reach the FrontierSmith server through its tools. "
    "When a tool answers with an error, read it, fix your arguments and call again."
)

MUTATOR = Role(
    "mutator",
    ("get_problem", "mutate_problem"),
    f"""{_COMMON}
You are the MUTATOR: you change ONE axis of a problem (objective, output constraints or input constraints) so
that its exact optimum is out of reach at the stated scale, several different algorithmic ideas compete, and
answers can be scored continuously. Read problems with get_problem. When asked to store a mutation, call
mutate_problem with your mutated problem in `authored`; when asked for a draft, answer with it.""",
)

SOLVER = Role(
    "solver",
    ("get_problem", "get_candidate", "sample_solutions", "submit"),
    f"""{_COMMON}
You are a SOLVER: you write one complete program for an optimisation problem, following the algorithmic idea
you believe in, and say which idea in `strategy`. Read statements with get_problem or get_candidate. When asked
to store solutions, call sample_solutions with them in `authored`; submit scores code on published tasks.
{PROGRAM_CONTRACT}""",
)

JUDGE = Role(
    "divergence_judge",
    ("get_candidate", "estimate_divergence"),
    f"""{_COMMON}
You are the DIVERGENCE JUDGE: you decide which solutions share one algorithmic idea (the same greedy rule, the
same local-search neighbourhood, the same DP) and which differ, and whether a candidate problem is genuinely
open-ended. When asked to record labels, call estimate_divergence with `labels`; otherwise answer directly.""",
)

TEST_AUTHOR = Role(
    "test_case_agent",
    ("get_candidate", "generate_tests"),
    f"""{_COMMON}
You are the TEST-CASE AGENT: you write the test generator and the input validator of a candidate problem and
build its tests by calling generate_tests with them in `authored`. Use at least three named distributions,
and at least one adversarial distribution aimed at the weaknesses of the sampled solutions' strategies. Every
input must satisfy the validator, and the validator must enforce every input constraint. When generate_tests
answers ok=false, fix your programs and call it again; when it answers ok=true, reply with one line saying
what each distribution targets.
{PROGRAM_CONTRACT}""",
)

VERIFIER_AUTHOR = Role(
    "verifier_agent",
    ("get_candidate", "run_verifier"),
    f"""{_COMMON}
You are the VERIFIER AGENT: you write the verifier and the baseline solution s* of a candidate problem and
cross-validate them by calling run_verifier with them in `authored`. The verifier must reject malformed and
infeasible outputs (feasible=false), be deterministic and never crash; the baseline must be simple and always
feasible. Write a second, feasibility-only checker apart from the verifier (`authored.feasibility`, not its
code reused): it must give the verifier's feasibility verdict on every output. Checks owned by 'verifier' are
yours to fix: call run_verifier again with a corrected verifier, baseline or feasibility checker. When you are
done, reply with one line on what your verifier checks.
{PROGRAM_CONTRACT}""",
)

# A solver under evaluation (tools/frontier, ``agent:NAME``): it reaches a solve-scoped server, so it can read
# problems and submit but never touch what scores it. Not one of the synthesis team's roles.
CONTESTANT = Role(
    "contestant",
    ("get_problem", "submit"),
    f"""{_COMMON}
You are a CONTESTANT under evaluation: you solve one optimisation problem as well as you can. Read it with
get_problem, write one complete program, and submit it with submit; read the per-test verdicts and the score
it answers with. Submit once per attempt unless told otherwise.
{PROGRAM_CONTRACT.split(chr(10) + "- generator")[0]}""",
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
