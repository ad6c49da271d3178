# Weaker: along the street, repeatedly pair the adjacent worker-job neighbours with the smallest gap.
import heapq
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = [int(x) for x in data[1 : 1 + n]]
b = [int(x) for x in data[1 + n : 1 + 2 * n]]
line = sorted([(x, 0, i) for i, x in enumerate(a)] + [(x, 1, j) for j, x in enumerate(b)])
m = len(line)
left, right = list(range(-1, m - 1)), list(range(1, m + 1))
alive = [True] * m
heap = [(line[k + 1][0] - line[k][0], k, k + 1) for k in range(m - 1) if line[k][1] != line[k + 1][1]]
heapq.heapify(heap)
job = [0] * n
while heap:
    _, x, y = heapq.heappop(heap)
    if not (alive[x] and alive[y] and right[x] == y):
        continue
    alive[x] = alive[y] = False
    w, j = (line[x][2], line[y][2]) if line[x][1] == 0 else (line[y][2], line[x][2])
    job[w] = j + 1
    lo, hi = left[x], right[y]
    if lo >= 0:
        right[lo] = hi
    if hi < m:
        left[hi] = lo
    if lo >= 0 and hi < m and line[lo][1] != line[hi][1]:
        heapq.heappush(heap, (line[hi][0] - line[lo][0], lo, hi))
print(*job)
