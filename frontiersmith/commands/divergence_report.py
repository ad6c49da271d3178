"""What `frontiersmith evaluate-divergence` prints: the catalog's families, or a benchmark's problems beside
them, each with its estimates and every gate's decision and why, then the keep rates and the ROC AUCs."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table

from .shell import table_console

if TYPE_CHECKING:
    from frontiersmith.tools.frontier.divergence import ProblemDivergence, ProblemsEvaluation
    from frontiersmith.tools.synthesis.divergence.auc import DivergenceEvaluation, FamilyDivergence
    from frontiersmith.tools.synthesis.divergence.estimate import GateDecision


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _decision(decisions: list[GateDecision]) -> tuple[str, str]:
    """(kept | rejected at GATE, the deciding reason): the first gate that rejects, else the last undecided
    one (kept for want of evidence), else the last gate's pass."""
    for d in decisions:
        if d.verdict == "reject":
            return f"rejected ({d.gate})", d.reason
    undecided = [d for d in decisions if d.verdict == "undecided"]
    last = undecided[-1] if undecided else decisions[-1] if decisions else None
    return ("kept (undecided)" if undecided else "kept"), (last.reason if last else "")


def _decisions_json(decisions: list[GateDecision]) -> list[dict[str, str]]:
    return [{"gate": d.gate, "verdict": d.verdict, "reason": d.reason} for d in decisions]


def family_json(f: FamilyDivergence) -> dict[str, Any]:
    """A catalog family's divergence estimates and gate decisions as JSON, with whether the filter kept it."""
    fields = {k: v for k, v in f.__dict__.items() if k != "decisions"}
    return {**fields, "kept": f.kept, "decisions": _decisions_json(f.decisions)}


def problem_json(p: ProblemDivergence) -> dict[str, Any]:
    """A benchmark problem's divergence estimates and gate decisions as JSON, with its solution count, whether
    it is a positive and whether the filter kept it."""
    fields = {k: v for k, v in p.__dict__.items() if k != "decisions"}
    return {
        **fields,
        "n": p.n,
        "positive": p.positive,
        "kept": p.kept,
        "decisions": _decisions_json(p.decisions),
    }


def _families_table(report: DivergenceEvaluation, title: str) -> Table:
    table = Table(title=title)
    columns = ("family", "kind", "semantic", "behavioural", "separating", "top ties", "crossing", "combined")
    for col in (*columns, "protocol", "judged", "decision", "why"):
        table.add_column(col)
    for f in report.families:
        decision, why = _decision(f.decisions)
        table.add_row(
            f.family,
            f.kind,
            _fmt(f.semantic),
            _fmt(f.behavioural),
            "-" if f.separating_tests is None else f"{f.separating_tests}/{f.m}",
            "-" if f.top_ties is None else f"{f.top_ties}/{f.n}",
            _fmt(f.crossing),
            _fmt(f.combined),
            "ok" if f.protocol_ok else "FAILED",
            f"before ({f.candidate_id})" if f.from_store else "now",
            decision,
            why,
        )
    return table


def print_catalog(report: DivergenceEvaluation, as_json: bool) -> None:
    """Print the catalog's families (a table, or JSON with ``as_json``), then the ROC AUCs."""
    aucs = report.aucs()
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "judge": report.judge,
                    "thresholds": report.thresholds.model_dump(),
                    "auc": aucs,
                    "families": [family_json(f) for f in report.families],
                },
                indent=1,
            )
        )
        return
    out = table_console()
    out.print(
        _families_table(
            report, f"Idea divergence of the catalog's open and pseudo-open families (judge: {report.judge})"
        )
    )
    kept = {kind: [f.kept for f in report.families if f.kind == kind] for kind in ("open", "pseudo-open")}
    out.print(
        f"The filter keeps {sum(kept['open'])} of {len(kept['open'])} open families and "
        f"{sum(kept['pseudo-open'])} of {len(kept['pseudo-open'])} pseudo-open ones."
    )
    out.print(
        f"ROC AUC (open vs pseudo-open, semantic judge {report.judge}): "
        + ", ".join(f"{k} {v:.3f}" for k, v in aucs.items())
    )


def print_problems(report: ProblemsEvaluation, as_json: bool) -> None:
    """Print a benchmark's problems (a table, or JSON with ``as_json``), then the keep rates and the ROC
    AUCs."""
    rates, aucs = report.keep_rates(), report.aucs()
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "judge": report.judge,
                    "thresholds": report.thresholds.model_dump(),
                    "keep_rate": rates,
                    "auc": aucs,
                    "problems": [problem_json(p) for p in report.problems],
                    "families": [family_json(f) for f in report.catalog.families],
                    "skipped": report.skipped,
                },
                indent=1,
            )
        )
        return
    out = table_console()
    table = Table(title=f"What the idea-divergence filter says of each problem (judge: {report.judge})")
    columns = ("problem", "source", "solutions", "> 0", "semantic", "behavioural", "separating", "top ties")
    for col in (*columns, "crossing", "decision", "why"):
        table.add_column(col)
    for p in report.problems:
        decision, why = _decision(p.decisions)
        table.add_row(
            p.problem_id,
            p.source,
            str(p.n),
            str(p.positive),
            _fmt(p.semantic),
            _fmt(p.behavioural),
            f"{p.separating_tests}/{p.m}",
            f"{p.top_ties}/{p.n}",
            _fmt(p.crossing),
            decision,
            why,
        )
    out.print(table)
    out.print(_families_table(report.catalog, "The catalog's labelled families, beside them"))
    for name, r in rates.items():
        interval = f" (95% interval {r['low']:.2f}-{r['high']:.2f})" if r.get("low") is not None else ""
        sub = r.get("rate_at_4")
        at_four = f"; {sub:.2f} expected with 4 solutions a problem" if sub is not None else ""
        rate = "-" if r["rate"] is None else f"{r['rate']:.2f}"
        out.print(f"kept, {name}: {r['kept']} of {r['problems']} ({rate}{interval}{at_four})")
    out.print(
        "ROC AUC (problems two solutions score on vs the pseudo-open families; the catalog's open families "
        "after the slash): "
        + ", ".join(
            f"{k} {v['problems']:.3f} [{v['low']:.2f}, {v['high']:.2f}] / {v['catalog']:.3f}"
            for k, v in aucs.items()
        )
    )
    for folder, why in report.skipped.items():
        out.print(f"not used: {folder}: {why}")
