import sys
from bisect import bisect_left


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    tails = []
    for a in map(int, data[1 : n + 1]):
        k = bisect_left(tails, a)
        if k == len(tails):
            tails.append(a)
        else:
            tails[k] = a
    print(len(tails))


main()
