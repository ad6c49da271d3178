"""Capability scopes: which tools, prompts and resources a solver and a synthesis driver may reach.

Solving cannot touch what scores a solution (verifiers, tests, baselines, publishing); synthesis can. A server
is built for a set of scopes (``frontiersmith serve --tools``) and exposes only what they grant, and over HTTP
each bearer token carries its own scopes, so an agent under evaluation can be given a server, or a token, on
which it cannot edit its own reward.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Scope = Literal["solve", "synthesis"]

SCOPES_OF: dict[str, frozenset[Scope]] = {
    "solve": frozenset({"solve"}),
    "synthesis": frozenset({"synthesis"}),
    "all": frozenset({"solve", "synthesis"}),
}

# Reading problems and their lineage is what both kinds of client start from.
_READ_TOOLS = frozenset({"list_problems", "get_problem", "lineage"})
# Resources by URI scheme: statements, lineage and the catalog listing. None shows a verifier, a baseline or
# a test; a resource that did would belong to the synthesis scope alone.
_READ_RESOURCES = frozenset({"problem", "task", "catalog"})


@dataclass(frozen=True)
class Grant:
    """What a set of scopes lets a client list and call."""

    tools: frozenset[str]
    prompts: frozenset[str]
    resources: frozenset[str]  # URI schemes

    def __or__(self, other: Grant) -> Grant:
        return Grant(self.tools | other.tools, self.prompts | other.prompts, self.resources | other.resources)


GRANTS: dict[Scope, Grant] = {
    "solve": Grant(
        tools=_READ_TOOLS | {"submit", "leaderboard"},
        prompts=frozenset({"solve_problem"}),
        resources=_READ_RESOURCES,
    ),
    "synthesis": Grant(
        tools=_READ_TOOLS
        | {
            "mutate_problem",
            "sample_solutions",
            "estimate_divergence",
            "generate_tests",
            "run_verifier",
            "publish_candidate",
            "get_candidate",
            "list_candidates",
            "add_seed",
            "list_seeds",
            "get_seed",
            # FrontierSynth: evaluating a solver and reading its failures steer synthesis; a solver under
            # evaluation (served the solve scope) must not run them on itself.
            "evaluate_solver",
            "diagnose",
            "export_tasks",
            "synthesize_targeted",
        },
        prompts=frozenset({"mutate_seed", "write_verifier"}),
        # seed:// shows the closed problems synthesis starts from, with their references and tests;
        # defects:// a solver's defect map, with its trajectories' ids.
        resources=_READ_RESOURCES | {"seed", "defects"},
    ),
}
EVERYTHING = GRANTS["solve"] | GRANTS["synthesis"]


def choice_of(scopes: frozenset[Scope]) -> str:
    """The ``--tools`` value that serves exactly ``scopes``."""
    return next(choice for choice, these in SCOPES_OF.items() if these == scopes)


def scopes_of(choice: str) -> frozenset[Scope]:
    """The scopes a ``--tools`` choice serves; an unknown choice raises ValueError naming the choices."""
    try:
        return SCOPES_OF[choice]
    except KeyError:
        raise ValueError(f"--tools must be one of {', '.join(SCOPES_OF)}, not {choice!r}") from None


def grant_of(scopes: frozenset[Scope]) -> Grant:
    """The union of what each scope grants (nothing for no scope)."""
    granted = Grant(frozenset(), frozenset(), frozenset())
    for scope in sorted(scopes):
        granted = granted | GRANTS[scope]
    return granted


def describe(scopes: frozenset[Scope]) -> str:
    """Scopes in words (``solve and synthesis``; ``no`` for none)."""
    return " and ".join(sorted(scopes)) or "no"


def not_served(what: str, needed: Scope, served: frozenset[Scope]) -> str:
    """What a server started with ``--tools`` for ``served`` answers a call to ``what``, which ``needed``
    grants: which scope it needs and how to start a server that serves it."""
    return (
        f"{what[:1].upper()}{what[1:]} needs the {needed} scope, which this server does not serve (it was "
        f"started with --tools {choice_of(served)}); start one with `frontiersmith serve --tools {needed}` "
        "(or --tools all)."
    )


def uri_scheme(uri: str) -> str:
    """A URI's scheme (``task`` of ``task://...``), or empty when it has none."""
    return uri.split("://", 1)[0] if "://" in uri else ""


def needs_scope(grant: Grant, method: str, params: object) -> tuple[str, Scope] | None:
    """For one JSON-RPC request, what it names that ``grant`` lacks but another scope grants, as
    ``(what, scope needed)``; None when the request is within the grant (or names nothing this server has,
    which the server itself then reports as unknown)."""
    if not isinstance(params, dict):
        return None
    if method == "tools/call":
        kind, name, names = "tool", params.get("name"), "tools"
    elif method == "prompts/get":
        kind, name, names = "prompt", params.get("name"), "prompts"
    elif method in ("resources/read", "resources/subscribe", "resources/unsubscribe"):
        uri = params.get("uri")
        kind, name, names = "resource", uri_scheme(uri) if isinstance(uri, str) else None, "resources"
    else:
        return None
    if not isinstance(name, str) or name in getattr(grant, names):
        return None
    for scope, other in sorted(GRANTS.items()):
        if name in getattr(other, names):
            shown = name if len(name) <= 100 else name[:80] + "…"
            return f"the {kind} {shown}" if kind != "resource" else f"reading {shown}:// resources", scope
    return None
