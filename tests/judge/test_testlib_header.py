"""Our testlib.h: exit codes and verdict lines as testlib's, for every stream function and verdict.

The expected lines were produced by the same checker compiled against the real testlib.h
(MikeMirzayanov/testlib 0.9.45); they pin our header to it.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
HEADER_DIR = HERE.parent.parent / "sandbox"

# (input, output, answer, exit code, first stderr line)
CASES = [
    ("ints 3", "1 2 3", "12", 7, "points 0.5 Value: 6. Ratio: 0.500000"),
    ("ints 3", "1 2 3 4", "12", 2, "wrong output format Extra information in the output file"),
    ("ints 3", "1 2", "12", 2, "wrong output format Unexpected end of file - int32 expected"),
    (
        "ints 3",
        "1 2 5000",
        "12",
        1,
        "wrong answer Integer element a[3] equals to 5000, violates the range [0, 1000]",
    ),
    ("ints 3", "1 2 x", "12", 2, 'wrong output format Expected integer, but "x" found'),
    ("ints 3", "1 2 -0", "12", 2, 'wrong output format Expected integer, but "-0" found'),
    (
        "longs 2",
        "-5 1099511627776\n9223372036854775807",
        "",
        0,
        "ok sum 1099511627771 big 9223372036854775807",
    ),
    (
        "longs 2",
        "1 2 9223372036854775808",
        "",
        2,
        'wrong output format Expected integer, but "9223372036854775808" found',
    ),
    (
        "longs 1",
        "2199023255552 0",
        "",
        1,
        "wrong answer Integer element x[1] equals to 2199023255552, violates the range [-1099511627776, 1099511627776]",
    ),
    ("double", "0.25 1e3", "", 7, "points 0.25 second 1000.000"),
    (
        "double",
        "1.5 1",
        "",
        1,
        "wrong answer Double parameter [name=r] equals to 1.5, violates the range [0, 1]",
    ),
    ("double", "abc 1", "", 2, 'wrong output format Expected double, but "abc" found'),
    ("double", "nan 1", "", 2, 'wrong output format Expected double, but "nan" found'),
    ("tokens", "hello abc", "hello", 0, "ok hello abc"),
    (
        "tokens",
        "hello ABC",
        "hello",
        1,
        'wrong answer Token parameter [name=w] equals to "ABC", doesn\'t correspond to pattern "[a-z]{1,5}"',
    ),
    ("tokens", "bye abc", "hello", 1, "wrong answer first token differs: bye"),
    ("lines", "a  b c\r\nsecond line", "a  b c", 0, "ok [a  b c] [second line]"),
    ("lines", "a b\n", "a  b", 1, 'wrong answer line 1 is "a b"'),
    ("strict", "3 4\n\n", "", 0, "ok 3 4 blank=1 eof=1"),
    ("strict", "3  4\n", "", 0, "ok 3 4 blank=1 eof=1"),
    ("strict", "3 4 \n", "", 2, "wrong output format Expected EOLN"),
    ("strict", "3 4\n\nx", "", 2, "wrong output format Expected EOF"),
    ("chars", "x  y!", "", 0, "ok xy"),
    ("chars", "x  yz!", "", 2, "wrong output format Unexpected character 'z', but '!' expected"),
    ("count", "a b c\n", "", 7, "points 1 tokens 3"),
    ("count", "  \n ", "", 7, "points 0 tokens 0"),
    ("ensure", "5", "", 0, "ok value 5"),
    ("ensure", "-5", "", 1, "wrong answer negative value -5"),
    ("ensure", "7", "", 3, "FAIL seven is forbidden by the answer"),
    ("ensure_macro", "100", "", 3, 'FAIL Condition failed: "v < 100"'),
    ("pe", "", "", 2, "wrong output format custom presentation error"),
    ("fail", "", "", 3, "FAIL Unexpected end of file - int32 expected (input.txt)"),
    ("ans_eof", "", "", 3, "FAIL Unexpected end of file - int32 expected (answer.txt)"),
    (
        "inf_range 5",
        "",
        "",
        3,
        "FAIL Integer parameter [name=z] equals to 5, violates the range [1, 2] (input.txt)",
    ),
    ("bad_points", "", "", 3, "FAIL Parameter 'points' can't be negative"),
    ("no_verdict", "", "", 3, "FAIL Checker must end with quit or quitf call."),
]


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    gxx = shutil.which("g++")
    assert gxx, "g++ is required to compile checkers"
    out = tmp_path_factory.mktemp("chk") / "streams_chk"
    source = HERE / "checkers" / "streams_chk.cc"
    subprocess.run([gxx, "-std=c++17", "-O1", "-I", str(HEADER_DIR), str(source), "-o", str(out)], check=True)
    return out


def run_checker(checker: Path, folder: Path, inp: str, out: str, ans: str, *extra: str):
    for name, text in (("input.txt", inp), ("output.txt", out), ("answer.txt", ans)):
        (folder / name).write_text(text)
    return subprocess.run(
        [str(checker), "input.txt", "output.txt", "answer.txt", *extra],
        cwd=folder,
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize(
    ("inp", "out", "ans", "code", "line"), CASES, ids=[f"{c[0]}|{c[1]!r}" for c in CASES]
)
def test_header_gives_testlib_exit_code_and_message(checker, tmp_path, inp, out, ans, code, line):
    done = run_checker(checker, tmp_path, inp, out, ans)
    assert (done.returncode, done.stderr.splitlines()[0]) == (code, line)


def test_result_file_receives_the_message_without_the_verdict_word(checker, tmp_path):
    done = run_checker(checker, tmp_path, "ints 3", "1 2 3", "12", "result.txt")
    assert done.returncode == 7
    assert (tmp_path / "result.txt").read_text() == "0.5 Value: 6. Ratio: 0.500000"


def test_missing_output_file_is_a_presentation_error(checker, tmp_path):
    (tmp_path / "input.txt").write_text("ints 1")
    (tmp_path / "answer.txt").write_text("1")
    done = subprocess.run(
        [str(checker), "input.txt", "absent.txt", "answer.txt"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.startswith('wrong output format Output file not found: "absent.txt"')


def test_wrong_argument_count_fails(checker, tmp_path):
    done = subprocess.run([str(checker), "input.txt"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 3
    assert done.stderr.startswith("FAIL Program must be run with the following arguments")


def _compile(source: Path, out: Path) -> Path:
    gxx = shutil.which("g++")
    assert gxx, "g++ is required to compile checkers"
    subprocess.run([gxx, "-std=c++17", "-O1", "-I", str(HEADER_DIR), str(source), "-o", str(out)], check=True)
    return out


def test_rnd_draws_testlib_s_sequence(tmp_path):
    # the numbers the same program printed compiled against the real testlib.h (0.9.4x)
    expected = "521 574 425 444 771 962623690081 0.786318603894 11 5 1 4 3 6 2 8 9 6 3 1 0 4 7 5 3.223996987 4477696402"
    prog = _compile(HERE / "checkers" / "rnd_sequence.cc", tmp_path / "rnd")
    done = subprocess.run([str(prog)], capture_output=True, text=True)
    assert done.stdout.split() == expected.split()


def test_an_interactor_reads_the_solution_as_it_writes(tmp_path):
    """ouf never reads ahead of the solution: each question is answered while the solution's end is still
    open, and the verdict comes once it has answered."""
    interactor = _compile(HERE / "data" / "interactive_guess" / "interactor.cc", tmp_path / "interactor")
    (tmp_path / "input.txt").write_text("100 37\n")
    (tmp_path / "answer.txt").write_text("7\n")
    proc = subprocess.Popen(
        [str(interactor), "input.txt", "tout.txt", "answer.txt", "result.txt"],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    assert proc.stdout.readline() == "100\n"
    replies = []
    for question in (50, 25, 37):
        proc.stdin.write(f"? {question}\n")
        proc.stdin.flush()
        replies.append(proc.stdout.readline().strip())
    assert replies == ["<", ">", "="]
    proc.stdin.write("! 37\n")
    proc.stdin.flush()
    assert proc.wait(timeout=30) == 7
    assert proc.stderr is not None
    assert proc.stderr.read().splitlines()[0] == "points 1.0 questions 3. Ratio: 1.000000"
    assert (tmp_path / "tout.txt").read_text() == "3\n" and (tmp_path / "result.txt").read_text().startswith(
        "1.0 "
    )


def test_println_and_compress_print_what_testlib_prints(tmp_path):
    # what the same program printed compiled against the real testlib.h (0.9.4x)
    expected = ["1 2", "x yz 3.5", "1 2 3", "1 2 3", "4 5 6", "ab cd", "q" * 30 + "..." + "q" * 31, "c 7"]
    prog = _compile(HERE / "checkers" / "println.cc", tmp_path / "println")
    assert subprocess.run([str(prog)], capture_output=True, text=True).stdout.splitlines() == expected


def test_a_test_case_is_named_in_the_verdict(checker, tmp_path):
    done = run_checker(checker, tmp_path, "case 0", "", "")
    assert done.stderr.splitlines()[0] == "wrong answer second case fails (test case 2)"
