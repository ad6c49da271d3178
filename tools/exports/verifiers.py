"""The ``verifiers`` format: an environment module (``frontiersmith_tasks.py``, whose ``load_environment``
is ``frontiersmith.rewards.environment.load_environment`` bound to this folder), its dataset (``dataset/``:
``prompt``, ``answer`` = the ground truth, ``info``, ``task``; one split a ``--split`` name), a
``pyproject.toml`` so ``pip install`` / ``vf-install`` find the module, and the task packages."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bundle import TaskBundle
from .registry import ExportContext, ExportFormat, export_format
from .rows import DATA_SOURCE, TaskRow, by_split, save_dataset, write_module, write_packages

DATASET_DIR = "dataset"
MODULE = "frontiersmith_tasks"
ENV_MODULE = '''"""FrontierSmith tasks as a verifiers environment: vf.load_environment("frontiersmith-tasks") once this
folder is installed (or on sys.path). Keyword arguments go to frontiersmith.rewards.environment.load_environment
(split, eval_split, max_submissions for the multi-turn form with a submit tool, mcp, reward: "best" (the
default: the best program the model gave) or "last" (its last one), workers, backend)."""

from pathlib import Path
from typing import Any

from frontiersmith.rewards import environment

EXPORT_DIR = Path(__file__).resolve().parent


def load_environment(**kwargs):
    return environment.load_environment(EXPORT_DIR, **kwargs)
'''
PYPROJECT = f'''[project]
name = "frontiersmith-tasks"
version = "0.1.0"
description = "FrontierSmith open-ended programming tasks as a verifiers environment"
requires-python = ">=3.11"
dependencies = ["frontiersmith", "verifiers"]

[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[tool.setuptools]
py-modules = ["{MODULE}"]
'''


def verifiers_row(row: TaskRow) -> dict[str, Any]:
    """The task's row for a verifiers environment: prompt, answer (the ground truth), info and task name."""
    return {"prompt": row.prompt, "answer": row.ground_truth, "info": row.extra_info, "task": DATA_SOURCE}


@export_format("verifiers")
class VerifiersFormat(ExportFormat):
    """``--format verifiers``: an installable environment module whose ``load_environment`` gives the dataset and
    rubric, with the task packages beside it."""

    summary = "a verifiers environment module (load_environment) with its dataset and rubric"

    async def write(self, bundles: Sequence[TaskBundle], out: Path, ctx: ExportContext) -> dict[str, str]:
        """Write the packages, the dataset, the environment module and its ``pyproject.toml``; each task's path
        is its package folder."""
        rows = write_packages(bundles, out)
        splits = {split: [verifiers_row(r) for r in chosen] for split, chosen in by_split(rows).items()}
        save_dataset(splits, out / DATASET_DIR)
        write_module(out, f"{MODULE}.py", ENV_MODULE)
        (out / "pyproject.toml").write_text(PYPROJECT)
        return {r.bundle.task_id: r.package for r in rows}
