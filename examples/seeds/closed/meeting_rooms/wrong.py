import sys

# Greedy by start time: a long early meeting blocks many short ones.
data = sys.stdin.read().split()
n = int(data[0])
requests = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n))
free_from, taken = -1, 0
for start, end in requests:
    if start >= free_from:
        taken += 1
        free_from = end
print(taken)
