"""Helpers of the catalog tests: every family by name, and its default tests generated once per session.

The in-process generation here runs the family module's own ``generate`` with the harness's seeding,
so it yields exactly the bytes ``python3 family.py gen DIST SEED`` prints (checked in the sandbox).
"""

from __future__ import annotations

import random
from functools import cache
from types import ModuleType

from frontiersmith.tools.catalog import Family, families, load_module
from frontiersmith.tools.catalog.export import GeneratedTest

FAMILY_NAMES = sorted(families())
OPEN_NAMES = [n for n in FAMILY_NAMES if families()[n].kind == "open"]
REJECTIONS = (ValueError, IndexError, KeyError, AssertionError, OverflowError)  # what the harness catches


def family(name: str) -> Family:
    return families()[name]


@cache
def module(name: str) -> ModuleType:
    return load_module(family(name).module_path)


def generate_one(name: str, dist: str, seed: int) -> str:
    mod = module(name)
    return mod.generate(mod.Config(), dist, random.Random(f"{mod.NAME}:{dist}:{seed}"))


@cache
def default_tests(name: str) -> tuple[GeneratedTest, ...]:
    """The family's default test set (seed 0), generated in-process once per test session."""
    return tuple(
        GeneratedTest(name=t, distribution=d, seed=s, input=generate_one(name, d, s).encode())
        for t, d, s in family(name).test_plan(0)
    )


def verify(name: str, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    """Call the family's verifier as the harness does: a caught exception is a rejection."""
    mod = module(name)
    try:
        feasible, objective, message = mod.verify(mod.Config(), input_text, output_text)
    except REJECTIONS as exc:
        return False, None, f"malformed output: {exc}"
    return bool(feasible), objective if feasible else None, message


class ScriptedTalk:
    """The solution's side of a conversation, scripted: the lines it sends, in order (then it is gone)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.heard = list(lines), []

    def send(self, line: str) -> None:
        self.heard.append(line)

    def receive(self) -> str:
        if not self.lines:
            raise EOFError("the solution ended the conversation")
        return self.lines.pop(0)


def converse(name: str, input_text: str, lines: list[str]) -> tuple[bool, float | None, str]:
    """Call an interactive family's ``interact`` as the harness does, the solution's lines scripted: a caught
    exception (or the end of the script) is a rejection."""
    mod = module(name)
    try:
        feasible, objective, message = mod.interact(mod.Config(), input_text, ScriptedTalk(lines))
    except (*REJECTIONS, EOFError) as exc:
        return False, None, f"malformed conversation: {exc}"
    return bool(feasible), objective if feasible else None, message
