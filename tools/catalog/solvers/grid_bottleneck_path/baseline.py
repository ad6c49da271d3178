# Baseline: along the top row, then down the last column (always a walk between the corners).
import sys

rows, cols = map(int, sys.stdin.readline().split())
print("R" * (cols - 1) + "D" * (rows - 1))
