# Simulated annealing: single-bit flips accepted by the Metropolis rule on the change in the count, the
# temperature cooling geometrically over the budget; the answer is the best assignment seen.
import math
import random
import sys


def main() -> None:
    n, m, q = map(int, sys.stdin.readline().split())
    rng = random.Random(7)

    def count(bits):
        sys.stdout.write("? " + "".join("1" if b else "0" for b in bits) + "\n")
        sys.stdout.flush()
        return int(sys.stdin.readline())

    bits = [False] * n
    cur = count(bits)
    best, best_bits = cur, bits[:]
    steps = max(1, q - 1)
    t0, t1 = 2.0, 0.05
    for step in range(steps):
        temp = t0 * (t1 / t0) ** (step / steps)
        i = rng.randrange(n)
        bits[i] = not bits[i]
        got = count(bits)
        if got >= cur or rng.random() < math.exp((got - cur) / temp):
            cur = got
            if cur > best:
                best, best_bits = cur, bits[:]
        else:
            bits[i] = not bits[i]
    sys.stdout.write("! " + "".join("1" if b else "0" for b in best_bits) + "\n")
    sys.stdout.flush()


main()
