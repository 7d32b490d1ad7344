"""The rating request of an event (:class:`caddy.contracts.rating.RatingRequest`):
the players' ratings as the event stored them and every round's games as
the replay has them (a game without a result yet has no score)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING

from caddy.contracts.rating import RatedPlayer, RatingGame, RatingRequest
from caddy.errors import InputError
from caddy.event.results import results_event
from caddy.model.ratings import RatingType, rating_type_of
from caddy.model.results import GAME_POINTS, RESULT_WORDS
from caddy.ratings.players import fide_rating

if TYPE_CHECKING:
    from caddy.contracts import Format
    from caddy.event.replay import State
    from caddy.model.schedule import Player
    from caddy.model.tournament import Tournament

#: A side's score for each result code (byes score as the event scores them).
_SCORES = GAME_POINTS
#: The codes of a game played over the board for at least one move (B.02 5.1).
_RATED = frozenset("1=0")


def event_rating_type(tournament: Tournament) -> RatingType:
    """The rating list the event is rated on: the event's own choice, else
    its time control's FIDE category (no time control: standard)."""
    setup = tournament.ratings
    if setup is not None and setup.type is not None:
        return setup.type
    control = tournament.time_control
    return rating_type_of(control.fide_category if control is not None else None)


def event_date(tournament: Tournament) -> datetime.date | None:
    """The date the rating rules are read at: the event's end, else its start."""
    return tournament.end or tournament.start


def unrated(fmt: Format) -> str | None:
    """Why an event of format ``fmt`` is not rated (its ``rated`` is false:
    bughouse), named as its summary names it before the colon; ``None``: rated."""
    if fmt.rated:
        return None
    title = fmt.summary.partition(":")[0] if fmt.summary.startswith(fmt.name) else fmt.name
    return f"a {title} event is not rated"


def rating_request(
    state: State, options: Mapping[str, str] | None = None, *, where: str = ""
) -> RatingRequest:
    """The request a rating system gets for the event replayed as ``state``.

    :raises InputError: the event's format is not rated (the message starts
        with ``where``, the event's file, when given)."""
    reason = unrated(state.fmt)
    if reason is not None:
        raise InputError(f"{where}: {reason}" if where else reason)
    tournament = state.event.tournament
    kind = event_rating_type(tournament)
    players = tuple(
        rated_player(number, player, tournament, kind)
        for number, player in enumerate(tournament.players, 1)
    )
    return RatingRequest(
        type=kind,
        date=event_date(tournament),
        players=players,
        games=(*_round_games(state), *_match_games(state)),
        options=dict(options or {}),
    )


def _round_games(state: State) -> tuple[RatingGame, ...]:
    """Every player's side of every round that is not a knockout match, as the
    standings score it (byes, forfeits, withdrawals); a game without a result
    yet has no score."""
    if not any(not rnd.matches for rnd in state.rounds):
        return ()
    pending = {
        (rnd.number, player)
        for rnd in state.rounds
        if not rnd.matches
        for index, results in enumerate(rnd.results)
        if not results
        for player in (rnd.white[index], rnd.black[index])
    }
    table = results_event(state, completed_only=False, empty=True)
    return tuple(
        RatingGame(
            round=number,
            player=player,
            opponent=side.opponent,
            score=None if (number, player) in pending else _SCORES.get(side.code, side.points),
            played=side.rated and (number, player) not in pending,
        )
        for number in range(1, table.rounds + 1)
        for player, row in enumerate(table.results, 1)
        if row and (side := row[number - 1]) is not None
    )


def _match_games(state: State) -> tuple[RatingGame, ...]:
    """Every game of the knockout matches (each game of a match is rated on its
    own, B.02 5.1: forfeits and games decided without play are not)."""
    games = []
    for rnd in state.rounds:
        if not rnd.matches:
            continue
        for board in rnd.boards:
            for result in board.results:
                codes = RESULT_WORDS[result]
                for player, opponent, code in (
                    (board.white, board.black, codes[0]),
                    (board.black, board.white, codes[1]),
                ):
                    games.append(
                        RatingGame(
                            round=rnd.number,
                            player=player,
                            opponent=opponent,
                            score=_SCORES[code],
                            played=code in _RATED,
                        )
                    )
    return tuple(games)


def rated_player(
    number: int, player: Player, tournament: Tournament, kind: RatingType
) -> RatedPlayer:
    """A player as the rating systems see them (what the event stored)."""
    listed = player.listed
    entry = listed.of(kind) if listed is not None else None
    birth = listed.birth_year if listed is not None else _birth_year(player.birth)
    return RatedPlayer(
        number=number,
        name=player.name,
        rating=fide_rating(player, tournament.ratings),
        national_rating=player.national_rating,
        k=entry.k if entry is not None and entry.k is not None else player.k,
        games=None,  # a list's games column counts its period, not a career (B.02 8.3.3)
        birth_year=birth,
        fide_id=player.fide_id,
        federation=player.federation,
        title=player.title,
        list_date=listed.list_date if listed is not None else None,
    )


def _birth_year(birth: str | None) -> int | None:
    """The year of a birth date as written (``1990/05/01``, ``1990``); ``None`` if none."""
    year = (birth or "")[:4]
    return int(year) if year.isascii() and year.isdigit() and year != "0000" else None
