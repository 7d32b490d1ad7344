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
from functools import partial
from operator import itemgetter
from typing import Literal, NamedTuple

import attrs

from caddy.model.results import (
    ALL_CODES,
    EventPlayer,
    ResultsTable,
    Scoring,
    make_round_result,
)
from caddy.model.teams import TeamMatchPairing, TeamRound, TeamSetup

#: Per-board letters of a team's round (``801`` style): won, drawn, lost, forfeit ``+ -``.
_BOARD_CODES = {"1": "1", "=": "=", "0": "0", "W": "1", "D": "=", "L": "0", "+": "+", "-": "-"}
#: Every result code to its board letter (a bye's code stays as it is).
_BOARD_OF = {code: _BOARD_CODES.get(code, code) for code in ALL_CODES}


class TeamRoundResult(NamedTuple):
    """One team's round.

    A named tuple, as :class:`caddy.model.results.RoundResult` is: a team
    event's standings fold every match into two of them, so they are made and
    read at tuple speed. Change one with ``result._replace(mp=2.0)``.
    """

    #: The opposing team's number, or ``None``.
    opponent: int | None
    #: The team's colour in the match (its board-1 player's); ``None``: not played.
    colour: Literal["w", "b"] | None
    #: ``played``, ``forfeit-win``, ``forfeit-loss``, ``pab``, ``full``, ``half``, ``zero``.
    kind: str
    #: The round as an individual result code (``1 = 0 + - U F H Z``).
    code: str
    mp: float
    gp: float
    #: Board points for C.07 Art. 12 (a PAB and a forfeited match: per board as a win or loss).
    boards: tuple[float, ...]
    #: Pairing numbers on boards 1.. (0: empty), for a match.
    lineup: tuple[int, ...] = ()
    #: Each board's result from the team's side (``1 = 0 + -``; empty when no game).
    board_codes: tuple[str, ...] = ()

    @property
    def played(self) -> bool:
        """A match played over the board (C.04.6 1.6: the team had a colour)."""
        return self.kind == "played"


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
    #: The individual results the teams were folded from.
    players: ResultsTable | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def count(self) -> int:
        return len(self.setup.teams)

    @property
    def mp(self) -> list[float]:
        """Match points per team index."""
        return [sum(map(_MP, row)) for row in self.results]

    @property
    def gp(self) -> list[float]:
        """Game points per team index."""
        return [sum(map(_GP, row)) for row in self.results]

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
        players = tuple(
            EventPlayer(
                number=t, name=team.name, rating=self.rating(t - 1), federation=team.code or None
            )
            for t, team in enumerate(self.setup.teams, 1)
        )
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


def team_event(
    setup: TeamSetup,
    rounds: Sequence[TeamRound | None],
    players: ResultsTable,
    *,
    pre_determined: bool = False,
) -> TeamResultsTable:
    """Fold the individual results of ``players`` (rounds ``1..players.rounds``)
    into team results; ``rounds[r]`` is round ``r + 1``'s team matches."""
    n = len(setup.teams)
    count = min(players.rounds, len(rounds))
    if not any(rounds[:count]) and count:
        count = 0
    fold = _Fold(setup, players)
    rows: list[list[TeamRoundResult]] = [[] for _ in range(n)]
    for r in range(count):
        done: set[int] = set()
        team_round = rounds[r]
        if team_round is not None:
            for match in team_round.matches:
                a, b = fold.match(match, r)
                rows[match.white - 1].append(a)
                rows[match.black - 1].append(b)
                done.update((match.white, match.black))
            for bye in team_round.byes:
                rows[bye.team - 1].append(fold.bye(bye.kind, bye.mp, bye.gp))
                done.add(bye.team)
        if len(done) < n:
            zero = fold.bye("zero", None, None)
            for t in range(1, n + 1):
                if t not in done:
                    rows[t - 1].append(zero)
    return TeamResultsTable(
        setup=setup,
        name=players.name,
        start_date=players.start_date,
        rounds=count,
        results=tuple(map(tuple, rows)),
        pre_determined=pre_determined,
        game_scoring=players.scoring,
        players=players,
    )


#: A team round result from its 9 fields in order, without a Python frame.
_make = partial(tuple.__new__, TeamRoundResult)
_FORFEITS = frozenset("+-")
_OUTCOME_CODES = {"w": "1", "d": "=", "l": "0"}


class _Fold:
    """One fold of an event's boards into team results: the scales read once,
    a bye's result made once per kind (the results are immutable)."""

    def __init__(self, setup: TeamSetup, players: ResultsTable) -> None:
        self.setup = setup
        self.players = players
        self.results = players.results
        s = setup.scoring
        self.match_points = {"w": s.win, "d": s.draw, "l": s.loss}
        game = players.scoring
        self.forfeit_loss = game.forfeit_loss
        self.forfeit_win = game.win if game.forfeit_win is None else game.forfeit_win
        self.byes: dict[tuple[str, float | None, float | None], TeamRoundResult] = {}

    def bye(self, kind: str, mp: float | None, gp: float | None) -> TeamRoundResult:
        key = (kind, mp, gp)
        if key not in self.byes:
            self.byes[key] = _bye(self.setup, kind, mp, gp, self.players.scoring)
        return self.byes[key]

    def side(
        self, lineup: tuple[int, ...], other: tuple[int, ...], r: int
    ) -> tuple[tuple[float, ...], tuple[str, ...]]:
        """A team's board points and board codes in round index ``r`` (an empty
        board of its own: a forfeit loss; of the other team: a forfeit win)."""
        results = self.results
        if 0 not in lineup and 0 not in other and len(lineup) == len(other):
            cells = [results[p - 1][r] for p in lineup]
            codes = [cell[2] for cell in cells]
            try:
                return tuple([cell[3] for cell in cells]), tuple(map(_BOARD_OF.__getitem__, codes))
            except KeyError:
                pass
        points: list[float] = []
        board_codes: list[str] = []
        for p, q in zip(lineup, other, strict=True):
            if not p:
                points.append(self.forfeit_loss)
                board_codes.append("-")
            elif not q:
                points.append(self.forfeit_win)
                board_codes.append("+")
            else:
                res = results[p - 1][r]
                points.append(res.points)
                board_codes.append(_BOARD_CODES.get(res.code, res.code))
        return tuple(points), tuple(board_codes)

    def match(self, match: TeamMatchPairing, r: int) -> tuple[TeamRoundResult, TeamRoundResult]:
        if match.forfeit:
            return self.forfeited(match, match.forfeit)
        white_lineup, black_lineup = match.white_lineup, match.black_lineup
        white_points, white_codes = self.side(white_lineup, black_lineup, r)
        black_points, black_codes = self.side(black_lineup, white_lineup, r)
        if _FORFEITS.issuperset(white_codes) and _FORFEITS.issuperset(black_codes):
            forfeited = _all_forfeits(white_codes, black_codes)
            if forfeited is not None:  # no board was played: the match was forfeited as a whole
                return self.forfeited(match, forfeited)
        gp_white, gp_black = sum(white_points), sum(black_points)
        if gp_white > gp_black:
            white, black = "w", "l"
        elif gp_black > gp_white:
            white, black = "l", "w"
        elif gp_white > 0:
            white, black = "d", "d"
        else:  # nobody scored: both lose (FIDE's reference engine)
            white, black = "l", "l"
        mp = self.match_points
        return (
            _make(
                (
                    match.black,
                    "w",
                    "played",
                    _OUTCOME_CODES[white],
                    mp[white],
                    gp_white,
                    white_points,
                    white_lineup,
                    white_codes,
                )
            ),
            _make(
                (
                    match.white,
                    "b",
                    "played",
                    _OUTCOME_CODES[black],
                    mp[black],
                    gp_black,
                    black_points,
                    black_lineup,
                    black_codes,
                )
            ),
        )

    def forfeited(
        self, match: TeamMatchPairing, forfeit: str
    ) -> tuple[TeamRoundResult, TeamRoundResult]:
        """A match forfeited as a whole: the team that appeared wins on every board."""
        s = self.setup.scoring
        boards = self.setup.boards
        game = self.players.scoring
        white_wins, black_wins = {"+-": (True, False), "-+": (False, True), "--": (False, False)}[
            forfeit
        ]
        out = []
        for opp, wins, lineup in (
            (match.black, white_wins, match.white_lineup),
            (match.white, black_wins, match.black_lineup),
        ):
            point = game.win if wins else game.forfeit_loss
            out.append(
                TeamRoundResult(
                    opponent=opp,
                    colour=None,
                    kind="forfeit-win" if wins else "forfeit-loss",
                    code="+" if wins else "-",
                    mp=s.win if wins else s.loss,
                    gp=boards * point,
                    boards=(point,) * boards,
                    lineup=lineup,
                    board_codes=("+" if wins else "-",) * boards,
                )
            )
        return out[0], out[1]


def _bye(
    setup: TeamSetup, kind: str, mp: float | None, gp: float | None, game: Scoring
) -> TeamRoundResult:
    s = setup.scoring
    boards = setup.boards
    per_board = {"pab": game.win, "full": game.win, "half": game.draw, "zero": game.loss}[kind]
    if kind == "pab":
        mp = mp if mp is not None else (s.pab_mp if s.pab_mp is not None else s.draw)
        gp = gp if gp is not None else (s.pab_gp if s.pab_gp is not None else boards * game.draw)
    else:
        outcome = {"full": "w", "half": "d", "zero": "l"}[kind]
        mp = mp if mp is not None else s.match_points(outcome)
        gp = gp if gp is not None else boards * per_board
    code = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}[kind]
    return TeamRoundResult(
        opponent=None,
        colour=None,
        kind=kind,
        code=code,
        mp=mp,
        gp=gp,
        boards=(per_board,) * boards,
    )


def _all_forfeits(white: Sequence[str], black: Sequence[str]) -> str | None:
    """``+-``, ``-+`` or ``--`` when every board of a match was forfeited the
    same way (the team that lost them all did not appear: C.04.6 1.6, the
    match is not played), else ``None``."""
    for pair in (("+", "-"), ("-", "+"), ("-", "-")):
        if all(c == pair[0] for c in white) and all(c == pair[1] for c in black):
            return pair[0] + pair[1]
    return None
