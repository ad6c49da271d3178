import sys

# Only tries "all off" and "all on".
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
wishes = [tuple(int(t) for t in data[2 + 4 * i : 6 + 4 * i]) for i in range(m)]
ok = any(all(a == s or b == s for _, a, _, b in wishes) for s in (0, 1))
print("YES" if ok else "NO")
