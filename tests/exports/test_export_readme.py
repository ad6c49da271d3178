"""The README's "Task folders" examples (frontiercs, harbor, native), run as written in a folder of their own
against the shared store: TASK_ID becomes a task the export wrote there and solution.cpp a real solver. A
line that needs a model (AGENT, MODEL) is left out, and Harbor's oracle line is the command
test_harbor_export runs (with Harbor installed) and checks against submit."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from export_helpers import Published
from suite_env import child_env

from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.exports import read_manifest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def readme_examples() -> dict[str, list[str]]:
    """Each format's example lines (comments dropped), from the README's task-folder subsection."""
    text = (ROOT / "README.md").read_text()
    section = text.split("\n### Task folders: frontiercs, harbor, native\n", 1)[1]
    section = section.split("\n## ", 1)[0].split("\n### ", 1)[0]
    examples: dict[str, list[str]] = {}
    for fmt, block in re.findall(r"^\*\*(\w+)\*\*.*?^```\n(.*?)^```$", section, re.MULTILINE | re.DOTALL):
        examples[fmt] = [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]
    return examples


def test_the_readme_has_an_example_per_task_folder_format() -> None:
    examples = readme_examples()
    assert set(examples) == {"frontiercs", "harbor", "native"}
    assert all(
        lines[0].startswith(f"frontiersmith export --format {fmt} ") for fmt, lines in examples.items()
    )


def _env(published: Published, tmp_path: Path) -> dict[str, str]:
    env = child_env()
    env.update(
        FRONTIERSMITH_DATA_DIR=str(published.data_dir),
        FRONTIERSMITH_CONFIG=str(published.data_dir / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
    )
    # the import line stores into a store of its own, as a user's second machine would
    return env


def _run(line: str, cwd: Path, env: dict[str, str]) -> None:
    args = shlex.split(line)
    if args[:3] == ["frontiersmith", "import", "frontiercs"]:
        env = {**env, "FRONTIERSMITH_DATA_DIR": str(cwd / "second-store")}
    # in a shell, as a reader types it (a glob such as solutions/best.* expands)
    done = subprocess.run(["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"$ {line}\n{done.stdout[-1500:]}{done.stderr[-1500:]}"


@pytest.mark.parametrize("fmt", ["frontiercs", "native", "harbor"])
def test_readme_task_folder_examples_run(published: Published, tmp_path: Path, fmt: str) -> None:
    lines = readme_examples()[fmt]
    env = _env(published, tmp_path)
    solver = next(s for s in get_family("min_true_2sat").solvers if s.path.suffix == ".cpp")
    (tmp_path / "solution.cpp").write_text(solver.path.read_text())
    task_id = published.tasks["min_true_2sat"].id
    if fmt == "native":
        lines = [line.replace("TASK_ID", task_id) for line in lines]
    _run(lines[0], tmp_path, env)  # the export
    out = tmp_path / shlex.split(lines[0])[4]
    entry = next(t for t in read_manifest(out).tasks if t.task_id == task_id)
    for line in lines[1:]:
        if line.startswith("harbor "):
            assert "AGENT" in line or line.split()[:5] == ["harbor", "run", "-p", "out/harbor/TASK_ID", "-a"]
            continue  # a model's run, or test_harbor_export's (reward_from_harbor_oracle)
        _run(line.replace("/train/TASK_ID", f"/{entry.path}").replace("TASK_ID", task_id), tmp_path, env)
    assert (out / entry.path).is_dir()
