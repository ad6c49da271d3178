"""The tasks pages: the published tasks, and one task with its baseline, card, leaderboard, sampled
solutions' scores and the solvers evaluated on it."""

from __future__ import annotations

from frontiersmith.models import TaskCard

from . import queries as q
from . import svg
from .html import esc, layout, link, number, record_link, table, when


def tasks_page(rows: list[q.TaskRow], store_label: str) -> str:
    """The tasks page: every task with its version, submissions and best score."""
    cells = [
        [
            link(f"tasks/{r.task.id}", r.task.id),
            esc(r.task.problem.title),
            "latest" if r.latest else "older version",
            record_link(r.task.candidate_id),
            str(len(r.task.test_ids)),
            number(r.task.divergence.get("combined")),
            str(r.submissions),
            number(r.best),
        ]
        for r in rows
    ]
    body = (
        table(
            [
                "task",
                "title",
                "version",
                "candidate",
                "tests",
                "combined divergence",
                "submissions",
                "best score",
            ],
            cells,
            cls="tasks",
        )
        if rows
        else "<p>No task is published yet.</p>"
    )
    return layout("Tasks", "tasks", body, store_label)


def task_page(view: q.TaskView, store_label: str) -> str:
    """One task's page: its card, leaderboard, sampled solutions and the solvers evaluated on it."""
    t = view.task
    board = [
        [str(i + 1), esc(s.author or "(anonymous)"), number(s.score), esc(when(s.created_at))]
        for i, s in enumerate(view.leaderboard)
    ]
    best_sub = view.leaderboard[0].score if view.leaderboard else None
    best_sampled = max(view.sampled.values(), default=None)
    best_evaluated = max((r.best for r in view.solvers if r.best is not None), default=None)
    compare = table(
        ["", "mean normalised score"],
        [
            ["baseline s*", number(view.baseline)],
            ["best submission", number(best_sub)],
            ["best sampled solution", number(best_sampled)],
            ["best attempt of an evaluated solver", number(best_evaluated)],
        ],
        cls="baseline",
    )
    sampled = [
        [esc(sid), esc(view.strategies.get(sid, "")), number(m)]
        for sid, m in sorted(view.sampled.items(), key=lambda kv: -kv[1])
    ]
    dist = (
        svg.histogram(view.submission_scores)
        if view.submission_scores
        else "<p class=muted>No submissions yet.</p>"
    )
    body = (
        f"<p>{'latest version' if view.latest else 'an older version'} of {record_link(t.candidate_id)} · "
        f"{len(t.test_ids)} tests · {link(f'lineage/{t.id}', 'lineage')}</p>"
        + "<h2>Baseline vs best</h2>"
        + compare
        + _card(view.card)
        + "<h2>Leaderboard</h2>"
        + table(["#", "author", "score", "when"], board, cls="leaderboard", empty="No submissions yet.")
        + "<h2>Score distribution (submissions)</h2>"
        + dist
        + "<h2>Sampled solutions' mean scores on this task's tests</h2>"
        + (svg.histogram(list(view.sampled.values())) if view.sampled else "")
        + table(["solution", "strategy", "mean score"], sampled)
        + _evaluations(view)
        + f"<h2>Statement</h2><pre class=statement>{esc(t.problem.statement)}</pre>"
    )
    return layout(t.problem.title, "tasks", body, store_label)


def _card(card: TaskCard | None) -> str:
    """The task card (tools/synthesis/card.py): what the task is worth as data, every number measured."""
    if card is None:
        return ""
    spread = card.spread
    scale = ", ".join(f"{esc(n)} {r.reached:g} of {r.bound:g} ({r.share:.0%})" for n, r in card.scale.items())
    rows = [
        [
            "statement",
            "whole" if not card.sections_missing else "lacks " + esc(", ".join(card.sections_missing)),
        ],
        ["example", "judged" if card.example else ("none (interactive)" if card.interactive else "none")],
        ["tests' scale against the bounds", scale or "no sizes reported"],
        ["tests that carry signal", f"{card.tests - len(card.silent_tests)} of {card.tests}"],
    ]
    if spread is not None:
        rows.append(
            [
                f"sampled mean scores ({esc(spread.normalisation.value)})",
                f"baseline 0, median {spread.median:.3f}, best {spread.best:.3f}, headroom {spread.headroom:.3f}",
            ]
        )
        if spread.paper_best is not None and spread.paper_median is not None:
            rows.append(
                [
                    "the same under the paper's normalisation",
                    f"median {spread.paper_median:.3f}, best {spread.paper_best:.3f}",
                ]
            )
    if card.probes is not None:
        p = card.probes
        rows.append(
            [
                "verifier probes",
                f"kill rate {number(p.kill_rate)}, well-formed mutants {p.well_formed_accepted}/{p.well_formed} "
                f"accepted, oracle {esc(p.oracle or 'none')}, feasibility checker by the verifier's author {'yes' if p.second_opinion else 'no'}",
            ]
        )
    warnings = "".join(f"<li>{esc(w)}</li>" for w in card.warnings)
    verdict = "<p>No warnings.</p>" if card.ok else f"<ul class=warnings>{warnings}</ul>"
    return "<h2 id=card>Task card</h2>" + table(["", "measured"], rows, cls="card") + verdict


def _failures(counts: dict[str, int]) -> str:
    return esc(", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))))


def _evaluations(view: q.TaskView) -> str:
    """What `frontiersmith evaluate` found on this task: per solver, then each attempt (a trajectory)."""
    head = "<h2 id=evaluations>Solvers evaluated on this task</h2>"
    if not view.solvers:
        return head + (
            "<p class=muted>No solver evaluated on this task yet: run <code>frontiersmith evaluate --solver SPEC "
            f"--tasks {esc(view.task.id)}</code> (MCP: evaluate_solver).</p>"
        )
    per_solver = [
        [
            esc(r.solver),
            str(r.attempts),
            str(r.judged),
            number(r.best),
            number(r.mean),
            _failures(r.failures),
            esc(when(r.last_at)),
        ]
        for r in view.solvers
    ]
    attempts = [
        [
            record_link(a.id, "trajectory"),
            esc(a.solver),
            str(a.attempt),
            number(a.score),
            esc(a.failure.value),
            esc(a.detail[:200]),
            esc(when(a.created_at)),
        ]
        for a in view.attempts
    ]
    shown = (
        f"<p class=muted>The newest {len(view.attempts)} of {view.attempts_total} attempts.</p>"
        if view.attempts_total > len(view.attempts)
        else ""
    )
    return (
        head
        + "<p class=muted>Best and mean are over the judged attempts (a system error is the judge's, not the "
        "solver's).</p>"
        + table(
            ["solver", "attempts", "judged", "best score", "mean score", "how they went", "last attempt"],
            per_solver,
            cls="evaluations",
        )
        + "<h3>Attempts</h3>"
        + shown
        + table(
            ["trajectory", "solver", "attempt", "score", "failure", "detail", "when"],
            attempts,
            cls="attempts",
        )
    )
