"""The precompiled <bits/stdc++.h> (sandbox/pch.py): every backend's compiles can use it, read-only, and it
makes the very binary a compile without it makes; a header older than what it was made from is rebuilt."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.pch import HEADER, UNUSED_DAYS, _fresh, host_pch, pch_root
from frontiersmith.settings import get_settings

pytestmark = pytest.mark.anyio

SOLUTION = "#include <bits/stdc++.h>\nusing namespace std;\nint main(){ vector<int> v{3,1,2}; sort(v.begin(), v.end()); cout << v[0]; }\n"

# Run inside the sandbox, as a run's own uid: g++ with and without the header's folder, and a write into it.
PROBE = """
import os, subprocess, sys
pch = sys.argv[1]
open("main.cpp", "w").write(sys.stdin.read())
def gxx(*extra):
    done = subprocess.run(["g++", "-std=c++17", "-O2", "-H", *extra, "-o", "prog", "main.cpp"], capture_output=True, text=True)
    return done.stderr, open("prog", "rb").read()
with_log, with_pch = gxx("-I", pch)
without_log, without_pch = gxx()
try:
    open(os.path.join(pch, "planted"), "w")
    writable = True
except OSError:
    writable = False
print(f"! {pch}/{HEADER}.gch" in with_log, "! " in without_log, with_pch == without_pch, writable)
"""


async def test_a_compile_in_the_sandbox_uses_the_read_only_header_and_makes_the_same_binary(
    sandbox: Sandbox,
) -> None:
    compiled = await sandbox.compile(
        SOLUTION, Language.CPP
    )  # the first C++ compile makes the header if need be
    assert compiled.ok and compiled.program is not None
    assert (await sandbox.run(compiled.program)).stdout == b"1"
    pch = await sandbox._pch_include()  # type: ignore[attr-defined]
    assert pch is not None
    probe = await sandbox.compile(PROBE.replace("{HEADER}", HEADER), Language.PYTHON, name="probe")
    assert probe.program is not None
    r = await sandbox.run(
        probe.program,
        args=[pch],
        stdin=SOLUTION.encode(),
        limits=RunLimits(time_ms=30000, memory_mb=2048, output_kb=1024, processes=32, open_files=256),
    )
    assert r.verdict is Verdict.OK, (r.message, r.stderr[-2000:])
    # used with it, parsed without it, byte-identical either way, and no run can write into it
    assert r.stdout.split() == [b"True", b"False", b"True", b"False"], r.stdout


async def test_with_sandbox_pch_off_a_compile_parses_the_header_itself(
    sandbox_backend: str, tmp_path: Path
) -> None:
    settings = get_settings().model_copy(update={"sandbox_pch": False, "compile_cache_dir": tmp_path / "cc"})
    async with open_sandbox(sandbox_backend, settings) as sb:
        assert await sb._pch_include() is None  # type: ignore[attr-defined]
        compiled = await sb.compile(SOLUTION, Language.CPP)
        assert compiled.ok and compiled.program is not None
        assert (await sb.run(compiled.program)).stdout == b"1"
    assert not (tmp_path / "cc" / "pch").exists()


def test_a_header_older_than_a_file_it_was_made_from_is_not_fresh(tmp_path: Path) -> None:
    folder, source = tmp_path / "key", tmp_path / "stdc++.h"
    source.write_text("// a header\n")
    (folder / "bits").mkdir(parents=True)
    (folder / f"{HEADER}.gch").write_bytes(b"gch")
    st = source.stat()
    (folder / "deps.json").write_text(json.dumps({str(source): [st.st_size, st.st_mtime_ns]}))
    assert _fresh(folder)
    source.write_text("// the header after an upgrade\n")
    assert not _fresh(folder)
    (folder / "deps.json").write_text("not json")
    assert not _fresh(folder)


def test_another_compilers_header_unused_for_30_days_is_removed_and_ours_is_kept() -> None:
    root = pch_root(get_settings())  # the session's compile cache: its header is built once
    root.mkdir(parents=True, exist_ok=True)
    old, recent = root / "0ld-compiler-key", root / "recent-compiler"
    for folder in (old, recent):
        (folder / "bits").mkdir(parents=True, exist_ok=True)
        (folder / f"{HEADER}.gch").write_bytes(b"gch")
    (root / f"{old.name}.lock").touch()
    long_ago = time.time() - (UNUSED_DAYS + 1) * 86400
    os.utime(old, (long_ago, long_ago))
    try:
        ours = host_pch(root)
        assert ours is not None and ours.parent == root and (ours / f"{HEADER}.gch").is_file()
        assert not old.exists() and not (root / f"{old.name}.lock").exists()
        assert recent.exists()  # used within the month: another compiler on this machine may still want it
        os.utime(ours, (long_ago, long_ago))  # ours is never pruned: each use marks it used
        assert host_pch(root) == ours and ours.stat().st_mtime > long_ago
    finally:
        shutil.rmtree(recent, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
