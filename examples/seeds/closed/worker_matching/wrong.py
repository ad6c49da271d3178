import sys

# Gives each nurse her first free shift and never reassigns anyone.
data = sys.stdin.read().split()
n, k, e = int(data[0]), int(data[1]), int(data[2])
likes = [[] for _ in range(n + 1)]
for i in range(e):
    likes[int(data[3 + 2 * i])].append(int(data[4 + 2 * i]))
taken = set()
for u in range(1, n + 1):
    for v in likes[u]:
        if v not in taken:
            taken.add(v)
            break
print(len(taken))
