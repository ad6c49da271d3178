# (1+1) evolutionary algorithm: flip each bit with probability 1/n, keep the child when it is no worse.
import random
import sys


def main() -> None:
    n, m, q = map(int, sys.stdin.readline().split())
    rng = random.Random(12345)

    def count(bits):
        sys.stdout.write("? " + "".join("1" if b else "0" for b in bits) + "\n")
        sys.stdout.flush()
        return int(sys.stdin.readline())

    bits = [rng.random() < 0.5 for _ in range(n)]
    best = count(bits)
    for _ in range(q - 1):
        child = [b != (rng.random() < 1.0 / n) for b in bits]
        if child == bits:
            child[rng.randrange(n)] ^= True
        got = count(child)
        if got >= best:
            bits, best = child, got
    sys.stdout.write("! " + "".join("1" if b else "0" for b in bits) + "\n")
    sys.stdout.flush()


main()
