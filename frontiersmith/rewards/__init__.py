"""RL rewards for exported FrontierSmith tasks: the code in a completion judged in the sandbox on the task's
tests, scored exactly as ``submit`` scores it (0 for no code, failing or hostile code).

``frontiersmith.rewards.verl`` and ``frontiersmith.rewards.trl`` are the trainers' entry points,
``frontiersmith.rewards.environment`` the ``verifiers`` environment; ``score_completions`` is the async core.
"""

from .extract import FENCE_LANGUAGES, completion_text, extract_code
from .judging import judge_completions, run_sync, score_completions
from .tasks import EXPORT_DIR_ENV, GroundTruth, RewardTask, clear_cache

__all__ = [
    "EXPORT_DIR_ENV",
    "FENCE_LANGUAGES",
    "GroundTruth",
    "RewardTask",
    "clear_cache",
    "completion_text",
    "extract_code",
    "judge_completions",
    "run_sync",
    "score_completions",
]
