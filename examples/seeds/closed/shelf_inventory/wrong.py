import sys

# Reads "1 i x" as "add x boxes" instead of "now holds x boxes".
data = sys.stdin.read().split()
n, q = int(data[0]), int(data[1])
a = [0] + [int(x) for x in data[2 : 2 + n]]
pos = 2 + n
for _ in range(q):
    kind, x, y = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
    pos += 3
    if kind == 1:
        a[x] += y
    else:
        print(sum(a[x : y + 1]))
