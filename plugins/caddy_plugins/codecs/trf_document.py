"""FIDE Tournament Report Files (TRF16 and TRF26): reading, and the pieces
writers need (the names of :mod:`caddy_plugins.codecs.trf`'s modules, in one place).

:func:`parse_document` reads a file into a :class:`TrfDocument`: player
lines ``001`` by their exact columns (FIDE Handbook C.04 Annex 2) and every other
line as written. What the file *means* is built on top: :func:`event_of`
makes the results :class:`~caddy.model.results.ResultsTable` the standings read, and the
TRF codec plugin (``caddy_plugins.codecs.trf``) makes an event file of it.

A file that cannot be read (a player line with bad columns, an unknown
result code, an opponent who is not a player, numbering with gaps) raises
:class:`~caddy.errors.CaddyError` with one line per problem. Whether both
sides of every game agree is :func:`check_document`'s business (with
:func:`caddy.model.cells.check_rows`).

Points for byes come from the file: record 162 when present, else the
values that make the stated points (columns 81-84) agree with the results
for the most players.

The code lives in the modules of the package :mod:`caddy_plugins.codecs.trf`:
``records`` (:class:`TrfDocument`, :class:`TrfPlayer`, the codes), ``lines`` (the
``001`` columns, read and written), ``player_lines`` (every ``001`` line read at
once when all are well formed), ``document`` (:func:`parse_document`),
``scoring`` (scoring, annulled withdrawals; ``bye_values``: the bye values the
stated points imply; ``row_points``: a long row's points from its codes), ``checks``
(:func:`check_document`) and ``results`` (:func:`event_of`, :func:`read_trf`).
"""

from __future__ import annotations

from caddy_plugins.codecs.trf.checks import check_document
from caddy_plugins.codecs.trf.document import decode, parse_date, parse_document, read_document
from caddy_plugins.codecs.trf.lines import CellTexts, player_line, points_text
from caddy_plugins.codecs.trf.records import (
    CODES,
    OLD_TITLES,
    ROUND_ROBIN_192,
    TRF26_RECORDS,
    TrfDocument,
    TrfPlayer,
)
from caddy_plugins.codecs.trf.results import TrfFile, event_of, parse_trf, read_trf
from caddy_plugins.codecs.trf.scoring import (
    annulled_withdrawals,
    bye_scoring,
    point_tables,
    points_of,
    scoring_of,
)

__all__ = [
    "CODES",
    "OLD_TITLES",
    "ROUND_ROBIN_192",
    "TRF26_RECORDS",
    "CellTexts",
    "TrfDocument",
    "TrfFile",
    "TrfPlayer",
    "annulled_withdrawals",
    "bye_scoring",
    "check_document",
    "decode",
    "event_of",
    "parse_date",
    "parse_document",
    "parse_trf",
    "player_line",
    "point_tables",
    "points_of",
    "points_text",
    "read_document",
    "read_trf",
    "scoring_of",
]
