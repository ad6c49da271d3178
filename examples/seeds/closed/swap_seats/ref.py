n = int(input())
if n == 1:
    print(-1)
else:
    paired = n if n % 2 == 0 else n - 3
    p = []
    for j in range(1, paired + 1, 2):
        p += [j + 1, j]
    if n % 2 == 1:
        p += [n - 1, n, n - 2]
    print(" ".join(map(str, p)))
