"""Many writers at once, and a writer killed mid-batch, against a real store file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from store_helpers import runs

from frontiersmith.store import open_store

WRITER = str(Path(__file__).with_name("store_writer.py"))
PER_WRITER, BATCH = 5_000, 100


def test_eight_concurrent_writers_lose_no_run_and_never_fail_on_a_lock(tmp_path: Path) -> None:
    path, go = tmp_path / "store.db", tmp_path / "go"
    store = open_store(path)
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                WRITER,
                str(path),
                f"sol_proc{n}",
                str(PER_WRITER // BATCH),
                str(BATCH),
                str(go),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    for proc in procs:  # every process has the store open before anyone writes
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"

    errors: list[BaseException] = []

    def write(solution_id: str) -> None:
        try:
            while not go.exists():
                time.sleep(0.01)
            for number in range(PER_WRITER // BATCH):
                store.problems.put_runs(runs(solution_id, number, BATCH))
        except BaseException as exc:  # reported below: a thread's exception would otherwise vanish
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(f"sol_thread{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    go.touch()
    for thread in threads:
        thread.join(timeout=120)
    outputs = [proc.communicate(timeout=120) for proc in procs]

    assert errors == []
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
        assert "locked" not in err and "Traceback" not in err
        assert out.split()[-1] == str(PER_WRITER // BATCH - 1)
    counts = dict(store.db.execute("SELECT solution_id, count(*) FROM runs GROUP BY solution_id").fetchall())
    assert store.counts()["runs"] == 8 * PER_WRITER
    assert counts == {f"sol_{kind}{n}": PER_WRITER for kind in ("proc", "thread") for n in range(4)}
    assert store.integrity_check() == "ok"
    store.close()


def test_writer_killed_mid_batch_leaves_a_sound_store_with_only_whole_batches(tmp_path: Path) -> None:
    path, size = tmp_path / "store.db", 3_000
    writer = subprocess.Popen(
        [sys.executable, WRITER, str(path), "sol_doomed", "0", str(size)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    committed: list[str] = []
    for line in writer.stdout:  # kill it as soon as a batch after the third is mid-transaction
        if line.startswith("open") and len(committed) >= 3:
            break
        if not line.startswith("open"):
            committed.append(line.strip())
    else:
        raise AssertionError(writer.stderr.read() if writer.stderr else "writer stopped")
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL

    with open_store(path) as store:
        assert store.integrity_check() == "ok"
        total = store.counts()["runs"]
        per_batch = dict(store.db.execute("SELECT test_id, count(*) FROM runs GROUP BY test_id").fetchall())
        assert total >= len(committed) * size and total % size == 0
        assert set(per_batch.values()) == {size}
        assert sorted(per_batch) == [f"batch_{n:06d}" for n in range(total // size)]
        # and the store still takes writes
        assert store.problems.put_runs(runs("sol_after", 0, 10)) == 10
