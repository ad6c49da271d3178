"""A model's module of plain functions (the tests' and the verifier's authors write one:
tools/llm/prompts/crossval.py) as programs under the harness every catalog family runs under: its generator
and validator, its verifier, its feasibility-only checker and its baseline s*, with the overlays that give its
functions the family module's signatures.
"""

from __future__ import annotations

from typing import Literal

from frontiersmith.models import Language, Program

from .overlays import HARNESS_MAIN, SHARED, answer_verify_from

# What generate and baseline return: a string, or the text's lines, a line being a value or a list of values
# printed space-separated (nested lists flattened), and a line that is a list of lists being several lines (edges
# as pairs). Small models wrote f"{n}\\n{a}" with a list a, which prints "[1, 2, ...]".
_MODEL_LINES = """# -- a model's text as lines (tools/catalog model_program) --
def _values(item):
    if isinstance(item, (list, tuple)):
        return " ".join(_values(x) for x in item)
    return str(item)


def _as_text(made):
    if not isinstance(made, (list, tuple)):
        return str(made)
    lines = []
    for line in made:
        if isinstance(line, (list, tuple)) and line and all(isinstance(x, (list, tuple)) for x in line):
            lines += [_values(x) for x in line]
        else:
            lines.append(_values(line))
    return "\\n".join(lines) + "\\n"
"""


# A model's module (tools/llm/prompts/crossval.py: WRITE_TESTS, WRITE_VERIFIER) defines the family functions
# without the cfg (generate(dist, rng), validate(text), verify(input, output), feasible(input, output)) and a
# list of DISTRIBUTIONS; this overlay gives them the family module's signatures, so the one harness runs them.
# What a small model gets slightly wrong in shape (validate returning False, feasible returning a bare bool,
# an objective given as text) is read as meant; anything else fails the way the harness reports it.
_MODEL_ADAPTER = """# -- a model's functions under the catalog harness (tools/catalog model_program) --
NAME = "model"
_HARNESS_REASONS = False  # a model's messages are not shown to solvers, even blanked: it may quote a test in words
DISTRIBUTIONS = tuple(str(d) for d in globals().get("DISTRIBUTIONS", ()))
_model = {f: globals().get(f) for f in ("generate", "validate", "verify", "feasible")}


class Config:
    pass


def generate(cfg, dist, rng):
    return _as_text(_model["generate"](dist, rng))


def validate(cfg, text):
    sizes = _model["validate"](text)
    if sizes is False:
        raise ValueError("validate returned False")
    return sizes if isinstance(sizes, dict) else None


if "EXAMPLE" in globals():
    EXAMPLE = _as_text(EXAMPLE)


def verify(cfg, input_text, output_text):
    feasible, objective, message = _model["verify"](input_text, output_text)
    return bool(feasible), float(objective) if feasible else None, str(message)


def feasible(cfg, input_text, output_text):
    answer = _model["feasible"](input_text, output_text)
    ok, message = answer if isinstance(answer, tuple) else (answer, "")
    return bool(ok), str(message)
"""

_MODEL_BASELINE = """# -- the baseline s*: the model's baseline(input_text) as a solution (tools/catalog model_program) --
if __name__ == "__main__":
    import sys as _sys

    _sys.stdout.write(_as_text(baseline(_sys.stdin.read())))
"""

ModelRole = Literal["tests", "verifier", "feasibility", "baseline"]


def model_program(module: str, role: ModelRole) -> Program:
    """A program from a model's module of plain functions: its generator and validator (``tests``), its
    verifier, its feasibility-only checker (``verify`` answers from its ``feasible``) or its baseline s*
    (a solution printing ``baseline(stdin)``), each under the harness every catalog family runs under."""
    # The catalog's helpers go first, so a function of the model's own that shares a name with one (its own
    # read_grid) is the one its code calls; a `from __future__` import must stay the program's first statement.
    future = [line for line in module.splitlines() if line.startswith("from __future__ import")]
    body = "\n".join(line for line in module.splitlines() if not line.startswith("from __future__ import"))
    if role == "baseline":
        parts = [*future, body, _MODEL_LINES, _MODEL_BASELINE]
    elif role == "feasibility":
        parts = [
            *future,
            SHARED,
            body,
            _MODEL_LINES,
            _MODEL_ADAPTER,
            answer_verify_from("feasible"),
            HARNESS_MAIN,
        ]
    else:
        parts = [*future, SHARED, body, _MODEL_LINES, _MODEL_ADAPTER, HARNESS_MAIN]
    return Program(code="\n\n".join(parts), language=Language.PYTHON)
