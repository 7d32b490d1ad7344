"""Team results: an event's games folded into team matches, match points
(MP) and game points (GP), by the rules of FIDE Handbook C.07 Art. 11 and
C.04.6 Art. 1.

:func:`team_event` takes the team layer (:class:`caddy.model.teams.TeamSetup`, one
:class:`caddy.model.teams.TeamRound` per round) and the individual results
(:class:`caddy.model.results.ResultsTable`) and gives a :class:`TeamResultsTable`: per team and
round, the opponent, the team's colour (its board-1 player's), MP, GP, and
the board points the knock-out tie-breaks read (C.07 Art. 12).

* A played match: GP = the team's board results (forfeited boards count as
  wins and losses); more GP wins, equal GP draws, and a match where neither
  team scored is lost by both (as FIDE's reference engine scores it).
* A forfeited match (the whole team absent): the team that appeared wins on
  every board; no colour, not a game (``+``/``-``).
* A pairing-allocated bye: the MP and GP the round states, else
  :class:`caddy.model.teams.TeamScoring`'s (a draw's by default, C.04.6 1.4); for
  Art. 12 it is a win on every board (C.07 Art. 12 preamble).
* Requested byes: ``full`` a won match and a win on every board, ``half`` a
  drawn one, ``zero`` nothing; a team in no match and no bye scores a zero
  bye (in a round robin: its rest round).

:meth:`TeamResultsTable.as_event` gives the teams as the players of an ordinary
:class:`~caddy.model.results.ResultsTable` scored in MP or GP, so every individual
tie-break (BH, PS, DE ...) runs on teams with the unplayed-round rules of
C.07 Art. 16.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import itemgetter

import attrs

from caddy.model.results import (
    EventPlayer,
    ResultsTable,
    Scoring,
    make_round_result,
)
from caddy.model.team_fold import Cells, TeamRoundResult, fold_team_rounds, table_cells
from caddy.model.team_fold_boards import fold_team_boards
from caddy.model.teams import TeamRound, TeamSetup

__all__ = ["TeamResultsTable", "TeamRoundResult", "fold_team_event", "team_event"]


_MP: Callable[[TeamRoundResult], float] = itemgetter(4)
_GP: Callable[[TeamRoundResult], float] = itemgetter(5)


@attrs.frozen(kw_only=True)
class TeamResultsTable:
    """An event's team results (see the module docstring)."""

    setup: TeamSetup
    name: str = ""
    start_date: datetime.date | None = None
    rounds: int
    #: ``results[t][r]``: team ``t + 1`` in round ``r + 1``.
    results: tuple[tuple[TeamRoundResult, ...], ...]
    #: Pre-determined pairings (round robins): C.07 Art. 15.2 applies.
    pre_determined: bool = False
    #: The individual game scale (board points).
    game_scoring: Scoring = attrs.field(factory=Scoring)
    #: The individual results the teams were folded from (:attr:`players`).
    _players: ResultsTable | None = attrs.field(default=None, eq=False, repr=False)
    #: Builds :attr:`players` when it is first read and was not given (the
    #: standings fold the boards straight: :func:`caddy.event.teams.state_team_event`).
    _load_players: Callable[[], ResultsTable] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    #: The players' ratings by pairing number minus one (:meth:`rating`), when
    #: :attr:`players` is built only when read; ``None``: read :attr:`players`.
    _ratings: tuple[int | None, ...] | None = attrs.field(default=None, eq=False, repr=False)
    #: Makes :attr:`_ratings` when :meth:`rating` first needs them (the
    #: standings of most lists never do).
    _load_ratings: Callable[[], tuple[int | None, ...]] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    #: What :meth:`as_event` made once for both scores (the teams as players).
    _made: dict[str, tuple[EventPlayer, ...]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    #: The MP and GP totals per team index, each summed when first read.
    _sums: dict[str, tuple[float, ...]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )
    #: The MP and GP per team index and round (:meth:`points`).
    _points: dict[str, tuple[tuple[float, ...], ...]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )

    @property
    def players(self) -> ResultsTable | None:
        """The individual results the teams were folded from (built when first read)."""
        if self._players is None and self._load_players is not None:
            object.__setattr__(self, "_players", self._load_players())
        return self._players

    @property
    def count(self) -> int:
        return len(self.setup.teams)

    @property
    def mp(self) -> list[float]:
        """Match points per team index (a new list each time: summed once)."""
        return list(self._totals("MP"))

    @property
    def gp(self) -> list[float]:
        """Game points per team index (a new list each time: summed once)."""
        return list(self._totals("GP"))

    def _totals(self, kind: str) -> tuple[float, ...]:
        """``MP`` or ``GP`` totals per team index, summed when first asked
        for (the results never change) and kept."""
        found = self._sums.get(kind)
        if found is None:
            found = self._sums[kind] = tuple(map(sum, self.points(kind)))
        return found

    def points(self, kind: str) -> tuple[tuple[float, ...], ...]:
        """Per team index and round, the ``MP`` or ``GP`` it scored, read
        from the results when first asked for and kept (the totals and the
        team tie-breaks share them, so they are tuples: no caller can change
        what the next one reads).

        :raises ValueError: ``kind`` is neither ``MP`` nor ``GP``."""
        found = self._points.get(kind)
        if found is None:
            if kind not in ("MP", "GP"):
                raise ValueError(f"team points are MP or GP, not {kind!r}")
            field = _MP if kind == "MP" else _GP
            found = self._points[kind] = tuple(map(tuple, map(map, repeat(field), self.results)))
        return found

    def score(self, kind: str) -> list[float]:
        """``MP`` or ``GP`` totals per team index."""
        return self.mp if kind == "MP" else self.gp

    @property
    def primary(self) -> str:
        return self.setup.scoring.primary

    @property
    def secondary(self) -> str:
        """The other score (MPvGP's): GP when MP rank the teams, else MP."""
        return "GP" if self.primary == "MP" else "MP"

    def rating(self, t: int) -> int | None:
        """Team index ``t``'s rating: as given, else its top boards' average (rounded)."""
        team = self.setup.teams[t]
        if team.rating is not None:
            return team.rating
        if self._ratings is None and self._load_ratings is not None:
            object.__setattr__(self, "_ratings", self._load_ratings())
        if self._ratings is not None:
            given = self._ratings
            known = [
                rating
                for p in team.members[: self.setup.boards]
                if p <= len(given) and (rating := given[p - 1]) is not None
            ]
            return round(sum(known) / len(known)) if known else None
        if self.players is None:
            return None
        ratings = [
            self.players.players[p - 1].rating
            for p in team.members[: self.setup.boards]
            if p <= len(self.players.players)
        ]
        known = [r for r in ratings if r is not None]
        return round(sum(known) / len(known)) if known else None

    def max_match(self, kind: str) -> float:
        """The most a team can score in one match: a won match's MP, or a win on every board."""
        if kind == "MP":
            return self.setup.scoring.win
        return self.setup.boards * self.game_scoring.win

    def as_event(self, kind: str) -> ResultsTable:
        """The teams as the players of an event scored in ``MP`` or ``GP``."""
        s = self.setup.scoring
        boards = self.setup.boards
        g = self.game_scoring
        if kind == "MP":
            scoring = Scoring(win=s.win, draw=s.draw, loss=s.loss)
        else:
            scoring = Scoring(win=boards * g.win, draw=boards * g.draw, loss=boards * g.loss)
        if "players" not in self._made:  # the same teams for both scores
            self._made["players"] = tuple(
                EventPlayer(
                    number=t,
                    name=team.name,
                    rating=self.rating(t - 1),
                    federation=team.code or None,
                )
                for t, team in enumerate(self.setup.teams, 1)
            )
        players = self._made["players"]
        # (opponent, colour, code, points) of every round, at C speed
        fields = itemgetter(0, 1, 3, 4 if kind == "MP" else 5)
        results = tuple(tuple(map(make_round_result, map(fields, row))) for row in self.results)
        return ResultsTable(
            name=self.name,
            start_date=self.start_date,
            players=players,
            results=results,
            rounds=self.rounds,
            scoring=scoring,
            pre_determined=self.pre_determined,
        )


def fold_team_event(
    setup: TeamSetup,
    rounds: Sequence[TeamRound | None],
    cells: Sequence[Cells],
    *,
    game_scoring: Scoring,
    name: str = "",
    start_date: datetime.date | None = None,
    pre_determined: bool = False,
    players: ResultsTable | None = None,
    load_players: Callable[[], ResultsTable] | None = None,
    ratings: tuple[int | None, ...] | None = None,
    load_ratings: Callable[[], tuple[int | None, ...]] | None = None,
    shared_cells: bool = False,
    boards: Sequence[tuple[Sequence[int], Sequence[int], Sequence[str]]] | None = None,
    seated: Sequence[bool] = (),
) -> TeamResultsTable:
    """Fold rounds ``1..len(cells)`` (with ``boards``: ``1..len(boards)``)
    into team results (:func:`caddy.model.team_fold.fold_team_rounds`);
    ``players``, ``load_players``, ``ratings`` and ``load_ratings`` as :class:`TeamResultsTable`
    keeps them; ``shared_cells`` as ``shared`` there. ``boards``: the rounds'
    boards (Whites, Blacks, result words: :func:`caddy.event.results.board_words`),
    read instead of ``cells`` (:func:`caddy.model.team_fold_boards.fold_team_boards`;
    :class:`caddy.model.team_fold_boards.BoardsNotGamesError` when a round's
    boards are not its matches' games; ``seated``: the rounds whose boards
    are known to be, as there)."""
    if boards is not None:
        count, results = fold_team_boards(setup, rounds, boards, game_scoring, seated)
    else:
        count, results = fold_team_rounds(setup, rounds, cells, game_scoring, shared=shared_cells)
    return TeamResultsTable(
        setup=setup,
        name=name,
        start_date=start_date,
        rounds=count,
        results=results,
        pre_determined=pre_determined,
        game_scoring=game_scoring,
        players=players,
        load_players=load_players,
        ratings=ratings,
        load_ratings=load_ratings,
    )


def team_event(
    setup: TeamSetup,
    rounds: Sequence[TeamRound | None],
    players: ResultsTable,
    *,
    pre_determined: bool = False,
) -> TeamResultsTable:
    """Fold the individual results of ``players`` (rounds ``1..players.rounds``)
    into team results; ``rounds[r]`` is round ``r + 1``'s team matches."""
    return fold_team_event(
        setup,
        rounds,
        table_cells(players, min(players.rounds, len(rounds))),
        game_scoring=players.scoring,
        name=players.name,
        start_date=players.start_date,
        pre_determined=pre_determined,
        players=players,
    )
