import sys

# Each translator in turn takes the cheapest document still free.
data = sys.stdin.read().split()
n = int(data[0])
free = set(range(n))
total = 0
for i in range(n):
    row = [int(x) for x in data[1 + i * n : 1 + (i + 1) * n]]
    j = min(free, key=lambda j: (row[j], j))
    free.remove(j)
    total += row[j]
print(total)
