# Start-time sweep with a min-heap of (end, room).
import heapq
import sys

data = sys.stdin.read().split()
n = int(data[0])
ivs = [(int(data[1 + 2 * i]), int(data[2 + 2 * i]), i) for i in range(n)]
heap: list[tuple[int, int]] = []
room = [0] * n
rooms = 0
for s, e, i in sorted(ivs):
    if heap and heap[0][0] <= s:
        _, r = heapq.heappop(heap)
    else:
        rooms += 1
        r = rooms
    room[i] = r
    heapq.heappush(heap, (e, r))
print(*room)
