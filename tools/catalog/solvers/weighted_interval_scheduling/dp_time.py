# Exact: dynamic programming over the compressed time axis; best[t] = best payment using requests ending by t.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
reqs = [(int(data[1 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i])) for i in range(n)]
times = sorted({t for s, e, _ in reqs for t in (s, e)})
pos = {t: k for k, t in enumerate(times)}
ending: list[list[int]] = [[] for _ in times]
for i, (_, e, _) in enumerate(reqs):
    ending[pos[e]].append(i)
best = [0] * len(times)
take = [-1] * len(times)  # the request that ends at t in the best choice (-1: none)
for k in range(1, len(times)):
    best[k], take[k] = best[k - 1], -1
    for i in ending[k]:
        value = reqs[i][2] + best[pos[reqs[i][0]]]
        if value > best[k]:
            best[k], take[k] = value, i
chosen, k = [], len(times) - 1
while k > 0:
    if take[k] < 0:
        k -= 1
    else:
        chosen.append(take[k] + 1)
        k = pos[reqs[take[k]][0]]
print(len(chosen))
print(*chosen)
