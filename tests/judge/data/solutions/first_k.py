# Takes the first K items: feasible but not optimal.
n, k = map(int, input().split())
print(k)
print(*range(1, k + 1))
