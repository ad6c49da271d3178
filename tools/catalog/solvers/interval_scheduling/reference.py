"""interval_scheduling reference: greedy by earliest right end (exchange argument makes it optimal)."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    iv = [(int(data[1 + 2 * i]), int(data[2 + 2 * i]), i + 1) for i in range(n)]
    iv.sort(key=lambda x: x[1])
    chosen, end = [], -1
    for lo, hi, idx in iv:
        if lo >= end:
            chosen.append(idx)
            end = hi
    sys.stdout.write(f"{len(chosen)}\n{' '.join(map(str, chosen))}\n")


main()
