# Weaker: only right and down moves; best[r][c] = max(h[r][c], min(best above, best left)).
import sys

data = sys.stdin.buffer.read().split()
rows, cols = int(data[0]), int(data[1])
h = [int(x) for x in data[2 : 2 + rows * cols]]
best = [0] * (rows * cols)
came = [""] * (rows * cols)
for r in range(rows):
    for c in range(cols):
        u = r * cols + c
        if r == 0 and c == 0:
            best[u] = h[u]
            continue
        above = best[u - cols] if r > 0 else 1 << 62
        left = best[u - 1] if c > 0 else 1 << 62
        best[u], came[u] = (max(h[u], above), "D") if above <= left else (max(h[u], left), "R")
path, u = [], rows * cols - 1
while u != 0:
    path.append(came[u])
    u = u - cols if came[u] == "D" else u - 1
print("".join(reversed(path)))
