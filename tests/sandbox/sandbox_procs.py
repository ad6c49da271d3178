"""The host processes of an open sandbox, for tests that look at them from outside (the launcher server, the
warm interpreter)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any


def top_process(sb: Any) -> int:
    """The host pid of ``sb``'s top process: its bwrap, or its container's first process."""
    if sb.backend == "process":
        return int(sb._proc.pid)
    return int(sb._client.api.inspect_container(sb._container_id)["State"]["Pid"])


def sandbox_processes(sb: Any, top: int | None = None) -> list[int]:
    """The host pids of every process below ``sb``'s top process (``top``, if known: asking the Docker
    engine for it takes a round trip)."""
    out, todo = [], [top_process(sb) if top is None else top]
    while todo:
        p = todo.pop()
        with contextlib.suppress(OSError):
            kids = [int(k) for k in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
            out += kids
            todo += kids
    return out
