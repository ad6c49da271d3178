import sys

# Earliest deadline first without ever giving a day back to a better order.
data = sys.stdin.read().split()
n = int(data[0])
orders = sorted((int(data[1 + 2 * i]), -int(data[2 + 2 * i])) for i in range(n))
day = total = 0
for d, p in orders:
    if day < d:
        day += 1
        total -= p
print(total)
