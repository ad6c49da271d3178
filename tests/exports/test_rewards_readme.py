"""The README's "Tasks out" examples for the trainer formats, run as written against real exports (from a
machine with no store: only the export folders)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from reward_helpers import export
from suite_env import child_env

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.anyio


def readme_examples() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Tasks out\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^```python\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)


def test_the_readme_has_an_example_per_trainer_format() -> None:
    formats = {fmt for code in readme_examples() for fmt in re.findall(r'"out/(\w+)', code)}
    assert formats == {"verl", "trl", "verifiers", "hf"}


async def test_readme_trainer_examples_run_on_real_exports(published, tmp_path) -> None:
    (tmp_path / "out").mkdir()
    for fmt in ("verl", "trl", "verifiers", "hf"):
        await export(published, fmt, tmp_path / "out" / fmt, split="train:0.7,test:0.3")
    env = child_env()
    env.update(FRONTIERSMITH_DATA_DIR=str(tmp_path / "no-store"), FRONTIERSMITH_SANDBOX_BACKEND="process")
    for code in readme_examples():
        ran = subprocess.run(
            [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert ran.returncode == 0, f"{code}\n{ran.stderr[-2000:]}"
