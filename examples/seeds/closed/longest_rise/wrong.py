import sys
from bisect import bisect_right

# bisect_right finds the longest non-decreasing run, so equal temperatures are counted.
data = sys.stdin.read().split()
n = int(data[0])
tails = []
for a in map(int, data[1 : n + 1]):
    k = bisect_right(tails, a)
    if k == len(tails):
        tails.append(a)
    else:
        tails[k] = a
print(len(tails))
