# First-improvement bit flips: from all-false, flip one variable at a time in order and keep each flip that
# raises the count, sweeping until a sweep changes nothing or the questions run out.
import sys


def main() -> None:
    n, m, q = map(int, sys.stdin.readline().split())
    asked = 0

    def count(bits):
        nonlocal asked
        asked += 1
        sys.stdout.write("? " + "".join(bits) + "\n")
        sys.stdout.flush()
        return int(sys.stdin.readline())

    bits = ["0"] * n
    best = count(bits)
    improved = True
    while improved and asked < q:
        improved = False
        for i in range(n):
            if asked >= q:
                break
            bits[i] = "1" if bits[i] == "0" else "0"
            got = count(bits)
            if got > best:
                best, improved = got, True
            else:
                bits[i] = "1" if bits[i] == "0" else "0"
    sys.stdout.write("! " + "".join(bits) + "\n")
    sys.stdout.flush()


main()
