"""Solve a built-in catalog problem over MCP: start `frontiersmith serve` on stdio, list the problems, read one
statement, submit a program and print its score.

    .venv/bin/python examples/solve_catalog_problem.py            # catalog/min_true_2sat
    .venv/bin/python examples/solve_catalog_problem.py --quiet    # only the score

The server is the `frontiersmith` installed beside this Python (so PATH does not matter), and it inherits
this process's environment, so FRONTIERSMITH_* settings (store, sandbox) apply to it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

PROBLEM = "catalog/min_true_2sat"
FRONTIERSMITH = str(Path(sys.executable).parent / "frontiersmith")

# Min-True 2-SAT: any satisfying assignment (strongly connected components of the implication graph), then
# a descent that turns true variables false while every clause stays satisfied: fewer trues score higher.
SOLUTION = """
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    clauses = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(m)]
    lit = lambda x: 2 * (abs(x) - 1) + (x < 0)  # node of literal x; node ^ 1 is its negation
    out = [[] for _ in range(2 * n)]
    inn = [[] for _ in range(2 * n)]
    for a, b in clauses:
        for u, v in ((lit(a) ^ 1, lit(b)), (lit(b) ^ 1, lit(a))):
            out[u].append(v)
            inn[v].append(u)
    order, seen = [], [False] * (2 * n)
    for s in range(2 * n):
        if not seen[s]:
            seen[s], stack = True, [(s, iter(out[s]))]
            while stack:
                u, it = stack[-1]
                w = next((w for w in it if not seen[w]), None)
                if w is None:
                    order.append(u)
                    stack.pop()
                else:
                    seen[w] = True
                    stack.append((w, iter(out[w])))
    comp, label = [-1] * (2 * n), 0
    for s in reversed(order):
        if comp[s] < 0:
            comp[s], todo = label, [s]
            while todo:
                for w in inn[todo.pop()]:
                    if comp[w] < 0:
                        comp[w] = label
                        todo.append(w)
            label += 1
    value = [comp[2 * v] > comp[2 * v + 1] for v in range(n)]
    holds = lambda x: value[abs(x) - 1] == (x > 0)
    needs = [[] for _ in range(n)]  # clauses in which x_v appears positively
    for a, b in clauses:
        for x, y in ((a, b), (b, a)):
            if x > 0:
                needs[x - 1].append(y)
    for v in range(n):
        if value[v] and all(holds(y) for y in needs[v]):
            value[v] = False
    print(" ".join("1" if x else "0" for x in value))

main()
"""


async def main(quiet: bool) -> float:
    server = StdioServerParameters(command=FRONTIERSMITH, args=["serve"], env=dict(os.environ))
    async with Client(server) as client:
        problems = (await client.call_tool("list_problems", {})).structured_content["problems"]
        if not quiet:
            print(f"{len(problems)} problems, e.g. " + ", ".join(p["id"] for p in problems[:3]))
        statement = (await client.read_resource(f"problem://{PROBLEM}")).contents[0].text
        if not quiet:
            print(statement.splitlines()[0])
        result = await client.call_tool(
            "submit", {"problem_id": PROBLEM, "code": SOLUTION, "language": "python", "author": "example"}
        )
        if result.is_error:
            raise SystemExit(f"submit failed: {result.content[0].text}")
        outcome = result.structured_content
        if not quiet:
            for test in outcome["tests"]:
                print(f"  {test['name']:<14} {test['verdict']:<8} score {test['score']:.3f}")
        print(f"score {outcome['score']:.4f}")
        return outcome["score"]


if __name__ == "__main__":
    anyio.run(main, "--quiet" in sys.argv[1:])
