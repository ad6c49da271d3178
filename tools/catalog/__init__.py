"""The built-in catalog: closed seeds, open-ended families mutated from them, and pseudo-open decoys.

Each family is one self-contained module in ``families/`` (stdlib only, so it can run inside the
sandbox as its own generator, validator and verifier) with a module-level ``FAMILY`` dict that
registers it; its solvers are programs in ``solvers/<family>/``. ``overlays`` makes a family module a program
(the shared helpers and the harness after it); ``model_programs`` runs a model's module under the same harness.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from frontiersmith.drafts import MutationDraft, TestsDraft
from frontiersmith.errors import NotFoundError
from frontiersmith.models import (
    Axis,
    InputSpec,
    Language,
    Limits,
    Normalisation,
    Objective,
    OutputSpec,
    Problem,
    ProblemKind,
    Program,
    Sense,
)
from frontiersmith.statement import Scoring, render_statement, split_sections, write_statement

from . import shared
from .overlays import HARNESS, IN_SEED_DOMAIN, answer_verify_from

HERE = Path(__file__).parent
FAMILIES_DIR = HERE / "families"
SOLVERS_DIR = HERE / "solvers"

KINDS = ("closed", "open", "pseudo-open")


@dataclass(frozen=True)
class SolverSpec:
    """One solver program of a family, labelled with its strategy."""

    strategy: str  # short label, e.g. "greedy", "simulated annealing"
    summary: str  # one or two sentences on the idea
    path: Path

    @property
    def language(self) -> Language:
        """C++ for a ``.cpp`` or ``.cc`` file, else Python."""
        return Language.CPP if self.path.suffix in (".cpp", ".cc") else Language.PYTHON

    @property
    def program(self) -> Program:
        """The solver's code, read from its file now."""
        return Program(code=self.path.read_text(), language=self.language)


@dataclass(frozen=True)
class Family:
    """One catalog family, read from its module's ``FAMILY`` dict: the problem's tuple and statement, its test
    plan, its solvers (with the baseline and reference among them), and for a mutation its parent and axis."""

    name: str
    kind: str  # closed | open | pseudo-open
    title: str
    statement: str
    objective: Objective
    input_spec: InputSpec
    output_spec: OutputSpec
    io_format: str
    limits: Limits
    distributions: tuple[str, ...]
    solvers: tuple[SolverSpec, ...]
    baseline: SolverSpec | None
    reference: SolverSpec | None
    parent: str | None = None
    axis: Axis | None = None
    tests_per_distribution: int = 2
    module_path: Path = field(default=Path())
    meta: dict[str, Any] = field(default_factory=dict)
    overlay: str = ""  # code appended to the module by a variant (``variant``), before the harness

    @property
    def sense(self) -> Sense | None:
        """Whether the objective is minimised or maximised; None for a closed family that optimises nothing."""
        return self.objective.sense

    @property
    def interactive(self) -> bool:
        """Its module is an interactor (``interact``): it talks to the running solution instead of reading
        the solution's output (``verify``)."""
        return bool(self.meta.get("interactive"))

    @property
    def program(self) -> Program:
        """The family module plus the harness: generator, validator and native verifier in one."""
        return self._program()

    def _program(self, *overlays: str) -> Program:
        """The module, the variant's overlay, then ``overlays`` (each may rebind the module's functions the
        harness calls), then the harness."""
        parts = [self.module_path.read_text(), self.overlay, *overlays, HARNESS]
        return Program(code="\n\n".join(p for p in parts if p), language=Language.PYTHON)

    @property
    def feasibility_program(self) -> Program | None:
        """The family's C_O checked by its module's ``feasible``, written apart from ``verify``, as a program
        whose ``verify`` prints only that verdict: the second opinion the offline provider writes (None when
        the module has no ``feasible``)."""
        if not hasattr(load_module(self.module_path), "feasible"):
            return None
        return self._program(answer_verify_from("feasible"))

    def seed_checker(self) -> tuple[Program, Program | None] | str:
        """The seed's feasibility on this family's outputs, as a program whose ``verify`` prints it (the
        module's ``seed_feasible``), and a validator of the seed's C_I (its ``in_seed_domain``; None: every
        input of the family lies in it); or why the seed cannot judge (its ``NO_SEED_ORACLE``)."""
        module = load_module(self.module_path)
        if self.parent is None or not hasattr(module, "seed_feasible"):
            return getattr(module, "NO_SEED_ORACLE", f"catalog family {self.name} exposes no seed checker")
        domain = self._program(IN_SEED_DOMAIN) if hasattr(module, "in_seed_domain") else None
        return self._program(answer_verify_from("seed_feasible")), domain

    def config_defaults(self) -> dict[str, int | float]:
        """The numeric fields of the family's Config (its generator's and validator's parameters)."""
        cfg = load_module(self.module_path).Config()
        return {
            name: value
            for name, value in vars(cfg).items()
            if isinstance(value, int | float) and not isinstance(value, bool)
        }

    def variant(
        self,
        config: dict[str, int | float] | None = None,
        aliases: dict[str, str] | None = None,
        distributions: list[str] | None = None,
        time_ms: int | None = None,
    ) -> Family:
        """The family with a spec change realised on its own program: Config defaults overridden (the
        validator's bounds and, where the generator reads them, its sizes), extra distributions that re-draw
        an existing one under another name (more tests of it, other seeds), the test plan's distributions
        and the time limit."""
        config, aliases = dict(config or {}), dict(aliases or {})
        unknown = sorted(set(config) - set(self.config_defaults()))
        bad = sorted(a for a, base in aliases.items() if base not in self.distributions)
        if unknown or bad:
            raise ValueError(
                f"catalog family {self.name}: no Config field {unknown} or distribution for {bad}"
            )
        load_module(self.module_path).Config(**config)  # the family's own checks on its parameters
        plan = tuple(distributions) if distributions else (*self.distributions, *aliases)
        if set(plan) - set(self.distributions) - set(aliases):
            raise ValueError(f"catalog family {self.name}: the test plan names an unknown distribution")
        lines = [
            "# -- a variant of this family (tools/catalog Family.variant) --",
            f"_VARIANT_CONFIG = {config!r}",
            f"_VARIANT_ALIASES = {aliases!r}",
            "",
            "",
            "class Config(Config):",
            "    def __init__(self, **values):",
            "        super().__init__(**{**_VARIANT_CONFIG, **values})",
            "",
            "",
            "DISTRIBUTIONS = tuple(DISTRIBUTIONS) + tuple(_VARIANT_ALIASES)",
            "_variant_generate = generate",
            "",
            "",
            "def generate(cfg, dist, rng):",
            "    return _variant_generate(cfg, _VARIANT_ALIASES.get(dist, dist), rng)",
        ]
        limits = self.limits.model_copy(update={"time_ms": time_ms}) if time_ms else self.limits
        return dataclasses.replace(self, overlay="\n".join(lines) + "\n", distributions=plan, limits=limits)

    def test_plan(self, seed: int = 0) -> list[tuple[str, str, int]]:
        """(name, distribution, seed) for the default test set, reproducible from ``seed``."""
        plan = []
        for dist in self.distributions:
            for i in range(self.tests_per_distribution):
                s = seed * 1000 + i + 1
                plan.append((f"{dist}-{s}", dist, s))
        return plan

    def tests_draft(self) -> TestsDraft:
        """The family's module is its own generator and validator; its test plan is the default test set."""
        return TestsDraft(
            generator=self.program,
            validator=self.program,
            distributions=list(self.distributions),
            tests_per_distribution=self.tests_per_distribution,
            notes=f"catalog family {self.name}",
        )

    def as_mutation_draft(self) -> MutationDraft:
        """The family as the mutation of its parent seed that it is (along ``axis``): its statement with its
        objective, as solvers read a candidate before its task renders the Scoring section."""
        return MutationDraft(
            title=self.title,
            statement=self.candidate_statement,
            objective=self.objective,
            input_spec=self.input_spec,
            output_spec=self.output_spec,
            io_format=self.io_format,
            rationale=f"catalog family {self.name}",
            catalog=self.name,
        )

    @property
    def candidate_statement(self) -> str:
        """The family's statement (story, Input, Output, Constraints) with its Objective section."""
        found = split_sections(self.statement)
        return write_statement(
            self.title,
            found.legend,
            input=found.input,
            output=found.output,
            interaction=found.interaction,
            constraints=found.constraints,
            objective=self.objective.formula,
            sense=self.sense,
        )

    @property
    def shown_statement(self) -> str:
        """What ``catalog/NAME`` shows: the statement whole, scored with the paper's normalisation against the
        family's baseline (as ``submit`` scores it); a closed family's statement as written."""
        if self.sense is None or self.kind == "closed":
            return self.statement
        scoring = Scoring(
            normalisation=Normalisation.PAPER,
            sense=self.sense,
            objective=self.objective.formula,
            baseline=self.baseline.summary if self.baseline else "",
        )
        raw = Problem(id=self.name, title=self.title, statement=self.statement, objective=self.objective)
        return render_statement(raw, scoring, limits=self.limits)

    def problem(self, problem_id: str | None = None) -> Problem:
        """The family as a problem (``catalog/NAME`` unless ``problem_id`` is given), with the statement
        ``submit`` shows and provenance naming the family, its parent and axis."""
        return Problem(
            id=problem_id or f"catalog/{self.name}",
            title=self.title,
            statement=self.shown_statement,
            objective=self.objective,
            input_spec=self.input_spec,
            output_spec=self.output_spec,
            io_format=self.io_format,
            limits=self.limits,
            kind=ProblemKind.CLOSED if self.kind == "closed" else ProblemKind.OPEN,
            provenance={
                "catalog": self.name,
                "parent": self.parent,
                "axis": self.axis.value if self.axis else None,
            },
        )


def _solver(family: str, spec: dict[str, Any] | None) -> SolverSpec | None:
    if spec is None:
        return None
    path = SOLVERS_DIR / family / spec["file"]
    if not path.is_file():
        raise FileNotFoundError(f"catalog family {family}: solver file {path.name} is missing")
    return SolverSpec(strategy=spec["strategy"], summary=spec.get("summary", ""), path=path)


def load_module(path: Path) -> ModuleType:
    """Import a family module in-process (stdlib-only, so this is safe) under a private name."""
    name = f"frontiersmith_catalog_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    # registered while it runs, as an import would: class bodies and annotations may look their module up
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    vars(module).update((k, v) for k, v in vars(shared).items() if not k.startswith("__"))  # as when it runs
    return module


def _read_family_dict(path: Path) -> dict[str, Any]:
    """Evaluate the module so FAMILY may refer to module constants; modules are stdlib-only."""
    return load_module(path).FAMILY


def _load(path: Path) -> Family:
    d = _read_family_dict(path)
    name = d["name"]
    if d["kind"] not in KINDS:
        raise ValueError(f"catalog family {name}: kind must be one of {KINDS}")
    obj = d["objective"]
    return Family(
        name=name,
        kind=d["kind"],
        title=d["title"],
        statement=d["statement"].strip() + "\n",
        objective=Objective(kind=obj["kind"], sense=obj.get("sense"), formula=obj.get("formula", "")),
        input_spec=InputSpec(**d.get("input_spec", {})),
        output_spec=OutputSpec(**d.get("output_spec", {})),
        io_format=d.get("io_format", ""),
        limits=Limits(**d.get("limits", {})),
        distributions=tuple(_distributions(path)),
        solvers=tuple(s for s in (_solver(name, x) for x in d.get("solvers", [])) if s),
        baseline=_solver(name, d.get("baseline")),
        reference=_solver(name, d.get("reference")),
        parent=d.get("parent"),
        axis=Axis(d["axis"]) if d.get("axis") else None,
        tests_per_distribution=d.get("tests_per_distribution", 2),
        module_path=path,
        meta={k: v for k, v in d.items() if k not in {"statement"}},
    )


def _distributions(path: Path) -> list[str]:
    """DISTRIBUTIONS is a literal tuple/list in every family module."""
    tree = ast.parse(path.read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", None) == "DISTRIBUTIONS" for t in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise ValueError(f"catalog family {path.stem}: DISTRIBUTIONS is missing")


@cache
def families() -> dict[str, Family]:
    """Every family of ``families/`` by name, loaded once per process."""
    out: dict[str, Family] = {}
    for path in sorted(FAMILIES_DIR.glob("*.py")):
        if path.name.startswith("_"):
            continue
        fam = _load(path)
        out[fam.name] = fam
    return out


def get_family(name: str) -> Family:
    """The family named ``name`` (with or without ``catalog/``); NotFoundError saying how to list them."""
    name = name.removeprefix("catalog/")
    fams = families()
    if name not in fams:
        missing = f"No catalog family named {name!r}"
        raise NotFoundError(
            f"{missing}; run `frontiersmith catalog list` to see them.",
            over_mcp=f"{missing}; call list_problems or read the resource catalog://families to see them.",
        )
    return fams[name]


def family_for(problem: Problem) -> Family | None:
    """The catalog family a problem is, with the variant its provenance names applied (None: not catalog)."""
    name = problem.provenance.get("catalog")
    if not name:
        return None
    fam = get_family(name)
    variant = problem.provenance.get("variant")
    return fam.variant(**variant) if variant else fam


def list_families(kind: str | None = None) -> list[Family]:
    """Every family, or those of one ``kind`` (closed, open, pseudo-open), in name order."""
    return [f for f in families().values() if kind is None or f.kind == kind]


def seed_id_for(family_name: str) -> str:
    """The id a closed family is stored under as a seed (tools/seeds/pool.py), which its mutations name as parent."""
    return f"seed_{family_name}"
