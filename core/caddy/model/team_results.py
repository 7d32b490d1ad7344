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
from collections.abc import Sequence
from typing import Literal

import attrs

from caddy.model.results import EventPlayer, ResultsTable, RoundResult, Scoring
from caddy.model.teams import TeamMatchPairing, TeamRound, TeamSetup

#: Per-board letters of a team's round (``801`` style): won, drawn, lost, forfeit ``+ -``.
_BOARD_CODES = {"1": "1", "=": "=", "0": "0", "W": "1", "D": "=", "L": "0", "+": "+", "-": "-"}


@attrs.frozen(kw_only=True)
class TeamRoundResult:
    """One team's round."""

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
        return [sum(r.mp for r in row) for row in self.results]

    @property
    def gp(self) -> list[float]:
        """Game points per team index."""
        return [sum(r.gp for r in row) for row in self.results]

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
        results = tuple(
            tuple(
                RoundResult(r.opponent, r.colour, r.code, r.mp if kind == "MP" else r.gp)
                for r in row
            )
            for row in self.results
        )
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
    rows: list[list[TeamRoundResult]] = [[] for _ in range(n)]
    for r in range(count):
        done: set[int] = set()
        team_round = rounds[r]
        if team_round is not None:
            for match in team_round.matches:
                a, b = _match(setup, match, r, players)
                rows[match.white - 1].append(a)
                rows[match.black - 1].append(b)
                done.update((match.white, match.black))
            for bye in team_round.byes:
                rows[bye.team - 1].append(_bye(setup, bye.kind, bye.mp, bye.gp, players.scoring))
                done.add(bye.team)
        for t in range(1, n + 1):
            if t not in done:
                rows[t - 1].append(_bye(setup, "zero", None, None, players.scoring))
    return TeamResultsTable(
        setup=setup,
        name=players.name,
        start_date=players.start_date,
        rounds=count,
        results=tuple(tuple(row) for row in rows),
        pre_determined=pre_determined,
        game_scoring=players.scoring,
        players=players,
    )


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


def _match(
    setup: TeamSetup, match: object, r: int, players: ResultsTable
) -> tuple[TeamRoundResult, TeamRoundResult]:

    assert isinstance(match, TeamMatchPairing)
    s = setup.scoring
    game = players.scoring
    boards = setup.boards
    if match.forfeit:
        white_wins, black_wins = {"+-": (True, False), "-+": (False, True), "--": (False, False)}[
            match.forfeit
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
    sides: list[tuple[list[float], list[str]]] = []
    for lineup, other in (
        (match.white_lineup, match.black_lineup),
        (match.black_lineup, match.white_lineup),
    ):
        points: list[float] = []
        codes: list[str] = []
        for p, q in zip(lineup, other, strict=True):
            if not p:
                points.append(game.forfeit_loss)
                codes.append("-")
            elif not q:
                points.append(game.win if game.forfeit_win is None else game.forfeit_win)
                codes.append("+")
            else:
                res = players.results[p - 1][r]
                points.append(res.points)
                codes.append(_BOARD_CODES.get(res.code, res.code))
        sides.append((points, codes))
    forfeited = _all_forfeits(sides[0][1], sides[1][1])
    if forfeited is not None:  # no board was played: the match was forfeited as a whole
        return _match(setup, attrs.evolve(match, forfeit=forfeited), r, players)
    gp_white, gp_black = sum(sides[0][0]), sum(sides[1][0])
    if gp_white > gp_black:
        outcomes = ("w", "l")
    elif gp_black > gp_white:
        outcomes = ("l", "w")
    elif gp_white > 0:
        outcomes = ("d", "d")
    else:  # nobody scored: both lose (FIDE's reference engine)
        outcomes = ("l", "l")
    code = {"w": "1", "d": "=", "l": "0"}
    result = []
    for (points, codes), opp, colour, outcome, lineup in (
        (sides[0], match.black, "w", outcomes[0], match.white_lineup),
        (sides[1], match.white, "b", outcomes[1], match.black_lineup),
    ):
        result.append(
            TeamRoundResult(
                opponent=opp,
                colour=colour,  # type: ignore[arg-type]
                kind="played",
                code=code[outcome],
                mp=s.match_points(outcome),
                gp=sum(points),
                boards=tuple(points),
                lineup=lineup,
                board_codes=tuple(codes),
            )
        )
    return result[0], result[1]


def _all_forfeits(white: Sequence[str], black: Sequence[str]) -> str | None:
    """``+-``, ``-+`` or ``--`` when every board of a match was forfeited the
    same way (the team that lost them all did not appear: C.04.6 1.6, the
    match is not played), else ``None``."""
    for pair in (("+", "-"), ("-", "+"), ("-", "-")):
        if all(c == pair[0] for c in white) and all(c == pair[1] for c in black):
            return pair[0] + pair[1]
    return None
