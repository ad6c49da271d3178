"""Statements in the shapes the public sites and datasets write them, each with what the offline reader must
read from it: the objective's kind (and sense), the numeric bounds, whether any of several answers is
accepted, and (for a row without a name) the title.

The statements are ours, written for these tests; their conventions are the sites': Codeforces as
CodeContests keeps it (plain "Input" / "Output" headings, Unicode relations, thousands split by a space or
a comma, raw $$$ TeX), AtCoder (a "Constraints" section of " - " bullets in TeX), APPS / TACO ("-----Input-----"
headings, $ TeX, no name), CodeChef inside TACO ("------ Input Format ------", braces everywhere) and FrontierCS
("Problem: NAME", bulleted "Input" and "Output", a "Goal" or "Scoring" section, or a markdown layout).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from frontiersmith.models import ObjectiveKind, Sense

DECIDE, COUNT, CONSTRUCT, OPTIMISE = (
    ObjectiveKind.DECIDE,
    ObjectiveKind.COUNT,
    ObjectiveKind.CONSTRUCT,
    ObjectiveKind.OPTIMISE,
)


@dataclass(frozen=True)
class Shape:
    name: str
    site: str  # codeforces | atcoder | apps | taco | frontiercs: which row or folder it is imported as
    statement: str
    kind: ObjectiveKind
    sense: Sense | None = None
    bounds: dict[str, tuple[float, float]] = field(default_factory=dict)
    any_answer: bool = False  # the output may be any of several answers: the seed needs a checker
    title: str = ""  # the title read from the statement, for the shapes imported without a name


SHAPES = [
    # Codeforces writes thousands with a space: "n ≤ 100 000" is a hundred thousand, not a hundred.
    Shape(
        "codeforces_space_thousands",
        "codeforces",
        """Mira paints a fence of n planks; plank i has height h_i. One stroke paints a horizontal band across
consecutive planks, and she owns k brushes of different widths.

Input

The first line contains two integers n and k (2 ≤ k ≤ n ≤ 100 000) — the number of planks and brushes.

The second line contains n integers h_1, h_2, …, h_n (1 ≤ h_i ≤ 1 000 000 000).

Output

Print one integer — the minimum number of strokes.

Examples

Input

3 2
1 2 1

Output

2
""",
        OPTIMISE,
        Sense.MIN,
        {"k": (2, 100_000), "n": (2, 100_000), "h_i": (1, 1e9)},
    ),
    # The two-letter verdict: 'D' or 'R' is a decision, however few letters it has.
    Shape(
        "codeforces_two_letter_verdict",
        "codeforces",
        """Two clans share a desert well. Each of n elders belongs to the Dune clan or to the River clan, and they
speak in turn; an elder may silence one elder of the other clan who has not spoken yet. The clan whose
elders are the last to speak keeps the well.

Input

The first line contains an integer n (1 ≤ n ≤ 200 000).

The second line contains a string of n letters D and R: the clans of the elders in speaking order.

Output

Print 'D' if the Dune clan keeps the well and 'R' if the River clan does.
""",
        DECIDE,
        bounds={"n": (1, 200_000)},
    ),
    Shape(
        "codeforces_yes_no_with_powers",
        "codeforces",
        """An array a of n integers is given. Can you reorder it so that the bitwise AND of every two
neighbours is zero?

Input

The first line contains an integer n (1 ≤ n ≤ 200 000).

The second line contains n integers a_1, …, a_n (0 ≤ a_i < 2^{30}).

Output

Print "YES" if such an order exists and "NO" otherwise.
""",
        DECIDE,
        bounds={"n": (1, 200_000), "a_i": (0, 2**30)},
    ),
    Shape(
        "codeforces_print_any",
        "codeforces",
        """Arrange the numbers 1, 2, …, n in a circle so that every two neighbours differ by at least k.

Input

The only line contains two integers n and k (1 ≤ n ≤ 2·10^5, 0 ≤ k ≤ 10^5).

Output

If there is no such arrangement, print -1. Otherwise print n integers: the arrangement, starting anywhere.
If there are several arrangements, print any of them.
""",
        CONSTRUCT,
        bounds={"n": (1, 200_000), "k": (0, 100_000)},
        any_answer=True,
    ),
    Shape(
        "codeforces_optimum_and_any_witness",
        "codeforces",
        """A permutation p of length n is given. In one swap you exchange two neighbouring elements.

Input

The first line contains n (1 ≤ n ≤ 5000). The second line contains p_1, p_2, …, p_n.

Output

In the first line print the minimum number of swaps m that sort p. In the next m lines print the swaps as
the positions i they exchange (i with i + 1). If there are several optimal sequences, print any of them.
""",
        OPTIMISE,
        Sense.MIN,
        {"n": (1, 5000)},
        any_answer=True,
    ),
    # Raw Codeforces markup, a bound that wraps onto the next line, 10^{18}.
    Shape(
        "codeforces_raw_tex_over_two_lines",
        "codeforces",
        """Count the pairs of a sequence whose sum is a power of two.

Input

The first line contains an integer $$$n$$$ ($$$1 \\le n \\le
2 \\cdot 10^5$$$). The second line contains $$$n$$$ integers $$$a_1, a_2, \\ldots, a_n$$$
($$$1 \\le a_i \\le 10^{18}$$$).

Output

Print the number of pairs $$$(i, j)$$$ with $$$i < j$$$ such that $$$a_i + a_j$$$ is a power of two.
""",
        COUNT,
        bounds={"n": (1, 200_000), "a_i": (1, 1e18)},
    ),
    Shape(
        "codeforces_lexicographic_object",
        "codeforces",
        """You may delete exactly one character of a string s.

Input

The only line contains s, of length between 2 and 10^5 (2 ≤ |s| ≤ 10^5).

Output

Print the lexicographically smallest string you can obtain.
""",
        CONSTRUCT,
        bounds={"|s|": (2, 100_000)},
    ),
    Shape(
        "codeforces_game_verdict",
        "codeforces",
        """Alice and Bob take turns removing stones from n piles; Alice moves first, and whoever cannot move
loses.

Input

The first line contains n (1 ≤ n ≤ 10^5), the second the pile sizes s_i (1 ≤ s_i ≤ 10^9).

Output

Print Alice if Alice wins with optimal play, and Bob otherwise.
""",
        DECIDE,
        bounds={"n": (1, 100_000), "s_i": (1, 1e9)},
    ),
    # "Any answer within 10^-6" is about precision: one answer, compared by floats, needs no checker.
    Shape(
        "codeforces_real_answer_precision",
        "codeforces",
        """n points of a polygon's plane are given; choose three of them as a triangle.

Input

The first line contains n (3 ≤ n ≤ 1000). Each of the next n lines holds x_i and y_i (|x_i|, |y_i| ≤ 10^4).

Output

Print the maximum area of a triangle with vertices among the points. Your answer is considered correct if
its absolute or relative error does not exceed 10^{-6}.
""",
        OPTIMISE,
        Sense.MAX,
        {"n": (3, 1000)},
    ),
    # The AtCoder bullets: two bounds on two lines are two bounds, not one 20 - 1.
    Shape(
        "atcoder_bullets",
        "atcoder",
        """Problem Statement

Takahashi arranges A red and B blue beads on a string, never three of one colour in a row.

Constraints

 - 2 \\leq A \\leq 20
 - 1 \\leq B \\leq 20
 - All values in input are integers.

Input

Input is given from Standard Input in the following format:

A B

Output

Print the number of arrangements, modulo 998244353.
""",
        COUNT,
        bounds={"A": (2, 20), "B": (1, 20)},
    ),
    Shape(
        "atcoder_times_and_backticks",
        "atcoder",
        """Problem Statement

Given is a sequence of N integers A_1, \\ldots, A_N. Is there a pair i < j with A_i = A_j?

Constraints

 - 1 \\leq N \\leq 2 \\times 10^5
 - 1 \\leq A_i \\leq 10^9
 - All values in input are integers.

Input

Input is given from Standard Input in the following format:

N
A_1 \\ldots A_N

Output

If such a pair exists, print `Yes`; otherwise, print `No`.

Sample Input 1

3
1 2 1

Sample Output 1

Yes
""",
        DECIDE,
        bounds={"N": (1, 200_000), "A_i": (1, 1e9)},
    ),
    # The longest repeated substring: the substring itself is asked for, one right answer.
    Shape(
        "apps_longest_repeated_substring",
        "apps",
        """A string s of lowercase English letters is given. Find its longest substring that occurs in s at least
twice; the two occurrences may overlap.

-----Input-----

The only line contains the string s ($1 \\le |s| \\le 200\\,000$).

-----Output-----

Print the longest substring of s that occurs in s at least twice. If several substrings of that length
occur twice, print the one whose first occurrence starts leftmost. If no substring occurs twice, print -1.

-----Examples-----
Input
abcab

Output
ab
""",
        CONSTRUCT,
        bounds={"|s|": (1, 200_000)},
        title="A string s of lowercase English letters is given.",
    ),
    Shape(
        "apps_count_without_name",
        "apps",
        """Polycarp has $n$ coins, the value of the $i$-th coin is $a_i$. He wants to put all of them into pockets
so that no pocket holds two coins of the same value, and he wonders how few pockets that takes.

-----Input-----

The first line contains one integer $n$ ($1 \\le n \\le 100$). The second line contains $n$ integers
$a_1, a_2, \\dots, a_n$ ($1 \\le a_i \\le 100$).

-----Output-----

Print only one integer — the minimum number of pockets Polycarp needs.
""",
        OPTIMISE,
        Sense.MIN,
        {"n": (1, 100), "a_i": (1, 100)},
        title="Polycarp has n coins, the value of the i-th coin is a_i.",
    ),
    Shape(
        "taco_codechef_braces",
        "taco",
        """Chef has an array A of N integers and may add 1 to any element at most K times.

------ Input Format ------

- The first line contains T, the number of test cases.
- Each test case has a line with N and K, and a line with A_{1}, A_{2}, \\ldots, A_{N}.

------ Output Format ------

For each test case, output the maximum possible value of the smallest element.

------ Constraints ------

$1 ≤ T ≤ 10^{4}$
$2 ≤ N ≤ 10^{5}$
$0 ≤ K ≤ 10^{18}$
$1 ≤ A_{i} ≤ 10^{9}$
- Sum of $N$ over all test cases does not exceed $2\\cdot 10^{5}$.
""",
        OPTIMISE,
        Sense.MAX,
        {"T": (1, 10_000), "N": (2, 100_000), "K": (0, 1e18), "A_i": (1, 1e9)},
    ),
    Shape(
        "taco_thin_space_and_superscript",
        "taco",
        """Roads between n towns are to be repaired; road i costs c_i.

-----Input-----

The first line holds n and m (2 ≤ n ≤ 300\u2009000, 1 ≤ m ≤ 300\u2009000); each of the next m lines a road
u v c_i (1 ≤ c_i ≤ 10⁹).

-----Output-----

Output the minimum total cost that keeps every town reachable from every other.
""",
        OPTIMISE,
        Sense.MIN,
        {"n": (2, 300_000), "m": (1, 300_000), "c_i": (1, 1e9)},
    ),
    Shape(
        "codeforces_comma_thousands_in_any_order",
        "codeforces",
        """A tree on n vertices is drawn as n − 1 segments; give its edges.

Input

The first line contains n (2 ≤ n ≤ 100,000); the second the coordinates x_i (−10^9 ≤ x_i ≤ 10^9).

Output

Print the n − 1 edges of a tree whose drawing has no crossing segments, one edge a line, in any order.
""",
        CONSTRUCT,
        bounds={"n": (2, 100_000), "x_i": (-1e9, 1e9)},
        any_answer=True,
    ),
    # The FrontierCS Hamiltonian path: "the number of clearings" in the Output section is a format, not
    # a count; the statement asks for as many clearings as possible.
    Shape(
        "frontiercs_long_walk",
        "frontiercs",
        """Problem: Long Trail

Time limit: 2 seconds
Memory limit: 512 MB

A park has n clearings joined by m two-way trails. Find a walk along the trails that never enters a clearing
twice and visits as many clearings as possible.

Input
- First line: two integers n and m (2 ≤ n ≤ 100000, 1 ≤ m ≤ 300000).
- Next m lines: two integers u v (1 ≤ u, v ≤ n, u ≠ v), a trail between u and v.

Output
- First line: an integer k, the number of clearings on your walk.
- Second line: k distinct clearings in the order the walk visits them; consecutive ones share a trail.

Scoring (if bounded)
Your score on a test is k / n; an invalid walk scores 0.
""",
        OPTIMISE,
        Sense.MAX,
        {"n": (2, 100_000), "m": (1, 300_000)},
        title="Long Trail",
    ),
    Shape(
        "frontiercs_goal_section",
        "frontiercs",
        """Problem: Night Deliveries

A van leaves the depot (city 0) and must visit each of the N - 1 other cities once and come back.

Goal
Minimize the total driving distance of the tour.

Input
- First line: integer N (2 ≤ N ≤ 200 000).
- Next N lines: two integers x_i y_i (0 ≤ x_i, y_i ≤ 10^6).

Output
- First line: an integer K, the number of stops, which must be N + 1.
- Next K lines: the city of each stop.
""",
        OPTIMISE,
        Sense.MIN,
        {"N": (2, 200_000), "x_i": (0, 1e6), "y_i": (0, 1e6)},
        title="Night Deliveries",
    ),
    Shape(
        "frontiercs_markdown",
        "frontiercs",
        """# Pair of Lamps

## Problem
Two lamps show the integers A and B. The panel lights up when their sum is even.

## Input Format
- Line 1: Two space-separated integers A and B (-10^9 ≤ A, B ≤ 10^9)

## Output Format
- Line 1: print "ON" if the panel lights up and "OFF" otherwise

## Scoring
- 100 points for a correct answer
""",
        DECIDE,
        bounds={"A": (-1e9, 1e9), "B": (-1e9, 1e9)},
        title="Pair of Lamps",
    ),
]
