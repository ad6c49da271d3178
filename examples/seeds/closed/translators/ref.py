import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    c = [[int(x) for x in data[1 + i * n : 1 + (i + 1) * n]] for i in range(n)]
    full = (1 << n) - 1
    best = [0] * (1 << n)
    # Fill by the translator who takes the last document: best[mask] from best[mask without j].
    for mask in range(1, full + 1):
        row = c[bin(mask).count("1") - 1]
        value = None
        rest = mask
        while rest:
            low = rest & -rest
            j = low.bit_length() - 1
            candidate = best[mask ^ low] + row[j]
            if value is None or candidate < value:
                value = candidate
            rest ^= low
        best[mask] = value
    print(best[full])


main()
