# Depth-first exploration in a fixed order (U, L, D, R), backtracking along its own trail from dead ends.
import sys

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
SEEN = "UDLR"  # the order of the wall bits


def main() -> None:
    rows, cols, r, c, tr, tc = map(int, sys.stdin.readline().split())
    visited = {(r, c)}
    trail = []  # the moves that led here
    while True:
        line = sys.stdin.readline().strip()
        if line == "DONE" or not line:
            return
        blocked = {d for d, bit in zip(SEEN, line, strict=True) if bit == "1"}
        step = None
        for d in "ULDR":
            dr, dc = MOVES[d]
            if d not in blocked and (r + dr, c + dc) not in visited:
                step = d
                break
        if step is None:
            step = BACK[trail.pop()]
        else:
            trail.append(step)
        dr, dc = MOVES[step]
        r, c = r + dr, c + dc
        visited.add((r, c))
        sys.stdout.write(step + "\n")
        sys.stdout.flush()


main()
