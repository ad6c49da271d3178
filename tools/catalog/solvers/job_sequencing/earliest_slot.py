# Weaker: most profitable first, each into the earliest free slot, if that slot is by its deadline.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
d = [int(data[1 + 2 * i]) for i in range(n)]
p = [int(data[2 + 2 * i]) for i in range(n)]
order: list[int] = []  # slot t holds order[t - 1]
late = []
for j in sorted(range(n), key=lambda j: -p[j]):
    if len(order) + 1 <= d[j]:
        order.append(j)
    else:
        late.append(j)
print(*(j + 1 for j in order + late))
