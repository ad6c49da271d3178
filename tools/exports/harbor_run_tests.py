"""Harbor verifier of a FrontierSmith task, run by tests/test.sh inside the task's container (standard
library only: the container has python3 and g++, not FrontierSmith).

It compiles the agent's solution (/app/solution.cpp or /app/solution.py) and the task's checker (chk.cc: the
FrontierCS checker FrontierSmith generated, which scores one output exactly as FrontierSmith's judge does),
runs the solution on every test under the task's limits, has the checker score each output, and writes the
mean, the continuous reward, to /logs/verifier/reward.txt (per-test lines to /logs/verifier/tests.json).
"""

import json
import math
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
APP = Path(os.environ.get("FRONTIERSMITH_APP", "/app"))
LOGS = Path(os.environ.get("FRONTIERSMITH_LOGS", "/logs/verifier"))
CHECKER_SECONDS = 10
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def limits() -> tuple[float, int]:
    config = json.loads((TESTS / "limits.json").read_text())
    return config["time_ms"] / 1000.0, config["memory_mb"]


def compile_cpp(source: Path, target: Path, include: Path | None = None) -> str:
    args = ["g++", "-O2", "-std=gnu++17", "-o", str(target), str(source)]
    if include is not None:
        args[1:1] = ["-I", str(include)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    return "" if done.returncode == 0 else done.stderr[-2000:] or "compilation failed"


def solution_command(work: Path) -> tuple[list[str] | None, str]:
    cpp, py = APP / "solution.cpp", APP / "solution.py"
    if cpp.is_file():
        error = compile_cpp(cpp, work / "solution")
        return (None, error) if error else ([str(work / "solution")], "")
    if py.is_file():
        return [sys.executable, str(py)], ""
    return None, f"no solution: write {cpp} or {py}"


def run_solution(command: list[str], stdin: Path, stdout: Path, seconds: float, memory_mb: int) -> str:
    """The solution's verdict on one test: OK, TLE, MLE or RE (the CPU time limit is the task's)."""

    def limit() -> None:
        cpu = max(1, math.ceil(seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        size = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    try:
        with stdin.open("rb") as fin, stdout.open("wb") as fout:
            done = subprocess.run(
                command,
                stdin=fin,
                stdout=fout,
                stderr=subprocess.DEVNULL,
                preexec_fn=limit,
                timeout=seconds * 3 + 5,
            )
    except subprocess.TimeoutExpired:
        return "TLE"
    used = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    if used > seconds or done.returncode in (-9, -24):
        return "TLE"
    if done.returncode != 0:
        return "RE"
    return "OK"


def check(checker: Path, inp: Path, out: Path, ans: Path, work: Path) -> tuple[str, float, bool]:
    """The checker's verdict, score and whether the test counts, as FrontierSmith's judge has them: exit 0
    scores 1 (or its Ratio), 7 its points, 1/2/4 reject (0); a FAIL or a crash counts as 0; a checker that
    hangs is the host's failure, left out of the mean."""
    result = work / "result.txt"
    result.unlink(missing_ok=True)
    try:
        done = subprocess.run(
            [str(checker), str(inp), str(out), str(ans), str(result)],
            capture_output=True,
            text=True,
            timeout=CHECKER_SECONDS,
            cwd=work,
        )
    except subprocess.TimeoutExpired:
        return "SYSTEM_ERROR", 0.0, False
    text = result.read_text(errors="replace") if result.exists() else ""
    if done.returncode in (0, 7):
        head = NUMBER.match(text.strip())
        line = re.search(r"^points\s+(" + NUMBER.pattern + ")", done.stderr, re.MULTILINE)
        ratio = re.search(r"Ratio:\s*(" + NUMBER.pattern + ")", text or done.stderr)
        if done.returncode == 7 and (head or line):
            value = float(head.group(0) if head else line.group(1))  # type: ignore[union-attr]
        else:
            value = float(ratio.group(1)) if ratio else float(done.returncode == 0)
        return "OK", min(1.0, max(0.0, value)) if math.isfinite(value) else 0.0, True
    if done.returncode in (1, 2, 4):
        return "INVALID", 0.0, True
    return "SYSTEM_ERROR", 0.0, True


def main() -> int:
    LOGS.mkdir(parents=True, exist_ok=True)
    seconds, memory_mb = limits()
    work = Path(tempfile.mkdtemp(prefix="frontiersmith-"))
    lines: list[dict[str, Any]] = []
    why = ""
    try:
        error = compile_cpp(TESTS / "chk.cc", work / "chk", include=TESTS)
        if error:
            raise SystemExit(f"the checker does not compile: {error}")
        command, why = solution_command(work)
        tests = sorted((TESTS / "testdata").glob("*.in"), key=lambda p: int(p.stem))
        for inp in tests:
            out = work / f"{inp.stem}.out"
            verdict = run_solution(command, inp, out, seconds, memory_mb) if command else "CE"
            score, counted = 0.0, True
            if verdict == "OK":
                verdict, score, counted = check(work / "chk", inp, out, inp.with_suffix(".ans"), work)
            lines.append({"name": inp.stem, "verdict": verdict, "score": score, "counted": counted})
    finally:
        shutil.rmtree(work, ignore_errors=True)
    judged = [t for t in lines if t["counted"]]
    reward = sum(float(t["score"]) for t in judged) / len(judged) if judged else 0.0
    (LOGS / "tests.json").write_text(json.dumps({"reward": reward, "tests": lines, "compile": why}, indent=1))
    (LOGS / "reward.txt").write_text(repr(reward) + "\n")
    print(f"reward {reward!r} over {len(lines)} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
