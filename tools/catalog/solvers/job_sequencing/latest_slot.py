# Exact: most profitable first, each into the latest free slot by its deadline (union-find over slots).
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
d = [int(data[1 + 2 * i]) for i in range(n)]
p = [int(data[2 + 2 * i]) for i in range(n)]
free = list(range(n + 1))  # free[t]: a slot <= t that may be free (0: none)


def find(t: int) -> int:
    root = t
    while free[root] != root:
        root = free[root]
    while free[t] != root:
        free[t], t = root, free[t]
    return root


slot_of = [0] * n
for j in sorted(range(n), key=lambda j: -p[j]):
    t = find(d[j])
    if t:
        slot_of[j] = t
        free[t] = t - 1
by_slot = sorted((slot_of[j], j) for j in range(n) if slot_of[j])
late = [j for j in range(n) if not slot_of[j]]
print(*(j + 1 for _, j in by_slot), *(j + 1 for j in late))
