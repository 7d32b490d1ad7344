"""Pairing the next round of a TRF file (``caddy pair FILE.trf``).

What an arbiter's program hands a pairing engine (FIDE Handbook C.04
Annex 2, the TRF specification, with the records pairing programs add):

- the round to pair is the first round in which no game appears (a game, a
  forfeit or the pairing-allocated bye ``U``), unless one is given; rounds
  before it are the history;
- in that round, a cell with no opponent (``0000``) and code ``H``, ``F``,
  ``Z`` or blank is an announced absence: the player is not paired;
- the planned rounds come from ``XXR`` or TRF26 record 142, the colour of the
  top-ranked player in round 1 from ``XXC white1``/``XXC black1`` or record
  152 (``W``/``B``), else from the colours of the first round played;
  ``XXP`` lines and TRF26 records 260 are players who must not meet (260
  for a range of rounds); records 250 (or ``XXA``) give virtual points of
  accelerated pairings, a 192 naming a ``_BAKU`` system with neither the
  Baku method (FIDE Handbook C.04.7); record ``092`` may name the pairing
  system;
- a cell's points come from the file's scoring (TRF26 record 162, else
  1 / ½ / 0 with FIDE's bye values: the pairing-allocated and full-point byes
  a win, the half-point bye a draw), never from the points column, which a
  file cut before a round may state for the whole event; ``+`` with no
  opponent counts as the pairing-allocated bye, as the FIDE-endorsed engines
  read it.

:mod:`.system` reads what the file says of its system; :func:`pairing_input`
makes the :class:`caddy.contracts.file_pairing.FilePairing` the
``caddy_pairing_input`` hook answers (the one reading of a file's round to
pair: :mod:`.dutch_input` hands the same request to the Dutch engine);
:func:`with_round` writes the file with the new round's cells added and every
other byte as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from caddy.contracts import HistoryEntry, HistoryKind, PairingPlayer, PairingRequest
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.contracts.file_pairing import FilePairing
    from caddy.model.results import Scoring
    from caddy.model.schedule import Round
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = ["pairing_input", "with_round"]


def _entry(round: int, cell: tuple[int | None, str, str] | None, scoring: Scoring) -> HistoryEntry:
    if cell is None:  # no cell for the round: not there (a zero-point bye, as the engine reads it)
        points = scoring.points("Z")
        return HistoryEntry(round=round, opponent=None, colour=None, kind="zero-bye", points=points)
    opponent, colour, code = cell
    kind: HistoryKind
    if opponent is not None:
        kind = "forfeit-win" if code == "+" else "forfeit-loss" if code == "-" else "played"
        side: Literal["w", "b"] | None = "w" if colour == "w" else "b" if colour == "b" else None
        return HistoryEntry(
            round=round, opponent=opponent, colour=side, kind=kind, points=scoring.points(code)
        )
    if code in "U+":
        return HistoryEntry(
            round=round, opponent=None, colour=None, kind="pab", points=scoring.points("U")
        )
    kind = "half-bye" if code == "H" else "full-bye" if code == "F" else "zero-bye"
    # a zero-point bye or an absence scores as BBZ (162's A) says, as the engine reads it
    points = scoring.points(code if code in ("H", "F") else "Z")
    return HistoryEntry(round=round, opponent=None, colour=None, kind=kind, points=points)


def pairing_input(
    doc: TrfDocument,
    data: bytes,
    *,
    round: int | None = None,
    rounds: int | None = None,
    colour: Literal["w", "b"] | None = None,
    byes_801: bool = False,
) -> FilePairing:
    """The request for the round to pair, and how to write the file with it
    (``byes_801``: a team file's byes only record 801 shows are read).

    :raises CaddyError: one line per problem (no planned rounds, no initial
        colour, a round outside the planned ones, a system caddy does not pair).
    """
    from caddy.contracts.file_pairing import FilePairing
    from caddy_plugins.codecs.trf.rounds import rounds_of
    from caddy_plugins.codecs.trf.scoring import scoring_of
    from caddy_plugins.codecs.trf.system import (
        absences,
        initial_colour,
        pairing_system,
        round_to_pair,
        swiss_options,
    )
    from caddy_plugins.codecs.trf.team_records import has_teams

    if has_teams(doc):  # a team event: its matches are paired (TRF-2026 team records)
        from caddy_plugins.codecs.trf.team_pairing import team_pairing_input

        return team_pairing_input(doc, round=round, rounds=rounds, colour=colour, byes_801=byes_801)
    src = doc.source
    if rounds_of(doc) is None:  # the two sides of some game disagree: the import names them
        from caddy_plugins.codecs.trf.importing import import_document

        import_document(doc)
    if pairing_system(doc) is None:
        code = "192" if (doc.record("192") or "").strip() else "092"
        system = (doc.record(code) or "").strip()
        raise CaddyError(
            f"{src}: record {code} names the system '{system}'; caddy pairs the Dutch system "
            "(FIDE Handbook C.04.3) and the Burstein system (C.04.4.2): write "
            f"{code} FIDE_DUTCH_2026 or FIDE_BURSTEIN to pair it so"
        )
    to_pair = round_to_pair(doc) if round is None else round
    if doc.pending_round and to_pair >= doc.pending_round and round != doc.pending_round:
        raise CaddyError(
            f"{src}: round {doc.pending_round} is paired but has no results yet: enter them "
            f"first (or pair it again with --round {doc.pending_round})"
        )
    planned = rounds or doc.rounds_declared
    if not planned:
        raise CaddyError(
            f"{src}: the number of rounds is missing (record XXR or 142); give it with --rounds"
        )
    if not 1 <= to_pair <= planned:
        raise CaddyError(
            f"{src}: round {to_pair} is outside the {planned} planned rounds"
            + (" (the event is over)" if round is None else "")
        )
    first = colour or initial_colour(doc, to_pair)
    if first is None:
        raise CaddyError(
            f"{src}: the initial colour is missing (record XXC white1 or black1, or 152); "
            "give it with --initial-colour"
        )
    # the file's stated scoring, not bye values inferred from its points
    # column: a file cut before a round states the final points
    scoring = scoring_of(doc)[0]
    absent = absences(doc, data, to_pair)
    players = []
    for player in doc.players:
        cells = player.cells
        history = tuple(
            _entry(k, cells[k - 1] if k <= len(cells) else None, scoring) for k in range(1, to_pair)
        )
        players.append(
            PairingPlayer(
                number=player.number,
                rating=player.rating,
                points=sum(entry.points for entry in history),
                history=history,
                absent=player.number in absent,
            )
        )
    options = swiss_options(doc, rounds=planned, colour=first)
    request = PairingRequest(
        round=to_pair,
        planned_rounds=planned,
        players=tuple(players),
        options=options,
        initial_colour=first,
    )
    return FilePairing(
        request=request,
        format="swiss",
        players=tuple(p.as_player() for p in doc.players),
        next_round=round_to_pair(doc),
        write=lambda paired: with_round(doc, data, paired),
    )


def with_round(doc: TrfDocument, data: bytes, paired: Round) -> bytes:
    """The file's bytes with ``paired``'s cells added to the player lines
    (games with no result yet, which the reader takes as the last round
    paired and not played; the pairing-allocated bye as ``0000 - U``); every
    other line as it was, the points (columns 81-84) those of the rounds
    played.

    :raises CaddyError: the round is not the next one in the file.
    """
    from caddy_plugins.codecs.trf.system import file_text, round_to_pair

    if (
        paired.number != round_to_pair(doc)
        or doc.pending_round
        or any(
            len(p.cells) >= paired.number and p.cells[paired.number - 1][0] is not None
            for p in doc.players
        )
    ):
        raise CaddyError(
            f"{doc.source}: -o writes the next round only; round {paired.number} has games already"
        )
    cells: dict[int, str] = {}
    for white, black in zip(paired.white, paired.black, strict=True):
        cells[white] = f"{black:4d} w   "
        cells[black] = f"{white:4d} b   "
    for bye in paired.byes:
        cells[bye] = "0000 - U  "
    parts, encoding = file_text(data)
    column = 91 + 10 * (paired.number - 1)
    lines_of = {p.line: p for p in doc.players}
    for index in range(0, len(parts), 2):
        player = lines_of.get(index // 2 + 1)
        if player is None or player.number not in cells:
            continue
        body = parts[index][:column].ljust(column) + cells[player.number]
        parts[index] = body.rstrip()
    return "".join(parts).encode(encoding)
