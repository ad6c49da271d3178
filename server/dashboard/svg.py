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


def paired_bars(rows: Sequence[tuple[str, int, int]], names: tuple[str, str], width: int = 720) -> str:
    """Two horizontal bars per ``(label, a, b)``, on one scale, with their values and a legend of ``names``."""
    top = max((max(a, b) for _, a, b in rows), default=0) or 1
    label_w, row_h, legend_h = 260, 34, 22
    height = legend_h + row_h * len(rows) + 8
    span = width - label_w - 60
    parts = [
        f'<svg class=paired width="{width}" height="{height}" role=img aria-label="two funnels">',
        f'<rect class=bar x="{label_w}" y="4" width="12" height="12"/><text x="{label_w + 16}" y="14">{esc(names[0])}</text>',
        f'<rect class="bar b" x="{label_w + 60}" y="4" width="12" height="12"/>'
        f'<text x="{label_w + 76}" y="14">{esc(names[1])}</text>',
    ]
    for i, (label, a, b) in enumerate(rows):
        y = legend_h + i * row_h
        parts.append(f'<text x="4" y="{y + 19}">{esc(label)}</text>')
        for k, (value, cls) in enumerate(((a, "bar"), (b, "bar b"))):
            w = max(1, int(span * value / top)) if value else 0
            yy = y + 3 + k * 14
            parts.append(
                f'<rect class="{cls}" x="{label_w}" y="{yy}" width="{w}" height="12"><title>{esc(names[k])}, '
                f'{esc(label)}: {value}</title></rect><text x="{label_w + w + 6}" y="{yy + 10}">{value}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


@dataclass
class Point:
    """A point of a plot: where it is, its colour by kind, its tooltip and the page it links to."""

    x: float
    y: float
    kind: str  # published | rejected | other: its colour
    title: str
    url: str


@dataclass(frozen=True)
class Gate:
    """A threshold drawn on a plot: the line where a candidate passes, and its name."""

    value: float
    label: str


def nice_ticks(top: float, scale: str = "linear") -> list[float]:
    """Tick values from 0 to ``top``: round steps on a linear axis; on a square-root axis the values people
    read divergence in (0.005, 0.01, 0.02, 0.05, ...), which spread evenly there."""
    if scale == "sqrt":
        ladder = [0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0]
        return [v for v in ladder if v <= top + 1e-12]
    step = next(s for s in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0) if top / s <= 6)
    return [round(i * step, 6) for i in range(int(top / step + 1e-9) + 1)]


@dataclass(frozen=True)
class _Frame:
    """A scatter's plotting area: where a value lands on each axis. 0 sits an inset off each axis, so points
    (and a gate) at 0 are drawn apart from the axis line."""

    size: int
    x_max: float
    y_max: float
    y_scale: str
    left: int = 62
    right: int = 44  # room for a crowded place's ring at 1
    top: int = 16
    bottom: int = 52
    inset: int = 10

    @property
    def x0(self) -> int:
        return self.left

    @property
    def x1(self) -> int:
        return self.size - self.right

    @property
    def y0(self) -> int:  # the x axis (the bottom)
        return self.size - self.bottom

    @property
    def y1(self) -> int:
        return self.top

    def sx(self, v: float) -> float:
        width = self.x1 - self.x0 - self.inset
        return self.x0 + self.inset + width * min(max(v, 0.0), self.x_max) / self.x_max

    def sy(self, v: float) -> float:
        v = min(max(v, 0.0), self.y_max) / self.y_max
        share = math.sqrt(v) if self.y_scale == "sqrt" else v
        return self.y1 + (self.y0 - self.y1 - self.inset) * (1 - share)


def scatter(
    points: Sequence[Point],
    x_label: str,
    y_label: str,
    x_max: float = 1.0,
    y_max: float = 1.0,
    gates: Mapping[str, Gate] | None = None,
    size: int = 460,
    y_scale: str = "linear",
) -> str:
    """A scatter on [0, x_max] x [0, y_max] with ticks and grid lines on both axes; each point links to its
    record and shows its title on hover; ``gates`` draws the thresholds ('x' a vertical line, 'y' a
    horizontal one), each named, with the region that fails them shaded. ``y_scale="sqrt"`` spreads values
    near 0 (a behavioural divergence gate of 0.005 sits well above the axis, not on it)."""
    f = _Frame(size, x_max, y_max, y_scale)
    parts = [
        f'<svg class=scatter width="{size}" height="{size}" role=img aria-label="{esc(x_label)} against '
        f'{esc(y_label)}">',
        _axes(f, x_label, y_label + (" (square-root scale)" if y_scale == "sqrt" else ""), gates or {}),
    ]
    targets = [(f.sx(p.x), f.sy(p.y)) for p in points]
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


def _axes(f: _Frame, x_label: str, y_label: str, gates: Mapping[str, Gate]) -> str:
    """A scatter's frame: the side of each gate that fails it shaded, grid lines and ticks on both axes, the
    axes and their labels, and each gate as a named line."""
    parts = []
    if "x" in gates:  # the candidates left of the gate fail it
        parts.append(
            f'<rect class=fails x="{f.x0}" y="{f.y1}" width="{f.sx(gates["x"].value) - f.x0:.1f}" '
            f'height="{f.y0 - f.y1}"/>'
        )
    if "y" in gates:
        y = f.sy(gates["y"].value)
        parts.append(
            f'<rect class=fails x="{f.x0}" y="{y:.1f}" width="{f.x1 - f.x0}" height="{f.y0 - y:.1f}"/>'
        )
    for v in nice_ticks(f.x_max):
        x = f.sx(v)
        parts.append(
            f'<line class=grid x1="{x:.1f}" y1="{f.y1}" x2="{x:.1f}" y2="{f.y0}"/>'
            f'<line class=axis x1="{x:.1f}" y1="{f.y0}" x2="{x:.1f}" y2="{f.y0 + 5}"/>'
            f'<text class="tick x" x="{x:.1f}" y="{f.y0 + 18}" text-anchor=middle>{v:g}</text>'
        )
    for v in nice_ticks(f.y_max, f.y_scale):
        y = f.sy(v)
        parts.append(
            f'<line class=grid x1="{f.x0}" y1="{y:.1f}" x2="{f.x1}" y2="{y:.1f}"/>'
            f'<line class=axis x1="{f.x0 - 5}" y1="{y:.1f}" x2="{f.x0}" y2="{y:.1f}"/>'
            f'<text class="tick y" x="{f.x0 - 8}" y="{y + 4:.1f}" text-anchor=end>{v:g}</text>'
        )
    middle = (f.y0 + f.y1) / 2
    parts += [
        f'<line class="axis x-axis" x1="{f.x0}" y1="{f.y0}" x2="{f.x1}" y2="{f.y0}"/>',
        f'<line class="axis y-axis" x1="{f.x0}" y1="{f.y1}" x2="{f.x0}" y2="{f.y0}"/>',
        f'<text class=axis-label x="{(f.x0 + f.x1) / 2:.0f}" y="{f.size - 12}" text-anchor=middle>'
        f"{esc(x_label)}</text>",
        f'<text class=axis-label x="14" y="{middle:.0f}" text-anchor=middle '
        f'transform="rotate(-90 14 {middle:.0f})">{esc(y_label)}</text>',
    ]
    for axis, gate in gates.items():
        named = f"{esc(gate.label)} {gate.value:g}"
        if axis == "x":
            x = f.sx(gate.value)
            line = f'<line x1="{x:.1f}" y1="{f.y1}" x2="{x:.1f}" y2="{f.y0}"/>'
            text = f'<text x="{x + 4:.1f}" y="{f.y1 + 12}">{named}</text>'
        else:
            y = f.sy(gate.value)
            line = f'<line x1="{f.x0}" y1="{y:.1f}" x2="{f.x1}" y2="{y:.1f}"/>'
            text = f'<text x="{f.x1 - 4}" y="{y - 5:.1f}" text-anchor=end>{named}</text>'
        parts.append(f'<g class=gate data-axis={axis} data-value="{gate.value:g}">{line}{text}</g>')
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


NEVER_RUN = "#d4d4d4"
# A sequential palette from light to dark (perceptually ordered, readable in grey too): the low end of a
# task's range is pale yellow, the high end deep blue.
PALETTE = (
    (255, 247, 188),
    (199, 233, 180),
    (127, 205, 187),
    (65, 182, 196),
    (29, 145, 192),
    (34, 94, 168),
    (12, 44, 132),
)


def _shade(t: float) -> str:
    """The palette's colour at ``t`` in [0, 1] (its position in the range shown)."""
    t = min(max(t, 0.0), 1.0) * (len(PALETTE) - 1)
    i = min(int(t), len(PALETTE) - 2)
    f = t - i
    a, b = PALETTE[i], PALETTE[i + 1]
    return "rgb({},{},{})".format(*(round(a[k] + (b[k] - a[k]) * f) for k in range(3)))


def score_range(cells: Mapping[str, Mapping[str, float]]) -> tuple[float, float]:
    """The range a heatmap's colours span: the task's own lowest and highest score (at least 0.01 wide, so
    equal scores still read as one colour), not 0 to 1, where scores near 0.1 would all be white."""
    values = [v for row in cells.values() for v in row.values() if v is not None and math.isfinite(v)]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 0.01:
        high = min(1.0, low + 0.01) if low < 0.99 else 1.0
        low = high - 0.01
    return low, high


def heatmap(
    rows: Sequence[tuple[str, str]], cols: Sequence[tuple[str, str]], cells: Mapping[str, Mapping[str, float]]
) -> str:
    """Scores of ``rows`` (id, label) on ``cols`` (id, label): a cell per pair, each showing its score, coloured
    on the task's own score range (``score_range``) from pale to dark, grey when the pair was never run; the
    row and column labels are whole (the full text on hover), and a legend maps the colours to scores."""
    low, high = score_range(cells)
    cell_w = max(34, min(64, 760 // max(len(cols), 1)))
    cell_h, left, top = 28, 330, 8
    grid_right = left + cell_w * max(len(cols), 1)
    grid_bottom = top + cell_h * max(len(rows), 1)
    labels_h = 12 + 6 * max((len(c[1][:24]) for c in cols), default=4)  # the test names, slanted
    width = max(grid_right + 12 + 6 * max((len(c[1][:24]) for c in cols), default=4), 640)  # room to slant
    height = grid_bottom + labels_h + 24 + LEGEND_H
    parts = [
        f'<svg class=heatmap width="{width}" height="{height}" role=img aria-label="scores per test" '
        f'data-low="{low:.6g}" data-high="{high:.6g}">'
    ]
    for i, (rid, label) in enumerate(rows):
        y = top + i * cell_h
        shown = label if len(label) <= 48 else label[:47] + "…"
        parts.append(
            f'<text class=row-label x="4" y="{y + 18}"><title>{esc(label)}</title>{esc(shown)}</text>'
        )
        for j, (cid, clabel) in enumerate(cols):
            score = cells.get(rid, {}).get(cid)
            t = None if score is None else (score - low) / (high - low)
            fill = NEVER_RUN if t is None else _shade(t)
            shown_score = "never run" if score is None else f"{score:.3f}"
            x = left + j * cell_w
            parts.append(
                f'<rect class=cell x="{x}" y="{y}" width="{cell_w - 2}" height="{cell_h - 2}" fill="{fill}">'
                f"<title>{esc(label)} on {esc(clabel)}: {shown_score}</title></rect>"
            )
            if score is not None:
                ink = "value on-dark" if t is not None and t > 0.55 else "value"
                parts.append(
                    f'<text class="{ink}" x="{x + (cell_w - 2) / 2:.1f}" y="{y + 18}" text-anchor=middle>'
                    f"{score:.2f}</text>"
                )
    for j, (_cid, clabel) in enumerate(cols):
        cx, cy = left + j * cell_w + cell_w / 2, grid_bottom + 10
        shown = clabel if len(clabel) <= 24 else clabel[:23] + "…"
        parts.append(
            f'<text class=col-label x="{cx:.1f}" y="{cy}" transform="rotate(35 {cx:.1f} {cy})">'
            f"<title>{esc(clabel)}</title>{esc(shown)}</text>"
        )
    parts.append(f'<text class=axis-label x="{left}" y="{grid_bottom + labels_h + 12}">tests</text>')
    parts.append(_colour_scale(4, grid_bottom + labels_h + 22, low, high))
    parts.append("</svg>")
    return "".join(parts)


LEGEND_H = 44
SCALE_STEPS = 10  # the legend's swatches: the range in tenths


def _colour_scale(x: int, y: int, low: float, high: float) -> str:
    """The heatmap's legend: a swatch per tenth of the task's score range in the cells' own colours, its
    scores at the ends and the middle, and the grey of a pair never run."""
    sw = 26
    parts = [f'<g class=legend><text x="{x}" y="{y + 13}">score (this task\'s range)</text>']
    start = x + 170
    for i in range(SCALE_STEPS + 1):
        t = i / SCALE_STEPS
        score = low + t * (high - low)
        parts.append(
            f'<rect class=swatch data-score="{score:.6g}" x="{start + i * sw}" y="{y}" width="{sw}" height="16" '
            f'fill="{_shade(t)}"><title>score {score:.3f}</title></rect>'
        )
    for t in (0.0, 0.5, 1.0):
        tick = start + int(t * SCALE_STEPS) * sw + sw / 2
        parts.append(
            f'<text class=tick x="{tick:.0f}" y="{y + 32}" text-anchor=middle>{low + t * (high - low):.3f}</text>'
        )
    never = start + (SCALE_STEPS + 1) * sw + 24
    parts.append(
        f'<rect class=swatch data-score="none" x="{never}" y="{y}" width="{sw}" height="16" fill="{NEVER_RUN}">'
        f'<title>never run</title></rect><text x="{never + sw + 6}" y="{y + 13}">never run</text></g>'
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
