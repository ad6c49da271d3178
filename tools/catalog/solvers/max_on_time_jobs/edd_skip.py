# Weaker: by due date, keep a job only if it still meets its due date; the rest go at the end.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
p = [int(data[1 + 2 * i]) for i in range(n)]
d = [int(data[2 + 2 * i]) for i in range(n)]
t, kept, late = 0, [], []
for j in sorted(range(n), key=lambda j: (d[j], j)):
    if t + p[j] <= d[j]:
        t += p[j]
        kept.append(j)
    else:
        late.append(j)
print(*(j + 1 for j in kept + late))
