"""LLM providers behind one interface (``frontiersmith.drafts.Provider``): offline (the built-in catalog),
OpenAI-compatible (a local model among them: tools/llm/local.py), MCP sampling; ``factory.make_provider`` picks
the one the settings name."""
