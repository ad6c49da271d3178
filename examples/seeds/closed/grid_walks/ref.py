import sys

MOD = 10**9 + 7


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    ways = [0] * m
    ways[0] = 1
    for row in data[2 : 2 + n]:
        left = 0
        for j, cell in enumerate(row):
            left = 0 if cell == "#" else (ways[j] + left) % MOD
            ways[j] = left
    print(ways[m - 1])


main()
