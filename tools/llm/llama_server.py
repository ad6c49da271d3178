"""llama.cpp's OpenAI-compatible server as ``frontiersmith model serve`` runs it (``python -m`` this module):
the runtime's own server, with one chat format added and its requests read as the OpenAI API writes them.

The chat format. The runtime's ``chatml-function-calling`` parses a forced tool choice into a real tool call
(the Agents SDK's function tools), but it renders the conversation through a template that HTML-escapes every
message: a quote reaches the model as ``&#34;`` and ``<`` as ``&lt;``, so every program in a prompt (a worked
example, a statement's ``1 <= n``) is garbled, and the model writes the garbling back into its code. It also
leaves tool results out of the prompt. ``CHAT_FORMAT`` is that format with messages passed as written (marked
safe for the template) and each tool result shown as a user turn, so the model reads what its call answered.

The requests. The server's request model refuses two message shapes the OpenAI API allows and the Agents SDK
sends after a tool call: an assistant turn whose content is null (it carries only tool calls) and content
given as a list of text parts (a tool's answer). ``openai_messages`` rewrites both as the plain strings the
server reads, before it validates the request.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

CHAT_FORMAT = "frontiersmith-chatml"
CHAT_PATH = "/v1/chat/completions"


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


def openai_messages(body: dict[str, Any]) -> dict[str, Any]:
    """A chat request with each message's content a string: null becomes "", a list of parts their text."""
    messages = body.get("messages")
    if not isinstance(messages, list):
        return body
    fixed = []
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(message, dict) and content is None and "content" in message:
            message = {**message, "content": ""}
        elif isinstance(message, dict) and isinstance(content, list):
            text = "\n".join(
                p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
            )
            message = {**message, "content": text}
        fixed.append(message)
    return {**body, "messages": fixed}


class OpenAIMessages:
    """ASGI middleware: chat requests rewritten by ``openai_messages`` before the server reads them."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("path") != CHAT_PATH:
            await self.app(scope, receive, send)
            return
        chunks, more = [], True
        while more:
            event = await receive()
            chunks.append(event.get("body", b""))
            more = event.get("more_body", False)
        body = b"".join(chunks)
        with contextlib.suppress(ValueError):  # not JSON: the server says so itself
            body = json.dumps(openai_messages(json.loads(body))).encode()
        headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"content-length"]
        scope = {**scope, "headers": [*headers, (b"content-length", str(len(body)).encode())]}
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return await receive()  # after the body: the client's disconnect, as the server expects
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def register() -> None:
    """Add ``CHAT_FORMAT`` to the runtime's chat formats, and ``OpenAIMessages`` to every app it creates."""
    import llama_cpp.server.__main__ as server_main
    from llama_cpp import llama_chat_format

    def chatml(*, llama: Any, messages: list[dict[str, Any]], **kwargs: Any) -> Any:
        return llama_chat_format.chatml_function_calling(llama, [as_written(m) for m in messages], **kwargs)

    registry = llama_chat_format.LlamaChatCompletionHandlerRegistry()
    registry.register_chat_completion_handler(CHAT_FORMAT, chatml, overwrite=True)  # type: ignore[arg-type]
    create_app = server_main.create_app

    def app_reading_openai_messages(**settings: Any) -> Any:
        app = create_app(**settings)
        app.add_middleware(OpenAIMessages)
        return app

    server_main.create_app = app_reading_openai_messages  # type: ignore[assignment]


if __name__ == "__main__":
    import llama_cpp.server.__main__ as server_main

    register()
    server_main.main()
