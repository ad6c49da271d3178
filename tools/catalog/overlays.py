"""A family module as a program: the helpers every family shares (``shared.py``) and the command-line harness
(``harness.py``) appended to it, and the overlays laid between them that rebind what the harness calls (a
``verify`` answered by one check alone, a ``validate`` held to the seed's C_I).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
# What is appended to every family module shipped as a program: the helpers the family modules share (shared.py,
# which ``load_module`` adds to a module loaded in-process too), then the command-line harness.
SHARED, HARNESS_MAIN = ((HERE / name).read_text() for name in ("shared.py", "harness.py"))
HARNESS = f"{SHARED}\n\n{HARNESS_MAIN}"


def answer_verify_from(check: str) -> str:
    """An overlay whose ``verify`` prints the verdict of the module's ``check(cfg, input, output)`` alone."""
    return (
        f"# -- verify answers from {check} alone (tools/catalog Family) --\n"
        "def verify(cfg, input_text, output_text):\n"
        f"    ok, message = {check}(cfg, input_text, output_text)\n"
        "    return ok, 0.0 if ok else None, message\n"
    )


# validate accepts an input only where it lies in the seed's C_I too
IN_SEED_DOMAIN = """# -- validate accepts the seed's C_I alone (tools/catalog Family.seed_checker) --
_family_validate = validate


def validate(cfg, text):
    _family_validate(cfg, text)
    if not in_seed_domain(cfg, text):
        raise ValueError("the input lies outside the seed's C_I")
"""
