import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, q = int(data[0]), int(data[1])
    a = [0] + [int(x) for x in data[2 : 2 + n]]
    tree = [0] * (n + 1)
    for i in range(1, n + 1):
        tree[i] += a[i]
        j = i + (i & -i)
        if j <= n:
            tree[j] += tree[i]

    def prefix(i):
        s = 0
        while i > 0:
            s += tree[i]
            i -= i & -i
        return s

    out = []
    pos = 2 + n
    for _ in range(q):
        kind, x, y = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        pos += 3
        if kind == 1:
            d, a[x] = y - a[x], y
            while x <= n:
                tree[x] += d
                x += x & -x
        else:
            out.append(prefix(y) - prefix(x - 1))
    sys.stdout.write("".join(f"{v}\n" for v in out))


main()
