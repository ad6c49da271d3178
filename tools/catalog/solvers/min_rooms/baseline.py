# Baseline: first fit in input order, the answer a first attempt gives. Each meeting, as the input lists it, goes
# to the lowest-numbered room none of whose meetings it overlaps (sorted by start, the same rule is optimal).
import bisect
import sys

data = sys.stdin.read().split()
n = int(data[0])
rooms = []  # per room, its meetings as sorted (start, end) pairs
answer = []
for i in range(n):
    s, e = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    for r, booked in enumerate(rooms):
        k = bisect.bisect_left(booked, (s, e))
        if (k == 0 or booked[k - 1][1] <= s) and (k == len(booked) or e <= booked[k][0]):
            booked.insert(k, (s, e))
            answer.append(r + 1)
            break
    else:
        rooms.append([(s, e)])
        answer.append(len(rooms))
print(*answer)
