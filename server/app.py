"""``build_server``: the FrontierSmith MCP server with the tools, resources and prompts of the chosen scopes."""

from __future__ import annotations

from frontiersmith.settings import Settings, get_settings
from frontiersmith.version import __version__

from .backend import Backend, FrontierSmithServer
from .scopes import EVERYTHING, grant_of, scopes_of

SOLVING = """To solve: list_problems -> get_problem (or read problem://ID) -> submit code (cpp or python) -> read the
per-test verdicts and the score in [0, 1] (0 = no better than the baseline) -> improve and submit again. A task
is one immutable version of a problem: list_problems marks the latest version of each."""

SYNTHESISING = """To synthesise a problem: mutate_problem (a seed such as seed_two_sat, along an axis) -> sample_solutions ->
estimate_divergence -> generate_tests -> run_verifier (repeat until ok) -> publish_candidate. Each step accepts
content you wrote, or has it written (through MCP sampling if your client offers it). Publishing a changed
package makes a new task that supersedes the previous one; a published task never changes. list_seeds and get_seed
(or seed://ID) show the seeds to start from; add_seed adds a closed problem of your own, checked by running its
reference solutions on its tests."""


INTRODUCTION = """FrontierSmith turns closed competitive-programming problems into open-ended optimisation problems
with continuous scores, and judges solutions to them."""


def instructions(choice: str) -> str:
    """What the server tells a client it is for: only the workflows of the scopes it serves."""
    scopes = scopes_of(choice)
    parts = [INTRODUCTION]
    if "solve" in scopes:
        parts.append(SOLVING)
    if "synthesis" in scopes:
        parts.append(SYNTHESISING)
    return "\n\n".join(parts)


def build_server(
    settings: Settings | None = None,
    *,
    tools: str = "solve",
    backend: Backend | None = None,
    deferred: bool = False,
) -> FrontierSmithServer:
    """An MCP server over the store named in ``settings`` (opened on the first call that needs it), exposing
    the tools, prompts and resources of ``tools``: 'solve' (the default: nothing that can change how a
    solution is scored), 'synthesis' or 'all'. Servers of different scopes may share one ``backend``.

    ``deferred`` (what `frontiersmith serve` uses) leaves registering them, and so importing the judge, the
    store and the synthesis steps, to the first request that lists or calls anything: a client's
    `initialize` is answered as fast as a bare server of the same SDK would answer it."""
    settings = settings or get_settings()
    backend = backend or Backend(settings)
    mcp = FrontierSmithServer(
        "frontiersmith", instructions=instructions(tools), version=__version__, log_level="WARNING"
    )
    mcp.backend = backend
    mcp.served = scopes_of(tools)
    mcp._deferred = lambda: _register(mcp, backend, tools)
    if not deferred:
        mcp.load()
    return mcp


def _register(mcp: FrontierSmithServer, backend: Backend, tools: str) -> None:
    # Imported here, on the first request that lists or calls something: `serve` answers `initialize` without
    # the domain (tests/server/test_startup.py).
    from . import content, export_tools, frontier_tools, seed_tools, solving_tools, synthesis_tools

    grant = grant_of(scopes_of(tools))
    synthesis_tools.register(mcp)
    export_tools.register(mcp)
    seed_tools.register(mcp, backend, grant)
    frontier_tools.register(mcp, backend, grant)
    solving_tools.register(mcp, backend)
    content.register(mcp, backend)
    _keep_only(mcp, grant)


def _keep_only(mcp: FrontierSmithServer, grant) -> None:
    """Drop what the scopes do not grant. Anything registered without a scope fails the build, so a new
    tool cannot appear on a solve server by being forgotten in the scope table."""
    tools, prompts, schemes = mcp.registered.tools, mcp.registered.prompts, mcp.registered.schemes
    unscoped = (tools - EVERYTHING.tools) | (prompts - EVERYTHING.prompts) | (schemes - EVERYTHING.resources)
    if unscoped:
        raise RuntimeError(f"registered without a scope in server/scopes.py: {sorted(unscoped)}")
    if schemes - grant.resources:
        # Resources cannot be unregistered; one outside every grant would have failed above, so this is a
        # resource granted to one scope only: register such resources per scope before adding one.
        raise RuntimeError(f"resources outside the granted scopes: {sorted(schemes - grant.resources)}")
    for name in tools - grant.tools:
        mcp.remove_tool(name)
        tools.discard(name)
    for name in prompts - grant.prompts:
        mcp.remove_prompt(name)
        prompts.discard(name)
