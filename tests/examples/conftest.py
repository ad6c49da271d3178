"""The example tests reuse the server tests' launchers (tests/server/mcp_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

SERVER_TESTS = str(Path(__file__).resolve().parents[1] / "server")
if SERVER_TESTS not in sys.path:
    sys.path.insert(0, SERVER_TESTS)
