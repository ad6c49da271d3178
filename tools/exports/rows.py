"""What the trainer formats (verl, trl, verifiers, hf) share: one row a task (the chat prompt a policy reads
and the ground truth its reward reads), the task packages the reward judges on, and the small reward module
an export carries so a trainer finds those packages beside the rows.

The packages go to ``OUT/tasks/SPLIT/TASK_ID`` (``tools/exports/native.write_task_package``), each with
the baseline's objective per test (``frontiersmith.rewards.tasks.BASELINE_FILE``), so a reward on a trainer
machine scores exactly what ``submit`` scores without a store and without running the baseline again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from frontiersmith.models import Normalisation
from frontiersmith.rewards.tasks import BASELINE_FILE, GroundTruth

from ..judging.scoring import normalise
from ..llm.prompts import solution_io
from .bundle import TaskBundle
from .native import write_task_package
from .registry import task_path

DATA_SOURCE = "frontiersmith"
ABILITY = "code"
TASKS_DIR = "tasks"
# The split of an export without --split: `datasets` reserves "all", and trainers read train.
NO_SPLIT = "train"
SYSTEM_PROMPT = (
    "You are an expert competitive programmer. This problem is open-ended: every valid output is scored "
    "against a baseline solution's, and better outputs score higher (from 0 up to 1)."
)
ANSWER_FORMAT = (
    "Write a complete program in C++17 or Python 3. Put it in a fenced code block that names its language "
    "(```cpp or ```python); the last such block of your answer is the one judged."
)


def user_prompt(bundle: TaskBundle) -> str:
    """The user turn a policy reads: the statement, the limits, how the program reads and writes, and how to
    answer."""
    problem, limits = bundle.problem, bundle.package.limits
    return (
        f"# {problem.title}\n\n{problem.statement.strip()}\n\n"
        f"Time limit: {limits.time_ms} ms of CPU time per test. Memory limit: {limits.memory_mb} MB.\n\n"
        f"{solution_io(bundle.package.verifier.interactive)}\n\n{ANSWER_FORMAT}"
    )


def chat_prompt(bundle: TaskBundle) -> list[dict[str, str]]:
    """The task as the chat messages a policy is prompted with."""
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user_prompt(bundle)}]


def baseline_score(bundle: TaskBundle) -> float | None:
    """The baseline's own mean score by the task's normalisation (0 for the paper's and for range scores
    against fixed references, 1 for FrontierCS ratios); None when it is not defined without running it
    (checker scores, a range against a reference program)."""
    verifier, base = bundle.package.verifier, bundle.baseline_objectives
    best = bundle.package.best
    if not base or verifier.normalisation is Normalisation.CHECKER:
        return None
    if verifier.normalisation is Normalisation.RANGE and not isinstance(best, dict):
        return None
    scores = [
        normalise(
            verifier.normalisation,
            b,
            b,
            verifier.sense,
            best=best.get(name) if isinstance(best, dict) else None,
            k=verifier.ratio_cap,
        )
        for name, b in base.items()
    ]
    return sum(scores) / len(scores)


@dataclass
class TaskRow:
    """One task as a trainer format writes it."""

    bundle: TaskBundle
    index: int  # within its split
    package: str  # its package folder, relative to the export
    prompt: list[dict[str, str]] = field(default_factory=list)

    @property
    def split(self) -> str:
        """The task's split, or ``train`` in an export without splits."""
        return self.bundle.split or NO_SPLIT

    @property
    def ground_truth(self) -> str:
        """What the reward reads to find the task's package, as a JSON string."""
        truth = GroundTruth(
            task_id=self.bundle.task_id, package=self.package, content_hash=self.bundle.content_hash
        )
        return truth.dumps()

    @property
    def extra_info(self) -> dict[str, Any]:
        """The task's id, split and place in its split, as a row's metadata."""
        return {"task_id": self.bundle.task_id, "split": self.split, "index": self.index}


def package_objectives(bundle: TaskBundle) -> dict[str, float]:
    """The baseline's objectives by the package's test names: ``write_task_package`` numbers the tests 1..N
    in the task's order (``testdata/N.in``), where the store names them by their generator."""
    base = bundle.baseline_objectives or {}
    return {str(i): base[t.name] for i, t in enumerate(bundle.package.tests, 1) if t.name in base}


def write_packages(bundles: Sequence[TaskBundle], out: Path) -> list[TaskRow]:
    """Write every task's package under ``OUT/tasks`` and return the tasks as rows, split by split."""
    rows: list[TaskRow] = []
    seen: dict[str, int] = {}
    for bundle in bundles:
        relative = Path(TASKS_DIR) / task_path(bundle)
        dest = write_task_package(bundle, out / relative)
        if bundle.baseline_objectives is not None:
            (dest / BASELINE_FILE).write_text(json.dumps(package_objectives(bundle), indent=1) + "\n")
        split = bundle.split or NO_SPLIT
        rows.append(TaskRow(bundle, seen.get(split, 0), relative.as_posix(), chat_prompt(bundle)))
        seen[split] = seen.get(split, 0) + 1
    return rows


def by_split(rows: Sequence[TaskRow]) -> dict[str, list[TaskRow]]:
    """The rows grouped by split, each group in the rows' order."""
    out: dict[str, list[TaskRow]] = {}
    for row in rows:
        out.setdefault(row.split, []).append(row)
    return out


def write_module(out: Path, name: str, text: str) -> None:
    """A Python module of the export: its reward entry point or environment, bound to the export's folder."""
    (out / name).write_text(text)


def save_dataset(splits: dict[str, list[dict[str, Any]]], dest: Path) -> None:
    """One ``datasets`` split a name, saved with ``save_to_disk`` (without its progress bars on stderr)."""
    from datasets import Dataset, DatasetDict
    from datasets.utils import logging as ds_logging

    shown = ds_logging.is_progress_bar_enabled()
    ds_logging.disable_progress_bar()
    try:
        DatasetDict(
            {name: Dataset.from_list(split_rows) for name, split_rows in splits.items()}
        ).save_to_disk(str(dest))
    finally:
        if shown:
            ds_logging.enable_progress_bar()
