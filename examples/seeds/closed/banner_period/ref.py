import sys


def main():
    s = sys.stdin.read().split()[1]
    n = len(s)
    pi = [0] * n
    for i in range(1, n):
        k = pi[i - 1]
        while k and s[i] != s[k]:
            k = pi[k - 1]
        pi[i] = k + (s[i] == s[k])
    print(n - pi[-1])


main()
