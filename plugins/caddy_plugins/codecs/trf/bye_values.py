"""Bye values of a TRF file without record 162: those that make the stated
points (columns 81-84) agree with the results for every player (FIDE Handbook
C.04 Annex 2; :func:`.scoring.scoring_of`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import reduce
from itertools import compress
from operator import add, not_, sub
from typing import Any

from caddy.model.results import GAME_POINTS, Scoring
from caddy_plugins.codecs.trf.records import TrfDocument
from caddy_plugins.codecs.trf.row_points import codes_total, exact_sums, row_codes

__all__ = ["bye_values_and_rows", "infer_bye_values"]


def _bye_in(row: str) -> bool:
    """Whether a row of codes (:func:`.row_points.row_codes`) has a bye code."""
    return "U" in row or "F" in row or "H" in row or "Z" in row


def infer_bye_values(
    doc: TrfDocument,
    scoring: Scoring,
    score_162: dict[str, float],
    *,
    consistent: bool = False,
    codes: Sequence[str] | None = None,
) -> dict[str, float]:
    """Bye values: 162 where it says, else those that make every stated
    points agree (else the defaults: stated points no values explain, as a
    file cut before a round states the final points, say nothing of them).

    ``consistent``: as :func:`points_without` (a player's rounds without a
    forfeit, which scores differently with an opponent and without, are then
    summed from their codes alone; ``codes``: :func:`.row_points.row_codes`,
    when the caller has them)."""
    return bye_values_and_rows(doc, scoring, score_162, consistent=consistent, codes=codes)[0]


def bye_values_and_rows(
    doc: TrfDocument,
    scoring: Scoring,
    score_162: dict[str, float],
    *,
    consistent: bool = False,
    codes: Sequence[str] | None = None,
    summed: list[tuple[float, Sequence[str]]] | None = None,
) -> tuple[dict[str, float], list[tuple[float, Sequence[str]]] | None]:
    """:func:`infer_bye_values`, and what it summed per row when it looked at the
    rows (``None`` when it did not): the points of its games (a forfeit won with
    no opponent counts a win, one lost nothing) and its byes (``U F H Z``, in
    order). ``summed``: those of :func:`.rounds.read_rounds`, at 1 / ½ / 0
    (taken when the scoring is that and ``consistent``)."""
    defaults = {
        "U": scoring.points("U"),
        "F": scoring.points("F"),
        "H": scoring.points("H"),
        "Z": scoring.points("Z"),
    }
    if "P" in score_162:
        defaults["U"] = score_162["P"]
    if score_162:
        return defaults, None
    if consistent and codes is not None and not any(map(_bye_in, codes)):
        return defaults, None  # no bye in any row: none to value
    game = {code: scoring.points(code) for code in "1=0+-WDL"}
    win = scoring.win
    # a game's points by its code (a bye's go with the byes): in the order of
    # the rounds, as the loop below adds them
    by_code = {**dict.fromkeys(defaults, 0.0), **game}
    if consistent and summed is not None and game == GAME_POINTS and win == 1.0:
        # the rows as summed while the rounds were read (consistent: the same sums)
        return _inferred(doc, scoring, defaults, summed)
    exact = exact_sums(by_code)
    rows: Sequence[str] = (codes or row_codes(doc)) if consistent and doc.rounds > 12 else ()
    summed = []
    for k, p in enumerate(doc.players):
        # (a short row is added up as fast one round at a time)
        row = rows[k] if consistent and len(p.cells) > 12 else "+"
        if "+" not in row and "-" not in row:
            fixed = (
                codes_total(row, by_code)
                if exact
                else reduce(add, map(by_code.__getitem__, row), 0.0)
            )
            has_byes = "U" in row or "F" in row or "H" in row or "Z" in row
            byes = [c for c in row if c in defaults] if has_byes else []
        else:
            fixed = 0.0
            byes = []
            for opp, _, code in p.cells:
                if opp is not None:
                    fixed += game.get(code, 0.0)  # a bye code with an opponent: check names it
                elif code == "+":
                    fixed += win
                elif code in defaults:
                    byes.append(code)
        summed.append((fixed, byes))
    return _inferred(doc, scoring, defaults, summed)


def _inferred(
    doc: TrfDocument,
    scoring: Scoring,
    defaults: dict[str, float],
    summed: list[tuple[float, Sequence[str]]],
) -> tuple[dict[str, float], list[tuple[float, Sequence[str]]]]:
    """The bye values (of :func:`bye_values_and_rows`) from each row's summed games and byes."""
    if not summed:
        return defaults, summed  # no row: no bye to value
    fixed, byes_of = zip(*summed, strict=True)  # (each row's games, and its byes)
    if not any(byes_of):
        return defaults, summed  # no bye to value
    present_codes: set[str] = set()
    # players by the bye codes of their rounds (in order): each group's stated
    # points less the rest, and how many players have each
    groups: dict[tuple[str, ...], dict[float, int]] = {}
    stated: list[Any] = doc.column("points")
    rows: Iterable[int] = range(len(stated))
    # the rows without a bye, counted at once: their stated points less their
    # games' fit any bye values (within 1e-9 of 0) or none
    alone_known = alone_fit = 0
    try:
        alone = list(map(not_, byes_of))
        if any(alone):
            left = list(map(sub, compress(stated, alone), compress(fixed, alone)))
            alone_known = len(left)
            alone_fit = left.count(0.0) + sum(1 for d in filter(None, left) if abs(d) < 1e-9)
        rows = compress(rows, byes_of)
    except TypeError:  # someone without stated points: one row at a time
        pass
    for k in rows:
        byes = byes_of[k]
        if byes:
            present_codes.update(byes)
        points = stated[k]
        if points is not None:
            key = tuple(byes)
            targets = groups.get(key)
            if targets is None:
                targets = groups[key] = {}
            target = points - fixed[k]
            targets[target] = targets.get(target, 0) + 1
    present = sorted(present_codes)
    if not present:
        return defaults, summed
    known = alone_known + sum(sum(targets.values()) for targets in groups.values())
    if not known:
        return defaults, summed
    candidates = [scoring.loss, scoring.draw, scoring.win]
    best, best_hits = defaults, -1
    for combo in itertools.product(*[[defaults[c], *candidates] for c in present]):
        values = dict(zip(present, combo, strict=True))
        hits = alone_fit
        for group, targets in groups.items():
            total = sum(values[c] for c in group)
            hits += sum(count for target, count in targets.items() if abs(total - target) < 1e-9)
        if hits > best_hits:
            best, best_hits = {**defaults, **values}, hits
    # values that explain only some players' points are a guess: stated
    # points that no bye values explain (a file cut before a round states
    # the final points) say nothing of the byes
    return (best if best_hits == known else defaults), summed
