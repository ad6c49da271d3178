# Baseline: the single letter that occurs most often in the rarest string, repeated.
import string
import sys

rows = sys.stdin.read().split()
strs = rows[1 : 1 + int(rows[0])]
best = max(string.ascii_lowercase, key=lambda c: min(s.count(c) for s in strs))
print(best * min(s.count(best) for s in strs))
