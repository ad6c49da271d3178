"""The fenced code blocks of the README and docs/, as the tests that run them read them (tests/test_docs.py checks
that every block is run by one of them, or says why it cannot be)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks(doc: str) -> list[tuple[str, str]]:
    """(language, body) of every fenced block of ``doc`` (a path from the repository's root)."""
    return FENCE.findall((ROOT / doc).read_text())


def doc_block(doc: str, containing: str) -> str:
    """The block of ``doc`` that holds ``containing``, as written."""
    for _language, body in blocks(doc):
        if containing in body:
            return body
    raise AssertionError(f"no code block of {doc} holds {containing!r}")


def commands(block: str) -> list[str]:
    """The shell commands of a block, comments dropped."""
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in block.splitlines()]
    return [line for line in lines if line and not line.startswith("#")]
