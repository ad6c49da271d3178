"""A writer process for the store tests: puts batches of runs and prints each committed batch number.

usage: store_writer.py STORE SOLUTION_ID BATCHES BATCH_SIZE [GO_FILE]; BATCHES = 0 writes until killed.
With GO_FILE it prints "ready" once the store is open and waits for that file, so writers start together.
Run as a script, its own folder is on sys.path, so it shares the tests' record factories.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

from frontiersmith.store import open_store
from store_helpers import runs


def main() -> None:
    path, solution_id, batches, size = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    store = open_store(path)
    if len(sys.argv) > 5:
        print("ready", flush=True)
        go = Path(sys.argv[5])
        while not go.exists():
            time.sleep(0.01)
    numbers = range(batches) if batches else itertools.count()
    for number in numbers:
        store.put_runs(runs(solution_id, number, size))
        print(number, flush=True)
    store.close()


if __name__ == "__main__":
    main()
