"""Outputs the verifier must see through: a sampled output corrupted six ways (``mutants``), with every number
out of range (``out_of_range``), and well-formed mutants of the right shape with one thing changed
(``well_formed_mutants``, typed by the layout the outputs share). The protocol (protocol.py) judges them.
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
