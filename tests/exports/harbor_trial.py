"""A Harbor trial by hand (what Harbor does: build environment/, run the solution, upload tests/, run
tests/test.sh, read the reward), for the harbor export's tests and the all-formats reward test."""

from __future__ import annotations

import json
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path


def _docker(*args: str, timeout: float = 300) -> str:
    done = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"docker {' '.join(args[:2])}: {done.stderr[-2000:]}"
    return done.stdout


@dataclass(frozen=True)
class Trial:
    """What a Harbor trial by hand left: the reward as Harbor reads it, the files in /logs/verifier, the
    verifier's output (test-stdout.txt), and the command lines of the processes left in the container."""

    reward: float
    log_files: list[str]
    stdout: str
    processes: list[str]


# The command lines of the container's processes but this program's own and its parent's (docker exec's).
LIST_PROCESSES = r"""
import os
me = {os.getpid(), os.getppid()}
for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
    if pid not in me:
        try:
            print(open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode().strip())
        except OSError:
            pass
"""


def trial_as_harbor_does(
    task_dir: Path, agent_solution: tuple[str, str] | None = None, verifier_user: str = "root"
) -> Trial:
    """Harbor's trial by hand: build environment/, start the container (no network), put the solution where
    the agent's goes (solution/solve.sh, as the oracle agent does, or ``(path, code)``), upload tests/ to
    /tests, run test.sh as ``verifier_user`` with its output to /logs/verifier/test-stdout.txt, and read the
    reward as Harbor does (reward.json if there is one, else reward.txt). /logs/verifier is writable by every
    user, as a bind mount from the host may be."""
    tag = f"frontiersmith-harbor-test-{uuid.uuid4().hex[:8]}"
    _docker("build", "-q", "-t", tag, str(task_dir / "environment"))
    container = _docker("run", "-d", "--network", "none", "--init", tag, "sleep", "900").strip()
    try:
        _docker("exec", container, "sh", "-c", "mkdir -p /logs/verifier && chmod 1777 /logs/verifier")
        if agent_solution is None:
            _docker("cp", str(task_dir / "solution"), f"{container}:/solution")
            _docker("exec", container, "bash", "/solution/solve.sh")
        else:
            path, code = agent_solution
            subprocess.run(
                ["docker", "exec", "-i", container, "sh", "-c", f"cat > {path}"],
                input=code,
                text=True,
                check=True,
            )
        _docker("cp", str(task_dir / "tests"), f"{container}:/tests")
        _docker("exec", container, "chmod", "+x", "/tests/test.sh")
        script = "(/tests/test.sh) > /logs/verifier/test-stdout.txt 2>&1"
        _docker("exec", "-u", verifier_user, container, "bash", "-c", script, timeout=600)
        files = _docker("exec", container, "ls", "-A", "/logs/verifier").split()
        reward_file = "reward.json" if "reward.json" in files else "reward.txt"
        text = _docker("exec", container, "cat", f"/logs/verifier/{reward_file}")
        reward = json.loads(text)["reward"] if reward_file == "reward.json" else float(text)
        stdout = _docker("exec", container, "cat", "/logs/verifier/test-stdout.txt")
        left = _docker("exec", container, "python3", "-c", LIST_PROCESSES).splitlines()
        return Trial(float(reward), sorted(files), stdout, left)
    finally:
        subprocess.run(["docker", "rm", "-f", container], capture_output=True)
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True)


def reward_as_harbor_does(task_dir: Path, agent_solution: tuple[str, str] | None = None) -> float:
    return trial_as_harbor_does(task_dir, agent_solution).reward
