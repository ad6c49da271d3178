"""Step 2's prompt: a solution sampled (``SOLVE``), in the language the run asks for, and the paragraph every text
a solver reads uses to say how a solution reads and writes."""

from __future__ import annotations

from typing import Literal

from . import examples
from .prompt import Prompt

# How a solution meets its tests, as every text a solver reads says it (the MCP server's statements and solve
# prompt, the trainer exports' prompts, Harbor's instruction): a file in and an answer out, or a conversation.
SOLUTION_IO = "A solution reads the input from standard input and writes its answer to standard output."
INTERACTIVE_IO = (
    "This problem is interactive: the program talks to an interactor over standard input and output, and each "
    "test is a conversation, not a file. Follow the statement's protocol: read each line the interactor sends "
    "before you answer, never read more than it sent, and FLUSH standard output after every line you write "
    "(C++: `std::endl` or `fflush(stdout)`; Python: `print(..., flush=True)`): an unflushed line never "
    "reaches the interactor, both sides wait, and the test ends in a time-out. Stop when the protocol says the "
    "conversation is over. Only the interactor's verdict scores the conversation."
)


def solution_io(interactive: bool) -> str:
    """The paragraph saying how a solution reads and writes (``SOLUTION_IO`` or ``INTERACTIVE_IO``)."""
    return INTERACTIVE_IO if interactive else SOLUTION_IO


# The languages a model may be asked to write solutions in (the ``llm_language`` setting): a fence tag each.
LanguageChoice = Literal["python", "cpp", "any"]
LANGUAGE_NAMES = {"python": "Python 3", "cpp": "C++17", "any": "C++17 or Python 3"}


SOLVE = Prompt(
    "solve",
    "2",
    """Problem:

{problem}

Limits: {time_ms} ms of CPU time, {memory_mb} MB of memory.

Write a complete {language} program (standard library only) that reads the input on stdin and prints a legal
output on stdout. A simple legal answer beats a clever illegal one. You are solver {index} of several: choose
your own idea.

Answer with one line "Strategy: <your idea in one sentence>", then the program in one fenced code block.""",
    None,
    {"problem": examples.KNAPSACK, "time_ms": 2000, "memory_mb": 256, "index": 1},
    {
        "python": """Strategy: Greedy: take the items by decreasing value per weight while they fit.
```python
import sys


def main():
    data = sys.stdin.read().split()
    n, cap = int(data[0]), int(data[1])
    items = [(int(data[2 + 2 * i]), int(data[3 + 2 * i]), i + 1) for i in range(n)]
    items.sort(key=lambda t: t[1] / t[0], reverse=True)
    chosen, used = [], 0
    for w, v, i in items:
        if used + w <= cap:
            chosen.append(i)
            used += w
    print(" ".join(map(str, chosen)))


main()
```""",
        "cpp": """Strategy: Greedy: take the items by decreasing value per weight while they fit.
```cpp
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long n, cap;
    cin >> n >> cap;
    vector<array<long long, 3>> items(n);
    for (int i = 0; i < n; i++) { cin >> items[i][0] >> items[i][1]; items[i][2] = i + 1; }
    sort(items.begin(), items.end(), [](auto& a, auto& b) { return a[1] * b[0] > b[1] * a[0]; });
    long long used = 0;
    for (auto& it : items)
        if (used + it[0] <= cap) { used += it[0]; cout << it[2] << " "; }
    cout << "\\n";
}
```""",
    },
)
SOLVE.examples["any"] = SOLVE.examples["python"]
