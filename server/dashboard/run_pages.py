"""The runs pages: each synthesis run's funnel, arguments, time and cost, and two runs compared side by side."""

from __future__ import annotations

from . import queries as q
from . import svg
from .html import esc, href, layout, link, number, select, status_badge, table, when

NOT_RECORDED = "<span class=muted>not recorded</span>"


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
        [esc(stage), esc(when(first)), esc(when(last)), f"{last - first:.1f} s", str(n)]
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
    """The runs page: each run's funnel, cost and timeline, with a link comparing two runs when there are
    several; ``empty_note`` when there is none."""
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
            f"{status_badge(view.status)}</h2>"
            f"<p>started {esc(when(run.created_at))}, rounds done "
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
        ["status", status_badge(c.a.status), status_badge(c.b.status)],
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
        + select("a", c.runs, c.a.run.id, "run A")
        + select("b", c.runs, c.b.run.id, "run B")
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
