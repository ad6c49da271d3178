"""A person as the model: an OpenAI-compatible chat-completions endpoint on loopback whose answers are files written
by hand, including tool calls, so that every step of FrontierSmith (the provider path and the agents' tool calls
against the MCP server) can be answered by whoever plays a strong model. Dev tooling only: nothing in FrontierSmith
needs it at run time. How to record and replay a run with it: docs/reference/replay.md.

Run: ``python bench/relay.py --port 8899 --queue DIR`` (``--port 0``: any free port; the first line printed is the
endpoint's base URL), then point FrontierSmith at it: ``--provider openai --base-url http://127.0.0.1:8899/v1
--model relay`` (or ``--agents`` with the same ``--model`` and ``--base-url``).

Each POST /v1/chat/completions is written to DIR/NNNN.req.json (the request body, whole) and DIR/NNNN.req.md (the
same to read: the system prompt, the turns, the tools offered with their parameters, the forced tool, the JSON
schema the answer must fit); the endpoint then waits for the answer, oldest first by number, as one of:

- DIR/NNNN.resp.txt: the assistant message's text, exactly (a file holding the one line ``__ERROR__`` makes the
  endpoint answer 500 instead);
- DIR/NNNN.resp.json: ``{"content": "...", "tool_calls": [{"name": "generate_tests", "arguments": {...}}]}``
  (either key may be left out): the assistant calls those tools; its message is the content, if any.

Write an answer to a temporary name and rename it, so the endpoint never reads half a file. The client gives up on
a request after its timeout (the OpenAI client's is 10 minutes) and sends it again, as a new number.
``python bench/relay.py --pending DIR`` lists the requests not answered yet, oldest first, one line each.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ERROR = "__ERROR__"
POLL_S = 0.2


def render(body: dict[str, Any]) -> str:
    """A request as a person reads it before answering: every turn in order, then what the answer must be."""
    out = [f"# request for model {body.get('model', '?')}"]
    for message in body.get("messages", []):
        role = message.get("role", "?")
        content = message.get("content")
        if isinstance(content, list):  # content parts
            content = "\n".join(str(p.get("text", p)) if isinstance(p, dict) else str(p) for p in content)
        out.append(
            f"\n## {role}{' (tool result of ' + message['tool_call_id'] + ')' if role == 'tool' else ''}\n"
        )
        if content:
            out.append(str(content))
        for call in message.get("tool_calls") or []:
            fn = call.get("function", {})
            out.append(f"[called {fn.get('name')} with {fn.get('arguments')}]")
    tools = body.get("tools") or []
    if tools:
        out.append("\n## tools offered\n")
        for tool in tools:
            fn = tool.get("function", {})
            out.append(f"- {fn.get('name')}: {fn.get('description', '').strip()}")
            out.append(f"  parameters: {json.dumps(fn.get('parameters', {}))}")
    if body.get("tool_choice") not in (None, "auto"):
        out.append(f"\n## tool choice: {json.dumps(body['tool_choice'])}")
    if body.get("response_format"):
        out.append(f"\n## the answer must be JSON fitting\n{json.dumps(body['response_format'], indent=1)}")
    out.append(
        "\n## answer with\nNNNN.resp.txt (the text) or NNNN.resp.json "
        '({"content": "...", "tool_calls": [{"name": "...", "arguments": {...}}]}), written then renamed.'
    )
    return "\n".join(out) + "\n"


def read_answer(queue: Path, number: int) -> dict[str, Any] | None:
    """The answer written for request ``number``: {"content", "tool_calls"} or {"error": True}; None if none yet.
    An answer file that is not what this page says is an answer of its own: a 500 naming what was wrong."""
    text_file, json_file = queue / f"{number:04d}.resp.txt", queue / f"{number:04d}.resp.json"
    if text_file.exists():
        text = text_file.read_text(encoding="utf-8")
        return {"error": "relay error on purpose"} if text.strip() == ERROR else {"content": text}
    if json_file.exists():
        try:
            answer = json.loads(json_file.read_text(encoding="utf-8"))
            calls = answer.get("tool_calls") or []
            if not isinstance(answer, dict) or not all(
                isinstance(c, dict) and isinstance(c.get("name"), str) for c in calls
            ):
                raise ValueError("tool_calls must be a list of {name, arguments}")
        except (ValueError, AttributeError) as exc:
            return {"error": f"{json_file.name} is not an answer: {exc}"}
        return {"content": answer.get("content"), "tool_calls": calls}
    return None


def completion(body: dict[str, Any], number: int, answer: dict[str, Any]) -> dict[str, Any]:
    """The chat completion that carries ``answer``, with tokens estimated at four characters each."""
    message: dict[str, Any] = {"role": "assistant", "content": answer.get("content")}
    calls = answer.get("tool_calls") or []
    if calls:
        message["tool_calls"] = [
            {
                "id": f"call_{number}_{i}",
                "type": "function",
                "function": {
                    "name": call["name"],
                    "arguments": json.dumps(call.get("arguments", {})),
                },
            }
            for i, call in enumerate(calls)
        ]
    sent = sum(len(json.dumps(m.get("content", ""))) for m in body.get("messages", [])) // 4
    said = len(json.dumps(message)) // 4
    return {
        "id": f"chatcmpl-relay-{number}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "relay"),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
        "usage": {"prompt_tokens": sent, "completion_tokens": said, "total_tokens": sent + said},
    }


def serve(queue: Path, port: int, wait_s: float) -> ThreadingHTTPServer:
    """The endpoint over ``queue`` on 127.0.0.1:``port`` (0: any free port), not yet serving."""
    queue.mkdir(parents=True, exist_ok=True)
    numbers = itertools.count(len(list(queue.glob("*.req.json"))) + 1)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _send(self, code: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, {"object": "list", "data": [{"id": "relay", "object": "model"}]})
            else:
                self._send(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:  # noqa: N802
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": "not found"}})
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            if body.get("stream"):
                self._send(400, {"error": {"message": "the relay does not stream; ask without stream"}})
                return
            with lock:
                number = next(numbers)
            (queue / f"{number:04d}.req.md").write_text(render(body), encoding="utf-8")
            (queue / f"{number:04d}.req.json").write_text(json.dumps(body, indent=1), encoding="utf-8")
            started = time.monotonic()
            answer = read_answer(queue, number)
            while answer is None and time.monotonic() - started < wait_s:
                time.sleep(POLL_S)
                answer = read_answer(queue, number)
            if answer is None:
                (queue / f"{number:04d}.timeout").write_text("no answer in time\n")
                self._send(504, {"error": {"message": "no answer in time"}})
                return
            meta = {"answered_after_s": round(time.monotonic() - started, 1)}
            (queue / f"{number:04d}.meta.json").write_text(json.dumps(meta))
            if "error" in answer:
                self._send(500, {"error": {"message": answer["error"]}})
                return
            self._send(200, completion(body, number, answer))

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def pending(queue: Path) -> list[str]:
    """The requests without an answer (nor a time-out), oldest first: number, what is asked, the tools offered."""
    lines = []
    for request in sorted(queue.glob("*.req.json")):
        number = int(request.name.split(".")[0])
        if read_answer(queue, number) is not None or (queue / f"{number:04d}.timeout").exists():
            continue
        body = json.loads(request.read_text(encoding="utf-8"))
        last = next((m for m in reversed(body.get("messages", [])) if m.get("role") != "assistant"), {})
        first_line = str(last.get("content") or "").strip().splitlines()[:1]
        tools = [t.get("function", {}).get("name") for t in body.get("tools") or []]
        offered = f" [tools: {', '.join(map(str, tools))}]" if tools else ""
        lines.append(f"{request.name}: {last.get('role', '?')}: {(first_line or [''])[0][:100]}{offered}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queue", type=Path, help="where requests and answers are files")
    parser.add_argument("--port", type=int, default=8899, help="loopback port (0: any free one)")
    parser.add_argument("--wait", type=float, default=3600.0, help="seconds a request waits for its answer")
    parser.add_argument("--pending", type=Path, metavar="DIR", help="list DIR's unanswered requests and exit")
    args = parser.parse_args(argv)
    if args.pending is not None:
        print("\n".join(pending(args.pending)) or "no request is waiting")
        return 0
    if args.queue is None:
        parser.error("give --queue DIR (or --pending DIR)")
    server = serve(args.queue, args.port, args.wait)
    host, port = server.server_address[:2]
    print(f"http://{host}:{port}/v1", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C stops it
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
