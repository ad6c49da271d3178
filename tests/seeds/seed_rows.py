"""Rows in the exact shape of the public datasets (every field, the types each dataset uses), written here.

The statements are short and written for these tests; the shapes are the datasets': CodeContests
(deepmind/code_contests: nested test and solution structs, language codes, a time struct, bytes of memory),
TACO (BAAI/TACO: JSON-string tests and solutions, Python-literal tag lists, limits as words) and APPS
(codeparrot/apps: JSON strings, a word for the difficulty, some outputs as lists of lines).
"""

from __future__ import annotations

import json
from typing import Any

SUM_STATEMENT = (
    "You are given two integers a and b. Print their sum.\n\nInput\n\nThe only line contains two integers a and b "
    "(1 ≤ a, b ≤ 10^9).\n\nOutput\n\nPrint one integer: a + b.\n\nExamples\n\nInput\n\n1 2\n\nOutput\n\n3\n"
)
SUM_CPP = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n'
SUM_PY = "a, b = map(int, input().split())\nprint(a + b)\n"
SUM_JAVA = (
    "import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in);"
    " System.out.println(s.nextLong() + s.nextLong()); } }\n"
)


def codecontests_row(statement: str = SUM_STATEMENT, name: str = "1000_A. A plus B") -> dict[str, Any]:
    return {
        "name": name,
        "description": statement,
        "public_tests": {"input": ["1 2\n"], "output": ["3\n"]},
        "private_tests": {"input": ["5 7\n", "1000000000 1000000000\n"], "output": ["12\n", "2000000000\n"]},
        "generated_tests": {"input": ["2 2\n", "3 9\n"], "output": ["4\n", "12\n"]},
        "source": 2,
        "difficulty": 7,
        "solutions": {"language": [2, 3, 4, 1], "solution": [SUM_CPP, SUM_PY, SUM_JAVA, "print 3\n"]},
        "incorrect_solutions": {"language": [3], "solution": ["print(3)\n"]},
        "cf_contest_id": 1000,
        "cf_index": "A",
        "cf_points": 500.0,
        "cf_rating": 800,
        "cf_tags": ["implementation", "math"],
        "is_description_translated": False,
        "untranslated_description": "",
        "time_limit": {"seconds": 1, "nanos": 500000000},
        "memory_limit_bytes": 268435456,
        "input_file": "",
        "output_file": "",
    }


MAX_STATEMENT = (
    "Given n integers, print the largest of them.\n\nInput\n\nThe first line contains n (1 ≤ n ≤ 10^5), the second "
    "line n integers a_i (|a_i| ≤ 10^9).\n\nOutput\n\nPrint the maximum.\n"
)
MAX_PY = "input()\nprint(max(map(int, input().split())))\n"


def taco_row(statement: str = MAX_STATEMENT) -> dict[str, Any]:
    return {
        "question": statement,
        "solutions": json.dumps([MAX_PY, "n = int(input())\nprint(sorted(map(int, input().split()))[-1])\n"]),
        "starter_code": "",
        "input_output": json.dumps({"inputs": ["3\n1 5 2\n", "1\n-4\n"], "outputs": ["5\n", "-4\n"]}),
        "difficulty": "MEDIUM_HARD",
        "raw_tags": "['sortings', 'greedy']",
        "name": "Largest number",
        "source": "codeforces",
        "tags": "['Sorting', 'Greedy algorithms']",
        "skill_types": "['Sorting', 'Greedy algorithms']",
        "url": "https://codeforces.com/problemset/problem/1/A",
        "Expected Auxiliary Space": None,
        "time_limit": "2.0 seconds",
        "date": "2020-01-01",
        "picture_num": "0",
        "memory_limit": "256.0 megabytes",
        "Expected Time Complexity": None,
    }


MIN_STATEMENT = "Print the smaller of two integers given on one line.\n\n-----Input-----\n\nTwo integers.\n"


def apps_row(statement: str = MIN_STATEMENT, problem_id: int = 4000) -> dict[str, Any]:
    return {
        "problem_id": problem_id,
        "question": statement,
        "solutions": json.dumps(["a, b = map(int, input().split())\nprint(min(a, b))\n"]),
        # APPS writes some expected outputs as lists of lines
        "input_output": json.dumps({"inputs": ["3 4\n", "9 2\n"], "outputs": [["3"], "2\n"]}),
        "difficulty": "interview",
        "url": "https://atcoder.jp/contests/abc000/tasks/abc000_a",
        "starter_code": "",
    }


def apps_call_based_row(
    question: str = "Write a function that returns the sum of a list.", problem_id: int = 4001
) -> dict[str, Any]:
    """A call-based row: each input is a list of arguments to ``total``, each output its result (one wrapped in
    a list, as APPS writes most)."""
    row = apps_row(question, problem_id=problem_id)
    row["input_output"] = json.dumps(
        {"fn_name": "total", "inputs": [[[1, 2]], [[5, -1, 3]]], "outputs": [[3], 7]}
    )
    row["solutions"] = json.dumps(["def total(xs):\n    return sum(xs)\n"])
    row["starter_code"] = "def total(xs):\n    "
    return row


def statement(i: int) -> str:
    """A distinct statement for row ``i``."""
    return SUM_STATEMENT.replace("their sum", f"their sum plus {i} minus {i}")
