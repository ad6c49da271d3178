import sys

# Only tries stencils whose copies fit a whole number of times.
s = sys.stdin.read().split()[1]
n = len(s)
print(next(d for d in range(1, n + 1) if n % d == 0 and s[:d] * (n // d) == s))
