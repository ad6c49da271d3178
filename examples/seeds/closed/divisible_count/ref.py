from math import gcd


def main():
    N, k = map(int, input().split())
    a = list(map(int, input().split()))[:k]
    # Each subset with its lcm (capped: above N it counts nothing) and its sign.
    terms = [(1, -1)]
    for x in a:
        terms += [(m // gcd(m, x) * x, -sign) for m, sign in terms if m // gcd(m, x) * x <= N]
    print(sum(sign * (N // m) for m, sign in terms[1:]))


main()
