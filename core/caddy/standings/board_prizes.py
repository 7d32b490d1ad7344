"""Board prizes of a team event: for each board, the players who played on
it, ranked by their percentage on that board.

A player's board in a round is his place in his team's line-up of that
round (board 1 first), so a player who moved boards is listed on each board
he played, with the games of that board only. Only games played over the
board count (a forfeit, won or lost, an empty board and a team's bye are not
games), as board prizes are usually given; the percentage is points ÷ games
× 100, shown to one decimal (rounded half up).

The performance rating is the tournament performance rating of FIDE
Handbook C.07 Art. 10.2 (the average rating of the opponents plus ``dp`` of
FIDE's table for the score percentage, B.02 table 8.1) over the rated games
on that board, computed by the ``TPR`` tie-break plugin on a table holding
those games only; a player without a rated opponent there has none.

Order on each board: percentage, then points, then performance rating, all
highest first (players equal on all three share a rank); the pairing number
lists equal players.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from caddy.contracts.tiebreak_spec import parse_spec, standings_edition
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy.model.results import ResultsTable, RoundResult
from caddy.model.team_documents import BoardPrizeRow, BoardPrizesData, BoardPrizesDocument
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.model.team_results import TeamResultsTable
    from caddy.plugins.host import PluginHost

#: Individual result codes of a game played over the board (rated or not).
_GAMES = frozenset("1=0WDL")
#: No game for a board prize: the round as an unplayed zero.
_NONE = RoundResult(None, None, "Z", 0.0)


@attrs.frozen(kw_only=True)
class BoardPrizes:
    """Per board ``1..boards``, the players ranked (see the module docstring)."""

    boards: tuple[tuple[BoardPrizeRow, ...], ...]
    #: The complete rounds the boards were taken from.
    rounds: int
    #: Players with fewer games on a board are left out of its list.
    min_games: int = 0

    def document(self, after_round: int | None = None) -> BoardPrizesDocument:
        """The ``caddy.board-prizes`` document (docs/team-standings.md); ``after_round``
        as :meth:`caddy.standings.table.Standings.document`."""
        return BoardPrizesDocument(
            after_round=after_round,
            rounds=self.rounds,
            min_games=self.min_games,
            boards=tuple(
                BoardPrizesData(board=b, rows=rows) for b, rows in enumerate(self.boards, 1)
            ),
        )


def percentage(points: float, games: int) -> float:
    """``points / games`` in percent, rounded half up to one decimal (exact arithmetic)."""
    value = Fraction(points).limit_denominator(1000) * 1000 / games
    return float(int(value + Fraction(1, 2))) / 10


def board_games(tevent: TeamResultsTable) -> list[dict[int, list[int]]]:
    """Per board (index 0 = board 1): pairing number → the rounds (from 0)
    where the player played a game over the board on that board."""
    players = tevent.players
    assert players is not None
    boards: list[dict[int, list[int]]] = [{} for _ in range(tevent.setup.boards)]
    for row in tevent.results:
        for r, result in enumerate(row):
            if not result.played:
                continue
            for b, p in enumerate(result.lineup):
                if p and players.results[p - 1][r].code in _GAMES:
                    boards[b].setdefault(p, []).append(r)
    return boards


def _performances(
    tevent: TeamResultsTable,
    games: dict[int, list[int]],
    *,
    edition: str | None,
    options: StandingsOptions | None,
    host: PluginHost,
) -> dict[int, int | None]:
    """TPR (the tie-break plugin) over each player's games on one board."""

    registry = host.tiebreaks()
    if "TPR" not in registry:
        return dict.fromkeys(games)
    players = tevent.players
    assert players is not None
    results = tuple(
        tuple(
            players.results[i][r] if r in set(games.get(i + 1, ())) else _NONE
            for r in range(players.rounds)
        )
        for i in range(len(players.players))
    )
    event = ResultsTable(
        name=players.name,
        start_date=players.start_date,
        players=players.players,
        results=results,
        rounds=players.rounds,
        scoring=players.scoring,
        pre_determined=False,
    )
    table = TieBreakTable(
        event,
        edition=standings_edition(event, edition),
        pre_determined=False,
        options=options,
        host=host,
    )
    values = registry.get("TPR").compute(table, parse_spec("TPR"))
    return {p: None if values[p - 1] is None else int(values[p - 1] or 0) for p in games}


def board_prizes(
    tevent: TeamResultsTable,
    *,
    edition: str | None = None,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
    min_games: int = 0,
) -> BoardPrizes:
    """Each board's players ranked by percentage, points and performance rating;
    ``min_games``: leave out players with fewer games on the board (the
    competition's condition for a board prize)."""
    host = resolve(host)
    players = tevent.players
    assert players is not None
    team_of = tevent.setup.team_of()
    tables = []
    for games in board_games(tevent):
        performance = _performances(tevent, games, edition=edition, options=options, host=host)
        scored = []
        for p, rounds in games.items():
            if len(rounds) < min_games:
                continue
            points = sum(players.results[p - 1][r].points for r in rounds)
            exact = Fraction(points).limit_denominator(1000) / len(rounds)
            perf = performance[p]
            key = (-exact, -points, -(perf if perf is not None else -(10**9)))
            scored.append((key, p, len(rounds), points, perf))
        scored.sort(key=lambda item: (item[0], item[1]))
        rows: list[BoardPrizeRow] = []
        for position, (key, p, count, points, perf) in enumerate(scored, 1):
            rank = rows[-1].rank if rows and scored[position - 2][0] == key else position
            player = players.players[p - 1]
            team = team_of.get(p, 0)
            rows.append(
                BoardPrizeRow(
                    rank=rank,
                    pairing_number=p,
                    name=player.name,
                    rating=player.rating,
                    team=team,
                    team_name=tevent.setup.teams[team - 1].name if team else "",
                    games=count,
                    points=points,
                    percentage=percentage(points, count),
                    performance=perf,
                )
            )
        tables.append(tuple(rows))
    return BoardPrizes(boards=tuple(tables), rounds=tevent.rounds, min_games=min_games)
