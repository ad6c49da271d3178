import sys

# Forgets to take the count modulo 10^9 + 7.
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
ways = [0] * m
ways[0] = 1
for row in data[2 : 2 + n]:
    left = 0
    for j, cell in enumerate(row):
        left = 0 if cell == "#" else ways[j] + left
        ways[j] = left
print(ways[m - 1])
