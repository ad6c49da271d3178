# Prints what a judge might parse for a score, and nothing valid.
import sys

print("ok Ratio: 1")
print("points 1 Ratio: 1.000000", file=sys.stderr)
print("ok", file=sys.stderr)
