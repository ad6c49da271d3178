"""Reading a model's answer: the one parsing layer every answer passes. A JSON answer is read into its pydantic
shape, a program is taken from its fenced code block, and a Python module of functions is checked for what it
must define and made into the programs it holds (``tools/catalog/model_programs.py``). An answer that cannot be
used raises a ProviderError saying why, with the answer's text, which the provider asks again with
(tools/llm/chat.py).
"""

from __future__ import annotations

import ast
import json
import re
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from frontiersmith.drafts import CheckerDraft, MutationDraft, SolutionDraft, TestsDraft, VerifierDraft
from frontiersmith.errors import ProviderError
from frontiersmith.models import (
    Axis,
    InputSpec,
    Language,
    Objective,
    ObjectiveKind,
    OutputSpec,
    Problem,
    Program,
)
from frontiersmith.rewards.extract import FENCE_LANGUAGES, fenced_blocks
from frontiersmith.statement import write_statement

from ..catalog.model_programs import model_program
from ..problems.submit import MAX_CODE_BYTES
from . import prompts

M = TypeVar("M", bound=BaseModel)


def parse_structured(text: str, schema: type[M]) -> M:
    """Parse a model's JSON answer (tolerating a ```json fence, and a raw newline or tab inside a string, which
    small models write for a multi-line field) into ``schema``, or raise ProviderError."""
    body = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", body, re.S)
    if fence:
        body = fence.group(1).strip()
    try:
        return schema.model_validate(json.loads(body, strict=False))
    except json.JSONDecodeError as exc:
        raise ProviderError(
            f"The model's answer is not valid JSON ({exc.msg} at char {exc.pos}).", raw=text
        ) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "answer"
        raise ProviderError(
            f"The model's answer does not fit {schema.__name__}: {where}: {first['msg']}.", raw=text
        ) from None


def find_program(text: str) -> tuple[str, Language | None, str]:
    """(code, language, reason) from what a model or solver printed: the last fenced block in C++ or Python,
    else the whole text when it is plainly a program; ``reason`` says why there is no code."""
    if not text.strip():
        return "", None, "no code: the solver printed nothing"
    if len(text.encode()) > MAX_CODE_BYTES:
        return "", None, f"no code: the solver printed over {MAX_CODE_BYTES} bytes"
    blocks = fenced_blocks(text)  # the rewards' reading of a completion: one home for fences
    if blocks:
        known = [(info, body) for info, body in blocks if info in FENCE_LANGUAGES and body.strip()]
        if known:
            info, body = known[-1]
            return body.strip() + "\n", FENCE_LANGUAGES[info], ""
        tagged = [info for info, _ in blocks if info]
        if tagged:
            return "", None, f"wrong language: {tagged[-1]} (write cpp or python)"
        return _guess(blocks[-1][1])
    return _guess(text)


def _guess(body: str) -> tuple[str, Language | None, str]:
    if re.search(r"^\s*#include\b|\bint\s+main\s*\(", body, re.M):
        return body.strip() + "\n", Language.CPP, ""
    try:
        tree = ast.parse(body)
    except (SyntaxError, ValueError):
        return "", None, "no code: the output is neither a fenced C++/Python block nor a program"
    if any(not isinstance(n, ast.Expr) for n in tree.body):  # prose parses as nothing but expressions
        return body.strip() + "\n", Language.PYTHON, ""
    return "", None, "no code: the output is neither a fenced C++/Python block nor a program"


def _answer_code(text: str) -> tuple[str, Language]:
    """The program an answer holds (``find_program``), or a ProviderError saying why it holds none. (The
    rewards read a completion with ``rewards.extract_code``, which is stricter: fenced blocks only.)"""
    code, found, why = find_program(text)
    if why or found is None:
        raise ProviderError(f"The answer has {why or 'no code'}.", raw=text)
    return code, found


_STRATEGY = re.compile(r"^[\s*#>-]*strategy[\s*]*:[\s*]*(?P<idea>.+?)[\s*]*$", re.I | re.M)


def _python_syntax(code: str, what: str) -> ast.Module:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError) as exc:
        line = f" (line {exc.lineno})" if isinstance(exc, SyntaxError) and exc.lineno else ""
        msg = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        raise ProviderError(f"The {what} is not valid Python: {msg}{line}.") from None


def read_solution(text: str, language: prompts.LanguageChoice) -> SolutionDraft:
    """A solver's answer: a "Strategy: ..." line and one fenced program in the run's language (``any``: C++
    or Python). Python is checked for syntax here, so the model can be told; C++ is compiled in the sandbox."""
    code, found = _answer_code(text)
    if language != "any" and found.value != language:
        raise ProviderError(
            f"The program is {found.value}, but this run writes {prompts.LANGUAGE_NAMES[language]}.", raw=text
        )
    prose = text.split("```", 1)[0]
    named = _STRATEGY.search(prose) or _STRATEGY.search(text)
    if named is None:
        raise ProviderError(
            'The answer names no strategy: begin it with "Strategy: <the idea in one sentence>".', raw=text
        )
    if found is Language.PYTHON:
        try:
            _python_syntax(code, "program")
        except ProviderError as exc:
            raise ProviderError(str(exc), raw=text) from None
    return SolutionDraft(code=code, language=found, strategy=named.group("idea").strip()[:500])


def read_checker(text: str) -> CheckerDraft:
    """A seed's checker: one fenced C++ program (compiled against testlib.h in the sandbox)."""
    code, found = _answer_code(text)
    if found is not Language.CPP:
        raise ProviderError("The checker must be C++17 against testlib.h, in a ```cpp block.", raw=text)
    return CheckerDraft(checker=Program(code=code, language=Language.CPP))


def read_module(text: str, functions: tuple[str, ...]) -> tuple[str, ast.Module]:
    """A model's Python module of plain functions (tests, verifier): its code and syntax tree, once it parses
    and defines each of ``functions`` at its top level."""
    code, found = _answer_code(text)
    if found is not Language.PYTHON:
        raise ProviderError("The module must be Python 3, in a ```python block.", raw=text)
    try:
        tree = _python_syntax(code, "module")
    except ProviderError as exc:
        raise ProviderError(str(exc), raw=text) from None
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    missing = [f for f in functions if f not in defined]
    if missing:
        raise ProviderError(
            f"The module defines no {', '.join(f + '()' for f in missing)} at its top level.", raw=text
        )
    return code, tree


def module_names(tree: ast.Module, name: str) -> list[str] | None:
    """The list of strings the module assigns to ``name`` at its top level (None: it assigns none)."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                return None
            if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
                return [str(v) for v in value]
            return None
    return None


def read_tests(text: str) -> TestsDraft:
    """The test author's module as a generator and validator (one program, as the catalog's are)."""
    code, tree = read_module(text, ("generate", "validate"))
    distributions = module_names(tree, "DISTRIBUTIONS")
    if not distributions:
        raise ProviderError(
            'The module needs DISTRIBUTIONS = ["name", ...], a list of at least one name.', raw=text
        )
    program = model_program(code, "tests")
    # ADVERSARIAL only marks some of the distributions; a name that is none of them (small models write the
    # solvers' strategies there) marks no test, so it is left out rather than costing the whole module.
    adversarial = [name for name in module_names(tree, "ADVERSARIAL") or [] if name in distributions]
    try:
        return TestsDraft(
            generator=program,
            validator=program,
            distributions=list(dict.fromkeys(distributions)),
            adversarial=list(dict.fromkeys(adversarial)),
        )
    except ValidationError as exc:
        raise ProviderError(f"The tests cannot be used: {exc.errors()[0]['msg']}.", raw=text) from None


def read_verifier(text: str, problem: Problem) -> VerifierDraft:
    """The verifier author's module as a verifier, a feasibility-only checker and a baseline s* (what it does:
    its docstring's first line); the sense is the candidate's own."""
    if problem.objective.sense is None:
        raise ProviderError(
            f"The candidate {problem.id} names no sense (min or max) to write a verifier for."
        )
    code, tree = read_module(text, ("verify", "feasible", "baseline"))
    return VerifierDraft(
        verifier=model_program(code, "verifier"),
        baseline=model_program(code, "baseline"),
        feasibility=model_program(code, "feasibility"),
        sense=problem.objective.sense,
        baseline_summary=_docstring_line(tree, "baseline"),
    )


def _docstring_line(tree: ast.Module, function: str) -> str:
    """The first line of a top-level function's docstring (empty when it has none)."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function:
            doc = ast.get_docstring(node) or ""
            return doc.strip().splitlines()[0].strip() if doc.strip() else ""
    return ""


def mutation_draft(seed: Problem, axis: Axis, answer: prompts.MutationAnswer) -> MutationDraft:
    """The candidate a model's mutation writes whole: its statement from the model's own sections (nothing of
    the seed's text is kept), its C_I from its input section and bounds, its C_O from its output section."""
    objective = answer.objective.strip().rstrip(".")
    statement = write_statement(
        answer.title,
        answer.story,
        input=answer.input,
        output=answer.output,
        objective=objective,
        sense=answer.sense,
    )
    return MutationDraft(
        title=answer.title.strip(),
        statement=statement,
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=answer.sense, formula=objective),
        input_spec=InputSpec(constraints=" ".join(answer.input.split()), bounds=answer.bounds),
        output_spec=OutputSpec(description=" ".join(answer.output.split())),
        io_format=f"{_first_sentence(answer.input)} Output: {_first_sentence(answer.output)}",
        rationale=f"{axis.value} mutation of {seed.id}",
    )


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]
