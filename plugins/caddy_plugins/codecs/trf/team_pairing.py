"""Pairing the next round of a TRF-2026 team file (``caddy pair FILE.trf``).

The file is read as its import reads it (:mod:`.team_import`); the request
for the round to pair carries the teams' side (:class:`caddy.contracts.TeamPairingContext`):

- the team history: MP and GP of every round before the round to pair;
- the absent teams: those with a requested bye for the round (record 240:
  ``F`` full, ``H`` half, ``Z`` zero) and, when the file has the round's
  columns already, every team none of whose members played in it nor won by
  forfeit (a zero bye). Not absent: a team given the round's
  pairing-allocated bye (320; that bye is the pairing's to give) and the
  teams of a match forfeited as a whole (330; the match was paired);
- the forbidden pairs: every two teams of a record 260 whose rounds cover
  the round to pair;
- the ``team-swiss`` options: planned rounds, acceleration (250), initial colour (152).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.contracts.file_pairing import FilePairing
    from caddy.model.schedule import Round
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = ["team_pairing_input"]


def team_pairing_input(
    doc: TrfDocument,
    *,
    round: int | None = None,
    rounds: int | None = None,
    colour: Literal["w", "b"] | None = None,
    byes_801: bool = False,
) -> FilePairing:
    """The request for a team file's round to pair (see the module docstring).

    :raises CaddyError: the file is no team Swiss, or the round is outside
        the planned ones.
    """
    from caddy.contracts.file_pairing import FilePairing
    from caddy.event import replay
    from caddy.pairing.request import request_from_state
    from caddy_plugins.codecs.trf.importing import import_document
    from caddy_plugins.codecs.trf.system import round_to_pair
    from caddy_plugins.codecs.trf.team_records import read_team_records

    src = doc.source
    event = import_document(doc, byes_801=byes_801).event
    tournament = event.tournament
    setup = tournament.teams
    if setup is None or tournament.format.name != "team-swiss":
        raise CaddyError(
            f"{src}: caddy pairs team files of a team Swiss (record 192 FIDE_TEAM_..., "
            "e.g. FIDE_TEAM_BAKU); this one is not"
        )
    options = tournament.format.options
    if rounds:
        options = attrs.evolve(options, rounds=rounds)
    if colour is not None:
        options = attrs.evolve(options, initial_colour=colour)
    event = attrs.evolve(
        event,
        tournament=attrs.evolve(
            tournament, format=attrs.evolve(tournament.format, options=options)
        ),
    )
    to_pair = round_to_pair(doc) if round is None else round
    if not 1 <= to_pair <= options.rounds:
        raise CaddyError(f"{src}: round {to_pair} is outside the {options.rounds} planned rounds")
    records = read_team_records(doc, lambda _: None, byes_801=byes_801)
    # requested byes (240; with byes_801 also 801 where 240 is silent), never a
    # team given the PAB (320)
    absent: dict[int, str] = dict(records.byes.get(to_pair, []))
    if to_pair <= doc.rounds:
        given_pab = {team for team, _, _ in records.pabs.get(to_pair, [])}
        forfeited = {  # a forfeited match (330) was paired: its teams were not absent
            t for _, a, b in records.forfeits.get(to_pair, []) for t in (a, b)
        }
        cells = {p.number: p.cells[to_pair - 1] for p in doc.players if to_pair <= len(p.cells)}
        for number, team in enumerate(setup.teams, 1):
            shown = [cells.get(p) for p in team.members]
            there = any(c is not None and (c[0] is not None or c[2] == "+") for c in shown)
            if not there and number not in given_pab and number not in forfeited:
                absent.setdefault(number, "zero")
    unavailable = frozenset(p for t in absent for p in setup.team(t).members)
    forbidden = frozenset(
        (a, b)
        for first, last, teams in _forbidden(doc)
        if first <= to_pair <= last
        for a in teams
        for b in teams
        if a < b
    )
    state = replay(event)
    request = request_from_state(state, round=to_pair, absent=unavailable)
    assert request.teams is not None
    request = attrs.evolve(
        request,
        teams=attrs.evolve(
            request.teams, absent=absent, forbidden=forbidden, unavailable=unavailable
        ),
    )

    def write(paired: Round) -> bytes:
        raise CaddyError(
            f"{src}: -o does not write a team round into a TRF file yet "
            "(import the file and pair the event: caddy import, caddy pair)"
        )

    return FilePairing(
        request=request,
        format="team-swiss",
        players=tournament.players,
        next_round=round_to_pair(doc),
        write=write,
    )


def _forbidden(doc: TrfDocument) -> list[tuple[int, int, tuple[int, ...]]]:
    out = []
    for text in doc.records("260"):
        numbers = [int(x) for x in text.split() if x.isdigit()]
        if len(numbers) >= 4:
            out.append((numbers[0], numbers[1], tuple(numbers[2:])))
    return out
