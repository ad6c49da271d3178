"""Exported tasks as ``verifiers`` environments (Prime Intellect's library; a test extra here).

``load_environment(export_dir)`` is single-turn: the dataset is the export's tasks and the rubric's one reward
is the ``submit`` score of the completion's code. With ``max_submissions=N`` the model may also call a
``submit`` tool up to N times for feedback (the score and each test's data-free diagnostic) before its final
answer; ``mcp=True`` sends those calls to this project's MCP server (``frontiersmith serve --tools solve``
over stdio, where the task is in the store) instead of the local judge.

``reward`` says which program the reward is the score of. ``"best"`` (the default, as FrontierCS's Harbor
adapter does): the best of every submission judged within the budget and the final answer, so a model that
tries a bolder idea after a good one is not punished for it. ``"last"``: only the last program the model gave
(its last fenced code block, or else its last ``submit``), for training a model to end on its best. A
single-turn environment has one program, so the two agree there.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, get_args

import verifiers as vf
from datasets import Dataset, load_from_disk

from frontiersmith.errors import InvalidInputError, NotJudgedError
from frontiersmith.models import Language, Program
from frontiersmith.settings import get_settings

from .extract import FENCE_LANGUAGES, fenced_blocks
from .judging import judge_completions, score_completions
from .tasks import GroundTruth, export_dirs, load_task

DATASET_DIR = "dataset"
SUBMIT_TOOL = "submit"
Reward = Literal["best", "last"]
# Where SubmitEnv keeps the score of each submission it judged, for the "best" reward.
SCORES = "submission_scores"


def export_dataset(export_dir: str | Path, split: str | None = None) -> Dataset:
    """The export's split (default: train, else the first) as verifiers reads it: ``prompt`` (chat
    messages), ``answer`` (the ground truth), ``info`` (the task id) and ``task``."""
    folder = Path(export_dir) / DATASET_DIR
    if not folder.is_dir():
        raise InvalidInputError(f"{export_dir} has no {DATASET_DIR}/ folder; export with --format verifiers.")
    splits = load_from_disk(str(folder))
    split = split or ("train" if "train" in splits else next(iter(splits)))
    if split not in splits:
        raise InvalidInputError(f"The export has no split {split!r}; use one of: {', '.join(splits)}.")
    return splits[split]


def last_program(completion: Any) -> Program | None:
    """The last program of a conversation: a fenced block of an assistant message, or a submit call's code."""
    found: Program | None = None
    messages = [{"role": "assistant", "content": completion}] if isinstance(completion, str) else completion
    for message in messages or []:
        if not isinstance(message, Mapping) or message.get("role") != "assistant":
            continue
        content = message.get("content")
        for info, body in fenced_blocks(content if isinstance(content, str) else ""):
            if info in FENCE_LANGUAGES and body.strip():
                found = Program(code=body, language=FENCE_LANGUAGES[info])
        for call in message.get("tool_calls") or []:
            program = _submitted(call)
            found = program or found
    return found


def _submitted(call: Any) -> Program | None:
    function = call.get("function", {}) if isinstance(call, Mapping) else {}
    if function.get("name") != SUBMIT_TOOL:
        return None
    try:
        args = json.loads(function.get("arguments") or "{}")
        return Program(code=str(args["code"]), language=Language(args.get("language", "python")))
    except (ValueError, KeyError, TypeError):
        return None


def rubric(export_dir: str | Path, reward: Reward = "best", **judge: Any) -> vf.Rubric:
    """A verifiers rubric scoring a rollout by the ``submit`` score of its last program (``reward="best"``:
    the best of that and its submissions); ``judge`` goes to the judge. A completion the host failed to judge
    raises NotJudgedError."""

    async def frontiersmith_score(completion: Any, answer: str, state: Any = None, **kwargs: Any) -> float:
        """The ``submit`` score of the last program the model gave (0 for none); with ``reward="best"``, the
        best of that and every submission judged within the budget."""
        [judged] = await score_completions(
            [last_program(completion)], [answer], export_dir=export_dir, **judge
        )
        if judged is None:  # verifiers logs a reward function's error (and scores the rollout 0 itself)
            raise NotJudgedError(
                "The completion could not be judged: the host failed under it (see the log)."
            )
        score = judged
        if reward == "best":
            score = max([score, *((state or {}).get(SCORES) or [])])
        return score

    return vf.Rubric(funcs=[frontiersmith_score], weights=[1.0])


def submit(code: str, language: str = "python") -> str:
    """Judge a program on the task's hidden tests and get its score (0 to 1) and each test's verdict back.

    Args:
        code: the complete program (it reads standard input and writes standard output; an interactive
            task's converses through them as its prompt says, flushing every line).
        language: "cpp" (C++17) or "python" (Python 3).
    """
    raise NotImplementedError("SubmitEnv answers submit calls itself")  # the schema the model sees


class SubmitEnv(vf.ToolEnv):
    """The multi-turn form: the model may call ``submit`` at most ``max_submissions`` times."""

    def __init__(
        self, *, export_dir: Path, max_submissions: int, mcp: bool, judge: dict[str, Any], **kw: Any
    ):
        # N submissions, one refused call past the budget, then the final answer.
        super().__init__(tools=[submit], max_turns=max_submissions + 2, **kw)
        self.export_dir, self.max_submissions, self.mcp, self.judge = export_dir, max_submissions, mcp, judge

    async def env_response(self, messages: vf.Messages, state: vf.State, **kwargs: Any) -> vf.Messages:
        """Answer each ``submit`` call of the model's last turn with its score and verdicts, or with the
        budget spent."""
        replies = []
        for call in messages[-1].get("tool_calls") or []:  # type: ignore[union-attr]
            state["submissions"] = used = state.get("submissions", 0) + 1
            if used > self.max_submissions:
                text = f"No submissions left (the budget is {self.max_submissions}); give your final answer."
            else:
                program = _submitted(call)
                text = await self._feedback(program, state, self.max_submissions - used)
            replies.append({"role": "tool", "content": text, "tool_call_id": call.get("id", "")})
        return replies  # type: ignore[return-value]

    async def _feedback(self, program: Program | None, state: vf.State, left: int) -> str:
        if program is None:
            return 'That call is not submit(code, language) with language "cpp" or "python"; try again.'
        if self.mcp:
            result = await mcp_submit(state["info"]["task_id"], program)
            if "score" in result:
                state.setdefault(SCORES, []).append(float(result["score"]))
            return feedback(result.get("score", 0.0), result.get("tests", []), left)
        [report] = await judge_completions(
            [program], [state["answer"]], export_dir=self.export_dir, **self.judge
        )
        if report is None:
            return f"The program could not be judged. Submissions left: {left}."
        if not report.complete:  # no score over fewer tests (tools/judging/scoring): nothing to tell but that
            return f"The program {report.summary}. Submissions left: {left}."
        state.setdefault(SCORES, []).append(report.score)
        # The task judge_completions loaded (kept for the process): its limits are what time and memory are
        # told against, coarsely, as submit tells them.
        task = await load_task(
            GroundTruth.parse(state["answer"]), export_dirs(self.export_dir), get_settings()
        )
        tests = [
            t.model_dump(include={"name", "verdict", "score", "message"})
            for t in report.without_test_data(task.package.limits).tests
        ]
        return feedback(report.score, tests, left)


def feedback(score: float, tests: Sequence[Mapping[str, Any]], left: int) -> str:
    """What a ``submit`` call returns to the model: the mean score, the submissions left and each test's
    verdict and score."""
    lines = [f"score {score:.4f} (mean over the tests); submissions left: {left}"]
    lines += [
        f"test {t['name']}: {t['message'] or t['verdict']} (score {float(t['score']):.4f})" for t in tests
    ]
    return "\n".join(lines)


async def mcp_submit(problem_id: str, program: Program) -> dict[str, Any]:
    """``submit`` through this project's MCP server (stdio, solve tools only, this process's settings)."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "frontiersmith.cli", "serve", "--tools", "solve"],
        env=dict(os.environ),
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        args = {"problem_id": problem_id, "code": program.code, "language": program.language.value}
        result = await session.call_tool(SUBMIT_TOOL, args)
    if result.is_error:
        text = result.content[0].text if result.content else "the server refused"  # type: ignore[union-attr]
        return {"score": 0.0, "tests": [{"name": "-", "verdict": "error", "score": 0.0, "message": text}]}
    return dict(result.structured_content or {})


def load_environment(
    export_dir: str | Path | None = None,
    *,
    split: str | None = None,
    eval_split: str | None = None,
    max_submissions: int = 0,
    mcp: bool = False,
    reward: Reward = "best",
    workers: int | None = None,
    backend: str | None = None,
    **kwargs: Any,
) -> vf.Environment:
    """The export in ``export_dir`` as a verifiers environment (single-turn, or with a submit budget), whose
    reward is the score of the best program the model gave (``reward="best"``) or of its last one ("last")."""
    if reward not in get_args(Reward):
        raise InvalidInputError(f"reward must be best or last, not {reward!r}.")
    export_dir = Path(export_dir or os.environ.get("FRONTIERSMITH_EXPORT_DIR") or Path.cwd())
    judge = {"workers": workers, "backend": backend}
    dataset = export_dataset(export_dir, split)
    evals = export_dataset(export_dir, eval_split) if eval_split else None
    scoring = rubric(export_dir, reward, **judge)
    common = {"dataset": dataset, "eval_dataset": evals, "rubric": scoring, **kwargs}
    if max_submissions <= 0:
        return vf.SingleTurnEnv(**common)
    return SubmitEnv(export_dir=export_dir, max_submissions=max_submissions, mcp=mcp, judge=judge, **common)
