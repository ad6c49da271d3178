import heapq
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    orders = sorted(zip(map(int, data[1 : 2 * n + 1 : 2]), map(int, data[2 : 2 * n + 2 : 2]), strict=True))
    taken = []
    total = 0
    for d, p in orders:
        heapq.heappush(taken, p)
        total += p
        if len(taken) > d:
            total -= heapq.heappop(taken)
    print(total)


main()
