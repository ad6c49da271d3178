# The helpers every catalog family module may use, prepended to the module wherever it runs: shipped into the
# sandbox as a program (``Family.program``: this file, the module, a variant's overlay, then harness.py) and loaded
# in-process (``load_module``). Stdlib only, and nothing imported at run time: a verifier run starts without any.

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from collections.abc import Callable


def read_int(tok: str, lo: int, hi: int, what: str) -> int:
    """``tok`` as an integer in [lo, hi]: an optional minus and 1 to 12 decimal digits, else ValueError naming
    ``what``."""
    digits = tok[1:] if tok.startswith("-") else tok  # -?\d{1,12}, \d being any Unicode decimal digit
    if not (1 <= len(digits) <= 12 and digits.isdecimal()):
        raise ValueError(f"{what} must be an integer, got {tok[:20]!r}")
    v = int(tok)
    if not lo <= v <= hi:
        raise ValueError(f"{what} = {v} is outside [{lo}, {hi}]")
    return v


def read_ints(text: str) -> list[int]:
    """Every whitespace-separated token of ``text`` as an integer, else ValueError naming the first that is not."""
    out = []
    for tok in text.split():
        if not tok.lstrip("-").isdigit():
            raise ValueError(f"token {tok[:20]!r} is not an integer")
        out.append(int(tok))
    return out


def token_rows(text: str) -> list[list[str]]:
    """The tokens of each line of an input that ends with a newline (else ValueError); a blank line has none."""
    if not text.endswith("\n"):
        raise ValueError("the input must end with a newline")
    return [line.split() for line in text[:-1].split("\n")]


def token_lines(text: str) -> list[list[str]]:
    """``token_rows`` of an input that has no blank line (else ValueError)."""
    rows = token_rows(text)
    if any(not r for r in rows):
        raise ValueError("the input must not contain blank lines")
    return rows


def numbered_lines(
    text: str, n_max: int, what: str, fields: list[tuple[str, int, int]]
) -> list[tuple[int, ...]]:
    """n alone on the first line, then n lines of ``what`` (a job, an interval), each the integers ``fields``
    names as (name, lo, hi), else ValueError saying which line is wrong."""
    rows = token_lines(text)
    if len(rows[0]) != 1:
        raise ValueError("the first line must hold n alone")
    n = read_int(rows[0][0], 1, n_max, "n")
    if len(rows) != n + 1:
        raise ValueError(f"expected {n} {what} lines, found {len(rows) - 1}")
    out = []
    for i, row in enumerate(rows[1:], 1):
        if len(row) != len(fields):
            raise ValueError(f"{what} line {i} must hold {' '.join(name for name, _, _ in fields)}")
        out.append(
            tuple(
                read_int(t, lo, hi, f"{name} of {what} {i}")
                for t, (name, lo, hi) in zip(row, fields, strict=True)
            )
        )
    return out


def read_grid(text: str, side_min: int, side_max: int) -> tuple[list[str], tuple[int, int], tuple[int, int]]:
    """A grid as ``R C`` then R rows of C characters from ``.#ST`` holding one S and one T: the rows and the
    (row, column) of S and of T, else ValueError saying what is wrong."""
    if not text.endswith("\n"):
        raise ValueError("the input must end with a newline")
    lines = text[:-1].split("\n")
    head = lines[0].split()
    if len(head) != 2:
        raise ValueError("the first line must hold R and C")
    rows = read_int(head[0], side_min, side_max, "R")
    cols = read_int(head[1], side_min, side_max, "C")
    grid = lines[1:]
    if len(grid) != rows:
        raise ValueError(f"expected {rows} grid rows, found {len(grid)}")
    found: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(grid):
        if len(row) != cols or set(row) - set(".#ST"):
            raise ValueError(f"grid row {r + 1} must be {cols} characters from '.#ST'")
        for c, ch in enumerate(row):
            if ch in "ST":
                if ch in found:
                    raise ValueError(f"the grid holds more than one {ch}")
                found[ch] = (r, c)
    if len(found) != 2:
        raise ValueError("the grid must hold exactly one S and one T")
    return grid, found["S"], found["T"]


def read_graph(
    text: str, n_min: int, n_max: int, m_max: int, w_max: int | None = None
) -> tuple[int, list[tuple[int, ...]]]:
    """An undirected simple graph as ``n m`` then m lines ``u v`` (``u v w`` with a weight in [1, w_max] when
    ``w_max`` is given; 1-based, no self-loop, no pair twice): n and the edges as written, else ValueError
    saying what is wrong."""
    rows = token_rows(text)
    if len(rows[0]) != 2:
        raise ValueError("the first line must hold n and m")
    n = read_int(rows[0][0], n_min, n_max, "n")
    m = read_int(rows[0][1], 0, min(m_max, n * (n - 1) // 2), "m")
    if len(rows) != m + 1:
        raise ValueError(f"expected {m} edge lines, found {len(rows) - 1}")
    names = ("u", "v") if w_max is None else ("u", "v", "w")
    edges: list[tuple[int, ...]] = []
    seen = set()
    for i, row in enumerate(rows[1:], 1):
        if len(row) != len(names):
            raise ValueError(f"edge line {i} must hold {' '.join(names)}")
        u = read_int(row[0], 1, n, f"u on edge line {i}")
        v = read_int(row[1], 1, n, f"v on edge line {i}")
        if u == v:
            raise ValueError(f"edge {i} is a self-loop")
        key = (min(u, v), max(u, v))
        if key in seen:
            raise ValueError(f"edge {i} repeats the pair {u} {v}")
        seen.add(key)
        edges.append((u, v) if w_max is None else (u, v, read_int(row[2], 1, w_max, f"w on edge line {i}")))
    return n, edges


def edge_indices(output_text: str, count: int, m: int) -> tuple[list[int] | None, str]:
    """The 0-based indices of the ``count`` edges (of m, numbered from 1) an output names, or None and why not."""
    toks = output_text.split()
    if len(toks) != count:
        return None, f"expected {count} edge indices, found {len(toks)}"
    if not all(t.isdigit() for t in toks):
        return None, "edge indices must be positive integers"
    chosen = [int(t) - 1 for t in toks]
    if any(not 0 <= i < m for i in chosen):
        return None, f"edge indices must be between 1 and {m}"
    return chosen, ""


def random_clause(rng: "random.Random", n: int, sign: "Callable[[int], bool]") -> list[int]:
    """Three distinct variables of 1..n, each negated unless ``sign`` says otherwise (a generator's clause)."""
    vs = rng.sample(range(1, n + 1), 3)
    return [v if sign(v) else -v for v in vs]


def three_literal_clauses(rows: list[list[str]], n: int) -> list[tuple[int, int, int]]:
    """Clause lines of a 3-SAT instance over variables 1..n: three non-zero literals on three variables each."""
    clauses = []
    for row in rows:
        if len(row) != 3:
            raise ValueError("each clause line must hold exactly three literals")
        a, b, c = (read_int(t, -n, n, "a literal") for t in row)
        if 0 in (a, b, c):
            raise ValueError("literals must be non-zero")
        if len({abs(a), abs(b), abs(c)}) != 3:
            raise ValueError("the three literals of a clause must use three different variables")
        clauses.append((a, b, c))
    return clauses


def satisfiable_2sat(n: int, clauses: list[tuple[int, int]]) -> bool:
    """Whether the 2-SAT clauses (a or b, literals ±1..±n) over n variables can all hold: Kosaraju on the
    implication graph, iteratively (no recursion limit inside the sandbox); node 2(v-1) is x_v, 2(v-1)+1 not x_v."""

    def node(lit: int) -> int:
        return 2 * (abs(lit) - 1) + (1 if lit < 0 else 0)

    size = 2 * n
    adj: list[list[int]] = [[] for _ in range(size)]
    radj: list[list[int]] = [[] for _ in range(size)]
    for a, b in clauses:
        for u, v in ((node(a) ^ 1, node(b)), (node(b) ^ 1, node(a))):
            adj[u].append(v)
            radj[v].append(u)
    seen = [False] * size
    order: list[int] = []
    for s in range(size):
        if seen[s]:
            continue
        seen[s] = True
        stack = [(s, 0)]
        while stack:
            u, i = stack[-1]
            if i < len(adj[u]):
                stack[-1] = (u, i + 1)
                w = adj[u][i]
                if not seen[w]:
                    seen[w] = True
                    stack.append((w, 0))
            else:
                stack.pop()
                order.append(u)
    comp = [-1] * size
    c = 0
    for s in reversed(order):
        if comp[s] >= 0:
            continue
        comp[s] = c
        todo = [s]
        while todo:
            u = todo.pop()
            for w in radj[u]:
                if comp[w] < 0:
                    comp[w] = c
                    todo.append(w)
        c += 1
    return all(comp[2 * v] != comp[2 * v + 1] for v in range(n))


def spanning_tree_problem(n: int, ends: list[tuple[int, int]]) -> str:
    """Empty if ``ends`` (0-based) are n - 1 edges joining all n vertices, else what is wrong."""
    if len(ends) != n - 1:
        return f"a spanning tree has {n - 1} edges, not {len(ends)}"
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in ends:
        adj[a].append(b)
        adj[b].append(a)
    seen, todo = {0}, [0]
    while todo:
        for b in adj[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return "" if len(seen) == n else f"the edges reach {len(seen)} of {n} vertices"


def job_order(output_text: str, n: int) -> tuple[list[int] | None, str]:
    """The 0-based order of an output that is a permutation of the job numbers 1..n, or None and why not."""
    toks = output_text.split()
    if len(toks) != n:
        return None, f"expected a permutation of {n} jobs, found {len(toks)} numbers"
    if not all(t.isdecimal() and len(t) <= 12 for t in toks):
        return None, "job numbers must be positive integers"
    order = [int(t) - 1 for t in toks]
    if sorted(order) != list(range(n)):
        return None, f"the output must be a permutation of 1..{n}"
    return order, ""
