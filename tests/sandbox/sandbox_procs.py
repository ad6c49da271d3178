"""The host processes of an open sandbox, for tests that look at them from outside (the launcher server, the
warm interpreter)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any


def sandbox_processes(sb: Any) -> list[int]:
    """The host pids of every process below ``sb``'s top one (its bwrap, or its container's first process)."""
    top = (
        sb._proc.pid
        if sb.backend == "process"
        else sb._client.api.inspect_container(sb._container_id)["State"]["Pid"]
    )
    out, todo = [], [top]
    while todo:
        p = todo.pop()
        with contextlib.suppress(OSError):
            kids = [int(k) for k in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
            out += kids
            todo += kids
    return out
