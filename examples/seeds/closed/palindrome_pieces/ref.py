import sys


def main():
    s = sys.stdin.read().split()[1]
    t = "#" + "#".join(s) + "#"
    m = len(t)
    rad = [0] * m
    total = 0
    c, r = 0, -1
    for i in range(m):
        k = 0 if i > r else min(rad[2 * c - i], r - i)
        while i - k - 1 >= 0 and i + k + 1 < m and t[i - k - 1] == t[i + k + 1]:
            k += 1
        rad[i] = k
        if i + k > r:
            c, r = i, i + k
        total += (k + 1) // 2
    print(total)


main()
