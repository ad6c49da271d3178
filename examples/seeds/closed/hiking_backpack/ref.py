import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, W = int(data[0]), int(data[1])
    best = [0] * (W + 1)
    for i in range(n):
        w, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        if w <= W:
            # best[c] for c >= w may take item i once: read the old row on the right side
            best[w:] = map(max, best[w:], [x + v for x in best[: W + 1 - w]])
    print(best[W])


main()
