"""max_lateness reference: earliest due date first (Jackson's rule)."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    due = [int(data[2 + 2 * i]) for i in range(n)]
    order = sorted(range(n), key=lambda i: due[i])
    sys.stdout.write(" ".join(str(i + 1) for i in order) + "\n")


main()
