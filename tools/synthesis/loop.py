"""The provider-driven tests ⇄ verifier loop (moving to tools/crossval.py, where the one loop lives)."""

from __future__ import annotations

from dataclasses import dataclass

from frontiersmith.settings import Settings
from frontiersmith.store import Store

from ..llm.base import Provider
from .tests import current_tests, generate_tests
from .verifier import VerifierResult, run_verifier


@dataclass
class CrossValidationOutcome:
    ok: bool
    rounds: int
    failures: list[str]
    verifier: VerifierResult | None = None


async def cross_validation_loop(
    store: Store,
    candidate_id: str,
    provider: Provider,
    *,
    max_rounds: int = 3,
    seed: int = 0,
    settings: Settings | None = None,
) -> CrossValidationOutcome:
    """Tests and verifier check each other; each failed check goes back to its author, for at most
    ``max_rounds`` rounds. Every round is recorded as an event of the candidate."""
    test_feedback: list[str] = []
    verifier_feedback: list[str] = []
    need_tests = not current_tests(store, candidate_id)
    need_verifier = True
    last: VerifierResult | None = None
    failures: list[str] = []
    for rnd in range(1, max_rounds + 1):
        if need_tests:
            built = await generate_tests(
                store, candidate_id, provider=provider, feedback=test_feedback, seed=seed, settings=settings
            )
            if built.failures or not built.tests:
                test_feedback = built.failures or ["the generator produced no test"]
                failures = [f"tests: {f}" for f in test_feedback]
                store.add_event(
                    "crossval.round",
                    candidate_id,
                    {"round": rnd, "owner": "tests", "failures": test_feedback},
                )
                continue
        if need_verifier:
            last = await run_verifier(
                store,
                candidate_id,
                provider=provider,
                feedback=verifier_feedback,
                settings=settings,
                round=rnd,
            )
        assert last is not None
        test_feedback = last.report.failures("tests")
        verifier_feedback = last.report.failures("verifier")
        failures = [f"tests: {f}" for f in test_feedback] + [f"verifier: {f}" for f in verifier_feedback]
        store.add_event("crossval.round", candidate_id, {"round": rnd, "ok": last.ok, "failures": failures})
        if last.ok:
            return CrossValidationOutcome(True, rnd, [], last)
        need_tests = bool(test_feedback)
        need_verifier = True
    return CrossValidationOutcome(False, max_rounds, failures, last)
