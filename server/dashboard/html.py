"""The pages' shared HTML: escaping, the layout, tables, links, form selects, times, statuses and the error
page. Every stored string reaches a page through ``esc`` (statements, titles and reasons are written by models
and importers, so they are hostile input)."""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Sequence
from urllib.parse import urlencode

UI = "/ui"  # where the pages live, in `frontiersmith dashboard` and under `serve --http`

NAV = (("runs", "Runs"), ("candidates", "Candidates"), ("divergence", "Divergence"), ("tasks", "Tasks"))
NAV_TAIL = (("defects", "Defects"),)


def esc(value: object) -> str:
    """``value`` as HTML text, escaped for an attribute too (None as empty)."""
    return html.escape("" if value is None else str(value), quote=True)


def href(path: str, **query: object) -> str:
    """A URL of the dashboard, escaped for an attribute; query values that are None or empty are left out."""
    given = {k: str(v) for k, v in query.items() if v is not None and v != ""}
    return esc(f"{UI}/{path.lstrip('/')}" + (f"?{urlencode(given)}" if given else ""))


def link(path: str, text: object, **query: object) -> str:
    """An ``<a>`` to the dashboard page ``path`` (with ``query``), its text escaped."""
    return f'<a href="{href(path, **query)}">{esc(text)}</a>'


def record_link(record_id: str, kind: str | None = None) -> str:
    """A link to the page that shows a record: candidates, tasks and trajectories have their own, the rest
    their lineage."""
    kind = kind or record_id.split("_", 1)[0]
    page = {
        "cand": "candidates",
        "candidate": "candidates",
        "task": "tasks",
        "traj": "trajectories",
        "trajectory": "trajectories",
    }.get(kind, "lineage")
    return link(f"{page}/{record_id}", record_id)


def number(value: float | None, digits: int = 3) -> str:
    """A score for a table: ``digits`` decimals, or a dash for None."""
    return "—" if value is None else f"{value:.{digits}f}"


def when(ts: float | None) -> str:
    """A time stamp as local date and time, or a dash for None."""
    return "—" if ts is None else time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))


def status_badge(status: str) -> str:
    """A status as a coloured badge."""
    return f'<span class="status-{esc(status)}">{esc(status)}</span>'


def select(name: str, choices: dict[str, int] | list[str], chosen: str | None, label: str) -> str:
    """A filter form's drop-down, "any" first; a dict's values are counts shown beside each choice."""
    items = choices.items() if isinstance(choices, dict) else ((c, None) for c in choices)
    options = ['<option value="">any</option>']
    for value, n in items:
        sel = " selected" if value == chosen else ""
        options.append(
            f'<option value="{esc(value)}"{sel}>{esc(value)}{f" ({n})" if n is not None else ""}</option>'
        )
    return f'<label>{esc(label)}<select name="{esc(name)}">{"".join(options)}</select></label>'


def table(
    headers: Sequence[str], rows: Iterable[Sequence[str]], cls: str = "", empty: str | None = None
) -> str:
    """A table of cells that are already HTML (each made with ``esc`` or the helpers above); with ``empty``,
    that sentence instead of a table without rows."""
    rows = list(rows)
    if not rows and empty is not None:
        return f"<p class=muted>{esc(empty)}</p>"
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f'<table class="{esc(cls)}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def layout(title: str, active: str, body: str, store_label: str = "") -> str:
    """A whole page: the navigation with ``active`` marked, the store it reads, and ``body``."""
    items = [
        f'<a href="{href(key)}"{" class=active" if key == active else ""}>{esc(name)}</a>'
        for key, name in (*NAV, *NAV_TAIL)
    ]
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{esc(title)} · FrontierSmith</title>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f'<link rel=stylesheet href="{href("static/style.css")}">'
        f'<script src="{href("static/live.js")}" defer></script></head><body>'
        f"<header><span class=brand>FrontierSmith</span><nav>{''.join(items)}</nav>"
        f"<span class=store>{esc(store_label)}</span></header>"
        f"<main><h1>{esc(title)}</h1>{body}</main></body></html>"
    )


def error_page(status: int, message: str, store_label: str = "") -> str:
    """A page showing one error sentence under its HTTP ``status``."""
    return layout(f"{status}", "", f"<p class=error>{esc(message)}</p>", store_label)


STYLE = """
:root { --ink:#1d2330; --muted:#5b6475; --line:#d9dde5; --pub:#1a7f37; --rej:#c0392b; --other:#7a8699;
  --bar:#3b6fd8; --bg:#fafbfc; }
* { box-sizing: border-box; }
body { margin:0; font: 14px/1.45 system-ui, sans-serif; color: var(--ink); background: var(--bg); }
header { display:flex; gap:1.5rem; align-items:center; padding:.6rem 1.2rem; background:#1d2330; color:#fff; }
header a { color:#cfd6e4; text-decoration:none; margin-right:1rem; } header a.active { color:#fff; font-weight:600; }
.brand { font-weight:700; } .store { margin-left:auto; color:#9aa4b5; font-size:12px; }
main { padding: 1rem 1.4rem 3rem; max-width: 1400px; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.6rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; background:#fff; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #eef1f5; } td.num, th.num { text-align: right; }
pre { background:#fff; border:1px solid var(--line); padding:.6rem; overflow:auto; max-height: 28rem;
  white-space: pre-wrap; }
form.filters { display:flex; flex-wrap:wrap; gap:.6rem; align-items:end; margin-bottom:.6rem; }
form.filters label { display:flex; flex-direction:column; font-size:12px; color:var(--muted); }
.muted { color: var(--muted); } .ok { color: var(--pub); } .bad { color: var(--rej); }
.status-accepted, .status-finished { color: var(--pub); font-weight:600; } .status-rejected { color: var(--rej); }
.status-failed { color: #fff; background: var(--rej); padding: 0 .4rem; border-radius: 3px; }
.status-interrupted, .status-stopped { color: #fff; background: #b86e00; padding: 0 .4rem; border-radius: 3px; }
.status-running { color: #1b5fc1; font-weight:600; }
.stopped { padding:.4rem .6rem; background:#fff1f0; border:1px solid #f0b8b3; }
svg { background:#fff; border:1px solid var(--line); }
svg text { font: 12px system-ui, sans-serif; fill: var(--ink); }
svg .bar { fill: var(--bar); } svg .bar.b { fill: #e08a2b; } svg .axis { stroke: #666; }
svg .grid { stroke: #eceff3; } svg .tick { font-size: 11px; fill: var(--muted); }
svg .axis-label { font-size: 12px; font-weight: 600; }
svg .gate line { stroke: #d02f2f; stroke-width: 2; stroke-dasharray: 6 3; }
svg .gate text { fill: #b02020; font-size: 11px; font-weight: 600; }
svg .fails { fill: #d02f2f; fill-opacity: .06; }
svg .value { font-size: 11px; pointer-events: none; } svg .value.on-dark { fill: #fff; } svg .row-label, svg .col-label { font-size: 12px; }
svg .pt-published { fill: var(--pub); } svg .pt-rejected { fill: var(--rej); } svg .pt-other { fill: var(--other); }
svg circle { fill-opacity: .8; } svg a:hover circle { stroke: #000; stroke-width: 2; }
svg .stack-ring { fill: none; stroke: #7a8699; stroke-dasharray: 2 2; } svg .stack-count { font-weight: 600; }
svg .legend .swatch, svg .cell { stroke: #c8ced8; stroke-width: .5; }
details.node { margin-left: 1.2rem; border-left: 1px dashed var(--line); padding-left: .5rem; }
details.node > summary { cursor: pointer; padding: .1rem 0; }
.kind { display:inline-block; min-width: 5.5rem; font-size: 11px; text-transform: uppercase; color: var(--muted); }
.here > summary { background: #fff4c2; }
.pager { display:flex; gap: 1rem; align-items:center; }
.live { padding:.4rem .6rem; background:#eaf2ff; border:1px solid #b8cff5; display:inline-block; }
.grid2 { display:grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
"""

# Polls a running synthesis run's progress (the store's counts) and reloads the page when it finishes;
# served from the dashboard itself, so the pages work offline and the CSP can forbid inline scripts.
LIVE_JS = """
document.querySelectorAll('[data-progress]').forEach(function (box) {
  var url = box.getAttribute('data-progress');
  function tick() {
    fetch(url, {credentials: 'same-origin'}).then(function (r) { return r.json(); }).then(function (p) {
      Object.keys(p.stages).forEach(function (name) {
        var cell = document.querySelector('[data-stage="' + p.id + ':' + name + '"]');
        if (cell) { cell.textContent = String(p.stages[name]); }
      });
      box.textContent = 'live: ' + p.status + ', rounds done ' + p.rounds_done + ' of ' + p.rounds +
        ', ' + p.stages.selection + ' published so far';
      if (p.status === 'running') { setTimeout(tick, 2000); } else { location.reload(); }
    }).catch(function () { setTimeout(tick, 5000); });
  }
  tick();
});
"""
