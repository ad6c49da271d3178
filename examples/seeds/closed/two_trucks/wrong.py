# Heaviest box first into the lighter truck: a fine heuristic, not an exact answer.
n = int(input())
loads = [0, 0]
for w in sorted(map(int, input().split()), reverse=True):
    loads[loads[1] < loads[0]] += w
print(abs(loads[0] - loads[1]))
