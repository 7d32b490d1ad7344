"""The results of a TRF file as an :class:`~caddy.model.results.ResultsTable`, for the standings.

Each player's line is taken as written; :func:`~caddy_plugins.codecs.trf.checks.check_document`
says where the two sides of a game disagree.

The common file, every game's two sides agreeing, is read as the import reads
it (:func:`.rounds.rounds_of` checks both sides of every game in one pass; the
bye values and the points then follow from each round's code alone, every
round's result is made at list speed); a file where some game's sides disagree
is read cell by cell, and the check names each problem.
"""

from __future__ import annotations

from itertools import chain, repeat
from pathlib import Path

import attrs

from caddy.model.cells import Cell
from caddy.model.results import EventPlayer, ResultsTable, RoundResult, Scoring
from caddy_plugins.codecs.trf.checks import check_document
from caddy_plugins.codecs.trf.document import parse_date, parse_document, read_document
from caddy_plugins.codecs.trf.records import TrfDocument
from caddy_plugins.codecs.trf.rounds import rounds_of
from caddy_plugins.codecs.trf.scoring import annulled_withdrawals, point_tables, scoring_of

__all__ = ["TrfFile", "event_of", "parse_trf", "read_trf", "trf_file_of"]

_EMPTY: Cell = (None, "-", "Z")
_new = tuple.__new__


def event_of(doc: TrfDocument) -> ResultsTable:
    """The results of a TRF file as an :class:`~caddy.model.results.ResultsTable` (each
    player's line as written; :func:`check_document` says where
    the two sides of a game disagree)."""
    met = doc.results_cycles()
    return _event(doc, agreed=rounds_of(doc) is not None, cycles=doc.round_robin(results=met))


def _event(doc: TrfDocument, *, agreed: bool, cycles: int) -> ResultsTable:
    """:func:`event_of`, told whether both sides of every game agree
    (``agreed``: :func:`.rounds.rounds_of` read the rounds) and the round
    robin's cycles (``doc.round_robin()``)."""
    scored = scoring_of(doc, consistent=agreed)
    # the rounds in the player lines: a file written before its last rounds (XXR or
    # 142 planning more) has no results for them, and C.07's unplayed-round rules
    # are for rounds played, not rounds to come (FIDE Handbook C.07 16)
    rounds = max(doc.rounds, 1)
    players = tuple(
        [
            EventPlayer(
                number=p.number,
                name=p.name,
                sex=p.sex,
                title=p.title,
                rating=p.rating,
                federation=p.federation,
                fide_id=p.fide_id,
                birth=p.birth,
                stated_points=p.points,
                stated_rank=p.rank,
            )
            for p in doc.players
        ]
    )
    return ResultsTable(
        withdrawals=annulled_withdrawals(doc, scored, cycles=cycles),
        name=doc.title,
        start_date=parse_date(doc.record("042") or ""),
        players=players,
        results=_results(doc, rounds, scored, agreed=agreed),
        rounds=rounds,
        scoring=scored[0],
        pre_determined=cycles > 0,
    )


def _results(
    doc: TrfDocument,
    rounds: int,
    scored: tuple[Scoring, dict[str, float]],
    *,
    agreed: bool,
) -> tuple[tuple[RoundResult, ...], ...]:
    """Each player's ``rounds`` rounds (a short line padded with rest rounds
    ``Z``): the opponent, the colour of a game (``w``/``b``; else ``None``),
    the code and its points (a round with an opponent scored as a game, one
    without as a bye). Every cell of the file at once (``agreed``: a code's
    points then do not depend on whether the round has an opponent, unless
    ``+``/``-`` score differently with one and without)."""
    game, bye = point_tables(*scored)
    cells = list(
        chain.from_iterable(
            p.cells if len(p.cells) == rounds else (*p.cells, *[_EMPTY] * (rounds - len(p.cells)))
            for p in doc.players
        )
    )
    opponents, colours, codes = zip(*cells, strict=True)
    if agreed and all(game[c] == bye[c] for c in "+-"):
        # every game code has an opponent and every bye code none
        table = {**bye, **game}
        points = list(map(table.__getitem__, codes))
    else:
        points = [
            (game if opp is not None else bye).get(code, 0.0)
            for opp, code in zip(opponents, codes, strict=True)
        ]
    game_colours = [
        colour if opp is not None and colour in ("w", "b") else None
        for opp, colour in zip(opponents, colours, strict=True)
    ]
    made = list(
        map(_new, repeat(RoundResult), zip(opponents, game_colours, codes, points, strict=True))
    )
    return tuple([tuple(made[start : start + rounds]) for start in range(0, len(made), rounds)])


@attrs.frozen(kw_only=True)
class TrfFile:
    """What the standings reader found, with the event built from it."""

    event: ResultsTable
    #: Record 092 (free text) and 192 (encoded type), if present.
    type_text: str | None = None
    type_code: str | None = None
    #: Warnings for the user (one line each).
    warnings: tuple[str, ...] = ()
    #: The rounds the file plans (XXR or 142), if it says: ``event`` holds the
    #: rounds in its player lines only.
    planned_rounds: int | None = None


def read_trf(path: str | Path) -> TrfFile:
    """Read a TRF file into an :class:`~caddy.model.results.ResultsTable`."""
    return trf_file_of(read_document(path))


def parse_trf(data: bytes | str, name: str = "<trf>") -> TrfFile:
    """Parse TRF text into an :class:`~caddy.model.results.ResultsTable` (see :func:`parse_document`)."""
    return trf_file_of(parse_document(data, name))


def trf_file_of(doc: TrfDocument) -> TrfFile:
    # both sides of every game agree (the common file): only the meetings are left to check
    agreed = rounds_of(doc) is not None
    met = doc.results_cycles()
    event = _event(doc, agreed=agreed, cycles=doc.round_robin(results=met))
    problems = check_document(doc, stated=False, agreed=agreed, met=met)
    warnings = [*doc.warnings, *(f"{doc.source}: {p}" for p in problems)]
    return TrfFile(
        event=event,
        type_text=doc.type_text,
        type_code=doc.type_code,
        warnings=tuple(warnings),
        planned_rounds=doc.rounds_declared or None,
    )
