"""Charts drawn on the server as SVG: no script and nothing fetched from elsewhere, so a page works offline,
prints, and shows the same picture to every browser (and to a test reading the DOM)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .html import esc


def bars(rows: Sequence[tuple[str, int, str]], width: int = 640) -> str:
    """Horizontal bars, one per ``(label, value, url)``, scaled to the largest value."""
    top = max((v for _, v, _ in rows), default=0) or 1
    label_w, row_h = 260, 24
    height = row_h * len(rows) + 8
    parts = [f'<svg class=funnel width="{width}" height="{height}" role=img aria-label="stage funnel">']
    for i, (label, value, url) in enumerate(rows):
        y = 4 + i * row_h
        w = max(1, int((width - label_w - 50) * value / top)) if value else 0
        parts.append(
            f'<a href="{url}"><text x="4" y="{y + 15}">{esc(label)}</text>'
            f'<rect class=bar x="{label_w}" y="{y + 3}" width="{w}" height="{row_h - 8}"><title>{esc(label)}: '
            f"{value}</title></rect>"
            f'<text x="{label_w + w + 6}" y="{y + 15}">{value}</text></a>'
        )
    parts.append("</svg>")
    return "".join(parts)


@dataclass
class Point:
    x: float
    y: float
    kind: str  # published | rejected | other: its colour
    title: str
    url: str


def scatter(
    points: Sequence[Point],
    x_label: str,
    y_label: str,
    x_max: float = 1.0,
    y_max: float = 1.0,
    gates: Mapping[str, float] | None = None,
    size: int = 380,
) -> str:
    """A scatter on [0, x_max] x [0, y_max]; each point links to its record and shows its title on hover;
    ``gates`` draws the thresholds ('x' a vertical line, 'y' a horizontal one)."""
    pad = 40
    inner = size - 2 * pad

    def sx(v: float) -> float:
        return pad + inner * min(max(v, 0.0), x_max) / x_max

    def sy(v: float) -> float:
        return size - pad - inner * min(max(v, 0.0), y_max) / y_max

    parts = [
        f'<svg class=scatter width="{size}" height="{size}" role=img aria-label="{esc(x_label)} against {esc(y_label)}">',
        f'<line class=axis x1="{pad}" y1="{size - pad}" x2="{size - pad}" y2="{size - pad}"/>',
        f'<line class=axis x1="{pad}" y1="{pad}" x2="{pad}" y2="{size - pad}"/>',
        f'<text x="{size / 2 - 40}" y="{size - 8}">{esc(x_label)}</text>',
        f'<text x="4" y="{pad - 12}">{esc(y_label)}</text>',
        f'<text x="{pad - 4}" y="{size - pad + 14}">0</text><text x="{size - pad - 10}" y="{size - pad + 14}">{x_max:g}</text>',
        f'<text x="{pad - 24}" y="{pad + 4}">{y_max:g}</text>',
    ]
    for axis, value in (gates or {}).items():
        if axis == "x":
            parts.append(
                f'<line class=gate x1="{sx(value):.1f}" y1="{pad}" x2="{sx(value):.1f}" y2="{size - pad}"/>'
            )
        else:
            parts.append(
                f'<line class=gate x1="{pad}" y1="{sy(value):.1f}" x2="{size - pad}" y2="{sy(value):.1f}"/>'
            )
    for p in points:
        parts.append(
            f'<a href="{p.url}"><circle class="pt-{esc(p.kind)}" cx="{sx(p.x):.1f}" cy="{sy(p.y):.1f}" r="6">'
            f"<title>{esc(p.title)}</title></circle></a>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _shade(score: float) -> str:
    """White (0) to deep blue (1)."""
    s = min(max(score, 0.0), 1.0)
    return f"rgb({int(255 - 200 * s)},{int(255 - 150 * s)},{int(255 - 30 * s)})"


def heatmap(
    rows: Sequence[tuple[str, str]], cols: Sequence[tuple[str, str]], cells: Mapping[str, Mapping[str, float]]
) -> str:
    """Scores of ``rows`` (id, label) on ``cols`` (id, label): a cell per pair, white 0 to blue 1, grey when
    the pair was never run; each cell's score is its hover title."""
    cell, left, topm = 24, 200, 8
    width = max(left + cell * max(len(cols), 1) + 10, 460)
    height = topm + cell * max(len(rows), 1) + 30
    parts = [f'<svg class=heatmap width="{width}" height="{height}" role=img aria-label="scores per test">']
    for i, (rid, label) in enumerate(rows):
        y = topm + i * cell
        parts.append(f'<text x="4" y="{y + 13}">{esc(label[:30])}</text>')
        for j, (cid, clabel) in enumerate(cols):
            score = cells.get(rid, {}).get(cid)
            fill = "#ddd" if score is None else _shade(score)
            shown = "never run" if score is None else f"{score:.3f}"
            parts.append(
                f'<rect x="{left + j * cell}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{fill}">'
                f"<title>{esc(label)} on {esc(clabel)}: {shown}</title></rect>"
            )
    parts.append(f'<text x="{left}" y="{height - 8}">tests →  (white 0, blue 1, grey never run)</text></svg>')
    return "".join(parts)


def histogram(values: Sequence[float], bins: int = 10, width: int = 420, height: int = 160) -> str:
    """Counts of scores in [0, 1] per bin of width 1/bins."""
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, max(0, int(v * bins)))] += 1
    top = max(counts) or 1
    pad, bw = 24, (width - 48) / bins
    parts = [
        f'<svg class=histogram width="{width}" height="{height}" role=img aria-label="score distribution">'
    ]
    for i, n in enumerate(counts):
        h = (height - 2 * pad) * n / top
        x = pad + i * bw
        lo, hi = i / bins, (i + 1) / bins
        parts.append(
            f'<rect class=bar x="{x:.1f}" y="{height - pad - h:.1f}" width="{bw - 2:.1f}" height="{h:.1f}">'
            f"<title>{lo:.1f}–{hi:.1f}: {n}</title></rect>"
        )
    parts.append(
        f'<line class=axis x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}"/>'
        f'<text x="{pad}" y="{height - 6}">0</text><text x="{width - pad - 8}" y="{height - 6}">1</text></svg>'
    )
    return "".join(parts)
