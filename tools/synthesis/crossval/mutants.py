"""Outputs the verifier must see through: a sampled output corrupted six ways (``mutants``), with every number
out of range (``out_of_range``), well-formed mutants of the right shape with one thing changed
(``well_formed_mutants``, typed by the layout the outputs share), and structural mutants that edit whole
items, lines or list entries with the count kept right (``structural_mutants``). The protocol (checks.py)
and its probes (probes.py) judge them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

CATEGORICAL = (
    16  # element values seen at most this many distinct ways are a set (bits, colours), else a range
)


def out_of_range(output: bytes) -> bytes:
    """The same output with every number replaced by a huge one: infeasible for any sane problem."""
    text = output.decode("utf-8", "replace")
    replaced = re.sub(r"-?\d+(\.\d+)?", "999999999999", text)
    return replaced.encode() if replaced != text else b"999999999999\n"


_NUMBER_TOKEN = re.compile(r"-?\d+(?:\.\d+)?")


def mutants(output: bytes, rng: random.Random) -> dict[str, bytes]:
    """The corrupted versions of one output that the mutation test scores; a corruption that leaves the
    output's tokens as they were (two equal tokens swapped, an empty output emptied) is left out."""
    text = output.decode("utf-8", "replace")
    lines, tokens = text.splitlines(), text.split()
    body = text if text.endswith("\n") or not text else text + "\n"
    out = {"emptied": "", "duplicated": body + body}
    if len(lines) > 1:
        drop = rng.randrange(len(lines))
        out["a line dropped"] = "\n".join(lines[:drop] + lines[drop + 1 :]) + "\n"
    if len(tokens) > 1:
        out["truncated"] = " ".join(tokens[: len(tokens) // 2]) + "\n"
        i, j = rng.sample(range(len(tokens)), 2)
        swapped = list(tokens)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out["two tokens swapped"] = " ".join(swapped) + "\n"
    numbers = list(_NUMBER_TOKEN.finditer(text))
    if numbers:
        found = rng.choice(numbers)
        value = found.group(0)
        bumped = f"{float(value) * 1.001:.6g}" if "." in value else str(int(value) + rng.choice((-1, 1)))
        out["a number perturbed"] = text[: found.start()] + bumped + text[found.end() :]
    return {label: m.encode() for label, m in out.items() if m.split() != tokens}


def _is_int(token: str) -> bool:
    return token.removeprefix("-").isdigit() and token.isascii()


@dataclass
class _Shape:
    """An output read as the elements well-formed mutants edit: groups of elements (one per line when the
    output has several lines of elements, else one), each led by its own count when the output says how
    many elements follow, or the letters of one string (a walk, a subsequence), led by its length."""

    groups: list[list[str]]
    counted: bool = False  # each group is written after its count
    count_alone: bool = False  # one counted group whose count has a line of its own
    letters: bool = False  # the elements are the characters of one string

    @classmethod
    def of(cls, text: str) -> _Shape | None:
        lines = [line.split() for line in text.splitlines() if line.strip()]
        flat = [tok for line in lines for tok in line]
        if not flat:
            return None
        *head, last = flat
        if last.isalpha() and last.isascii() and len(head) <= 1 and all(_is_int(tok) for tok in head):
            counted = bool(head) and int(head[0]) == len(last)
            if head and not counted:
                return None
            return cls([list(last)], counted, counted and len(lines) > 1, letters=True)
        if len(lines) > 1 and all(_is_int(line[0]) and int(line[0]) == len(line) - 1 for line in lines):
            return cls([line[1:] for line in lines], counted=True)
        if _is_int(flat[0]) and int(flat[0]) == len(flat) - 1:
            return cls([flat[1:]], counted=True, count_alone=len(lines[0]) == 1 and len(lines) > 1)
        return cls(lines if len(lines) > 1 else [flat])

    def elements(self) -> list[str]:
        return [e for group in self.groups for e in group]

    def positions(self) -> list[tuple[int, int]]:
        return [(g, i) for g, group in enumerate(self.groups) for i in range(len(group))]

    def text(self) -> str:
        join = "".join if self.letters else " ".join
        if self.counted and len(self.groups) == 1:
            sep = "\n" if self.count_alone else " "
            return f"{len(self.groups[0])}{sep}{join(self.groups[0])}".rstrip() + "\n"
        lines = [
            " ".join(([str(len(g))] if self.counted else []) + ([join(g)] if g else [])) for g in self.groups
        ]
        return "\n".join(lines) + "\n"

    def copy(self) -> _Shape:
        return _Shape([list(g) for g in self.groups], self.counted, self.count_alone, self.letters)


def _domain(shapes: Sequence[_Shape]) -> tuple[list[str], tuple[int, int] | None]:
    """The values an element takes in these outputs: a set of them (bits, colours, letters, any non-integer
    token), or for integers seen in many values the range they span."""
    values = sorted({e for s in shapes for e in s.elements()})
    if len(values) > CATEGORICAL and all(_is_int(v) for v in values):
        ints = [int(v) for v in values]
        return values, (min(ints), max(ints))
    return values, None


def well_formed_mutants(output: bytes, rng: random.Random, peers: Sequence[bytes] = ()) -> dict[str, bytes]:
    """Outputs of the same shape as ``output`` with one thing changed, typed by its layout (a list led by
    its count, lines of elements, the letters of a string): one value changed within the values elements
    take in it and in ``peers`` (other answers to the same test), two values swapped, one element dropped or
    duplicated (its count kept right), one element moved (to another line when there are several). Each may
    be feasible or not; an oracle or a second opinion says which."""
    shape = _Shape.of(output.decode("utf-8", "replace"))
    if shape is None:
        return {}
    kin = [s for p in peers if (s := _Shape.of(p.decode("utf-8", "replace"))) and s.letters == shape.letters]
    values, span = _domain([shape, *kin])
    where = shape.positions()
    out: dict[str, _Shape] = {}
    if not where:
        return {}

    def changed(label: str) -> None:
        g, i = rng.choice(where)
        current = shape.groups[g][i]
        if span is not None:
            options = [str(rng.randint(*span)) for _ in range(4)]
        else:
            options = [v for v in values if v != current]
        options = [v for v in options if v != current]
        if options:
            m = shape.copy()
            m.groups[g][i] = rng.choice(options)
            out[label] = m

    changed("one value changed")
    changed("another value changed")
    for _ in range(50):  # two positions holding different values, if a few draws find them
        (g, i), (h, j) = rng.choice(where), rng.choice(where)
        if shape.groups[g][i] != shape.groups[h][j]:
            m = shape.copy()
            m.groups[g][i], m.groups[h][j] = m.groups[h][j], m.groups[g][i]
            out["two values swapped"] = m
            break
    g, i = rng.choice(where)
    m = shape.copy()
    del m.groups[g][i]
    out["one element dropped"] = m
    m = shape.copy()
    m.groups[g].insert(i, m.groups[g][i])
    out["one element duplicated"] = m
    m = shape.copy()
    moved = m.groups[g].pop(i)
    others = [h for h in range(len(m.groups)) if h != g]
    if others:
        h = rng.choice(others)
        m.groups[h].insert(rng.randint(0, len(m.groups[h])), moved)
        out["one element moved to another line"] = m
    elif len(m.groups[g]) > 0:
        m.groups[g].insert(rng.choice([k for k in range(len(m.groups[g]) + 1) if k != i]), moved)
        out["one element moved"] = m
    original = shape.text()
    return {label: s.text().encode() for label, s in out.items() if s.text() != original}


@dataclass
class _Items:
    """An output read as a list of whole items: its lines (a path, an edge, a bin), after a line counting
    them when there is one, or the entries of one list, after their count when it is given. Lines that each
    start with their own length stay counted when two are merged."""

    items: list[list[str]]
    lines: bool  # one item per line; else the entries of one list (one token each)
    counted: bool = False  # the number of items comes first
    count_alone: bool = False  # that number has a line of its own (a list of entries)
    self_counted: bool = False  # each item line starts with the number of tokens after it

    @classmethod
    def of(cls, text: str) -> _Items | None:
        lines = [line.split() for line in text.splitlines() if line.strip()]
        flat = [tok for line in lines for tok in line]
        if not flat:
            return None
        if (
            len(lines) > 1
            and len(lines[0]) == 1
            and _is_int(lines[0][0])
            and int(lines[0][0]) == len(lines) - 1
        ):
            return cls._lines(lines[1:], counted=True)
        if _is_int(flat[0]) and int(flat[0]) == len(flat) - 1 and len(lines) <= 2:
            return cls([[tok] for tok in flat[1:]], lines=False, counted=True, count_alone=len(lines) == 2)
        if len(lines) > 1:
            return cls._lines(lines, counted=False)
        return cls([[tok] for tok in flat], lines=False) if len(flat) > 1 else None  # one value: no list

    @classmethod
    def _lines(cls, lines: list[list[str]], counted: bool) -> _Items:
        own = all(_is_int(line[0]) and int(line[0]) == len(line) - 1 for line in lines)
        return cls([line[1:] if own else line for line in lines], True, counted, self_counted=own)

    def text(self, items: list[list[str]]) -> str:
        if not self.lines:
            entries = " ".join(tok for item in items for tok in item)
            if not self.counted:
                return entries + "\n" if entries else ""
            sep = "\n" if self.count_alone else " "
            return f"{len(items)}{sep}{entries}".rstrip() + "\n"
        rows = [" ".join(([str(len(item))] if self.self_counted else []) + item) for item in items]
        return "\n".join(([str(len(items))] if self.counted else []) + rows) + "\n"


def structural_mutants(output: bytes, rng: random.Random) -> dict[str, bytes]:
    """Outputs that edit ``output``'s whole items — its lines (after a count line, which is kept right) or the
    entries of its one list (after their count) — each in one way: one item dropped, half of them dropped,
    all but one dropped, none kept (when a count says so), one duplicated, two adjacent lines merged into one
    (a path joined to the next), two items swapped. They keep the layout, so a verifier that reads the
    answer item by item accepts them unless it checks what the answer must be as a whole: maximal,
    covering, within a cap, free of repeats. Each may be feasible or not; the probes ask a judge."""
    shape = _Items.of(output.decode("utf-8", "replace"))
    if shape is None or not shape.items:
        return {}
    items, n = shape.items, len(shape.items)
    out: dict[str, list[list[str]]] = {}
    i = rng.randrange(n)
    if n > 1:
        out["an item dropped"] = items[:i] + items[i + 1 :]
    if n > 3:
        out["half the items dropped"] = [items[k] for k in sorted(rng.sample(range(n), n // 2))]
    if n > 2:
        out["all items but one dropped"] = [items[i]]
    if shape.counted:
        out["every item dropped"] = []
    out["an item duplicated"] = items[: i + 1] + items[i:]
    if shape.lines and n > 1:
        j = rng.randrange(n - 1)
        out["two lines merged"] = items[:j] + [items[j] + items[j + 1]] + items[j + 2 :]
    for _ in range(50 if n > 1 else 0):  # two different items, if a few draws find them
        a, b = rng.sample(range(n), 2)
        if items[a] != items[b]:
            swapped = list(items)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            out["two items swapped"] = swapped
            break
    original = shape.text(items)
    return {label: text.encode() for label, m in out.items() if (text := shape.text(m)) != original}
