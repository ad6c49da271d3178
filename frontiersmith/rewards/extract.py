"""The program in a model's completion: the last fenced code block in a language the judge runs.

The language comes from the fence's info string alone (```cpp, ```python, ...): a block without one, in
another language, or left open at the end of a truncated completion is no program, and no program scores 0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from frontiersmith.models import Language, Program

FENCE_LANGUAGES = {
    "cpp": Language.CPP,
    "c++": Language.CPP,
    "cc": Language.CPP,
    "cxx": Language.CPP,
    "cpp17": Language.CPP,
    "c++17": Language.CPP,
    "python": Language.PYTHON,
    "py": Language.PYTHON,
    "python3": Language.PYTHON,
    "py3": Language.PYTHON,
}
# An opening fence: three or more backticks or tildes, then the info string (CommonMark).
_OPEN = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)$")


def completion_text(completion: Any) -> str:
    """The text a model produced: a string as it is; a chat completion (a list of messages, or one
    message) as the text of its assistant messages, in order; anything else as no text."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        completion = [completion]
    if not isinstance(completion, Sequence):
        return ""
    parts = []
    for message in completion:
        if isinstance(message, Mapping) and message.get("role", "assistant") == "assistant":
            parts.append(_content_text(message.get("content")))
    return "\n".join(parts)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):  # content parts: [{"type": "text", "text": ...}, ...]
        return "\n".join(
            str(p.get("text", "")) for p in content if isinstance(p, Mapping) and p.get("type") == "text"
        )
    return ""


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(info word, body) of every closed fenced block in ``text``, in order."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opened = _OPEN.match(lines[i])
        if opened is None or (opened["fence"][0] == "`" and "`" in opened["info"]):
            i += 1
            continue
        fence = opened["fence"]
        close = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = next((j for j in range(i + 1, len(lines)) if close.match(lines[j])), None)
        if end is None:  # never closed: a truncated completion
            break
        info = opened["info"].strip().split()
        blocks.append((info[0].lower() if info else "", "\n".join(lines[i + 1 : end]) + "\n"))
        i = end + 1
    return blocks


def extract_code(completion: Any) -> Program | None:
    """The last fenced block whose fence names a language the judge runs, as a Program; None when there is
    none (the reward of such a completion is 0)."""
    for info, body in reversed(fenced_blocks(completion_text(completion))):
        language = FENCE_LANGUAGES.get(info)
        if language is not None and body.strip():
            return Program(code=body, language=language)
    return None
