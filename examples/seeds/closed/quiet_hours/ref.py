MOD = 10**9 + 7


def main():
    n, k = map(int, input().split())
    # f[j + 1] holds the count for length j, so f[0] is the f(-1) = 1 of the recurrence.
    f = [1, 1] + [0] * n
    for i in range(1, n + 1):
        f[i + 1] = (2 * f[i] - (f[i - k] if i - k >= 0 else 0)) % MOD
    print(f[n + 1])


main()
