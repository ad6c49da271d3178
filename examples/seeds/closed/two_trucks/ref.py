def main():
    n = int(input())
    weights = list(map(int, input().split()))[:n]
    reach = 1  # bit s is set when some set of boxes weighs exactly s
    for w in weights:
        reach |= reach << w
    total = sum(weights)
    s = total // 2
    while not reach >> s & 1:
        s -= 1
    print(total - 2 * s)


main()
