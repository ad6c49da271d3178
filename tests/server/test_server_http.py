"""`frontiersmith serve --http` as a subprocess: bearer-token auth, a synthesis and a solve session, a burst of
32 concurrent submissions, malformed calls, and the bind policy without a token."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp_helpers import (
    CHEAP_PROBLEM,
    HEADERS,
    INITIALIZE,
    baseline_code,
    http_client,
    http_server,
    serve_env,
    solve_session,
    structured,
    synthesis_session,
)

from frontiersmith.settings import Settings
from frontiersmith.store import open_store

TOKEN = "test-token-7f3a"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data_dir = tmp_path_factory.mktemp("http-store")
    with http_server(data_dir, TOKEN) as (url, _proc):
        yield url, data_dir


def test_requests_without_the_token_or_with_a_wrong_one_get_401(served: tuple[str, Path]) -> None:
    url, _ = served
    missing = httpx2.post(url, json=INITIALIZE, headers=HEADERS)
    wrong = httpx2.post(url, json=INITIALIZE, headers={**HEADERS, "Authorization": "Bearer not-the-token"})
    right = httpx2.post(url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {TOKEN}"})
    assert missing.status_code == 401 and wrong.status_code == 401
    assert missing.headers["www-authenticate"].startswith("Bearer")
    assert right.status_code == 200


def _post_head(url: str, length: int, token: str = TOKEN, chunked: bool = False) -> socket.socket:
    """A connection that has sent a POST's head (its Content-Length ``length``, or chunked), no body yet."""
    where = urllib.parse.urlsplit(url)
    conn = socket.create_connection((where.hostname, where.port), timeout=15)
    size = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: %d" % length
    conn.sendall(
        b"POST %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\n%s\r\n\r\n"
        % (where.path.encode(), where.netloc.encode(), token.encode(), size)
    )
    return conn


def _status(conn: socket.socket) -> int:
    """The status of the response that arrives on ``conn`` (a socket timeout if none does)."""
    head = b""
    while b"\r\n" not in head:
        chunk = conn.recv(4096)
        if not chunk:
            break
        head += chunk
    return int(head.split(b" ", 2)[1])


def test_a_body_over_the_limit_is_refused_before_it_is_read(served: tuple[str, Path]) -> None:
    url, _ = served
    # a Content-Length over the 4 MiB limit: 413 at once, though not a byte of the body was sent
    with _post_head(url, 100 << 20) as conn:
        assert _status(conn) == 413
    # no Content-Length, the body in chunks: refused once it is over the limit, not read to its end
    with _post_head(url, 0, chunked=True) as conn:
        chunk = b"x" * (1 << 20)
        for _ in range(5):
            conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        assert _status(conn) == 413


def test_a_token_with_too_many_requests_in_flight_gets_429_until_they_end(served: tuple[str, Path]) -> None:
    url, _ = served
    held = [_post_head(url, 1000) for _ in range(32)]  # 32 requests whose bodies never come: all in flight
    try:
        deadline = time.monotonic() + 30
        while (refused := httpx2.post(url, json=INITIALIZE, headers=_auth())).status_code != 429:
            assert time.monotonic() < deadline, refused.status_code
            time.sleep(0.1)  # (the server takes each held connection's head in its own time)
        assert "FRONTIERSMITH_MAX_REQUESTS_IN_FLIGHT" in refused.json()["message"]
    finally:
        for conn in held:
            conn.close()
    deadline = time.monotonic() + 30
    while (again := httpx2.post(url, json=INITIALIZE, headers=_auth())).status_code == 429:
        assert time.monotonic() < deadline, "the requests that went away still count"
        time.sleep(0.1)
    assert again.status_code == 200


def _auth() -> dict[str, str]:
    return {**HEADERS, "Authorization": f"Bearer {TOKEN}"}


@pytest.mark.anyio
async def test_http_server_carries_a_synthesis_session_and_a_solve_session(served: tuple[str, Path]) -> None:
    url, _ = served
    async with http_client(url, TOKEN) as client:
        await synthesis_session(client)
        await solve_session(client, author="http-solver")


@pytest.mark.anyio
async def test_32_concurrent_submissions_are_all_scored_and_recorded(served: tuple[str, Path]) -> None:
    url, data_dir = served
    results: dict[int, dict] = {}
    progress_seen: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress_seen.append(done)

    async with http_client(url, TOKEN) as client:

        async def one(i: int) -> None:
            call = {
                "problem_id": CHEAP_PROBLEM,
                "code": baseline_code(),
                "language": "python",
                "author": f"load-{i}",
            }
            results[i] = structured(await client.call_tool("submit", call, progress_callback=on_progress))

        async with anyio.create_task_group() as tg:
            for i in range(32):
                tg.start_soon(one, i)
        board = structured(
            await client.call_tool("leaderboard", {"problem_id": CHEAP_PROBLEM, "limit": 1000})
        )

    assert len(results) == 32
    assert all(r["verdicts"] == {"OK": len(r["tests"])} and r["score"] == 0.0 for r in results.values())
    assert len({r["submission_id"] for r in results.values()}) == 32
    assert {f"load-{i}" for i in range(32)} <= {e["author"] for e in board["entries"]}
    assert progress_seen  # the long tool reported progress over HTTP
    store = open_store(None, Settings(data_dir=data_dir))
    try:
        recorded = {s.id for s in store.tasks.list_submissions(CHEAP_PROBLEM) if s.author.startswith("load-")}
    finally:
        store.close()
    assert recorded == {r["submission_id"] for r in results.values()}


@pytest.mark.anyio
async def test_malformed_calls_get_one_sentence_tool_errors_and_the_server_keeps_serving(
    served: tuple[str, Path],
) -> None:
    url, _ = served
    good = {"problem_id": CHEAP_PROBLEM, "code": baseline_code(), "language": "python"}
    cases = {
        "missing field": ({"problem_id": CHEAP_PROBLEM, "language": "python"}, "`code`"),
        "mistyped field": ({**good, "code": 12345}, "`code`"),
        "unknown id": ({**good, "problem_id": "task_does_not_exist"}, "task_does_not_exist"),
        # over the tool's 1 MB, under the 4 MiB a request may hold (over that: 413, from its Content-Length)
        "2 MB of code": ({**good, "code": "#" * 2_000_000}, "limit is 1000000 bytes"),
        "unsupported language": ({**good, "language": "cobol"}, "not supported"),
    }
    async with http_client(url, TOKEN) as client:
        for name, (arguments, expected) in cases.items():
            result = await client.call_tool("submit", arguments)
            text = result.content[0].text
            assert result.is_error, name
            assert expected in text, (name, text)
            assert "Traceback" not in text and text.count("\n") == 0, (name, text)
        unknown_tool = await client.call_tool("no_such_tool", {})
        assert unknown_tool.is_error
        still = structured(await client.call_tool("list_problems", {}))
        assert still["problems"]


def test_binding_a_public_address_without_a_token_is_refused(tmp_path: Path) -> None:
    proc = subprocess.run(
        ["frontiersmith", "serve", "--http", "--host", "0.0.0.0", "--port", "1"],
        env=serve_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert proc.stderr.strip().startswith("error: Refusing to serve HTTP on 0.0.0.0 without a bearer token")
    assert proc.stderr.strip().count("\n") == 0 and proc.stdout == ""


@pytest.mark.anyio
async def test_loopback_without_a_configured_token_generates_one_and_requires_it(tmp_path: Path) -> None:
    with http_server(tmp_path, None) as (url, proc):
        assert proc.stderr is not None
        line = proc.stderr.readline()
        token = line.split("Bearer ")[1].split("'")[0]
        assert httpx2.post(url, json=INITIALIZE, headers=HEADERS).status_code == 401
        async with http_client(url, token) as client:
            assert "submit" in {t.name for t in (await client.list_tools()).tools}
