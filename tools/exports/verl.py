"""The ``verl`` format: one Parquet and one JSONL file a split of verl's RL rows (``data_source``, ``prompt``
as chat messages, ``ability``, ``reward_model {style: rule, ground_truth}``, ``extra_info {task_id, split,
index}``), the task packages the reward judges on, and ``reward.py``, verl's ``custom_reward_function``
bound to this folder (``frontiersmith.rewards.verl``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bundle import TaskBundle
from .registry import ExportContext, ExportFormat, export_format
from .rows import ABILITY, DATA_SOURCE, TaskRow, by_split, write_module, write_packages

REWARD_MODULE = '''"""verl's reward for this export: custom_reward_function.path=<this file>, name=compute_score (or
compute_score_batch with reward_model.reward_manager=batch). The task packages are found beside this file."""

from pathlib import Path

from frontiersmith.rewards import verl

EXPORT_DIR = Path(__file__).resolve().parent


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    kwargs.setdefault("export_dir", EXPORT_DIR)
    return verl.compute_score(data_source, solution_str, ground_truth, extra_info, **kwargs)


def compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos=None, **kwargs):
    kwargs.setdefault("export_dir", EXPORT_DIR)
    return verl.compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos, **kwargs)
'''


def verl_row(row: TaskRow) -> dict[str, Any]:
    """The task's row in verl's RL data layout (``data_source``, ``prompt``, ``reward_model``, ``extra_info``)."""
    return {
        "data_source": DATA_SOURCE,
        "prompt": row.prompt,
        "ability": ABILITY,
        "reward_model": {"style": "rule", "ground_truth": row.ground_truth},
        "extra_info": row.extra_info,
    }


@export_format("verl")
class VerlFormat(ExportFormat):
    """``--format verl``: a Parquet file and a JSON Lines file of rows a split, the task packages, and
    ``reward.py`` with verl's ``compute_score``."""

    summary = "verl RL rows (SPLIT.parquet + SPLIT.jsonl) with reward.py, verl's compute_score for them"

    async def write(self, bundles: Sequence[TaskBundle], out: Path, ctx: ExportContext) -> dict[str, str]:
        """Write the packages, each split's rows and the reward module; each task's path is its package folder."""
        # imported here: building the server (which registers export_tasks) must not pull pyarrow in
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = write_packages(bundles, out)
        for split, chosen in by_split(rows).items():
            verl_rows = [verl_row(r) for r in chosen]
            pq.write_table(pa.Table.from_pylist(verl_rows), out / f"{split}.parquet")
            with (out / f"{split}.jsonl").open("w") as f:
                f.writelines(json.dumps(r) + "\n" for r in verl_rows)
        write_module(out, "reward.py", REWARD_MODULE)
        return {r.bundle.task_id: r.package for r in rows}
