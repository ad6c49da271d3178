"""A candidate's feasibility oracle for the cross-validation protocol: its seed's checker where the seed can
judge the candidate's outputs (protocol.SeedOracle), else the reason it cannot (the report says so)."""

from __future__ import annotations

from frontiersmith.models import Candidate, Seed
from frontiersmith.store import Store

from ...catalog import family_for
from .protocol import RELATION_BY_AXIS, NoOracle, Oracle, SeedOracle


def seed_oracle(store: Store, candidate: Candidate) -> Oracle:
    """The seed's checker as it reads ``candidate``'s outputs, related to the verifier's verdicts by the axis
    that leads from the seed to the candidate's problem.

    A catalog family says how its seed judges its outputs (tools/catalog ``Family.seed_checker``); a variant
    of it (targeted synthesis) keeps its formats, so the family's answer holds for it too. Any other seed
    judges an output by comparing it with its reference's answer, which says whether an output is optimal,
    not whether it is feasible, so it is no oracle."""
    problem = candidate.problem
    fam = family_for(problem)
    if fam is None:
        parent = store.find(Seed, candidate.parent_id)
        if parent is not None and parent.origin == "catalog":
            return NoOracle(
                f"the candidate is no catalog family, so seed {parent.id}'s checker may not read it"
            )
        if parent is not None:
            return NoOracle(
                f"seed {parent.id} judges an output by comparing it with its reference's answer "
                f"({parent.comparison.value}), which says whether it is optimal, not whether it is feasible"
            )
        return NoOracle(f"{candidate.parent_id} is not a seed whose checker reads this candidate's outputs")
    if fam.parent is None or fam.axis is None:
        return NoOracle(f"catalog family {fam.name} is a seed, not a mutation of one")
    if problem.io_format != fam.io_format:
        return NoOracle(f"the candidate names catalog family {fam.name} but reads or writes another format")
    checker = fam.seed_checker()
    if isinstance(checker, str):
        return NoOracle(f"{checker} (catalog family {fam.name}, mutated from {fam.parent})")
    program, domain = checker
    return SeedOracle(
        checker=program,
        relation=RELATION_BY_AXIS[fam.axis],
        source=f"seed {fam.parent}'s checker (catalog {fam.name}, {fam.axis.value} axis)",
        domain=domain,
    )
