"""The candidates pages: the filtered list, one candidate (its tuple beside its seed's, sampled solutions,
cross-validation report and model exchanges), its lineage, and every candidate's divergence plotted."""

from __future__ import annotations

from frontiersmith.models import Axis, CrossValidationReport, Problem
from frontiersmith.store import RecordSummary
from frontiersmith.thresholds import Thresholds

from . import queries as q
from . import svg
from .html import esc, href, layout, link, number, record_link, select, status_badge, table


def candidates_page(page: q.CandidatePage, store_label: str) -> str:
    """The candidates page: the filter form with its facet counts, one page of candidates, and the page
    links."""
    query, facets = page.query, page.facets
    form = (
        f'<form class=filters method=get action="{href("candidates")}">'
        + select("run", page.run_ids, query.run, "run")
        + select("reached", list(q.STAGE_VALUES), query.reached, "passed stage")
        + select("fell", list(q.STAGE_VALUES), query.fell, "rejected at")
        + f'<label>reason contains<input name=reason value="{esc(query.reason or "")}"></label>'
        + select("axis", [a.value for a in Axis], query.axis, "axis")
        + select("seed", facets.get("parent_id", {}), query.seed, "mutates")
        + select("status", facets.get("status", {}), query.status, "status")
        + "<button type=submit>filter</button></form>"
    )
    rows = [
        [
            link(f"candidates/{r.id}", r.id),
            esc(r.title),
            esc(r.axis),
            str(r.round),
            link(f"lineage/{r.parent_id}", r.parent_id),
            status_badge(r.status),
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
    """One candidate's page: its status and parent, the problem, its solutions, tests, cross-validation and
    divergence."""
    c = view.candidate
    head = (
        f"<p>{status_badge(c.status.value)} · axis {esc(c.axis.value)} · round {c.round} · mutates "
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
        + (f" · {status_badge(s.status)}" if s.status else "")
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
    """A record's family tree, its own ancestry marked, with a note when the tree was cut short."""
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


# -- divergence ------------------------------------------------------------------------------------------


def divergence_page(points: list, gates: Thresholds, store_label: str) -> str:
    """The divergence plots: each candidate's semantic against behavioural and combined divergence, with the
    gates drawn."""

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
            status_badge(p.status),
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
