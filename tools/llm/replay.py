"""``ReplayProvider``: the chat provider with a recorded run in place of a model. Every step renders its prompt
and reads the answer as usual; the answer is the one the recorded run got for the same logical key
(tools/llm/exchanges.py), so the parsing layer, the sandbox work and the gates run again for real, while no
model is asked."""

from __future__ import annotations

from pydantic import BaseModel

from frontiersmith.errors import ProviderError

from . import exchanges, prompts
from .chat import ChatProvider
from .endpoints import Messages
from .exchanges import Recording


class ReplayProvider(ChatProvider):
    """Answers each step from ``recording``; a step the recording lacks is a ``NoRecordedAnswer`` naming it,
    which the pipeline records as that candidate's rejection. It takes the recorded provider's name, so the
    records it writes (a candidate's proposer, a solution's author) are the recorded run's."""

    def __init__(self, recording: Recording, language: prompts.LanguageChoice | None = None):
        super().__init__(
            None,
            name=recording.provider,
            constrained=True,
            language=language or recorded_language(recording),
        )
        self.recording = recording

    async def complete(
        self,
        prompt: prompts.Prompt,
        schema: type[BaseModel] | None,
        subject: str,
        messages: Messages,
        context: dict,
    ) -> BaseModel | str:
        """The recorded answer of the step being asked (NoRecordedAnswer when the recording has none); a recorded
        endpoint failure, or an ask outside a named step, is a ProviderError."""
        now = exchanges.current()
        if now is None:  # _ask always names its call; anything else asking has no key to look up
            raise ProviderError(
                f"The replay of {self.recording.run_id} was asked {prompt.name} outside a step."
            )
        ask, answered = now
        found = self.recording.find(ask)
        answered.model, answered.replayed = found.model, True
        answered.input_tokens, answered.output_tokens = found.input_tokens, found.output_tokens
        if found.error:  # the recorded endpoint failed here: so does the replay, with the same words
            raise ProviderError(found.error, raw=found.answer)
        return found.answer


def recorded_language(recording: Recording) -> prompts.LanguageChoice:
    """The language the recorded run's solvers were asked for (its solve steps say), python if none say."""
    for ex in recording.exchanges:
        language = ex.context.get("language")
        if ex.step == prompts.SOLVE.name and language in prompts.LANGUAGE_NAMES:
            return language  # type: ignore[no-any-return]
    return "python"
