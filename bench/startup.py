"""Start-up bench: how long `frontiersmith serve` takes to answer `initialize` over stdio, against a bare server
of the same MCP SDK measured in the same run, and how long `serve --http` takes to accept connections.

Run: ``python bench/startup.py [--runs 7]``. Each run starts a fresh process (alternating ours and the bare
one, so both see the same load) and times from spawn to the `initialize` response; the table gives the
medians and their ratio (the goal is at most 1.3x), and the time to the `tools/list` answer after it (where
`serve` imports the judge, the store and the synthesis steps it left out of `initialize`). HTTP readiness is timed from spawn to the first answered
`initialize` POST, for `serve --http` and for the bare server's own streamable HTTP app.

``--cli`` times the command line and the library instead, in CPU-seconds (a loaded machine changes wall time, not
this): a bare interpreter, ``import frontiersmith``, ``frontiersmith --version``, ``frontiersmith judge --help``
(which imports only the judge's commands) and ``frontiersmith --help`` (which imports every command), each as a
ratio to the bare interpreter.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "bench", "version": "0"},
    },
}
LIST_TOOLS = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
TOKEN = "bench-token"
# The bare server: the same SDK's MCPServer with one tool, run the way `serve` runs it.
BARE = """
import sys
from mcp.server import MCPServer

mcp = MCPServer("bare")

@mcp.tool()
def echo(text: str) -> str:
    return text

if sys.argv[1] == "stdio":
    mcp.run("stdio")
else:
    import uvicorn
    uvicorn.run(mcp.streamable_http_app(host="127.0.0.1"), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def frontiersmith() -> str:
    found = shutil.which("frontiersmith") or str(Path(sys.executable).parent / "frontiersmith")
    return found


def env_for(data_dir: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_")}
    env.update(
        FRONTIERSMITH_DATA_DIR=data_dir,
        FRONTIERSMITH_CONFIG=str(Path(data_dir) / "none.toml"),
        FRONTIERSMITH_HTTP_TOKEN=TOKEN,
    )
    return env


def time_stdio(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawn to the `initialize` response on stdout, and to the `tools/list` response after it."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdin is not None and proc.stdout is not None

    def ask(*messages: dict) -> float:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("".join(json.dumps(m) + "\n" for m in messages).encode())
        proc.stdin.flush()
        line = proc.stdout.readline()
        if b'"result"' not in line:
            raise SystemExit(f"{argv[0]} did not answer {messages[-1]['method']}: {line[:200]!r}")
        return time.perf_counter() - start

    try:
        initialized = ask(INITIALIZE)
        listed = ask({"jsonrpc": "2.0", "method": "notifications/initialized"}, LIST_TOOLS)
        return initialized, listed
    finally:
        proc.kill()
        proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def time_http(argv: list[str], env: dict[str, str], port: int, timeout: float = 120.0) -> float:
    """Seconds from spawn to the first `initialize` POST answered with 200."""
    headers = {
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "Authorization": f"Bearer {TOKEN}",
    }
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - start < timeout:
            if proc.poll() is not None:
                raise SystemExit(f"{argv[0]} exited before serving HTTP")
            try:
                r = httpx.post(f"http://127.0.0.1:{port}/mcp", json=INITIALIZE, headers=headers, timeout=5)
                if r.status_code == 200:
                    return time.perf_counter() - start
            except httpx.TransportError:
                pass
            time.sleep(0.02)
        raise SystemExit(f"{argv[0]} did not serve HTTP within {timeout} s")
    finally:
        proc.kill()
        proc.wait()


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """The CPU-seconds (user and system) a command took to run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cli_main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = env_for(tmp)
        cases = {
            "bare interpreter": [sys.executable, "-c", "pass"],
            "import frontiersmith": [sys.executable, "-c", "import frontiersmith"],
            "frontiersmith --version": [frontiersmith(), "--version"],
            "frontiersmith judge --help": [frontiersmith(), "judge", "--help"],
            "frontiersmith --help (every command)": [frontiersmith(), "--help"],
        }
        for argv in cases.values():  # warm the file cache and the bytecode
            cpu_seconds(argv, env)
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, argv in cases.items():
                times[name].append(cpu_seconds(argv, env))
    medians = {name: statistics.median(t) for name, t in times.items()}
    bare = medians["bare interpreter"]
    print(f"{'median of ' + str(runs) + ' runs':<40} {'CPU-s':>8} {'x bare':>8}")
    for name, t in medians.items():
        print(f"{name:<40} {t:>8.3f} {t / bare:>7.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cli", action="store_true", help="Time the command line and the library instead.")
    args = parser.parse_args()
    if args.cli:
        cli_main(args.runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare_server.py"
        bare.write_text(BARE)
        env = env_for(tmp)
        ours_argv = [frontiersmith(), "serve", "--tools", "all"]
        bare_argv = [sys.executable, str(bare), "stdio"]
        time_stdio(ours_argv, env)  # warm the file cache and the bytecode of both before timing
        time_stdio(bare_argv, env)
        ours, base, ours_listed, base_listed = [], [], [], []
        for _ in range(args.runs):
            for times, listed, argv in ((ours, ours_listed, ours_argv), (base, base_listed, bare_argv)):
                initialized, tools_listed = time_stdio(argv, env)
                times.append(initialized)
                listed.append(tools_listed)
        http_ours, http_base = [], []
        for _ in range(max(1, args.runs // 2)):
            port = free_port()
            http_ours.append(time_http([*ours_argv, "--http", "--port", str(port)], env, port))
            port = free_port()
            http_base.append(time_http([sys.executable, str(bare), "http", str(port)], env, port))
    o, b = statistics.median(ours), statistics.median(base)
    lo, lb = statistics.median(ours_listed), statistics.median(base_listed)
    ho, hb = statistics.median(http_ours), statistics.median(http_base)
    print(f"{'median of ' + str(args.runs) + ' runs':<40} {'serve':>8} {'bare SDK':>9} {'ratio':>7}")
    print(f"{'stdio: spawn -> initialize answered (s)':<40} {o:>8.3f} {b:>9.3f} {o / b:>6.2f}x")
    print(f"{'stdio: spawn -> tools/list answered (s)':<40} {lo:>8.3f} {lb:>9.3f} {lo / lb:>6.2f}x")
    print(f"{'http: spawn -> initialize answered (s)':<40} {ho:>8.3f} {hb:>9.3f} {ho / hb:>6.2f}x")
    print(f"goal: stdio ratio <= 1.30x ({'met' if o / b <= 1.3 else 'NOT met'})")


if __name__ == "__main__":
    main()
