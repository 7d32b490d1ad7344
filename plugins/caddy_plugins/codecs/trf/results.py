"""The results of a TRF file as an :class:`~caddy.model.results.ResultsTable`, for the standings.

Each player's line is taken as written; :func:`~caddy_plugins.codecs.trf.checks.check_document`
says where the two sides of a game disagree.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from caddy.model.results import EventPlayer, ResultsTable, RoundResult
from caddy_plugins.codecs.trf.checks import check_document
from caddy_plugins.codecs.trf.document import parse_date, parse_document, read_document
from caddy_plugins.codecs.trf.records import TrfDocument
from caddy_plugins.codecs.trf.scoring import annulled_withdrawals, point_tables, scoring_of

__all__ = ["TrfFile", "event_of", "parse_trf", "read_trf", "trf_file_of"]


def event_of(doc: TrfDocument) -> ResultsTable:
    """The results of a TRF file as an :class:`~caddy.model.results.ResultsTable` (each
    player's line as written; :func:`check_document` says where
    the two sides of a game disagree)."""
    scoring, bye_values = scoring_of(doc)
    game, bye = point_tables(scoring, bye_values)
    # the rounds in the player lines: a file written before its last rounds (XXR or
    # 142 planning more) has no results for them, and C.07's unplayed-round rules
    # are for rounds played, not rounds to come (FIDE Handbook C.07 16)
    rounds = max(doc.rounds, 1)
    players = []
    results = []
    for p in doc.players:
        players.append(
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
        )
        row = []
        for r in range(rounds):
            opp, colour, code = p.cells[r] if r < len(p.cells) else (None, "-", "Z")
            points = (game if opp is not None else bye).get(code, 0.0)
            row.append(
                RoundResult(
                    opponent=opp,
                    colour=colour if opp is not None and colour in ("w", "b") else None,  # type: ignore[arg-type]
                    code=code,
                    points=points,
                )
            )
        results.append(tuple(row))
    cycles = doc.round_robin()
    return ResultsTable(
        withdrawals=annulled_withdrawals(doc, (scoring, bye_values)),
        name=doc.title,
        start_date=parse_date(doc.record("042") or ""),
        players=tuple(players),
        results=tuple(results),
        rounds=rounds,
        scoring=scoring,
        pre_determined=cycles > 0,
    )


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
    event = event_of(doc)
    warnings = [*doc.warnings, *(f"{doc.source}: {p}" for p in check_document(doc, stated=False))]
    return TrfFile(
        event=event,
        type_text=doc.type_text,
        type_code=doc.type_code,
        warnings=tuple(warnings),
        planned_rounds=doc.rounds_declared or None,
    )
