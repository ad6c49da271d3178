"""Provider-backed authors for the cross-validation loop (loop.py): a ``Provider`` — offline, a chat
model, or the MCP client's model through sampling — writes the generator, validator, verifier and baseline,
and ``generate_tests`` / ``run_verifier`` build and check them in-process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from frontiersmith.drafts import Provider, VerifierDraft, provider_name
from frontiersmith.errors import InvalidInputError, ProviderError
from frontiersmith.settings import Settings
from frontiersmith.store import Store

from ..tests import generate_tests
from ..verifier import run_verifier
from .loop import Answer, Authors, BuiltTests, CheckedVerifier


@dataclass
class ProviderTestAuthor:
    """The test author when a provider writes the generator and validator (``generate_tests``)."""

    store: Store
    candidate_id: str
    provider: Provider
    seed: int = 0
    settings: Settings | None = None
    name: str = "tests"

    async def write_tests(self, round: int, feedback: Sequence[str]) -> Answer[BuiltTests]:
        """Have the provider write and build the tests; a refused bound or an unusable answer comes back as the
        answer's ``error``, the round's feedback, never raised."""
        try:
            built = await generate_tests(
                self.store,
                self.candidate_id,
                provider=self.provider,
                feedback=feedback,
                seed=self.seed,
                settings=self.settings,
            )
        except (InvalidInputError, ProviderError) as exc:
            # A bound the provider's programs broke, or an answer with no usable programs, goes back to it
            # like a failed check.
            return Answer(error=str(exc))
        return Answer(built)


@dataclass
class ProviderVerifierAuthor:
    """The verifier author when a provider writes the verifier and baseline (``run_verifier``); it keeps what it
    wrote last to check again on new tests."""

    store: Store
    candidate_id: str
    provider: Provider
    settings: Settings | None = None
    name: str = "verifier"
    last: VerifierDraft | None = None  # what the provider wrote last, to check again on new tests

    async def write_verifier(self, round: int, feedback: Sequence[str]) -> Answer[CheckedVerifier]:
        """Have the provider write a verifier and baseline and cross-validate them; a refused draft or an
        unusable answer comes back as the answer's ``error``, never raised."""
        return await self._check(None, feedback, round)

    async def recheck(self, round: int) -> Answer[CheckedVerifier]:
        """Cross-validate the last draft again on the current tests (with none yet, the provider writes one)."""
        return await self._check(self.last, (), round)

    async def _check(
        self, authored: VerifierDraft | None, feedback: Sequence[str], round: int
    ) -> Answer[CheckedVerifier]:
        try:
            result = await run_verifier(
                self.store,
                self.candidate_id,
                provider=self.provider if authored is None else None,
                authored=authored,
                feedback=feedback,
                settings=self.settings,
                round=round,  # the stored report says which round of the loop it was
            )
        except (InvalidInputError, ProviderError) as exc:
            # A draft the server refuses (a sense against the objective), or an answer with no usable programs,
            # goes back to the provider to fix.
            return Answer(error=str(exc))
        self.last = result.draft  # the feasibility checker too, which the stored verifier does not keep
        return Answer(result.report)


def provider_authors(
    store: Store,
    candidate_id: str,
    provider: Provider,
    *,
    seed: int = 0,
    settings: Settings | None = None,
) -> Authors:
    """The test and verifier authors of ``candidate_id`` when ``provider`` writes both."""
    name = provider_name(provider)
    return Authors(
        tests=ProviderTestAuthor(store, candidate_id, provider, seed, settings, name=f"{name}:tests"),
        verifier=ProviderVerifierAuthor(store, candidate_id, provider, settings, name=f"{name}:verifier"),
        by=name,
    )
