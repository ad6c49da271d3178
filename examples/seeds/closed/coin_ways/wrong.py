import sys

# Sums in the outer loop count ordered sequences: 1+2 and 2+1 twice.
MOD = 10**9 + 7
data = sys.stdin.read().split()
n, S = int(data[0]), int(data[1])
coins = [int(x) for x in data[2 : 2 + n]]
ways = [1] + [0] * S
for s in range(1, S + 1):
    ways[s] = sum(ways[s - c] for c in coins if c <= s) % MOD
print(ways[S])
