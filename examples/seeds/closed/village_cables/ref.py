import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    edges = sorted((int(data[4 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i])) for i in range(m))
    parent = list(range(n + 1))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    total, joined = 0, 1
    for c, a, b in edges:
        a, b = find(a), find(b)
        if a != b:
            parent[a] = b
            total += c
            joined += 1
    print(total if joined == n else -1)


main()
