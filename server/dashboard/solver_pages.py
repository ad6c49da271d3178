"""The pages of solvers under evaluation: one attempt (a trajectory) as the judge scored it, and the
solvers' Capability Defect Maps."""

from __future__ import annotations

from frontiersmith.models import DefectMap, Trajectory

from .html import esc, layout, number, record_link, table, when


def trajectory_page(t: Trajectory, store_label: str) -> str:
    """One attempt of a solver under evaluation: what it wrote, how the judge scored each test, what it was
    told. The per-test lines are the judge's data-free diagnostics, as the solver itself was told them."""
    problem = esc(t.problem_id) if t.problem_id.startswith("catalog/") else record_link(t.problem_id)
    facts = [
        ["solver", esc(t.solver)],
        ["problem", problem],
        ["attempt", str(t.attempt)],
        ["evaluation", esc(t.evaluation_id)],
        ["score", number(t.score)],
        ["failure", esc(t.failure.value)],
        ["detail", esc(t.detail)],
        ["about the tests", esc(" ".join(x for x in (t.distribution, t.size) if x) or "—")],
        ["best known score then", number(t.best_known)],
        ["strategy", esc(t.strategy or "—")],
        ["language", esc(t.language.value if t.language else "—")],
        ["tokens", str(t.tokens)],
        ["when", esc(when(t.created_at))],
    ]
    # What the solver itself was told of each test: its verdict, score and data-free diagnostic (time and
    # memory as buckets of the limit), never the test's data.
    tests = [[esc(r.name), esc(r.verdict.value), number(r.score), esc(r.message)] for r in t.results()]
    messages = "".join(
        f"<p class=muted>{esc(m.get('role', ''))}</p><pre>{esc(m.get('content', ''))}</pre>"
        for m in t.messages
    )
    body = (
        table(["", "this attempt"], facts, cls="trajectory")
        + "<h2>Tests</h2>"
        + table(
            ["test", "verdict", "score", "diagnostic"],
            tests,
            cls="tests",
            empty="Not judged: the attempt gave no program to run.",
        )
        + "<h2>Code</h2>"
        + (f"<pre class=code>{esc(t.code)}</pre>" if t.code else "<p class=muted>No code.</p>")
        + (
            f"<h2>Messages</h2><details><summary>{len(t.messages)} messages</summary>{messages}</details>"
            if t.messages
            else ""
        )
    )
    return layout(f"Attempt {t.attempt} of {t.solver} on {t.problem_id}", "defects", body, store_label)


def defects_page(maps: list[DefectMap], store_label: str) -> str:
    """The defect maps page: each solver's latest Capability Defect Map, or how to make one."""
    if not maps:
        body = (
            "<p class=missing>No defect map yet: run <code>frontiersmith evaluate --solver SPEC</code> and then "
            "<code>frontiersmith diagnose --solver SPEC</code> (MCP: evaluate_solver, diagnose).</p>"
        )
        return layout("Defects", "defects", body, store_label)
    return layout("Defects", "defects", "".join(_defect_map(m) for m in maps), store_label)


def _defect_map(m: DefectMap) -> str:
    failures = ", ".join(f"{esc(k)} {v}" for k, v in sorted(m.failures.items(), key=lambda kv: -kv[1]))
    rows = [
        [
            esc(c.failure.value),
            esc(", ".join(f"{k}={v}" for k, v in sorted(c.features.items()))),
            str(c.attempts),
            str(len(c.problems)),
            number(c.success_rate, 2),
            number(c.attempts_to_first_success, 1),
            number(c.score_entropy, 2),
            esc(c.label),
            esc(c.detail),
            ", ".join(record_link(e, "trajectory") for e in c.examples[:3]),
        ]
        for c in m.clusters
    ]
    headers = [
        "failure",
        "features",
        "attempts",
        "problems",
        "success rate",
        "attempts to 1st success",
        "score entropy",
        "label",
        "detail",
        "example trajectories",
    ]
    return (
        f"<h2 class=solver>{esc(m.solver)}</h2>"
        f"<p>{m.trajectories} attempts on {m.problems} problems, success rate {number(m.success_rate, 2)}; "
        f"near-success within δ = {number(m.delta, 2)}; labels by {esc(m.labelled_by or 'offline')}. "
        f"Failures: {failures or 'none'}.</p>" + table(headers, rows, "defects")
    )
