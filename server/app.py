"""``build_server``: the FrontierSmith MCP server, with every tool, resource and prompt registered."""

from __future__ import annotations

from frontiersmith import __version__
from frontiersmith.settings import Settings, get_settings

from . import content, solving_tools, synthesis_tools
from .backend import Backend, FrontierSmithServer

INSTRUCTIONS = """FrontierSmith turns closed competitive-programming problems into open-ended optimisation problems
with continuous scores, and judges solutions to them.

To solve: list_problems -> get_problem (or read problem://ID) -> submit code (cpp or python) -> read the
per-test verdicts and the score in [0, 1] (0 = no better than the baseline) -> improve and submit again.

To synthesise a problem: mutate_problem (a seed such as seed_two_sat, along an axis) -> sample_solutions ->
estimate_divergence -> generate_tests -> run_verifier (repeat until ok) -> publish_candidate. Each step accepts
content you wrote, or has it written (through MCP sampling if your client offers it)."""


def build_server(settings: Settings | None = None) -> FrontierSmithServer:
    """A ready MCP server over the store named in ``settings`` (opened on the first call that needs it)."""
    settings = settings or get_settings()
    backend = Backend(settings)
    mcp = FrontierSmithServer(
        "frontiersmith", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING"
    )
    synthesis_tools.register(mcp, backend)
    solving_tools.register(mcp, backend)
    content.register(mcp, backend)
    mcp.backend = backend  # type: ignore[attr-defined]
    return mcp
