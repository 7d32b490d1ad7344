"""Checks of a TRF file: both sides of every game (with :func:`caddy.model.cells.check_rows`) and the stated points."""

from __future__ import annotations

from collections.abc import Sequence

from caddy.model.cells import check_rows
from caddy.model.results import Scoring, round_robin_cycles
from caddy_plugins.codecs.trf.records import TrfDocument
from caddy_plugins.codecs.trf.scoring import points_of

__all__ = ["check_document", "stated_problems"]


def check_document(
    doc: TrfDocument,
    *,
    stated: bool = True,
    pairings: bool = True,
    scored: tuple[Scoring, dict[str, float]] | None = None,
    agreed: bool = False,
    met: int | None = None,
) -> list[str]:
    """Problems in a TRF file: its pairings (with ``pairings``) and, with
    ``stated``, points that disagree with the results (``scored``: the file's
    scoring and bye values, when the caller has them). ``agreed``: the caller
    found both sides of every game agreeing (:func:`.rounds.rounds_of` read the
    rounds), so only how often pairs meet is checked; ``met``:
    ``doc.results_cycles()``, when the caller has it."""
    rows = [p.cells for p in doc.players]
    names = [p.name for p in doc.players]
    problems = []
    if pairings:
        if met is None:
            met = round_robin_cycles(len(rows), doc.opponents())
        cycles = doc.round_robin(results=met)
        n = len(rows)
        complete = met > 0 or doc.rounds >= ((n - 1 if n % 2 == 0 else n) * cycles)
        problems = check_rows(
            rows, cycles=cycles, complete=complete, names=names, pairings=not agreed
        )
    if stated:
        problems.extend(stated_problems(doc, points_of(doc, scored)))
    return problems


def stated_problems(doc: TrfDocument, totals: Sequence[float]) -> list[str]:
    """Stated points (columns 81-84) that disagree with ``totals``, the
    points of the results (:func:`.scoring.points_of`), one line each."""
    if doc.column("points") == list(totals):  # every player's, exactly
        return []
    problems = []
    for p, total in zip(doc.players, totals, strict=True):
        if p.points is None or abs(total - p.points) < 1e-9:
            continue
        if total >= 99.5 and abs(total - p.points) == 0.5:
            continue  # 100.5 and more do not fit columns 81-84: written without the half
        problems.append(
            f"player {p.number} ({p.name}): stated points {p.points:g}, the results give {total:g}"
        )
    return problems
