import math
import sys


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    points = sorted(
        set(zip(map(int, data[1 : 2 * n + 1 : 2]), map(int, data[2 : 2 * n + 2 : 2]), strict=True))
    )
    hull = []
    for chain in (points, points[::-1]):
        base = len(hull)
        for q in chain:
            while len(hull) >= base + 2 and cross(hull[-2], hull[-1], q) <= 0:
                hull.pop()
            hull.append(q)
        hull.pop()
    if not hull:
        hull = [points[0]]
    length = 0.0
    for i, a in enumerate(hull):
        b = hull[(i + 1) % len(hull)]
        length += math.sqrt(float((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2))
    print(f"{length:.6f}")


main()
