import sys

# Takes the n - 1 cheapest cables without checking that they form no cycle.
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
costs = sorted(int(data[4 + 3 * i]) for i in range(m))
print(sum(costs[: n - 1]) if m >= n - 1 else -1)
