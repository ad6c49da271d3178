# Weaker: the seed's idea, a walk of the fewest moves between the corners: of the two L-shaped ones, the one
# whose highest cell is lower; the shortest walks never detour around a peak.
import sys

data = sys.stdin.buffer.read().split()
rows, cols = int(data[0]), int(data[1])
h = [int(x) for x in data[2 : 2 + rows * cols]]
top_right = max(max(h[0:cols]), max(h[r * cols + cols - 1] for r in range(rows)))
down_left = max(max(h[r * cols] for r in range(rows)), max(h[(rows - 1) * cols : rows * cols]))
if top_right <= down_left:
    print("R" * (cols - 1) + "D" * (rows - 1))
else:
    print("D" * (rows - 1) + "R" * (cols - 1))
