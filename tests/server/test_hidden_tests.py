"""Hidden tests stay hidden over MCP: a solution that echoes its stdin and then fails, or a checker that quotes
the input and the answer, gets back a data-free diagnostic, and the stored submission holds nothing more."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path

import anyio
import pytest
from mcp import Client

from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs

pytestmark = pytest.mark.anyio

# Quotes the input, the answer and the output in every verdict, as real checkers do ("expected 5, found 7").
CHECKER = r"""
#include "testlib.h"
#include <string>
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::string in = inf.readToken(), want = ans.readToken(), got = ouf.readToken();
    if (got == "partial") quitp(0.5, "Ratio: 0.500000 input %s answer %s", in.c_str(), want.c_str());
    quitf(_wa, "input %s: expected %s, found %s", in.c_str(), want.c_str(), got.c_str());
}
"""

ECHO = "import sys\ndata = sys.stdin.read()\nsys.stderr.write(data * 50)\nsys.stdout.write(data)\nsys.stdout.flush()\n"
FAILING = {
    "RE": ECHO + "sys.exit(3)\n",
    "RE-signal": ECHO + "import os\nos.abort()\n",
    "MLE": ECHO + "hog = []\nwhile True:\n    hog.append(bytearray(1 << 24))\n",
    "OLE": ECHO + "while True:\n    sys.stdout.write(data * 4096)\n",
    "TLE": ECHO + "while True:\n    pass\n",
    "WA": ECHO,  # exit 0: the checker sees the input echoed back and quotes it
    "partial": ECHO.replace("sys.stdout.write(data)", "print('partial')"),
}
EXPECTED = {
    "RE": ("RE", "non-zero exit"),  # never the code, nor the signal's name (test_coarse_diagnostics.py)
    "RE-signal": ("RE", "killed by a signal"),
    "MLE": ("MLE", "memory limit"),
    "OLE": ("OLE", "output limit"),
    "TLE": ("TLE", "time limit exceeded: it used all 1000 ms of CPU time"),
    "WA": ("INVALID", "wrong answer"),
    "partial": ("OK", "accepted"),
}


def hidden_package(root: Path, markers: dict[str, str]) -> Path:
    (root / "testdata").mkdir(parents=True)
    (root / "config.yaml").write_text(
        "type: default\ntime: 1s\nmemory: 128m\nchecker: chk.cc\nsubtasks: [{score: 100, n_cases: 1}]\n"
    )
    (root / "statement.txt").write_text("# Echo\nPrint something.\n")
    (root / "chk.cc").write_text(CHECKER)
    (root / "testdata" / "1.in").write_text(markers["input"] + "\n")
    (root / "testdata" / "1.ans").write_text(markers["answer"] + "\n")
    return root


async def test_a_solution_echoing_a_hidden_test_then_failing_gets_no_test_data_back(
    server: FrontierSmithServer, tmp_path: Path
) -> None:
    markers = {"input": f"HIDDENINPUT{uuid.uuid4().hex}", "answer": f"HIDDENANSWER{uuid.uuid4().hex}"}
    store = server.backend.store()
    problem_id = (await import_frontiercs(hidden_package(tmp_path / "pkg", markers), store)).problem_id
    seen: dict[str, tuple[str, dict]] = {}

    async with Client(server) as client:

        async def submit(case: str, code: str, language: str = "python") -> None:
            result = await client.call_tool(
                "submit", {"problem_id": problem_id, "code": code, "language": language, "author": case}
            )
            assert not result.is_error, result.content
            text = " ".join(getattr(c, "text", "") for c in result.content)
            seen[case] = (text + json.dumps(result.structured_content), result.structured_content)

        async with anyio.create_task_group() as tg:
            for case, code in FAILING.items():
                tg.start_soon(submit, case, code)
            tg.start_soon(submit, "CE", "int main( { return 0; }\n", "cpp")

    for case, (verdict, words) in EXPECTED.items():
        everything, out = seen[case]
        (test,) = out["tests"]
        assert (test["verdict"], case) == (verdict, case)
        assert words in test["message"], (case, test["message"])
        for marker in markers.values():
            assert marker not in everything, (case, everything[:500])
    assert seen["partial"][1]["score"] == pytest.approx(0.5)
    assert "SIGABRT" not in seen["RE-signal"][0] and "exit code" not in seen["RE"][0]

    ce = seen["CE"][1]
    assert ce["tests"][0]["verdict"] == "CE" and "error" in ce["compile_message"]
    assert "error" in ce["tests"][0]["message"]

    stored = store.db.execute(
        "SELECT data FROM submissions UNION ALL SELECT data FROM runs WHERE solution_id IN "
        "(SELECT id FROM solutions WHERE problem_id = ?)",
        (problem_id,),
    ).fetchall()
    assert len(stored) == 2 * (len(FAILING) + 1)  # every submission and its one run
    for (row,) in stored:
        for marker in markers.values():
            assert marker not in row


def test_cli_judge_quotes_the_test_data_only_with_show_output(tmp_path: Path) -> None:
    markers = {"input": f"HIDDENINPUT{uuid.uuid4().hex}", "answer": f"HIDDENANSWER{uuid.uuid4().hex}"}
    package = hidden_package(tmp_path / "pkg", markers)
    (tmp_path / "echo.py").write_text(FAILING["WA"])

    def judge(*flags: str) -> dict:
        done = subprocess.run(
            [sys.executable, "-m", "frontiersmith.cli", "judge", str(package), str(tmp_path / "echo.py")]
            + ["--backend", "process", "--json", *flags],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert markers["input"] not in done.stderr
        return json.loads(done.stdout)

    quiet, full = judge(), judge("--show-output")
    assert quiet["tests"][0]["verdict"] == full["tests"][0]["verdict"] == "INVALID"
    assert all(m not in json.dumps(quiet) for m in markers.values())
    assert all(m in full["tests"][0]["message"] for m in markers.values())


async def test_submit_over_mcp_judges_an_interactive_problem_through_its_interactor(
    server: FrontierSmithServer,
) -> None:
    """An imported interactive problem (a testlib interactor): `submit` scores what the interactor says, and a
    wrong guess is a data-free diagnostic (the interactor's words, which name the question count, stay home)."""
    package = Path(__file__).parents[1] / "judge" / "data" / "interactive_guess"
    problem_id = (await import_frontiercs(package, server.backend.store())).problem_id
    binary = (package / "solutions" / "binary.cpp").read_text()
    wrong = "n = int(input())\nprint('! 2', flush=True)\n"
    async with Client(server) as client:
        listed = {
            p["id"] for p in (await client.call_tool("list_problems", {})).structured_content["problems"]
        }
        good = await client.call_tool("submit", {"problem_id": problem_id, "code": binary, "language": "cpp"})
        bad = await client.call_tool(
            "submit", {"problem_id": problem_id, "code": wrong, "language": "python"}
        )
    assert problem_id in listed
    assert good.structured_content["score"] == 1.0
    tests = bad.structured_content["tests"]
    assert bad.structured_content["score"] == 0.0 and [t["verdict"] for t in tests] == ["INVALID"] * 3
    assert all("questions" not in t["message"] for t in tests)
