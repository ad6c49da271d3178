"""The cross-validation protocol between the test author and the verifier author (docs/design.md,
"Cross-validation"), checked by code, not by trust: its checks, declared once (``STEPS``, in the order a report
lists them, each with the author who owns its failure), and ``cross_validate``, which runs them on a verifier of
outputs or on an interactor. docs/reference/crossval.md's table lists the same checks (a test compares them).

Before any check, the verifier, the baseline and the validator must compile and there must be tests: checks of
their own (``ProtocolRun.compile``: the verifier's author owns the first two, the test author the others) that end
the run when they fail.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

from frontiersmith.models import CheckOwner, Limits, Normalisation, Program, Sense, VerifierKind
from frontiersmith.sandbox import Sandbox, open_sandbox
from frontiersmith.settings import Settings, get_settings

from ...judging.judge import VerifierSpec
from ...judging.testgen import GeneratedTest
from .feasibility import SECOND_CHECK, SEED_CHECK, feasibility_checks
from .interactive import (
    broken_conversations_rejected,
    conversations_repeat,
    feasibility_not_judged,
    probes_not_run,
)
from .oracle import NO_ORACLE_GIVEN, Oracle
from .probes import HACKING_CHECK, SEED_ANSWER_CHECK, STRUCTURAL_CHECK, IndependentChecker
from .run import CrossValidation, Outcome, ProtocolRun
from .score_checks import (
    adversarial_tests_bite,
    baseline_scores_zero,
    ordering_is_sane,
    scores_not_collapsed,
    scores_use_the_scale,
    solutions_run,
    tests_carry_signal,
    verifier_never_crashes,
)
from .verdict_checks import (
    baseline_is_feasible,
    corrupted_outputs_rejected,
    example_is_judged,
    inputs_are_valid,
    verdicts_repeat,
    verifier_kills_mutants,
    verifier_probes,
)

TESTS, VERIFIER = CheckOwner.TESTS, CheckOwner.VERIFIER
# A step's work on one run: the outcome of each of its checks, in order (None: not judged, not recorded).
Work = Callable[[ProtocolRun], Awaitable[Outcome | None | tuple[Outcome | None, ...]]]


@dataclass(frozen=True)
class Check:
    """One check of the protocol: its name and the author who owns its failure (who gets it back)."""

    name: str
    owner: CheckOwner


@dataclass(frozen=True)
class Step:
    """Checks judged from one piece of work, in the order they are recorded, and that work on a verifier of
    outputs and on an interactor (None: the checks are not judged there)."""

    checks: tuple[Check, ...]
    outputs: Work | None
    interactive: Work | None
    # Read from the scores, which mean nothing while the verifier fails its own checks: blaming the tests then
    # would send a sound test author round after round for nothing.
    once_the_verifier_passes: bool = False
    # Where the step has no work for the verifier at hand: what the report says instead (why it was not run).
    not_run: Callable[[ProtocolRun], None] | None = None


def _one(name: str, owner: CheckOwner) -> tuple[Check]:
    return (Check(name, owner),)


# Every check in the order a report lists it: (its checks, the work on a verifier of outputs, on an interactor).
STEPS: tuple[Step, ...] = (
    Step(_one("inputs are valid", TESTS), inputs_are_valid, inputs_are_valid),
    Step(_one("baseline is feasible", VERIFIER), baseline_is_feasible, baseline_is_feasible),
    Step(_one("verifier is deterministic", VERIFIER), verdicts_repeat, conversations_repeat),
    Step(_one("verifier rejects corrupted outputs", VERIFIER), corrupted_outputs_rejected, None),
    Step(_one("verifier never crashes", VERIFIER), verifier_never_crashes, verifier_never_crashes),
    Step(_one("solutions run on valid inputs", TESTS), solutions_run, solutions_run),
    Step(_one("interactor rejects broken conversations", VERIFIER), None, broken_conversations_rejected),
    Step(_one("baseline scores 0", VERIFIER), baseline_scores_zero, baseline_scores_zero),
    Step(_one("scores are not collapsed", VERIFIER), scores_not_collapsed, scores_not_collapsed),
    Step(_one("scores use the scale", VERIFIER), scores_use_the_scale, None),
    Step(_one("ordering is sane", VERIFIER), ordering_is_sane, ordering_is_sane),
    Step(_one("verifier kills mutants", VERIFIER), verifier_kills_mutants, None),
    Step(
        (
            Check("verifier judges well-formed mutants", VERIFIER),
            Check(SEED_CHECK, VERIFIER),
            Check(SECOND_CHECK, VERIFIER),
        ),
        feasibility_checks,
        None,
        not_run=feasibility_not_judged,
    ),
    Step(_one("the example is judged", VERIFIER), example_is_judged, None),
    Step(
        (
            Check(STRUCTURAL_CHECK, VERIFIER),
            Check(SEED_ANSWER_CHECK, VERIFIER),
            Check(HACKING_CHECK, VERIFIER),
        ),
        verifier_probes,
        None,
        not_run=probes_not_run,
    ),
    Step(_one("adversarial tests bite", TESTS), adversarial_tests_bite, adversarial_tests_bite, True),
    Step(_one("tests carry signal", TESTS), tests_carry_signal, tests_carry_signal, True),
)
CHECKS: tuple[Check, ...] = tuple(check for step in STEPS for check in step.checks)


async def cross_validate(
    tests: Sequence[GeneratedTest],
    validator: Program,
    verifier: Program,
    baseline: Program,
    sense: Sense,
    solutions: Mapping[str, Program],
    limits: Limits,
    *,
    normalisation: Normalisation | None = None,
    adversarial: Sequence[str] = (),
    min_kill_rate: float | None = None,
    oracle: Oracle = NO_ORACLE_GIVEN,
    feasibility: Program | None = None,
    seed_answers: Mapping[str, Program] | str = "no seed answers were given to the protocol",
    independent: IndependentChecker | None = None,
    interactive: bool = False,
    example: GeneratedTest | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> CrossValidation:
    """Run the whole protocol in one sandbox and return every check and the score matrix.

    ``adversarial`` names the distributions aimed at the sampled solutions' weaknesses (all of them when
    empty); ``min_kill_rate`` is the share of mutants the verifier must kill (default: the setting);
    ``oracle`` is the seed's checker, when the seed can judge the candidate's outputs; ``feasibility`` is
    the feasibility-only checker the verifier's author wrote beside the verifier (the second opinion);
    ``seed_answers`` are the seed's reference programs (or why there are none) and ``independent`` a
    feasibility checker of the candidate's C_O that the verifier's author did not write, for the probes
    (probes.py); ``interactive``: the verifier is an interactor (each step's ``interactive`` work);
    ``normalisation`` (default: the setting) is how objectives become scores, against the baseline's
    objectives and, for ``range``, the best any sampled solution reached on each test
    (``CrossValidation.best_objectives``); ``example`` is the statement's example input, judged for the
    statement (``CrossValidation.example``)."""
    settings = settings or get_settings()
    if min_kill_rate is None:
        min_kill_rate = settings.min_kill_rate
    normalisation = Normalisation(normalisation or settings.normalisation)
    spec = VerifierSpec(
        program=verifier,
        kind=VerifierKind.NATIVE,
        sense=sense,
        normalisation=normalisation,
        interactive=interactive,
    )
    run = ProtocolRun(
        tests,
        spec,
        validator,
        baseline,
        solutions,
        limits,
        adversarial=adversarial,
        min_kill_rate=min_kill_rate,
        oracle=oracle,
        second=feasibility,
        example=None if example is None else example.as_judge_test(),
        seed_answers=seed_answers,
        independent=independent,
    )
    if sandbox is None:
        async with open_sandbox(backend, settings) as sb:
            return await run_checks(run, sb, settings.workers)
    return await run_checks(run, sandbox, settings.workers)


async def run_checks(run: ProtocolRun, sb: Sandbox, workers: int) -> CrossValidation:
    """Every step of ``STEPS`` in order, each its work for this kind of verifier, each outcome recorded as its
    check; none once a program does not compile."""
    if await run.compile(sb, workers):
        for step in STEPS:
            work = step.interactive if run.interactive else step.outputs
            if work is None and step.not_run is not None:
                step.not_run(run)
            if work is None or (step.once_the_verifier_passes and run.report.failures(VERIFIER)):
                continue
            found = await work(run)
            outcomes = found if isinstance(found, tuple) else (found,)
            for check, outcome in zip(step.checks, outcomes, strict=True):
                if outcome is not None:
                    run.record(check.name, check.owner, outcome)
    return run.report.finish()
