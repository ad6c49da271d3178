import sys
from collections import deque

# A first-in first-out queue gives a valid order, but not the smallest one.
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
after = [[] for _ in range(n + 1)]
need = [0] * (n + 1)
for i in range(m):
    a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    after[a].append(b)
    need[b] += 1
ready = deque(v for v in range(1, n + 1) if need[v] == 0)
order = []
while ready:
    u = ready.popleft()
    order.append(u)
    for v in after[u]:
        need[v] -= 1
        if need[v] == 0:
            ready.append(v)
print(" ".join(map(str, order)) if len(order) == n else -1)
