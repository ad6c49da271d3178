"""Bounded artefacts: a compiled program over ``max_binary_bytes`` is a compilation error that says so and is
never kept; the compile cache holds at most ``compile_cache_bytes``, the programs used least recently going
first; no program crosses the runner's replies (sandbox/compile_cache.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import compile_cache, open_sandbox
from frontiersmith.settings import Settings

pytestmark = pytest.mark.anyio

# 200 bytes of source, an initialised 250 MiB global: a 262 MB binary.
HUGE = "char table[250 << 20] = {1};\nint main() { return table[12345]; }\n"
SMALL = '#include <cstdio>\nint main() { puts("small"); }\n'


async def test_a_binary_over_the_size_limit_is_a_compilation_error_and_is_never_cached(
    sandbox_backend: str, tmp_path: Path
) -> None:
    settings = Settings(data_dir=tmp_path, compile_cache_dir=tmp_path / "compiled")
    async with open_sandbox(sandbox_backend, settings) as sb:
        huge = await sb.compile(HUGE, Language.CPP, name="solution")
        small = await sb.compile(SMALL, Language.CPP, name="solution")
    assert huge.verdict is Verdict.CE, huge
    assert "over the 16 MiB limit on a program's size" in huge.message
    assert small.ok
    cached = [p for p in (tmp_path / "compiled").iterdir() if p.is_file() and len(p.name) == 64]
    assert len(cached) == 1 and cached[0].stat().st_size < 1 << 20  # the small program alone
    assert not any((tmp_path / "compiled").glob("*.tmp"))


def test_the_compile_cache_keeps_the_programs_used_last_within_its_bound(tmp_path: Path) -> None:
    folder = tmp_path / "compiled"
    keys = [f"{i:064x}" for i in range(4)]
    for i, key in enumerate(keys):  # four programs of 1 KiB, made (and last used) one after the other
        made = tmp_path / f"made-{i}"
        made.write_bytes(bytes(1024))
        compile_cache.keep(folder, key, made, bound=1 << 20)
        os.utime(folder / key, (time.time() - 100 + i, time.time() - 100 + i))
    assert compile_cache.cached(folder, keys[0]) is not None  # the oldest is used again: now the newest
    assert compile_cache.evict(folder, bound=2048) == [keys[1], keys[2]]
    assert sorted(p.name for p in folder.iterdir()) == sorted([keys[0], keys[3]])
    assert compile_cache.cached(folder, keys[1]) is None
