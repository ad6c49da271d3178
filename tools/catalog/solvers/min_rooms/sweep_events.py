# Event sweep: ends before starts at equal times; a stack of free rooms.
import sys

data = sys.stdin.read().split()
n = int(data[0])
events = []
for i in range(n):
    s, e = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    events.append((s, 1, i))
    events.append((e, 0, i))
events.sort()
free: list[int] = []
room = [0] * n
opened = 0
for _, kind, i in events:
    if kind == 0:
        free.append(room[i])
    elif free:
        room[i] = free.pop()
    else:
        opened += 1
        room[i] = opened
print(*room)
