import sys

# Without replacements: insertions and deletions only, via the longest common subsequence.
a, b = sys.stdin.read().split()[:2]
prev = [0] * (len(b) + 1)
for ca in a:
    cur = [0]
    for j, cb in enumerate(b, 1):
        cur.append(prev[j - 1] + 1 if ca == cb else max(prev[j], cur[j - 1]))
    prev = cur
print(len(a) + len(b) - 2 * prev[-1])
