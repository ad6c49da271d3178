# Wall following: keep the left hand on a wall; once the walk comes back to a state it has been in (or has
# gone on too long), explore depth-first toward the target from where it stands.
import sys

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
LEFT = {"U": "L", "L": "D", "D": "R", "R": "U"}
RIGHT = {v: k for k, v in LEFT.items()}
SEEN = "UDLR"


def main() -> None:
    rows, cols, r, c, tr, tc = map(int, sys.stdin.readline().split())
    heading = ("D" if tr > r else "U") if abs(tr - r) >= abs(tc - c) else ("R" if tc > c else "L")
    states = set()
    following = True
    visited = {(r, c)}
    trail = []
    moves = 0
    while True:
        line = sys.stdin.readline().strip()
        if line == "DONE" or not line:
            return
        free = {d for d, bit in zip(SEEN, line, strict=True) if bit == "0"}
        if following and ((r, c, heading) in states or moves > rows * cols // 3):
            following = False
        if following:
            states.add((r, c, heading))
            for d in (LEFT[heading], heading, RIGHT[heading], BACK[heading]):
                if d in free:
                    step = d
                    break
            heading = step
        else:
            options = []
            for d in free:
                dr, dc = MOVES[d]
                if (r + dr, c + dc) not in visited:
                    options.append((abs(r + dr - tr) + abs(c + dc - tc), SEEN.index(d), d))
            if options:
                step = min(options)[2]
                trail.append(step)
            elif trail:
                step = BACK[trail.pop()]
            else:  # every cell around was seen while following the wall: start the trail afresh here
                visited = {(r, c)}
                continue_with = sorted(
                    free, key=lambda d: abs(r + MOVES[d][0] - tr) + abs(c + MOVES[d][1] - tc)
                )
                step = continue_with[0]
                trail.append(step)
        dr, dc = MOVES[step]
        r, c = r + dr, c + dc
        visited.add((r, c))
        moves += 1
        sys.stdout.write(step + "\n")
        sys.stdout.flush()


main()
