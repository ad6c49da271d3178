"""The agents' model turns as exchanges (tools/llm/exchanges.py): ``RecordingModel`` wraps an agent's SDK model
and stores each turn it answers (its instructions, input items and tools, its output items: a tool call or the
final answer); ``ReplayModel`` answers each turn from a recorded run instead of a model, so an agents run
replays with its tool calls made against the server for real."""

from __future__ import annotations

import json
from typing import Any

from openai.types.responses import ResponseOutputItem
from pydantic import TypeAdapter

from agents import Model, ModelResponse, Usage
from frontiersmith.errors import ProviderError
from frontiersmith.metering import charge_tokens
from frontiersmith.tools.llm import exchanges
from frontiersmith.tools.llm.exchanges import Recording

_OUTPUT_ITEM: TypeAdapter[Any] = TypeAdapter(ResponseOutputItem)


def _plain(value: Any) -> Any:
    """``value`` as JSON data (the SDK's items are dicts, some holding pydantic models)."""
    return json.loads(
        json.dumps(value, default=lambda o: o.model_dump(mode="json") if hasattr(o, "model_dump") else str(o))
    )


def turn_messages(system: str | None, items: Any, tools: list[Any]) -> list[dict[str, Any]]:
    """What one agent turn sent: its instructions, its input items and the names of the tools it offered."""
    sent: list[dict[str, Any]] = [{"role": "system", "content": system or ""}]
    sent += [{"role": "user", "content": items}] if isinstance(items, str) else _plain(list(items))
    names = [str(getattr(t, "name", t)) for t in tools]
    return [*sent, {"type": "tools", "names": names}] if names else sent


def model_name(model: Any) -> str:
    """The model's name as an exchange records it: its ``model`` attribute, else its class name."""
    return str(getattr(model, "model", None) or type(model).__name__)


class RecordingModel(Model):
    """``inner`` with every turn it answers stored as an exchange of the current ask (``AgentTeam.run`` and
    the agents provider name it), numbered by turn."""

    def __init__(self, inner: Model):
        self.inner = inner
        self.model = model_name(inner)  # what transcripts and provenance name

    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:  # noqa: A002 - the SDK's name
        """The inner model's answer, kept as the current ask's next turn (an error kept too, then raised)."""
        now = exchanges.current()
        if now is None:  # a turn no step asked for (none in this project): nothing to key it by
            return await self.inner.get_response(system_instructions, input, *args, **kwargs)
        ask, answered = now
        answered.turn += 1
        turn = answered.turn
        clock = exchanges.Clock()
        sent = turn_messages(
            system_instructions, input, list(args[1]) if len(args) > 1 else kwargs.get("tools", [])
        )
        try:
            response = await self.inner.get_response(system_instructions, input, *args, **kwargs)
        except Exception as exc:
            exchanges.keep(
                ask,
                answered,
                messages=sent,
                answer="",
                model=self.model,
                input_tokens=0,
                output_tokens=0,
                latency_s=clock.seconds,
                started_at=clock.started_at,
                turn=turn,
                error=f"{type(exc).__name__}: {exc}"[:2000],
            )
            raise
        spent = int(response.usage.input_tokens or 0), int(response.usage.output_tokens or 0)
        charge_tokens(*spent)  # to the candidate's meter: `store cost` counts agent turns as model calls
        exchanges.keep(
            ask,
            answered,
            messages=sent,
            answer=json.dumps([_plain(item) for item in response.output]),
            model=self.model,
            input_tokens=spent[0],
            output_tokens=spent[1],
            latency_s=clock.seconds,
            started_at=clock.started_at,
            turn=turn,
        )
        return response

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        """The inner model's stream, not recorded."""
        return self.inner.stream_response(*args, **kwargs)

    async def close(self) -> None:
        """Close the inner model."""
        await self.inner.close()


class ReplayModel(Model):
    """Answers each agent turn with the recorded run's turn of the same key, without a model; a turn the
    recording lacks raises ``NoRecordedAnswer`` naming it (the agent's run fails with it)."""

    def __init__(self, recording: Recording):
        self.recording = recording
        self.model = recording.provider  # the recorded model's name, so provenance is the recorded run's

    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:  # noqa: A002
        """The recorded answer of the current ask's turn; a turn outside a step or missing from the recording
        raises ProviderError."""
        now = exchanges.current()
        if now is None:
            raise ProviderError(f"The replay of {self.recording.run_id} was asked a turn outside a step.")
        ask, answered = now
        found = self.recording.find(ask, max(answered.turn, 0))
        answered.model, answered.replayed = found.model, True
        answered.input_tokens, answered.output_tokens = found.input_tokens, found.output_tokens
        if found.error:
            raise ProviderError(f"the recorded model failed here: {found.error}")
        output = [_OUTPUT_ITEM.validate_python(item) for item in json.loads(found.answer or "[]")]
        return ModelResponse(output=output, usage=Usage(requests=1), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        """Refused: a replayed agent does not stream (ProviderError)."""
        raise ProviderError("A replayed agent does not stream.")
