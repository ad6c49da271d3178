"""A program as a model reads it within a budget: the whole program, compacted, never cut at a length.

The divergence judge must see what differs between solutions, and in a long program that is often the search at
its end, which a cut at the first N characters loses. ``compact`` first drops what carries no idea (blank lines,
includes, trailing spaces, deep indentation, braces on lines of their own); if the program is still over the
budget it leaves out lines by how little they say of the algorithm (input and output first, then plain statements
from the most deeply nested and longest, never a comment, a loop, a branch or a function header before those),
marking each run left out with ``⋯ N lines``, so the program's whole shape stays in view.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from frontiersmith.drafts import SolutionDraft

CHARS_PER_TOKEN = 3.5  # code tokenises denser than prose: a conservative count of characters per token
MIN_SHOWN = 600  # no solution is squeezed below this many characters, however many share the budget

_BOILERPLATE = re.compile(
    r"^\s*(#\s*include\b|#\s*pragma\b|using\s+namespace\b|ios(_base)?::sync_with_stdio|cin\.tie\(|"
    r"cout\.tie\(|from\s+__future__\s+import|if\s+__name__\s*==)"
)
_IO = re.compile(
    r"\b(cin|cout|cerr|scanf|printf|puts|getchar|putchar|getline|fgets|fread|fwrite|input|print|"
    r"stdin|stdout|readline|readlines|write|flush)\b"
)
_STRUCTURE = re.compile(
    r"^\s*(//|#(?!\s*include)|/\*|\*|\"\"\"|'''|def\b|class\b|struct\b|template\b|for\b|while\b|if\b|"
    r"else\b|elif\b|switch\b|case\b|do\b|return\b|break\b|continue\b|try\b|except\b|catch\b|[\w:<>,\s*&]+\s"
    r"[\w:]+\s*\([^;]*\)\s*(const\s*)?\{?\s*$)"
)
_IDEA_WORDS = re.compile(
    r"anneal|temperature|temp\b|rand|shuffle|swap|heap|priority_queue|sort|greedy|bfs|dfs|dijkstra|queue|"
    r"stack|memo|dp\b|dp\[|clock|chrono|time|beam|tabu|mutat|crossover|flow|match|bitset|binary|bisect|"
    r"lower_bound|upper_bound|union|find\(|restart|score|cost|delta|best",
    re.I,
)


def judge_budget(tokens: int, count: int) -> int:
    """Characters each of ``count`` solutions may take when their listing must fit in ``tokens`` tokens."""
    return max(MIN_SHOWN, int(tokens * CHARS_PER_TOKEN) // max(1, count))


def compact(code: str, budget: int) -> str:
    """``code`` in at most about ``budget`` characters (see the module's docstring): the whole program when its
    compacted text fits, else the program with its least telling lines left out and marked."""
    lines = _compacted_lines(code)
    text = "\n".join(lines)
    if len(text) <= budget:
        return text
    order = sorted(range(len(lines)), key=lambda i: _keep_rank(lines[i]))

    def shown(k: int) -> str:  # the program with the k least telling lines left out
        return "\n".join(_with_markers(lines, set(order[:k])))

    lo, hi = 1, len(lines)  # the fewest lines to leave out so that the rest fits
    while lo < hi:
        mid = (lo + hi) // 2
        if len(shown(mid)) <= budget:
            hi = mid
        else:
            lo = mid + 1
    return shown(lo)


def _compacted_lines(code: str) -> list[str]:
    """The program's lines without blanks, boilerplate or trailing spaces, one space per indentation level,
    and a line of closing braces joined onto the line before it."""
    out: list[str] = []
    raw = [line.rstrip().replace("\t", "    ") for line in code.splitlines()]
    widths = [len(line) - len(line.lstrip()) for line in raw if line.strip()]
    unit = min((w for w in widths if w > 0), default=4)
    for line in raw:
        body = line.strip()
        if not body or _BOILERPLATE.match(body):
            continue
        depth = (len(line) - len(line.lstrip())) // unit
        if out and re.fullmatch(r"[})\];,\s]+", body):
            out[-1] += " " + body
            continue
        out.append(" " * depth + re.sub(r"\s{2,}", " ", body))
    return out


def _keep_rank(line: str) -> tuple[int, int, int]:
    """Which lines go first when a program is over its budget (lowest first): input/output, then plain
    statements (the most deeply nested, then the longest, first), then lines that name an idea, then comments,
    loops, branches and function headers."""
    body = line.strip()
    depth = len(line) - len(body)
    if _STRUCTURE.match(body):
        kind = 3
    elif _IO.search(body) and not _IDEA_WORDS.search(body):
        kind = 0
    elif _IDEA_WORDS.search(body):
        kind = 2
    else:
        kind = 1
    return kind, -depth, -len(body)


def _with_markers(lines: list[str], dropped: set[int]) -> list[str]:
    out: list[str] = []
    run = 0
    for i, line in enumerate(lines):
        if i in dropped:
            run += 1
            continue
        if run:
            out.append(_marker(lines[i - 1], run))
            run = 0
        out.append(line)
    if run:
        out.append(_marker(lines[-1], run))
    return out


def _marker(near: str, run: int) -> str:
    indent = len(near) - len(near.lstrip())
    return " " * indent + f"⋯ {run} line{'s' if run > 1 else ''}"


def solutions_listing(solutions: Sequence[SolutionDraft], tokens: int) -> str:
    """The divergence judge's view of a group of solutions: each one's named idea and its whole program,
    compacted to its share of ``tokens``."""
    budget = judge_budget(tokens, len(solutions))
    return "\n\n".join(
        f"Solution {i} ({s.language.value}). Idea named: {s.strategy or '(none)'}\n```\n{compact(s.code, budget)}\n```"
        for i, s in enumerate(solutions)
    )
