"""`frontiersmith audit`: the task cards of published tasks (a thin shell over ``tools/synthesis/card.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def audit(
    tasks: str | None = typer.Option(
        None,
        "--tasks",
        help="'latest' (default: each candidate's latest version), 'all' (every version), or task ids separated "
        "by commas (a candidate id stands for its latest task), as export takes them.",
    ),
    run: str | None = typer.Option(None, "--run", help="The latest tasks of one synthesis run."),
    store_path: Path | None = typer.Option(None, "--store", help="Store file (default: from settings)."),
    as_json: bool = typer.Option(False, "--json", help="Print the cards as JSON (one object, id -> card)."),
) -> None:
    """Each task's card: statement consistency, the scale its tests reach against the bounds, tests that carry
    signal, baseline / median / best sampled scores and the headroom above them, the verifier's probes and
    divergence; every number measured from the task's records. Exits 1 when any card has a warning."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.exports.bundle import select_tasks
    from frontiersmith.tools.synthesis.card import card_of

    with open_store(store_path) as store:
        chosen = [t.id for t in select_tasks(store, tasks, run)]
        cards = {record_id: card_of(store, record_id) for record_id in chosen}
    if as_json:
        typer.echo(json.dumps({k: c.model_dump(mode="json") for k, c in cards.items()}, indent=1))
    else:
        for record_id, card in cards.items():
            _print(record_id, card)
    if any(not c.ok for c in cards.values()):
        raise SystemExit(1)


def _print(record_id: str, card) -> None:
    typer.echo(f"{record_id}: {'ok' if card.ok else f'{len(card.warnings)} warnings'}")
    scale = ", ".join(f"{n} {r.reached:g}/{r.bound:g}" for n, r in card.scale.items()) or "no bounds reported"
    typer.echo(
        f"  statement: {'whole' if not card.sections_missing else 'lacks ' + ', '.join(card.sections_missing)}"
        f"; example {'judged' if card.example else 'none (interactive)' if card.interactive else 'none'}"
    )
    typer.echo(f"  tests: {card.tests}, {len(card.silent_tests)} without signal; scale {scale}")
    if card.spread is not None:
        s = card.spread
        paper = (
            f" (paper's normalisation: best {s.paper_best:.3f}, median {s.paper_median:.3f})"
            if (s.paper_best is not None and s.paper_median is not None)
            else ""
        )
        typer.echo(
            f"  scores ({s.normalisation.value}, {s.solutions} sampled): baseline 0, median {s.median:.3f}, "
            f"best {s.best:.3f}, headroom {s.headroom:.3f}{paper}"
        )
    if card.probes is not None:
        p = card.probes
        kill = f"{p.kill_rate:.2f}" if p.kill_rate is not None else "n/a"
        typer.echo(
            f"  probes: kill rate {kill}, well-formed mutants {p.well_formed_accepted}/{p.well_formed} accepted, "
            f"oracle {p.oracle or 'none'}, feasibility checker by the verifier's author {'yes' if p.second_opinion else 'no'}"
        )
    if card.divergence:
        shown = ", ".join(f"{k} {v:.3f}" for k, v in card.divergence.items() if v is not None)
        typer.echo(f"  divergence: {shown}")
    for warning in card.warnings:
        typer.echo(f"  ! {warning}")


COMMANDS = {"audit": audit}
