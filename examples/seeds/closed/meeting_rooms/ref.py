import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    requests = sorted(zip(map(int, data[2 : 2 * n + 2 : 2]), map(int, data[1 : 2 * n + 1 : 2]), strict=True))
    free_from, taken = -1, 0
    for end, start in requests:
        if start >= free_from:
            taken += 1
            free_from = end
    print(taken)


main()
