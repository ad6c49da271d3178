# Greedy by value/weight ratio, implemented with a max-heap.
import heapq
import sys

data = sys.stdin.read().split()
n, cap = int(data[0]), int(data[1])
heap = []
for i in range(n):
    w, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    heap.append((-v / w, i, w))
heapq.heapify(heap)
x = [0.0] * n
while heap and cap > 0:
    _, i, w = heapq.heappop(heap)
    take = min(1.0, cap / w)
    x[i] = take
    cap -= take * w
print(" ".join(f"{v:.12f}" for v in x))
