# Ask nothing and answer every variable false.
import sys

n, m, q = map(int, sys.stdin.readline().split())
sys.stdout.write("! " + "0" * n + "\n")
sys.stdout.flush()
