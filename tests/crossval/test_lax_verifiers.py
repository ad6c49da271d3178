"""Verifiers written to be lax, each in one way a model's verifier may be, pass the protocol's older checks
(they reject garbage, score consistently, kill most corrupted outputs) and are rejected by the feasibility
checks with the reason: the seed's checker (the oracle) or the author's feasibility checker (the second
opinion) disagrees with them on an output, and says why. The catalog family's own verifier, beside the
catalog's feasibility checker, passes the same checks on the same candidate. Store, sandbox and programs
are real; the candidates are catalog mutations of their seeds, their solutions sampled offline."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from frontiersmith.drafts import SolutionDraft, VerifierDraft
from frontiersmith.models import Language, OracleRelation, Program
from frontiersmith.server.schemas import VerifierOut
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.catalog import HARNESS, get_family, seed_id_for
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds
from frontiersmith.tools.synthesis.crossval.feasibility import SECOND_CHECK, SEED_CHECK
from frontiersmith.tools.synthesis.crossval.probes import HACKING_CHECK, SEED_ANSWER_CHECK, STRUCTURAL_CHECK

pytestmark = pytest.mark.anyio
WELL_FORMED_CHECK = "verifier judges well-formed mutants"
PROBES = {STRUCTURAL_CHECK, SEED_ANSWER_CHECK, HACKING_CHECK}

# The issue's own example: the catalog's Min-True 2-SAT verifier wrapped so that any n bits are feasible,
# an assignment that breaks a clause scoring its ones + 1 like any other.
ACCEPTS_BROKEN_CLAUSES = """
_strict_verify = verify


def verify(cfg, input_text, output_text):
    ok, objective, message = _strict_verify(cfg, input_text, output_text)
    bits = output_text.split()
    if ok or len(bits) != _parse(cfg, input_text)[0] or not set(bits) <= {"0", "1"}:
        return ok, objective, message
    return True, float(bits.count("1") + 1), "an assignment"
"""
# Checks the tree against a degree bound of n - 1, whatever D the input says.
IGNORES_THE_DEGREE_BOUND = """
_strict_verify = verify


def verify(cfg, input_text, output_text):
    n, _, edges = _parse(cfg, input_text)
    unbounded = [f"{n} {len(edges)} {n - 1}"] + [f"{a + 1} {b + 1} {w}" for a, b, w in edges]
    return _strict_verify(cfg, "\\n".join(unbounded) + "\\n", output_text)
"""
# Reads the knapsack numbers and sums the profits packed, never the weights.
IGNORES_THE_CAPACITIES = """
def verify(cfg, input_text, output_text):
    caps, w, p = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(w) or not all(t.isdigit() and int(t) <= len(caps) for t in toks):
        return False, None, f"expected {len(w)} knapsack numbers between 0 and {len(caps)}"
    return True, float(sum(pi for pi, t in zip(p, toks) if t != "0") + 1), "packed"
"""
# Counts every vertex listed, a repeated one too.
ACCEPTS_A_DUPLICATE = """
def verify(cfg, input_text, output_text):
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks or not all(t.isdigit() and 1 <= int(t) <= n for t in toks) or int(toks[0]) != len(toks) - 1:
        return False, None, "expected k and then k vertices"
    chosen = {int(t) for t in toks[1:]}
    if any(u in chosen and v in chosen for u, v in edges):
        return False, None, "two chosen vertices are adjacent"
    return True, float(len(toks) - 1), "an independent set"
"""
# A naive solution to the degree-bounded MST: Kruskal's minimum spanning tree, degree bound ignored (on the
# hub tests its tree has vertices of high degree).
KRUSKAL = """
import sys
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
parent = list(range(n + 1))
def find(x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x
chosen = []
for i in sorted(range(m), key=lambda i: int(data[5 + 3 * i])):
    a, b = find(int(data[3 + 3 * i])), find(int(data[4 + 3 * i]))
    if a != b:
        parent[a] = b
        chosen.append(i + 1)
print(*chosen)
"""


@dataclass(frozen=True)
class Lax:
    family: str
    overlay: str
    second_opinion: bool  # whether the author wrote the catalog's feasibility checker beside it
    failed: str  # the check that rejects it
    reason: str  # words of that check's detail: the judge's why
    relation: OracleRelation
    extra: tuple[SolutionDraft, ...] = ()


CASES = {
    "accepts clause-breaking assignments": Lax(
        "min_true_2sat", ACCEPTS_BROKEN_CLAUSES, False, SEED_CHECK, "is broken", OracleRelation.EQUAL
    ),
    "ignores the degree bound": Lax(
        "degree_bounded_mst",
        IGNORES_THE_DEGREE_BOUND,
        True,
        SECOND_CHECK,
        "> D =",
        OracleRelation.IMPLIES,
        (SolutionDraft(code=KRUSKAL, language=Language.PYTHON, strategy="Kruskal's minimum spanning tree"),),
    ),
    "ignores the capacities": Lax(
        "multi_knapsack",
        IGNORES_THE_CAPACITIES,
        False,
        SEED_CHECK,
        "over its capacity",
        OracleRelation.IMPLIES,
    ),
    "accepts a duplicate element": Lax(
        "general_graph_mis", ACCEPTS_A_DUPLICATE, True, SECOND_CHECK, "distinct", OracleRelation.EQUAL
    ),
}


def lax_program(family: str, overlay: str) -> Program:
    """The family's module with its ``verify`` rebound by ``overlay``, run by the catalog's harness."""
    fam = get_family(family)
    return Program(code=f"{fam.module_path.read_text()}\n\n{overlay}\n\n{HARNESS}", language=Language.PYTHON)


async def catalog_candidate(store: Store, settings: Settings, family: str, extra=()) -> str:
    """The family as the mutation of its seed, with three solutions sampled offline (and ``extra``) and its
    own tests."""
    fam, offline = get_family(family), OfflineProvider()
    ensure_catalog_seeds(store)
    made = await syn.mutate_problem(
        store, seed_id_for(fam.parent or ""), fam.axis or "", authored=fam.as_mutation_draft()
    )
    cid = made.candidate.id
    await syn.sample_solutions(store, cid, 3, provider=offline, settings=settings)
    if extra:
        await syn.sample_solutions(store, cid, authored=list(extra), settings=settings)
    built = await syn.generate_tests(store, cid, provider=offline, settings=settings)
    assert built.tests and not built.failures, built.failures
    return cid


def check(report, name: str):
    [found] = [c for c in report.checks if c.name == name]
    return found


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
async def test_a_lax_verifier_is_rejected_with_the_reason_and_the_familys_own_passes(
    case: str, store: Store, settings: Settings
) -> None:
    lax = CASES[case]
    fam = get_family(lax.family)
    cid = await catalog_candidate(store, settings, lax.family, lax.extra)
    assert fam.baseline is not None and fam.sense is not None
    feasibility = fam.feasibility_program

    own = await syn.run_verifier(
        store,
        cid,
        authored=VerifierDraft(
            verifier=fam.program, baseline=fam.baseline.program, sense=fam.sense, feasibility=feasibility
        ),
        settings=settings,
    )
    assert own.report.failures("verifier") == [], own.report.failures()
    assert own.report.feasibility.relation is lax.relation
    assert own.report.feasibility.oracle.startswith(f"seed {fam.parent}'s checker")

    draft = VerifierDraft(
        verifier=lax_program(lax.family, lax.overlay),
        baseline=fam.baseline.program,
        sense=fam.sense,
        feasibility=feasibility if lax.second_opinion else None,
    )
    result = await syn.run_verifier(store, cid, authored=draft, settings=settings)
    report = result.report
    # The older checks let it through: it fails only the checks that judge feasibility (the probes too).
    assert not report.ok
    assert {c.name for c in report.checks if not c.passed} <= {
        WELL_FORMED_CHECK,
        SEED_CHECK,
        SECOND_CHECK,
        *PROBES,
    }
    rejected = check(report, lax.failed)
    assert not rejected.passed and lax.reason in rejected.detail, rejected.detail
    assert "the verifier says feasible" in rejected.detail

    # The stored report keeps the oracle, the thresholds and the disagreements; run_verifier shows them.
    stored = store.candidates.get_report(result.record.id)
    assert stored.feasibility is not None and stored.feasibility.disagreements
    disagreement = stored.feasibility.disagreements[0]
    assert disagreement.verifier.startswith("feasible") and disagreement.other.startswith("infeasible")
    assert disagreement.input_excerpt and disagreement.output_excerpt
    assert stored.thresholds is not None and stored.thresholds.min_kill_rate == settings.min_kill_rate
    shown = VerifierOut.of(cid, result)
    assert shown.oracle == stored.feasibility.oracle and shown.thresholds == stored.thresholds
    assert any(lax.reason in f for f in shown.verifier_failures)


async def test_an_output_mutation_without_a_second_opinion_leaves_its_narrowing_unjudged(
    store: Store, settings: Settings
) -> None:
    """The degree-bounded tree's seed only knows spanning trees: a verifier that ignores the degree bound
    agrees with it, so without a feasibility checker nothing explains which well-formed mutants it accepts."""
    lax = CASES["ignores the degree bound"]
    fam = get_family(lax.family)
    assert fam.baseline is not None and fam.sense is not None
    cid = await catalog_candidate(store, settings, lax.family, lax.extra)
    draft = VerifierDraft(
        verifier=lax_program(lax.family, lax.overlay), baseline=fam.baseline.program, sense=fam.sense
    )
    report = (await syn.run_verifier(store, cid, authored=draft, settings=settings)).report
    assert check(report, SEED_CHECK).passed  # every tree it accepts is a spanning tree
    unjudged = check(report, WELL_FORMED_CHECK)
    assert not unjudged.passed and "only says what the narrowed C_O must stay within" in unjudged.detail
    assert "write a feasibility-only checker" in unjudged.detail
