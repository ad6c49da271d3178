"""Does a run's wall time follow the model's throughput rather than its latency? One candidate's n solutions
sampled from an OpenAI-compatible endpoint on loopback that takes ``--latency`` seconds to answer each request,
once with ``llm_concurrency`` 1 (one call after another, as before issue 47) and once with it at n.

Run: ``python bench/model_concurrency.py [--n 8] [--latency 2]``. It prints, for each setting, the wall time of
the sampling step, the summed latency of its model calls and the most calls in flight, and the ratio of the two
wall times (the speed-up; n at best, less the compiles, which run after the calls).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anyio

from frontiersmith.metering import metered
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.llm.chat import ChatProvider
from frontiersmith.tools.llm.endpoints import openai_complete
from frontiersmith.tools.llm.exchanges import bounded_calls
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds

ANSWER = "Strategy: print the empty choice.\n```python\nprint(0)\nprint()\n```"


def slow_endpoint(latency: float) -> ThreadingHTTPServer:
    """A chat endpoint that answers every request with ANSWER after ``latency`` seconds, many at once."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            time.sleep(latency)
            reply = {
                "id": "bench",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", "bench"),
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": ANSWER}, "finish_reason": "stop"}
                ],
                "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
            }
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return ThreadingHTTPServer(("127.0.0.1", 0), Handler)


async def sample_once(data: Path, base_url: str, n: int, concurrency: int) -> tuple[float, float, int]:
    """(wall seconds, summed model seconds, most calls at once) of sampling n solutions of a fresh candidate."""
    settings = Settings(data_dir=data, sandbox_backend="process", llm_concurrency=concurrency)
    store = open_store(None, settings)
    ensure_catalog_seeds(store)
    cid = (
        await syn.mutate_problem(store, "seed_knapsack_01", "objective", provider=OfflineProvider())
    ).candidate.id
    provider = ChatProvider(openai_complete(base_url, "bench", None), name="bench")
    started = time.monotonic()
    with bounded_calls(concurrency) as slots, metered() as meter:
        await syn.sample_solutions(store, cid, n, provider=provider, settings=settings)
    return time.monotonic() - started, meter.model_seconds, slots.peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=8, help="solutions sampled")
    parser.add_argument("--latency", type=float, default=2.0, help="seconds the endpoint takes per answer")
    args = parser.parse_args()
    server = slow_endpoint(args.latency)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    base_url = f"http://{host}:{port}/v1"
    walls = {}
    with tempfile.TemporaryDirectory() as tmp:
        for concurrency in (1, args.n):
            wall, latency, peak = anyio.run(
                sample_once, Path(tmp) / str(concurrency), base_url, args.n, concurrency
            )
            walls[concurrency] = wall
            print(
                f"llm_concurrency {concurrency:>2}: {args.n} solutions in {wall:.1f} s of wall time; model calls "
                f"{latency:.1f} s summed, at most {peak} at once"
            )
    server.shutdown()
    print(f"speed-up: {walls[1] / walls[args.n]:.2f}x (n = {args.n}, {args.latency} s a call)")


if __name__ == "__main__":
    main()
