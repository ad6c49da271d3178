"""The structured problem spec (FrontierSynth's format): built for a catalog family from its own metadata,
by a model for any other problem, or derived offline from the problem's tuple; the statement and the
mutation draft are rendered from it.
"""

from __future__ import annotations

import re

from frontiersmith.drafts import MutationDraft, Provider
from frontiersmith.errors import ProviderError
from frontiersmith.models import (
    Complexity,
    DistributionRule,
    InputSpec,
    OutputSpec,
    Problem,
    ProblemSpec,
    SpecField,
)

from ..catalog import Family, family_for

# The statement sections a spec renders itself; a family's story is its statement without them.
_RENDERED_SECTIONS = ("constraints",)
_SIZE_NAME = re.compile(r"^(n|m|k|len|side|w|h)(_|$)|_max$", re.I)


def _is_size(name: str) -> bool:
    """Whether a bound names an input size (n, m, k, ...), which complexity metadata tracks."""
    return bool(_SIZE_NAME.search(name)) or name in {"n", "m", "k", "W", "L"}


def _fields(bounds: dict[str, tuple[float, float]]) -> list[SpecField]:
    return [
        SpecField(
            name=name,
            type="int" if float(lo).is_integer() and float(hi).is_integer() else "float",
            shape="scalar" if _is_size(name) else "per item",
            bounds=(lo, hi),
        )
        for name, (lo, hi) in bounds.items()
    ]


def _story(statement: str) -> str:
    """The statement without the sections the spec renders (a second copy of the bounds would go stale)."""
    parts = re.split(r"(?m)^(?=## )", statement)
    kept = [p for p in parts if not any(p.lower().startswith(f"## {s}") for s in _RENDERED_SECTIONS)]
    return "".join(kept).strip()


def _constraints(text: str) -> list[str]:
    return [c.strip() for c in re.split(r",\s*(?![^()]*\))|;\s*|\n", text) if c.strip()]


def spec_for_family(fam: Family) -> ProblemSpec:
    """A catalog family's spec, from its own metadata: bounds, distributions, Config and limits."""
    bounds = dict(fam.input_spec.bounds)
    constraints = _constraints(fam.input_spec.constraints)
    return ProblemSpec(
        title=fam.title,
        story=_story(fam.statement),
        objective=fam.objective,
        inputs=_fields(bounds),
        outputs=[SpecField(name="answer", type="structure", description=fam.output_spec.description)],
        constraints=constraints,
        complexity=Complexity(
            n_bounds={k: v for k, v in bounds.items() if _is_size(k)},
            constraint_count=len(constraints),
            nesting=1,
        ),
        tests=[
            DistributionRule(name=d, tests=fam.tests_per_distribution, purpose="default")
            for d in fam.distributions
        ],
        generator=fam.config_defaults(),
        limits=fam.limits,
        io_format=fam.io_format,
        source=f"catalog:{fam.name}",
    )


def offline_spec(problem: Problem) -> ProblemSpec:
    """The spec read off a problem's tuple (O, C_I, C_O) when no model writes one: its bounds are the typed
    input fields, its constraints text the constraints, one default test rule."""
    bounds = dict(problem.input_spec.bounds)
    constraints = _constraints(problem.input_spec.constraints)
    return ProblemSpec(
        title=problem.title,
        story=_story(problem.statement),
        objective=problem.objective,
        inputs=_fields(bounds),
        outputs=[SpecField(name="answer", type="structure", description=problem.output_spec.description)],
        constraints=constraints,
        complexity=Complexity(
            n_bounds={k: v for k, v in bounds.items() if _is_size(k)}, constraint_count=len(constraints)
        ),
        tests=[DistributionRule(name="random", purpose="default")],
        limits=problem.limits,
        io_format=problem.io_format,
        source="offline",
    )


async def problem_spec(problem: Problem, provider: Provider | None = None) -> ProblemSpec:
    """The spec of any problem: a catalog family's (with its variant) from its metadata; otherwise a
    model's when the provider writes specs, else the offline derivation from the tuple."""
    fam = family_for(problem)
    if fam is not None:
        return spec_for_family(fam)
    write = getattr(provider, "write_spec", None)
    if write is not None:
        try:
            return await write(problem)
        except ProviderError:
            pass  # a model that cannot write one leaves the tuple's derivation, which is always possible
    return offline_spec(problem)


def _bound(lo: float, hi: float) -> str:
    def num(x: float) -> str:
        return str(int(x)) if float(x).is_integer() else f"{x:g}"

    return f"[{num(lo)}, {num(hi)}]"


def render_statement(spec: ProblemSpec) -> str:
    """The statement a solver reads: the story, then the constraints and the limits rendered from the spec."""
    lines = [spec.story.strip() or f"# {spec.title}", "", "## Constraints"]
    lines += [f"- {c}" for c in spec.constraints]
    lines += [f"- {f.name} in {_bound(*f.bounds)}" for f in spec.inputs if f.bounds is not None]
    lines += ["", f"Time limit: {spec.limits.time_ms} ms; memory limit: {spec.limits.memory_mb} MB."]
    return "\n".join(lines) + "\n"


def spec_draft(spec: ProblemSpec, rationale: str, catalog: str | None = None) -> MutationDraft:
    """The mutation draft a spec is: its tuple and its rendered statement."""
    bounds = {f.name: f.bounds for f in spec.inputs if f.bounds is not None}
    return MutationDraft(
        title=spec.title,
        statement=render_statement(spec),
        objective=spec.objective,
        input_spec=InputSpec(constraints=", ".join(spec.constraints), bounds=bounds),  # type: ignore[arg-type]
        output_spec=OutputSpec(description="; ".join(f.description for f in spec.outputs if f.description)),
        io_format=spec.io_format,
        rationale=rationale,
        catalog=catalog,
    )
