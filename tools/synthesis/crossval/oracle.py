"""The seed's checker as the cross-validation protocol's feasibility oracle: what an oracle is (``SeedOracle``, or
``NoOracle`` and why the seed cannot judge), and what a candidate's parent gives the protocol: its seed's checker
where the seed can judge the candidate's outputs, else the reason it cannot (the report says so); the seed's own
answers, for the probes (``seed_answers``); and a catalog family's feasibility, a check the verifier's author did
not write (``independent_checker``)."""

from __future__ import annotations

from dataclasses import dataclass

from frontiersmith.models import Axis, Candidate, OracleRelation, Program, Seed, Task
from frontiersmith.store import Store

from ...catalog import family_for
from ...seeds.writer import REFERENCE_AUTHOR
from ..sample import sampled
from .probes import SEED_ANSWERS, IndependentChecker


@dataclass(frozen=True)
class SeedOracle:
    """The seed's checker as the judge of feasibility on a candidate's outputs (it prints the native verdict
    line; only ``feasible`` and ``message`` are read). ``relation`` is the mutation axis's (see
    ``OracleRelation``); ``domain``, when given, is a validator that accepts exactly the inputs in the seed's
    C_I (an input mutation's oracle judges only those); ``source`` says what the oracle is, for the report."""

    checker: Program
    relation: OracleRelation
    source: str
    domain: Program | None = None
    author: str = "the seed's author"  # who wrote the checker: it is independent of the verifier's author


@dataclass(frozen=True)
class NoOracle:
    """The seed cannot judge this candidate's outputs, and why (the report says so)."""

    reason: str


Oracle = SeedOracle | NoOracle
NO_ORACLE_GIVEN = NoOracle("no seed checker was given to the protocol")
# An objective mutation keeps C_I and C_O; an output one only narrows C_O; an input one keeps C_O on the
# inputs that lie in the seed's C_I (the oracle's domain).
RELATION_BY_AXIS = {
    Axis.OBJECTIVE: OracleRelation.EQUAL,
    Axis.OUTPUT: OracleRelation.IMPLIES,
    Axis.INPUT: OracleRelation.EQUAL,
}


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
        author="the catalog",
    )


def seed_answers(store: Store, candidate: Candidate) -> dict[str, Program] | str:
    """The programs that answer ``candidate``'s parent problem, to run on the candidate's tests (the probes'
    "seed's own answer"): a seed's references (the one its status rests on first), or, for a published task
    or a candidate as the parent, its sampled solutions; at most SEED_ANSWERS of them. Or why there are none."""
    parent_id = candidate.parent_id
    found: dict[str, Program] = {}
    seed = store.find(Seed, parent_id)
    if seed is not None:
        if seed.reference is not None:
            found[f"seed {seed.id}'s reference"] = seed.reference
        for s in store.problems.list_solutions(seed.id):
            if s.author == REFERENCE_AUTHOR:
                found.setdefault(
                    f"seed {seed.id}'s reference {s.id}", Program(code=s.code, language=s.language)
                )
        parent_id = str(seed.problem.provenance.get("task_id") or "")  # a task that rejoined the pool
    task = store.find(Task, parent_id) if parent_id else None
    solved = task.candidate_id if task is not None else parent_id
    if not found and solved and store.find(Candidate, solved) is not None:
        for s in sampled(store, solved):
            found.setdefault(
                f"{candidate.parent_id}'s sampled solution {s.id}", Program(code=s.code, language=s.language)
            )
    answers: dict[str, Program] = {}
    for label, program in found.items():  # the seed's reference is often one of its solutions too
        if all(program.code != kept.code for kept in answers.values()):
            answers[label] = program
    if not answers:
        return f"{candidate.parent_id} has no reference solution to run on the candidate's tests"
    return dict(list(answers.items())[:SEED_ANSWERS])


def independent_checker(candidate: Candidate, verifier: Program) -> IndependentChecker | None:
    """The candidate's catalog family's feasibility, when the candidate is one and the catalog did not also
    write its verifier (then the two are one author's)."""
    fam = family_for(candidate.problem)
    if fam is None or candidate.problem.io_format != fam.io_format:
        return None
    checker = fam.feasibility_program
    if checker is None or verifier.code == fam.program.code:
        return None
    return IndependentChecker(checker, f"catalog family {fam.name}'s feasibility", "the catalog")
