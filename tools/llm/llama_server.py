"""llama.cpp's OpenAI-compatible server as ``frontiersmith model serve`` runs it (``python -m`` this module):
the runtime's own server, with one chat format added, ``CHAT_FORMAT``.

The runtime's ``chatml-function-calling`` format parses a forced tool choice into a real tool call (the Agents
SDK's function tools), but it renders the conversation through a template that HTML-escapes every message: a
quote reaches the model as ``&#34;`` and ``<`` as ``&lt;``, so every program in a prompt (a worked example, a
statement's ``1 <= n``) is garbled, and the model writes the garbling back into its code. It also leaves tool
results out of the prompt. ``CHAT_FORMAT`` is that format with messages passed as written (marked safe for
the template) and each tool result shown as a user turn, so the model reads what its tool call answered.
"""

from __future__ import annotations

from typing import Any

CHAT_FORMAT = "frontiersmith-chatml"


def as_written(message: dict[str, Any]) -> dict[str, Any]:
    """A chat message the escaping template renders unchanged; a tool result becomes a user turn."""
    from markupsafe import Markup

    msg = dict(message)
    if msg.get("role") == "tool":
        msg = {"role": "user", "content": f"The tool answered:\n{msg.get('content') or ''}"}
    if isinstance(msg.get("content"), str):
        msg["content"] = Markup(msg["content"])
    if msg.get("tool_calls"):
        msg["tool_calls"] = [
            {**call, "function": {**call["function"], "arguments": Markup(call["function"]["arguments"])}}
            for call in msg["tool_calls"]
        ]
    return msg


def register() -> None:
    from llama_cpp import llama_chat_format

    def chatml(*, llama: Any, messages: list[dict[str, Any]], **kwargs: Any) -> Any:
        return llama_chat_format.chatml_function_calling(llama, [as_written(m) for m in messages], **kwargs)

    registry = llama_chat_format.LlamaChatCompletionHandlerRegistry()
    registry.register_chat_completion_handler(CHAT_FORMAT, chatml, overwrite=True)  # type: ignore[arg-type]


if __name__ == "__main__":
    from llama_cpp.server.__main__ import main

    register()
    main()
