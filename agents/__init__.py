"""frontiersmith.agents: OpenAI Agents SDK agents that are MCP clients of the FrontierSmith server."""

if __name__ == "agents":  # pragma: no cover - only when the repo root shadows the SDK on sys.path
    # Run from a checkout's root (`python -m ...`), this folder would hide the OpenAI Agents SDK, whose
    # import name is also `agents`. Step aside: drop the root from sys.path and load the real SDK.
    import importlib
    import os
    import sys

    _root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _root]
    del sys.modules["agents"]
    sys.modules["agents"] = importlib.import_module("agents")
