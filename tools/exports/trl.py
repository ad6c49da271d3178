"""The ``trl`` format: a ``datasets`` folder (``save_to_disk``; one split a ``--split`` name) whose ``prompt``
column holds chat messages and whose ``ground_truth`` column reaches the reward function (TRL hands every
column but the prompt to ``reward_funcs`` by name), the task packages, and ``reward.py`` with
``frontiersmith_reward`` bound to this folder (``frontiersmith.rewards.trl``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bundle import TaskBundle
from .registry import ExportContext, ExportFormat, export_format
from .rows import TaskRow, by_split, save_dataset, write_module, write_packages

DATASET_DIR = "dataset"
REWARD_MODULE = '''"""TRL's reward for this export: GRPOTrainer(reward_funcs=[frontiersmith_reward], ...) on the dataset in
./dataset (datasets.load_from_disk). The task packages are found beside this file."""

from pathlib import Path
from typing import Any

from frontiersmith.rewards.trl import reward_function

frontiersmith_reward = reward_function(Path(__file__).resolve().parent)
'''


def trl_row(row: TaskRow) -> dict[str, Any]:
    """The task's row for TRL: its prompt and the ground truth the reward reads."""
    return {"prompt": row.prompt, "ground_truth": row.ground_truth, "task_id": row.bundle.task_id}


@export_format("trl")
class TrlFormat(ExportFormat):
    """``--format trl``: the task packages, a ``datasets`` folder for GRPOTrainer and ``reward.py``, its reward
    function."""

    summary = "a datasets folder with a prompt column for TRL, and reward.py, its reward function"

    async def write(self, bundles: Sequence[TaskBundle], out: Path, ctx: ExportContext) -> dict[str, str]:
        """Write the packages, the dataset and the reward module; each task's path is its package folder."""
        rows = write_packages(bundles, out)
        save_dataset(
            {split: [trl_row(r) for r in chosen] for split, chosen in by_split(rows).items()},
            out / DATASET_DIR,
        )
        write_module(out, "reward.py", REWARD_MODULE)
        return {r.bundle.task_id: r.package for r in rows}
