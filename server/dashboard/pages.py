"""One function per page: the view from ``queries`` rendered as HTML (every stored string through ``esc``)."""

from __future__ import annotations

import time

from frontiersmith.models import Axis, CrossValidationReport, DefectMap, Problem, TaskCard, Trajectory
from frontiersmith.store import RecordSummary
from frontiersmith.thresholds import Thresholds

from . import queries as q
from . import svg
from .html import esc, href, layout, link, number, record_link, table

NOT_RECORDED = "<span class=muted>not recorded</span>"


def _when(ts: float | None) -> str:
    return "—" if ts is None else time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))


def _status(status: str) -> str:
    return f'<span class="status-{esc(status)}">{esc(status)}</span>'


# -- runs ------------------------------------------------------------------------------------------------


def _funnel(view: q.RunView) -> str:
    rid = view.run.id
    rows, bars = [], []
    for name, n, lost, stage in view.table.funnel():
        # The first row counts every proposal; the others link to the candidates that got that far.
        url = href("candidates", run=rid, reached=None if stage.value == "mutate" else stage.value)
        bars.append((name, n, url))
        fell = link("candidates", lost, run=rid, fell=stage.value) if lost else "0"
        rows.append(
            [
                f'<a href="{url}">{esc(name)}</a>',
                f'<span data-stage="{esc(rid)}:{esc(stage.value)}">{n}</span>',
                fell,
            ]
        )
    return svg.bars(bars) + table(
        ["stage", "candidates that got this far", "fell out here"], rows, cls="funnel-table"
    )


def _parameters(view: q.RunView) -> str:
    """The run's arguments, each beside what it means, and why the funnel starts below K when it does."""
    args = view.run.args
    rows = [
        [f"<code>{esc(name)}</code>", esc(args.get(name)), esc(q.parameter_meaning(name))]
        for name in q.RUN_PARAMETERS
        if name in args
    ]
    proposed, asked, rounds = view.table.proposed, view.asked, view.rounds_started
    note = ""
    if asked is not None:
        note = (
            f"<p class=proposals>K = {esc(args.get('candidates'))} is the most mutations a round asks for: "
            f"the funnel's first row counts the {proposed} proposed in {rounds} round{'' if rounds == 1 else 's'}"
        )
        if proposed < asked:
            note += (
                f", fewer than the {asked} asked for because the {esc(args.get('provider', ''))} provider offered "
                "no more distinct mutations of the run's seeds (each seed's axis variant is proposed once per run)"
            )
        note += ".</p>"
    return table(["argument", "value", "what it is"], rows, cls="parameters") + note


def _accounting(view: q.RunView) -> str:
    timeline = [
        [esc(stage), esc(_when(first)), esc(_when(last)), f"{last - first:.1f} s", str(n)]
        for stage, first, last, n in view.timeline
    ]
    wall = view.run.updated_at - view.run.created_at
    costs = [
        ["wall time (run started → last update)", f"{wall:.1f} s"],
        [
            "sampled solutions' recorded time on tests",
            f"{view.solution_time_ms / 1000:.1f} s over {view.judged_runs} runs",
        ],
        ["LLM tokens", esc(view.tokens) if view.tokens is not None else NOT_RECORDED],
        ["sandbox CPU-seconds", esc(view.cpu_seconds) if view.cpu_seconds is not None else NOT_RECORDED],
    ]
    return (
        "<h3>Time per stage</h3><p class=muted>From when each stage's records were written.</p>"
        + table(["stage", "first record", "last record", "span", "records"], timeline)
        + "<h3>Cost</h3>"
        + table(["what", "amount"], costs)
    )


STOPPED = {
    "failed": "It failed: {why}. Fix that, then run the same command again: it resumes from what it stored.",
    "interrupted": "It was interrupted (Ctrl-C). Run the same command again: it resumes from what it stored.",
    "stopped": "It is stored as running, but no process runs it any more (it was killed). Run the same "
    "command again: it resumes from what it stored.",
}


def _stopped(view: q.RunView) -> str:
    note = STOPPED.get(view.status)
    if note is None:
        return ""
    why = view.run.progress.stop_reason.rstrip(".") or "no reason was stored"
    return f"<p class=stopped>{esc(note.format(why=why))}</p>"


def runs_page(views: list[q.RunView], store_label: str, empty_note: str = "") -> str:
    if not views:
        note = empty_note or "No synthesis run is in this store yet: run frontiersmith demo or synthesize."
        return layout("Runs", "runs", f"<p class=empty>{esc(note)}</p>", store_label)
    parts = []
    if len(views) >= 2:
        parts.append(
            f"<p>{link('compare', 'Compare two runs')} (their funnels and costs side by side; the latest two "
            "by default).</p>"
        )
    for view in views:
        run, args = view.run, view.run.args
        live = ""
        if view.live:
            live = (
                f'<p class=live data-progress="{href(f"api/runs/{run.id}")}">live: polling progress…</p>'
                + (
                    "<p class=muted>Counted as the store counts them: a candidate still in flight has not fallen out, so "
                    "it counts as past every stage but publication until it does.</p>"
                )
            )
        parts.append(
            f'<section class=run id="{esc(run.id)}" data-status="{esc(view.status)}"><h2>{esc(run.id)} · '
            f"{_status(view.status)}</h2>"
            f"<p>started {esc(_when(run.created_at))}, rounds done "
            f"{esc(run.progress.rounds_done)} of {esc(args.get('rounds'))}</p>{_stopped(view)}{live}"
            f"<div class=grid2><div>{_funnel(view)}{_parameters(view)}</div><div>{_accounting(view)}</div></div>"
            "</section>"
        )
    return layout("Runs", "runs", "".join(parts), store_label)


def compare_page(c: q.Comparison, store_label: str) -> str:
    """Two runs' funnels stage by stage (counts and shares of what was proposed, as paired bars) and their
    costs, with the arguments they differ in."""
    fa, fb = c.a.table.funnel(), c.b.table.funnel()
    first_a, first_b = max(fa[0][1], 1), max(fb[0][1], 1)
    rows, bars = [], []
    for (name, na, _la, stage), (_n, nb, _lb, _s) in zip(fa, fb, strict=True):
        bars.append((name, na, nb))
        rows.append(
            [
                esc(name),
                f'<span data-a="{esc(stage.value)}">{na}</span> ({na / first_a:.0%})',
                f'<span data-b="{esc(stage.value)}">{nb}</span> ({nb / first_b:.0%})',
                f"{nb - na:+d}",
            ]
        )

    def per_task(view: q.RunView, value: float | None) -> str:
        published = view.table.published
        return "—" if value is None or not published else f"{value / published:.1f}"

    wall = [v.run.updated_at - v.run.created_at for v in (c.a, c.b)]
    costs = [
        ["status", _status(c.a.status), _status(c.b.status)],
        ["wall time (s)", f"{wall[0]:.1f}", f"{wall[1]:.1f}"],
        [
            "LLM tokens",
            esc(c.a.tokens if c.a.tokens is not None else "—"),
            esc(c.b.tokens if c.b.tokens is not None else "—"),
        ],
        ["sandbox CPU-seconds", number(c.a.cpu_seconds, 1), number(c.b.cpu_seconds, 1)],
        ["published", str(c.a.table.published), str(c.b.table.published)],
        ["tokens per published task", per_task(c.a, c.a.tokens), per_task(c.b, c.b.tokens)],
        ["CPU-seconds per published task", per_task(c.a, c.a.cpu_seconds), per_task(c.b, c.b.cpu_seconds)],
    ]
    differing = [[f"<code>{esc(n)}</code>", esc(va), esc(vb)] for n, va, vb in c.differing]
    choose = (
        f'<form class=filters method=get action="{href("compare")}">'
        + _select("a", c.runs, c.a.run.id, "run A")
        + _select("b", c.runs, c.b.run.id, "run B")
        + "<button type=submit>compare</button></form>"
    )
    head = f"<p>A: {link('runs', c.a.run.id)} · B: {link('runs', c.b.run.id)}</p>"
    body = (
        choose
        + head
        + "<h2>Funnel</h2>"
        + svg.paired_bars(bars, ("A", "B"))
        + table(["stage", "A", "B", "B − A"], rows, cls="compare-funnel")
        + "<h2>Cost</h2>"
        + table(["", "A", "B"], costs, cls="compare-cost")
        + "<h2>Arguments that differ</h2>"
        + table(
            ["argument", "A", "B"], differing, cls="compare-args", empty="The two runs share every argument."
        )
    )
    return layout("Compare runs", "runs", body, store_label)


# -- candidates ------------------------------------------------------------------------------------------


def _select(name: str, choices: dict[str, int] | list[str], chosen: str | None, label: str) -> str:
    items = choices.items() if isinstance(choices, dict) else ((c, None) for c in choices)
    options = ['<option value="">any</option>']
    for value, n in items:
        sel = " selected" if value == chosen else ""
        options.append(
            f'<option value="{esc(value)}"{sel}>{esc(value)}{f" ({n})" if n is not None else ""}</option>'
        )
    return f'<label>{esc(label)}<select name="{esc(name)}">{"".join(options)}</select></label>'


def candidates_page(page: q.CandidatePage, store_label: str) -> str:
    query, facets = page.query, page.facets
    form = (
        f'<form class=filters method=get action="{href("candidates")}">'
        + _select("run", page.run_ids, query.run, "run")
        + _select("reached", list(q.STAGE_VALUES), query.reached, "passed stage")
        + _select("fell", list(q.STAGE_VALUES), query.fell, "rejected at")
        + f'<label>reason contains<input name=reason value="{esc(query.reason or "")}"></label>'
        + _select("axis", [a.value for a in Axis], query.axis, "axis")
        + _select("seed", facets.get("parent_id", {}), query.seed, "mutates")
        + _select("status", facets.get("status", {}), query.status, "status")
        + "<button type=submit>filter</button></form>"
    )
    rows = [
        [
            link(f"candidates/{r.id}", r.id),
            esc(r.title),
            esc(r.axis),
            str(r.round),
            link(f"lineage/{r.parent_id}", r.parent_id),
            _status(r.status),
            esc(r.rejection_stage or ""),
            esc((r.rejection_reason or "")[:200]),
        ]
        for r in page.rows
    ]
    first = (query.page - 1) * q.PAGE_SIZE + 1 if page.total else 0
    last = min(page.total, query.page * q.PAGE_SIZE)
    keep = query.model_dump(exclude={"page"})
    pager = [f'<span class=count data-total="{page.total}">{first}–{last} of {page.total}</span>']
    if query.page > 1:
        pager.append(link("candidates", "← previous", **keep, page=query.page - 1))
    if query.page < page.pages:
        pager.append(link("candidates", "next →", **keep, page=query.page + 1))
    body = (
        form
        + f"<div class=pager>{''.join(pager)}</div>"
        + table(
            ["id", "title", "axis", "round", "mutates", "status", "rejected at", "reason"],
            rows,
            cls="candidates",
        )
    )
    return layout("Candidates", "candidates", body, store_label)


def _tuple(problem: Problem | None) -> list[str]:
    if problem is None:
        return ["—"] * 4
    o = problem.objective
    objective = f"{o.kind.value}{f' ({o.sense.value})' if o.sense else ''}: {o.formula}"
    return [
        esc(problem.title),
        esc(objective),
        esc(problem.input_spec.constraints),
        esc(problem.output_spec.description),
    ]


def candidate_page(view: q.CandidateView, store_label: str) -> str:
    c = view.candidate
    head = (
        f"<p>{_status(c.status.value)} · axis {esc(c.axis.value)} · round {c.round} · mutates "
        f"{link(f'lineage/{c.parent_id}', c.parent_id)} · {link(f'lineage/{c.id}', 'lineage')}"
        + (
            f"<br>rejected at <b>{esc(c.rejection.stage.value)}</b>: {esc(c.rejection.reason)}"
            if c.rejection
            else ""
        )
        + "".join(f"<br>published as {record_link(t.id)}" for t in view.tasks)
        + "</p>"
    )
    mine, theirs = _tuple(c.problem), _tuple(view.parent)
    tuple_rows = [
        [esc(name), theirs[i], mine[i]]
        for i, name in enumerate(("title", "objective O", "input C_I", "output C_O"))
    ]
    compare = table(["", f"{view.parent_kind} {c.parent_id}", "this candidate"], tuple_rows, cls="tuple")
    statement = f"<h2>Statement</h2><pre class=statement>{esc(c.problem.statement)}</pre>"
    return layout(
        c.problem.title,
        "candidates",
        head
        + statement
        + "<h2>The tuple beside its seed's</h2>"
        + compare
        + _solutions(view)
        + _report(view)
        + _exchanges(view),
        store_label,
    )


def _exchanges(view: q.CandidateView) -> str:
    """Every request a model was sent about the candidate and its answer (``store exchanges`` prints the same)."""
    if not view.exchanges:
        return "<h2>Model exchanges</h2><p class=muted>No model was asked about this candidate.</p>"
    rows = []
    for e in view.exchanges:
        params = ", ".join(f"{k} {v}" for k, v in e.context.items())
        where = ", ".join(
            x
            for x in (
                f"ask {e.ask}" if e.ask else "",
                f"attempt {e.attempt}",
                f"turn {e.turn}" if e.turn else "",
            )
            if x
        )
        verdict = (
            f"<span class=bad>error</span> {esc(e.error)}"
            if e.error
            else f"<span class=bad>unusable</span> {esc(e.unusable)}"
            if e.unusable
            else "<span class=ok>used</span>"
        )
        sent = "".join(
            f"<b>{esc(str(m.get('role', m.get('type', '?'))))}</b><pre>{esc(str(m.get('content', m)))}</pre>"
            for m in e.messages
        )
        rows.append(
            [
                esc(e.step),
                esc(params),
                esc(where),
                esc(e.model) + (" (replayed)" if e.replayed else ""),
                str(e.tokens),
                f"{e.latency_s:.1f} s",
                verdict,
                f"<details><summary>request and answer</summary>{sent}<b>answer</b><pre>{esc(e.answer)}</pre>"
                "</details>",
            ]
        )
    return "<h2>Model exchanges</h2>" + table(
        ["step", "parameters", "which", "model", "tokens", "latency", "answer", ""], rows, cls="exchanges"
    )


def _solutions(view: q.CandidateView) -> str:
    div = view.divergence
    labels = div.labels if div else {}
    rows = []
    for s in view.solutions:
        strategy = (div.strategies.get(s.id) if div else None) or s.strategy
        mean = div.mean_scores.get(s.id) if div else None
        idea = labels.get(s.id)
        rows.append(
            [
                esc(s.id),
                esc(strategy),
                "—" if idea is None else f"idea {idea}",
                esc(s.author),
                esc(s.language.value),
                number(mean),
                f"<details><summary>code</summary><pre>{esc(s.code)}</pre></details>",
            ]
        )
    estimates = (
        table(
            ["semantic", "behavioural", "crossing", "combined", "n", "m", "judge"],
            [
                [
                    number(div.semantic),
                    number(div.behavioural),
                    number(div.crossing),
                    number(div.combined),
                    str(div.n),
                    str(div.m),
                    esc(div.judge),
                ]
            ],
        )
        if div
        else "<p class=muted>No divergence estimate yet.</p>"
    )
    label_of = {
        s.id: f"{(div.strategies.get(s.id) if div else '') or s.strategy or s.id}" for s in view.solutions
    }
    heat = (
        svg.heatmap(
            [(s.id, label_of[s.id]) for s in view.solutions],
            [(t, view.test_names.get(t, t)) for t in view.test_ids],
            view.matrix,
        )
        if view.solutions and view.test_ids
        else "<p class=muted>No tests yet, so no scores.</p>"
    )
    return (
        "<h2>Sampled solutions</h2>"
        + table(
            ["solution", "strategy", "label", "author", "language", "mean score", ""], rows, cls="solutions"
        )
        + "<h2>Idea divergence</h2>"
        + estimates
        + "<h2>Scores: solutions × tests</h2>"
        + heat
    )


def _report(view: q.CandidateView) -> str:
    r = view.report
    if r is None:
        return "<h2>Cross-validation</h2><p class=muted>Not cross-validated yet.</p>"
    checks = [
        [
            esc(ch.name),
            esc(ch.owner.value),
            "<span class=ok>pass</span>" if ch.passed else "<span class=bad>fail</span>",
            esc(ch.detail),
        ]
        for ch in r.checks
    ]
    verdict = "<span class=ok>agreed</span>" if r.ok else "<span class=bad>failed</span>"
    return (
        f"<h2>Cross-validation</h2><p class=crossval>report {esc(r.id)}: {verdict} in round {r.round}, kill rate "
        f"{number(r.kill_rate)} · verifier {esc(r.verifier_id)} · suite {esc(r.suite_id)}</p>"
        + table(["check", "owner", "result", "detail"], checks, cls="checks")
        + _feasibility(r)
    )


def _feasibility(r: CrossValidationReport) -> str:
    """The oracle the report used, its thresholds and the first feasibility disagreements (older reports,
    stored before these were kept, show none)."""
    f, th = r.feasibility, r.thresholds
    parts = []
    if f is not None:
        oracle = (
            f"oracle: {esc(f.oracle)} ({esc(f.relation.value)}), {f.tests_judged} tests judged, "
            f"{f.tests_outside} outside the seed's C_I"
            if f.oracle
            else f"no oracle: {esc(f.no_oracle)}"
        )
        second = "a feasibility checker was written" if f.second_opinion else "no feasibility checker"
        labelled = "" if f.well_formed_feasible is None else f", {f.well_formed_feasible} feasible"
        parts.append(
            f"<p class=oracle>{oracle} · {second} · {f.outputs} outputs compared · well-formed mutants: "
            f"{f.well_formed_accepted} of {f.well_formed} accepted{labelled}</p>"
        )
        rows = [
            [esc(d.judge), esc(d.test), esc(d.output), esc(d.output_excerpt), esc(d.verifier), esc(d.other)]
            for d in f.disagreements
        ]
        if rows:
            parts.append(
                table(
                    ["judge", "test", "output", "excerpt", "verifier", "judge says"],
                    rows,
                    cls="disagreements",
                )
            )
    if th is not None:
        parts.append(
            f"<p class=thresholds>thresholds: min kill rate {number(th.min_kill_rate)}, collapse band "
            f"{number(th.collapse_band, 4)}, {th.probed_tests} probed tests, {th.well_formed_per_output} "
            f"well-formed mutants per output, {th.disagreements_allowed} disagreements allowed</p>"
        )
    return "".join(parts)


# -- lineage ---------------------------------------------------------------------------------------------


def _node(view: q.LineageView, node_id: str, relation: str | None, on_path: set[str], depth: int) -> str:
    s: RecordSummary = view.nodes.get(node_id) or RecordSummary(id=node_id, kind="external")
    kids = view.children.get(node_id, [])
    label = (
        f"<span class=kind>{esc(s.kind)}</span> {record_link(s.id, s.kind)} {esc(s.title or '')}"
        + (f" · {_status(s.status)}" if s.status else "")
        + (
            f" <span class=muted>({esc(relation)}; {len(kids)} below)</span>"
            if relation
            else f" <span class=muted>({len(kids)} below)</span>"
        )
    )
    here = " here" if node_id == view.record_id else ""
    opened = " open" if node_id in on_path or depth < 1 else ""
    inner = "".join(_node(view, child, rel, on_path, depth + 1) for child, rel in kids)
    return f'<details class="node{here}" data-id="{esc(node_id)}"{opened}><summary>{label}</summary>{inner}</details>'


def lineage_page(view: q.LineageView, store_label: str) -> str:
    on_path = {s.id for s in view.chain}
    chain = " → ".join(f"{esc(s.kind)} {record_link(s.id, s.kind)}" for s in view.chain)
    note = (
        "<p class=bad>The tree is cut short: it has too many records to show.</p>" if view.truncated else ""
    )
    body = (
        f"<p class=chain>{chain}</p>{note}<p class=muted>seed → candidates → tasks → re-seeded seeds → their "
        "candidates; the path to the record is open, click a line to fold or unfold it.</p>"
        + _node(view, view.root, None, on_path, 0)
    )
    return layout(f"Lineage of {view.record_id}", "lineage", body, store_label)


# -- divergence, tasks, defects --------------------------------------------------------------------------


def divergence_page(points: list, gates: Thresholds, store_label: str) -> str:
    def pts(y_of) -> list[svg.Point]:
        return [
            svg.Point(
                p.semantic,
                y_of(p),
                q.point_kind(p.status),
                f"{p.title} ({p.status}{', ' + p.rejection_stage if p.rejection_stage else ''})",
                href(f"candidates/{p.candidate_id}"),
            )
            for p in points
            if p.semantic is not None and y_of(p) is not None
        ]

    beh = pts(lambda p: p.behavioural)
    cross = pts(lambda p: p.crossing)
    # behavioural divergence is small (its gate 0.005): a square-root axis up to the largest value seen
    top = max([gates.min_behavioural * 4, *(p.y for p in beh)])
    y_max = next((v for v in (0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0) if top <= v), 1.0)
    missing = len(points) - len(beh)
    rows = [
        [
            link(f"candidates/{p.candidate_id}", p.candidate_id),
            esc(p.title),
            _status(p.status),
            esc(p.rejection_stage or ""),
            number(p.semantic),
            number(p.behavioural),
            number(p.crossing),
            number(p.combined),
        ]
        for p in points
    ]
    semantic_gate = svg.Gate(gates.min_semantic, "semantic gate")
    body = (
        "<p><span class=ok>●</span> published · <span class=bad>●</span> rejected · <span class=muted>●</span> "
        "other; the red lines are the gates (shaded: the side that fails them); hover a point for its title."
        "</p><div class=grid2>"
        + "<div><h2>semantic × behavioural</h2>"
        + svg.scatter(
            beh,
            "semantic divergence",
            "behavioural divergence",
            y_max=y_max,
            gates={"x": semantic_gate, "y": svg.Gate(gates.min_behavioural, "behavioural gate")},
            y_scale="sqrt",
        )
        + "</div><div><h2>semantic × crossing</h2>"
        + svg.scatter(
            cross,
            "semantic divergence",
            "crossing (share of pairs trading wins)",
            gates={"x": semantic_gate},  # crossing ranks candidates; no gate reads it
        )
        + "</div></div>"
        + f"<p class=muted>{missing} of {len(points)} estimates have no behavioural divergence (rejected before "
        "cross-validation) and are left out of the plots.</p>"
        + table(
            [
                "candidate",
                "title",
                "status",
                "rejected at",
                "semantic",
                "behavioural",
                "crossing",
                "combined",
            ],
            rows,
            cls="points",
        )
    )
    return layout("Divergence", "divergence", body, store_label)


def tasks_page(rows: list[q.TaskRow], store_label: str) -> str:
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
    t = view.task
    board = [
        [str(i + 1), esc(s.author or "(anonymous)"), number(s.score), esc(_when(s.created_at))]
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
            esc(_when(r.last_at)),
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
            esc(_when(a.created_at)),
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
        ["when", esc(_when(t.created_at))],
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


def error_page(status: int, message: str, store_label: str = "") -> str:
    return layout(f"{status}", "", f"<p class=error>{esc(message)}</p>", store_label)
