"""Building the pairing contract's :class:`~caddy.contracts.PairingRequest`.

A format that pairs from results (``kind == "results"``,
:class:`caddy.contracts.PairingFormat`) receives one request per round:
every player's history (opponent, colour, what the round was: a game, a
forfeit, each kind of bye, an absence), points before the round, rating,
pairing number, whether the player is absent from the round to pair, the
planned rounds, the initial colour, forbidden pairs and the format options.

:func:`request_from_state` builds it from an event file's replayed state.
A file that is not an event file (a TRF file, FIDE Data Exchange Format,
FIDE Handbook C.04 Annex 2) gives the same request through its codec's hook
``caddy_pairing_input``, which :func:`caddy.pairing.file_input.file_pairing`
asks, so one pairing engine serves both::

    def file_pairing(
        path: str,
        data: bytes,
        codec: Codec,
        *,
        round: int | None = None,
        rounds: int | None = None,
        initial_colour: Literal["w", "b"] | None = None,
        readings: Collection[str] = (),
        host: PluginHost | None = None,
    ) -> FilePairing: ...

(``round``: the round to pair; ``None``: the first with no game in the file.
The answer's ``request`` is the :class:`~caddy.contracts.PairingRequest`; the
TRF codec reads the absences from the cells of that round without an
opponent, the forbidden pairs from ``XXP``/260, the planned rounds from
``XXR``/142, the initial colour from ``XXC``/152.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs

from caddy.contracts import (
    HistoryEntry,
    HistoryKind,
    PairingPlayer,
    PairingRequest,
    PlayedRound,
)
from caddy.event.matches import board_match
from caddy.event.rounds import ANNOUNCED_KINDS, planned_rounds, withdrawal_result
from caddy.event.teams import state_team_event
from caddy.model.results import BYE_KIND_CODES, GAME_POINTS, RESULT_WORDS, Scoring
from caddy.model.schedule import Round
from caddy.model.team_results import TeamResultsTable
from caddy.model.teams import TeamPairingContext

if TYPE_CHECKING:
    from caddy.event.replay import RoundState, State
    from caddy.model.results import Scoring

#: A bye kind recorded in an event file → the history kind.
_BYE_HISTORY: dict[str, HistoryKind] = {
    "pab": "pab",
    "full": "full-bye",
    "half": "half-bye",
    "zero": "zero-bye",
    "forfeit-win": "forfeit-win",
    "forfeit-loss": "forfeit-loss",
    "rest": "absent",
}


def _round_history(
    rnd: RoundState, players: int, scoring: Scoring, withdrawn: dict[int, int]
) -> list[HistoryEntry]:
    """One entry per player (index = pairing number - 1) for a round."""

    entries: list[HistoryEntry | None] = [None] * players
    uncoloured = set(rnd.uncoloured)
    for index, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True)):
        results = rnd.results[index]
        coloured = (index + 1) not in uncoloured
        for player, opponent, colour, side in ((white, black, "w", 0), (black, white, "b", 1)):
            kind: HistoryKind = "played"
            points = 0.0
            if rnd.matches:  # a knockout match: who goes on is the bracket's business
                if results:
                    codes = [RESULT_WORDS[r][side] for r in results if r in RESULT_WORDS]
                    points = sum(scoring.points(c) for c in codes)
            elif results and results[-1] in RESULT_WORDS:
                code = RESULT_WORDS[results[-1]][side]
                points = scoring.points(code)
                if code == "+":
                    kind = "forfeit-win"
                elif code == "-":
                    kind = "forfeit-loss"
            elif not results and withdrawal_result(withdrawn, rnd.number, white, black):
                # a player who left after the round was paired: a forfeit (C.04.2 3.2)
                code = RESULT_WORDS[withdrawal_result(withdrawn, rnd.number, white, black) or "--"][
                    side
                ]
                points = scoring.points(code)
                kind = "forfeit-win" if code == "+" else "forfeit-loss"
            side_colour: Literal["w", "b"] | None = (
                ("w" if colour == "w" else "b") if coloured else None
            )
            entries[player - 1] = HistoryEntry(
                round=rnd.number, opponent=opponent, colour=side_colour, kind=kind, points=points
            )
    for player, bye in rnd.byes.items():
        entries[player - 1] = HistoryEntry(
            round=rnd.number,
            opponent=None,
            colour=None,
            kind=_BYE_HISTORY.get(bye, "absent"),
            points=scoring.points(BYE_KIND_CODES[bye]) if bye in BYE_KIND_CODES else 0.0,
        )
    for player in rnd.rest:
        if entries[player - 1] is None:
            entries[player - 1] = HistoryEntry(
                round=rnd.number,
                opponent=None,
                colour=None,
                kind="absent",
                points=scoring.points("R"),
            )
    return [
        entry
        if entry is not None
        else HistoryEntry(round=rnd.number, opponent=None, colour=None, kind="absent", points=0.0)
        for entry in entries
    ]


def played_rounds(state: State) -> list[PlayedRound]:
    """The complete rounds so far as :class:`~caddy.contracts.PlayedRound`
    (a knockout match counts once decided), stopping at the first open one."""

    played: list[PlayedRound] = []
    for rnd in state.rounds:
        boards = rnd.boards
        if not boards or not all(b.results for b in boards):
            break
        results: list[float] = []
        games: list[int] = []
        for board in boards:
            if rnd.matches:
                winner = board_match(state, board).winner()
                if winner is None:
                    return played
                results.append(1.0 if winner == board.white else 0.0)
                games.append(len(board.results))
            else:
                results.append(GAME_POINTS[RESULT_WORDS[board.results[-1]][0]])
                games.append(1)
        round_ = Round(
            number=rnd.number,
            white=tuple(b.white for b in boards),
            black=tuple(b.black for b in boards),
            # the pairing-allocated byes (a bye a player asked for, or a late
            # entrant's missed round, is an absence, not the pairing's bye)
            byes=tuple(p for p, kind in rnd.byes.items() if kind == "pab") or rnd.rest,
            matches=rnd.matches,
        )
        played.append(PlayedRound(round=round_, results=tuple(results), games=tuple(games)))
    return played


def request_from_state(
    state: State,
    *,
    round: int | None = None,
    absent: frozenset[int] = frozenset(),
    forbidden_pairs: frozenset[tuple[int, int]] = frozenset(),
    initial_colour: Literal["w", "b"] | None = None,
) -> PairingRequest:
    """The pairing request for the round after the event's last (or ``round``).

    History covers the rounds before the round to pair. A player is absent
    from it when they withdrew before it, have a full-, half- or zero-point
    bye announced for it (FIDE Handbook C.04.2 3.2-3.3; never a
    pairing-allocated bye: that is the pairing's to give) or are in
    ``absent`` (the caller's knowledge); withdrawn players are flagged too.
    A late entrant's missed rounds are in their history as the byes they got
    (C.04.2 2.5).

    :param round: the round to pair (default: the one after the last paired).
    :param forbidden_pairs: pairs that must not meet (any order).
    """

    tournament = state.event.tournament
    scoring = tournament.scoring or Scoring()
    to_pair = len(state.rounds) + 1 if round is None else round
    withdrawn = state.withdrawn
    count = state.players
    histories: list[list[HistoryEntry]] = [[] for _ in range(count)]
    announced = {
        p for p, kind in state.announced.get(to_pair, {}).items() if kind in ANNOUNCED_KINDS
    }
    for rnd in state.rounds:
        if rnd.number >= to_pair:
            if rnd.number == to_pair:  # pairing a round again: its announced byes stand
                announced.update(p for p, kind in rnd.byes.items() if kind in ANNOUNCED_KINDS)
            continue
        for index, entry in enumerate(_round_history(rnd, count, scoring, withdrawn)):
            histories[index].append(entry)
    players = []
    for number, player in enumerate(tournament.players, 1):
        history = tuple(histories[number - 1])
        gone = number in withdrawn and withdrawn[number] < to_pair
        players.append(
            PairingPlayer(
                number=number,
                rating=player.rating,
                points=sum(entry.points for entry in history),
                history=history,
                absent=gone or number in announced or number in absent,
                withdrawn=number in withdrawn,
            )
        )
    return PairingRequest(
        round=to_pair,
        planned_rounds=planned_rounds(state),
        players=tuple(players),
        options=tournament.format.options,
        initial_colour=initial_colour,
        forbidden_pairs=frozenset((min(a, b), max(a, b)) for a, b in forbidden_pairs),
        played=tuple(played_rounds(state)),
        seed=tournament.seed,
        field=state.field,
        teams=None if tournament.teams is None else _team_context(state, to_pair, players),
    )


def _team_context(
    state: State, to_pair: int, players: Sequence[PairingPlayer]
) -> TeamPairingContext:
    """The teams' side of a request: their results before the round, the
    line-ups given ahead, who cannot play, and teams with a bye announced."""

    setup = state.event.tournament.teams
    assert setup is not None
    if any(not r.matches for r in state.rounds[: to_pair - 1]):
        history = state_team_event(state)
    else:  # nothing played yet: no team results
        history = TeamResultsTable(setup=setup, rounds=0, results=((),) * len(setup.teams))
    if history.rounds > to_pair - 1:
        history = attrs.evolve(
            history,
            rounds=to_pair - 1,
            results=tuple(row[: to_pair - 1] for row in history.results),
        )
    unavailable = frozenset(p.number for p in players if p.absent)
    absent: dict[int, str] = {}
    announced = state.announced.get(to_pair, {})
    for number, team in enumerate(setup.teams, 1):
        kinds = {announced.get(p) for p in team.members}
        if all(p in unavailable for p in team.members):
            kind = next(iter(kinds)) if len(kinds) == 1 and None not in kinds else "zero"
            absent[number] = kind or "zero"
    return TeamPairingContext(
        setup=setup,
        history=history,
        lineups=dict(state.lineups.get(to_pair, {})),
        unavailable=unavailable,
        absent=absent,
    )


def request_summary(request: PairingRequest) -> dict[str, Any]:
    """The request as plain values (for ``--json`` and debugging)."""
    return {
        "round": request.round,
        "planned_rounds": request.planned_rounds,
        "initial_colour": request.initial_colour,
        "forbidden_pairs": sorted(list(p) for p in request.forbidden_pairs),
        "players": [
            {
                "number": p.number,
                "rating": p.rating,
                "points": p.points,
                "absent": p.absent,
                "withdrawn": p.withdrawn,
                "history": [[h.round, h.opponent, h.colour, h.kind, h.points] for h in p.history],
            }
            for p in request.players
        ],
    }
