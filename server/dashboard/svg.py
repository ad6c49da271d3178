"""Charts drawn on the server as SVG: no script and nothing fetched from elsewhere, so a page works offline,
prints, and shows the same picture to every browser (and to a test reading the DOM)."""

from __future__ import annotations

import math
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
    targets = [(sx(p.x), sy(p.y)) for p in points]
    placed = _dodge(targets)
    for group in _places(targets):
        n = len(group)
        first = points[group[0]]
        where = f"{x_label} {first.x:.3f}, {y_label} {first.y:.3f}"
        markers = "".join(
            f'<a href="{points[i].url}"><circle class="pt-{esc(points[i].kind)}" cx="{placed[i][0]:.1f}" '
            f'cy="{placed[i][1]:.1f}" r="{MARKER_R}"><title>{esc(points[i].title)}'
            f"{esc(f' — {rank + 1} of {n} candidates at {where}' if n > 1 else '')}</title></circle></a>"
            for rank, i in enumerate(group)
        )
        if n == 1:
            parts.append(markers)
            continue
        # Candidates at one place (the offline judge's few semantic values make it common): each is drawn
        # beside it, and the place is ringed with its count.
        cx, cy = targets[group[0]]
        ring = max(math.dist((cx, cy), placed[i]) for i in group) + MARKER_R + 2
        parts.append(
            f'<g class=stack data-count="{n}"><circle class=stack-ring cx="{cx:.1f}" cy="{cy:.1f}" '
            f'r="{ring:.1f}"><title>{n} candidates at {esc(where)}</title></circle>'
            f'<text class=stack-count x="{cx + ring * 0.7 + 2:.1f}" y="{cy - ring * 0.7 - 2:.1f}">×{n}</text>'
            f"{markers}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


MARKER_R = 6
# Where a marker that would cover another goes instead: the first free spot on a sunflower (Vogel) spiral
# round its own place, the k-th spot SPIRAL * sqrt(k) away and turned by the golden angle, so the spots
# fill the disc round the place evenly and the nearest free one is never far.
SPIRAL = 5.0
GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))


def _places(targets: Sequence[tuple[float, float]]) -> list[list[int]]:
    """The points (indices) grouped by place: those in one square of a marker's radius, first seen first."""
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(targets):
        groups.setdefault((round(x / MARKER_R), round(y / MARKER_R)), []).append(i)
    return list(groups.values())


def _dodge(targets: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Where each marker is drawn: at its place when that is free, else at the nearest free spot on the spiral
    round it, so no marker covers another (the centres at least a marker's width apart). Placed markers are
    kept in a grid of that width, and the spiral of a place resumes where its last marker stopped, so the
    layout costs about one look per marker however many share a place."""
    width = 2 * MARKER_R
    grid: dict[tuple[int, int], list[tuple[float, float]]] = {}
    resume: dict[tuple[int, int], int] = {}

    def free(x: float, y: float) -> bool:
        gx, gy = int(x // width), int(y // width)
        return all(
            math.dist((x, y), other) >= width
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for other in grid.get((gx + dx, gy + dy), ())
        )

    placed = []
    for x, y in targets:
        place = (round(x / MARKER_R), round(y / MARKER_R))
        k = resume.get(place, 0)
        while True:
            spot = (
                (x, y)
                if k == 0
                else (
                    x + SPIRAL * math.sqrt(k) * math.cos(k * GOLDEN_ANGLE),
                    y + SPIRAL * math.sqrt(k) * math.sin(k * GOLDEN_ANGLE),
                )
            )
            k += 1
            if free(*spot):
                break
        resume[place] = k
        grid.setdefault((int(spot[0] // width), int(spot[1] // width)), []).append(spot)
        placed.append(spot)
    return placed


NEVER_RUN = "#ddd"


def _shade(score: float) -> str:
    """White (0) to deep blue (1)."""
    s = min(max(score, 0.0), 1.0)
    return f"rgb({int(255 - 200 * s)},{int(255 - 150 * s)},{int(255 - 30 * s)})"


def heatmap(
    rows: Sequence[tuple[str, str]], cols: Sequence[tuple[str, str]], cells: Mapping[str, Mapping[str, float]]
) -> str:
    """Scores of ``rows`` (id, label) on ``cols`` (id, label): a cell per pair, white 0 to blue 1, grey when
    the pair was never run; each cell's score is its hover title, and a colour scale under the cells reads
    any of them."""
    cell, left, topm = 24, 200, 8
    width = max(left + cell * max(len(cols), 1) + 10, 460)
    grid_bottom = topm + cell * max(len(rows), 1)
    height = grid_bottom + 30 + LEGEND_H
    parts = [f'<svg class=heatmap width="{width}" height="{height}" role=img aria-label="scores per test">']
    for i, (rid, label) in enumerate(rows):
        y = topm + i * cell
        parts.append(f'<text x="4" y="{y + 13}">{esc(label[:30])}</text>')
        for j, (cid, clabel) in enumerate(cols):
            score = cells.get(rid, {}).get(cid)
            fill = NEVER_RUN if score is None else _shade(score)
            shown = "never run" if score is None else f"{score:.3f}"
            parts.append(
                f'<rect class=cell x="{left + j * cell}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{fill}">'
                f"<title>{esc(label)} on {esc(clabel)}: {shown}</title></rect>"
            )
    parts.append(f'<text x="{left}" y="{grid_bottom + 20}">tests →</text>')
    parts.append(_colour_scale(4, grid_bottom + 30))
    parts.append("</svg>")
    return "".join(parts)


LEGEND_H = 40
SCALE_STEPS = 10  # the scale's swatches: scores 0, 0.1, ..., 1


def _colour_scale(x: int, y: int) -> str:
    """The heatmap's legend: a swatch per tenth of a score from 0 to 1 in the cells' own colours, ticks under
    0, 0.5 and 1, and the grey of a pair never run."""
    sw = 18
    parts = [f'<g class=legend><text x="{x}" y="{y + 12}">score</text>']
    left = x + 40
    for i in range(SCALE_STEPS + 1):
        score = i / SCALE_STEPS
        parts.append(
            f'<rect class=swatch data-score="{score:g}" x="{left + i * sw}" y="{y}" width="{sw}" height="14" '
            f'fill="{_shade(score)}"><title>score {score:g}</title></rect>'
        )
    for score in (0.0, 0.5, 1.0):
        tick = left + int(score * SCALE_STEPS) * sw + sw / 2
        parts.append(f'<text class=tick x="{tick - 6:.0f}" y="{y + 28}">{score:g}</text>')
    never = left + (SCALE_STEPS + 1) * sw + 24
    parts.append(
        f'<rect class=swatch data-score="none" x="{never}" y="{y}" width="{sw}" height="14" fill="{NEVER_RUN}">'
        f'<title>never run</title></rect><text x="{never + sw + 6}" y="{y + 12}">never run</text></g>'
    )
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
