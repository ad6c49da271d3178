MOD = 10**9 + 7

# Off by one in the recurrence: it subtracts the strings of length i - k instead of i - 1 - k.
n, k = map(int, input().split())
f = [1] + [0] * n
for i in range(1, n + 1):
    f[i] = (2 * f[i - 1] - (f[i - k] if i - k >= 0 else 0)) % MOD
print(f[n])
