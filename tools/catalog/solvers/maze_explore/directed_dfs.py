# Depth-first exploration that tries the neighbours closest to the target first, backtracking from dead ends.
import sys

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
SEEN = "UDLR"


def main() -> None:
    rows, cols, r, c, tr, tc = map(int, sys.stdin.readline().split())
    visited = {(r, c)}
    trail = []
    while True:
        line = sys.stdin.readline().strip()
        if line == "DONE" or not line:
            return
        options = []
        for i, d in enumerate(SEEN):
            dr, dc = MOVES[d]
            if line[i] == "0" and (r + dr, c + dc) not in visited:
                options.append((abs(r + dr - tr) + abs(c + dc - tc), i, d))
        if options:
            step = min(options)[2]
            trail.append(step)
        else:
            step = BACK[trail.pop()]
        dr, dc = MOVES[step]
        r, c = r + dr, c + dc
        visited.add((r, c))
        sys.stdout.write(step + "\n")
        sys.stdout.flush()


main()
