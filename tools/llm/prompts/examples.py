"""The worked examples' problems: small, and unlike the catalog's, so nothing of one is copied into an answer."""

KNAPSACK = """# Packing a bag

There are n items; item i weighs w_i and is worth v_i. Choose items of total weight at most C, with the largest
total value.

## Input
The first line holds n and C (1 <= n <= 2000, 1 <= C <= 10^9). Each of the next n lines holds w_i and v_i
(1 <= w_i, v_i <= 10^6).

## Output
The indices (1-based) of the chosen items, on one line, separated by spaces."""

NUMBERS = """# Spread the numbers

Given n integers a_i, reorder them so that the smallest difference between neighbours is as large as possible.

## Input
n (1 <= n <= 1000), then the n integers a_i (1 <= a_i <= 10^9) on one line.

## Output
The reordered numbers on one line."""

ROUTE = """# Fastest route

A country has n towns and m roads; road i joins towns u_i and v_i and takes t_i minutes either way. Print the
fewest minutes needed to travel from town 1 to town n.

## Input
The first line holds n and m (2 <= n <= 10^5, 1 <= m <= 2*10^5). Each of the next m lines holds u_i, v_i and t_i
(1 <= t_i <= 10^9). Town n can be reached from town 1.

## Output
One integer: the fewest minutes."""

ROOMS = """# Meeting rooms

n meetings are planned; meeting i runs from s_i to e_i. Two meetings that overlap need different rooms. Print
the fewest rooms that can hold all the meetings.

## Input
The first line holds n (1 <= n <= 10^5). Each of the next n lines holds s_i and e_i (0 <= s_i < e_i <= 10^9).

## Output
One integer: the fewest rooms."""

TWO_TEAMS = """# Two teams

n players are to be split into two teams. m pairs of players are rivals; the rivalries are known to allow a
split with no rivals on the same team. Print such a split.

## Input
The first line holds n and m (2 <= n <= 10^5, 0 <= m <= 2*10^5). Each of the next m lines holds a pair a_i b_i
of rivals.

## Output
n integers, the team (1 or 2) of each player."""
