"""A writer process for the store tests: puts batches of runs and prints each committed batch number.

usage: store_writer.py STORE SOLUTION_ID BATCHES BATCH_SIZE [GO_FILE]; BATCHES = 0 writes until killed.
With GO_FILE it prints "ready" once the store is open and waits for that file, so writers start together.
Until killed (BATCHES = 0), each batch is one transaction of many 100-run puts, and the writer prints
"open N" once batch N holds the write lock and has rows in flight, so a test can kill it mid-transaction.
Run as a script, its own folder is on sys.path, so it shares the tests' record factories; tests/ goes on it
too, for what those import from there (suite_env).
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(1, str(Path(__file__).resolve().parents[1]))

from store_helpers import runs  # noqa: E402

from frontiersmith.store import open_store  # noqa: E402


def main() -> None:
    path, solution_id, batches, size = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    store = open_store(path)
    if len(sys.argv) > 5:
        print("ready", flush=True)
        go = Path(sys.argv[5])
        while not go.exists():
            time.sleep(0.01)
    if batches:
        for number in range(batches):
            store.problems.put_runs(runs(solution_id, number, size))
            print(number, flush=True)
    for number in itertools.count() if not batches else ():
        with store.transaction():
            for start in range(0, size, 100):
                store.problems.put_runs(runs(solution_id, number, 100, start))
                if start == 0:
                    print(f"open {number}", flush=True)
        print(number, flush=True)
    store.close()


if __name__ == "__main__":
    main()
