import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, L = int(data[0]), int(data[1])
    lamps = sorted(zip(map(int, data[2 : 2 * n + 2 : 2]), map(int, data[3 : 2 * n + 3 : 2]), strict=True))
    covered = used = i = 0
    while covered < L:
        reach = covered
        while i < n and lamps[i][0] <= covered:
            reach = max(reach, lamps[i][1])
            i += 1
        if reach == covered:
            print(-1)
            return
        covered = reach
        used += 1
    print(used)


main()
