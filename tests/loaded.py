"""Run a command beside CPU-bound processes (``make test-loaded``): the suite must pass on a busy machine.

    python tests/loaded.py [--hogs N] -- COMMAND...

Each hog is a busy loop in a process of its own, started before the command and killed after it; the exit
code is the command's.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

HOG = "while True:\n    pass\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hogs", type=int, default=2, help="CPU-bound processes beside the command")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command to run")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(args.hogs)]
    try:
        return subprocess.run(command).returncode
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


if __name__ == "__main__":
    sys.exit(main())
