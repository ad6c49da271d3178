"""Min-True 2-SAT greedy: try each variable false (fewest positive occurrences first), unit-propagate
along the implication graph, and set it true only when false leads to a conflict."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    # literal index: 2(v-1) is x_v true, 2(v-1)+1 is x_v false; imp[l] = literals forced when l holds
    imp = [[] for _ in range(2 * n)]
    need_true = [0] * n
    for i in range(m):
        a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        la = 2 * (abs(a) - 1) + (a < 0)
        lb = 2 * (abs(b) - 1) + (b < 0)
        imp[la ^ 1].append(lb)
        imp[lb ^ 1].append(la)
        for x in (a, b):
            if x > 0:
                need_true[x - 1] += 1
    val = [-1] * n  # -1 unset, 1 true, 0 false

    def propagate(lit: int) -> list[int] | None:
        """Set lit and everything it implies; return the variables assigned, or None (undone) on conflict."""
        assigned = []
        stack = [lit]
        while stack:
            cur = stack.pop()
            v, want = cur >> 1, 1 - (cur & 1)
            if val[v] == want:
                continue
            if val[v] != -1:
                for u in assigned:
                    val[u] = -1
                return None
            val[v] = want
            assigned.append(v)
            stack.extend(imp[cur])
        return assigned

    order = sorted(range(n), key=lambda v: (need_true[v], v))
    for v in order:
        if val[v] != -1:
            continue
        if propagate(2 * v + 1) is None:
            propagate(2 * v)
    print(" ".join(str(max(x, 0)) for x in val))


main()
