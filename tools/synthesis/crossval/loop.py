"""The one tests ⇄ verifier loop: a candidate's test author and verifier author write, the protocol checks, and
each failed check goes back to the author who owns it, for a bounded number of rounds. The authors are
parameters (authors.py: a provider; agents/authors.py: the test-case and verifier agents).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from frontiersmith.models import CheckOwner
from frontiersmith.store import Store

from ..tests import current_tests

ROUND_EVENT = "crossval.round"
NO_TEST_BUILT = "the generator produced no input the validator accepts"


class CheckLike(Protocol):
    """One protocol check as a tool reports it (a ``ProtocolCheck`` here, a ``CheckOut`` over MCP)."""

    @property
    def name(self) -> str:
        """The check's name, as the protocol declares it."""
        ...

    @property
    def owner(self) -> str:
        """Whose work a failure of the check goes back to (``CheckOwner``: the tests' or the verifier's author)."""
        ...

    @property
    def passed(self) -> bool: ...

    @property
    def detail(self) -> str:
        """Why it failed (the first few problems), or what it measured when it passed."""
        ...


class BuiltTests(Protocol):
    """What a generate_tests call returned, as the loop reads it: the tests it stored and what failed."""

    @property
    def tests(self) -> Sequence[object]:
        """The tests the build stored."""
        ...

    @property
    def failures(self) -> Sequence[str]:
        """What the test author must fix; empty when the build went well."""
        ...


class CheckedVerifier(Protocol):
    """What a run_verifier call returned, as the loop reads it: the protocol's checks, each with its owner."""

    @property
    def ok(self) -> bool:
        """Whether every check of the protocol passed."""
        ...

    @property
    def checks(self) -> Sequence[CheckLike]:
        """Every check of the protocol, each with its owner."""
        ...


R = TypeVar("R", covariant=True)


@dataclass(frozen=True)
class Answer(Generic[R]):
    """An author's turn: what its tool call returned, or no result and why (which is the round's feedback
    for that author), and the tokens the turn cost."""

    result: R | None = None
    error: str = ""
    tokens: int = 0


class TestAuthor(Protocol):
    """Whoever writes a candidate's tests in the loop: a provider (``ProviderTestAuthor``) or an agent."""

    name: str

    async def write_tests(self, round: int, feedback: Sequence[str]) -> Answer[BuiltTests]:
        """Write a generator and validator (fixing ``feedback``) and build the candidate's tests with them."""
        ...


class VerifierAuthor(Protocol):
    """Whoever writes a candidate's verifier and baseline in the loop: a provider (``ProviderVerifierAuthor``) or
    an agent."""

    name: str

    async def write_verifier(self, round: int, feedback: Sequence[str]) -> Answer[CheckedVerifier]:
        """Write a verifier and baseline (fixing ``feedback``) and cross-validate them."""
        ...

    async def recheck(self, round: int) -> Answer[CheckedVerifier]:
        """Cross-validate the verifier and baseline this author wrote last again, on the current tests."""
        ...


def _never() -> bool:
    return False


@dataclass
class Authors:
    """Who writes a candidate's tests and its verifier, and what their rounds may cost: ``max_tokens`` over
    this candidate, ``out_of_budget`` for a budget shared with others (an agent team's)."""

    tests: TestAuthor
    verifier: VerifierAuthor
    by: str = ""
    max_tokens: int | None = None
    out_of_budget: Callable[[], bool] = _never

    def over_budget(self, spent: int) -> bool:
        """Whether ``spent`` tokens pass this candidate's ``max_tokens``, or the shared budget has run out."""
        return (self.max_tokens is not None and spent > self.max_tokens) or self.out_of_budget()


@dataclass
class CrossValidationOutcome:
    """How the loop ended: whether the tests and the verifier came to agree, after how many rounds, and the
    failures left when they did not."""

    ok: bool
    rounds: int
    failures: list[str]
    verifier: CheckedVerifier | None = None  # the last check the verifier's author got back


def owned_failures(result: CheckedVerifier, owner: CheckOwner) -> list[str]:
    """The failed checks of ``owner``, each as ``name: detail``: the feedback that goes back to that author."""
    return [f"{c.name}: {c.detail}" for c in result.checks if not c.passed and c.owner == owner]


@dataclass
class _Feedback:
    """What goes back to each author after a round."""

    tests: list[str] = field(default_factory=list)
    verifier: list[str] = field(default_factory=list)

    def failures(self) -> list[str]:
        return [f"tests: {f}" for f in self.tests] + [f"verifier: {f}" for f in self.verifier]


def record_round(store: Store, candidate_id: str, payload: dict[str, Any]) -> None:
    """The one place a round is written down (an event of the candidate)."""
    store.events.add(ROUND_EVENT, candidate_id, payload)


async def cross_validation_loop(
    store: Store, candidate_id: str, authors: Authors, *, max_rounds: int = 3
) -> CrossValidationOutcome:
    """Cross-validate a candidate's tests and verifier, written by ``authors``, for at most ``max_rounds``.

    A round rebuilds the tests when they are missing or failed a check, then checks the verifier on them:
    its author writes a new one when it has none yet or failed a check, else the one that passed its checks
    is checked again on the new tests. Every round is recorded; the loop stops early when the authors'
    token budget is spent.
    """
    have_tests = bool(current_tests(store, candidate_id))
    fb = _Feedback()
    checked: CheckedVerifier | None = None
    spent = 0
    failures: list[str] = []
    for rnd in range(1, max_rounds + 1):
        wrote: list[str] = []
        if not have_tests or fb.tests:
            built = await authors.tests.write_tests(rnd, fb.tests)
            spent += built.tokens
            wrote.append(authors.tests.name)
            fb.tests = _tests_feedback(built)
            have_tests = bool(built.result.tests) if built.result is not None else have_tests
        check: CheckedVerifier | None = None
        if have_tests:
            if checked is None or fb.verifier:
                answer = await authors.verifier.write_verifier(rnd, fb.verifier)
                wrote.append(authors.verifier.name)
            else:
                answer = await authors.verifier.recheck(rnd)
            spent += answer.tokens
            check = answer.result
            if check is None:
                fb.verifier = [answer.error]
            else:
                checked = check
                fb.tests += owned_failures(check, CheckOwner.TESTS)
                fb.verifier = owned_failures(check, CheckOwner.VERIFIER)
        ok = check is not None and check.ok and not fb.tests
        failures = fb.failures()
        payload = {"round": rnd, "ok": ok, "failures": failures, "authors": wrote, "tokens": spent}
        record_round(store, candidate_id, {**payload, "by": authors.by})
        if ok:
            return CrossValidationOutcome(True, rnd, [], check)
        if authors.over_budget(spent):
            # first: it is why the loop stopped (the round's failures after it may be cut from the reason)
            failures.insert(0, f"token budget exhausted after round {rnd} ({spent} tokens on this candidate)")
            return CrossValidationOutcome(False, rnd, failures, checked)
    return CrossValidationOutcome(False, max_rounds, failures, checked)


def _tests_feedback(built: Answer[BuiltTests]) -> list[str]:
    if built.result is None:
        return [built.error]
    feedback = list(built.result.failures)
    if not built.result.tests:
        feedback.append(NO_TEST_BUILT)
    return feedback
