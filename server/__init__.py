"""The MCP server: thin adapters from MCP tools, resources and prompts onto ``frontiersmith.tools``."""

from .app import build_server

__all__ = ["build_server"]
