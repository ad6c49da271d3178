# Majority polarity, then steepest-ascent single flips until no flip gains.
import heapq
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
clauses = [(int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])) for i in range(m)]
occ = [[] for _ in range(n + 1)]
score = [0] * (n + 1)
for i, c in enumerate(clauses):
    for x in c:
        occ[abs(x)].append(i)
        score[abs(x)] += 1 if x > 0 else -1
val = [False] + [score[v] > 0 for v in range(1, n + 1)]
nt = [sum(1 for x in c if val[abs(x)] == (x > 0)) for c in clauses]


def gain(v: int) -> int:
    g = 0
    for c in occ[v]:
        lit = next(x for x in clauses[c] if abs(x) == v)
        if val[v] == (lit > 0):
            g -= nt[c] == 1
        else:
            g += nt[c] == 0
    return g


heap = [(-gain(v), v) for v in range(1, n + 1)]
heapq.heapify(heap)
while heap:
    g, v = heapq.heappop(heap)
    cur = gain(v)
    if cur != -g:
        if cur > 0:
            heapq.heappush(heap, (-cur, v))
        continue
    if cur <= 0:
        continue
    val[v] = not val[v]
    touched = set()
    for c in occ[v]:
        lit = next(x for x in clauses[c] if abs(x) == v)
        nt[c] += 1 if val[v] == (lit > 0) else -1
        touched.update(abs(x) for x in clauses[c])
    for u in touched:
        gu = gain(u)
        if gu > 0:
            heapq.heappush(heap, (-gu, u))
print(" ".join("1" if val[v] else "0" for v in range(1, n + 1)))
