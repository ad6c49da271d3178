import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, k, e = int(data[0]), int(data[1]), int(data[2])
    likes = [[] for _ in range(n + 1)]
    for i in range(e):
        likes[int(data[3 + 2 * i])].append(int(data[4 + 2 * i]))
    nurse_of = [0] * (k + 1)
    seen = [0] * (k + 1)
    sys.setrecursionlimit(10000)

    def augment(u, stamp):
        for v in likes[u]:
            if seen[v] == stamp:
                continue
            seen[v] = stamp
            if nurse_of[v] == 0 or augment(nurse_of[v], stamp):
                nurse_of[v] = u
                return True
        return False

    print(sum(augment(u, u) for u in range(1, n + 1)))


main()
