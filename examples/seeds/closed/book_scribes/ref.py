import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, k = int(data[0]), int(data[1])
    pages = [int(x) for x in data[2 : 2 + n]]

    def groups(cap):
        count, load = 1, 0
        for x in pages:
            if load + x > cap:
                count += 1
                load = 0
            load += x
        return count

    lo, hi = max(pages), sum(pages)
    while lo < hi:
        mid = (lo + hi) // 2
        if groups(mid) <= k:
            hi = mid
        else:
            lo = mid + 1
    print(lo)


main()
