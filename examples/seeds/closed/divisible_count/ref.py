from math import gcd


def main():
    N, k = map(int, input().split())
    a = list(map(int, input().split()))[:k]
    # Each subset with its lcm (capped: above N it counts nothing) and its sign.
    terms = [(1, -1)]
    for x in a:
        terms += [(l // gcd(l, x) * x, -sign) for l, sign in terms if l // gcd(l, x) * x <= N]
    print(sum(sign * (N // l) for l, sign in terms[1:]))


main()
