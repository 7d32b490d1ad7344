"""Team events: the teams, their scoring, and how a round pairs them.

A team event is an event of individual players (every game is an ordinary
board of the round, with its ordinary result) plus a team layer:

* :class:`TeamSetup` (in :attr:`caddy.model.tournament.Tournament.teams`): the
  teams, each with its players in board order (regulars, then reserves), the
  number of boards of a match, the board colours of the team with White on
  board 1, and the match scoring (:class:`TeamScoring`);
* :class:`TeamRound` (in :attr:`caddy.model.tournament.PairRound.teams`): the team
  matches of a round, each with both line-ups, plus the teams' byes;
* :class:`LineUp` (an operation): a team's line-up for a round not paired
  yet, for reserves and substitutions.

Rules (FIDE Handbook C.07 Art. 11; C.04.6 Art. 1): a match's game points
(GP) are the sum of the team's board results; the team with more GP wins the
match, equal GP is a drawn match, and match points (MP) are 2 / 1 / 0 unless
the event says otherwise. A team's colour in a match is the colour of its
board-1 player (C.04.6 1.6.1); the team with White on board 1 has the colours
of :attr:`TeamSetup.colours` on its boards, default ``WBWB...``.

How a round's results fold into team results: :mod:`caddy.model.team_results`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Literal

import attrs

from caddy.errors import CaddyError
from caddy.model.names import TEAM, find_named

if TYPE_CHECKING:
    from caddy.model.team_results import TeamResultsTable

#: The two team scores (C.07 Art. 11.1).
SCORES = ("MP", "GP")

#: Team bye kinds: pairing-allocated, and requested full, half and zero byes
#: (C.04.6 1.4; TRF-2026 records 320 and 240).
TEAM_BYE_KINDS = ("pab", "full", "half", "zero")

#: Whole-match forfeits, from the first team's side (TRF-2026 record 330).
MATCH_FORFEITS = ("+-", "-+", "--")


def _members(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Team:
    """A team: its name and its players in board order (regulars, then reserves)."""

    name: str
    #: Pairing numbers of the players, board 1 first.
    members: tuple[int, ...] = attrs.field(converter=_members)
    #: Short code or federation (``IND``, ``IND2``).
    code: str = ""
    #: The team's rating (strength) as given; ``None``: the average of its top boards.
    rating: int | None = None


@attrs.frozen(kw_only=True)
class TeamScoring:
    """Match points and which score ranks the teams (C.07 Art. 11; C.04.6 1.2)."""

    #: Match points for a match won, drawn and lost (default 2 / 1 / 0).
    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    #: The score that ranks the teams.
    primary: Literal["MP", "GP"] = "MP"
    #: The other score, used for colours and by MPvGP (``None``: not used).
    secondary: Literal["MP", "GP"] | None = "GP"
    #: A pairing-allocated bye's match points (``None``: a draw's, C.04.6 1.4).
    pab_mp: float | None = None
    #: A pairing-allocated bye's game points (``None``: a draw on every board, C.04.6 1.4).
    pab_gp: float | None = None

    def match_points(self, outcome: str) -> float:
        """MP for ``w``, ``d`` or ``l``."""
        return {"w": self.win, "d": self.draw, "l": self.loss}[outcome]


@attrs.frozen(kw_only=True)
class TeamSetup:
    """The team layer of an event (see the module docstring)."""

    #: The teams in team-number order (``teams[0]`` is team 1).
    teams: tuple[Team, ...]
    #: Boards of a match.
    boards: int
    #: Board colours of the team with White on board 1, one letter per board
    #: (``WBWB``); empty: alternating from White.
    colours: str = ""
    scoring: TeamScoring = TeamScoring()

    omit_defaults: ClassVar[tuple[str, ...]] = ("colours",)

    def board_colours(self) -> str:
        """``WBWB...`` for the team with White on board 1 (one letter per board)."""
        if self.colours:
            return self.colours
        return "".join("WB"[b % 2] for b in range(self.boards))

    def team(self, number: int) -> Team:
        """Team ``number`` (1-based)."""
        if not 1 <= number <= len(self.teams):
            raise CaddyError(f"team {number} does not exist (teams: 1..{len(self.teams)})")
        return self.teams[number - 1]

    def team_of(self) -> dict[int, int]:
        """Pairing number → team number."""
        return {p: t for t, team in enumerate(self.teams, 1) for p in team.members}

    def find(self, key: str) -> int:
        """A team number from its number, name or code (any case), or a start
        of its name (:func:`caddy.model.names.find_named`, as a player's)."""

        names = [team.name for team in self.teams]
        return find_named(names, key, TEAM, codes=[team.code for team in self.teams])

    def default_lineup(
        self, number: int, unavailable: frozenset[int] = frozenset()
    ) -> tuple[int, ...]:
        """The first ``boards`` available members in board order (0 for a board left empty)."""
        members = [p for p in self.team(number).members if p not in unavailable]
        members = members[: self.boards]
        return tuple(members) + (0,) * (self.boards - len(members))


@attrs.frozen(kw_only=True)
class TeamMatchPairing:
    """One match of a round: the team with White on board 1 first, both line-ups."""

    white: int
    black: int
    #: Pairing numbers on boards 1..boards (0: the board is left empty).
    white_lineup: tuple[int, ...]
    black_lineup: tuple[int, ...]
    #: ``+-``, ``-+`` or ``--``: the match was forfeited as a whole (no games).
    forfeit: str = ""
    #: This match's board colours of the team with White on board 1, when they
    #: differ from the event's (a Scheveningen's table); empty: the event's.
    colours: str = ""

    omit_defaults: ClassVar[tuple[str, ...]] = ("forfeit", "colours")


@attrs.frozen(kw_only=True)
class TeamBye:
    """A team without a match in a round: ``pab``, ``full``, ``half`` or ``zero``."""

    team: int
    kind: str
    #: The points it gives, when the event states them (TRF-2026 record 320);
    #: ``None``: as :class:`TeamScoring` says.
    mp: float | None = None
    gp: float | None = None

    omit_defaults: ClassVar[tuple[str, ...]] = ("mp", "gp")


@attrs.frozen(kw_only=True)
class TeamRound:
    """The team matches of a round (in :attr:`caddy.model.tournament.PairRound.teams`).

    The round's boards (``PairRound.white``/``black``) are the games of these
    matches, match by match and board by board, leaving out empty boards and
    forfeited matches."""

    matches: tuple[TeamMatchPairing, ...]
    byes: tuple[TeamBye, ...] = ()

    omit_defaults: ClassVar[tuple[str, ...]] = ("byes",)

    def games(self, colours: str) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[int, int]]]:
        """(Whites, Blacks, (match, board) of each game) for board colours
        ``colours`` (a match's own :attr:`TeamMatchPairing.colours` first)."""
        white: list[int] = []
        black: list[int] = []
        where: list[tuple[int, int]] = []
        for m, match in enumerate(self.matches, 1):
            if match.forfeit:
                continue
            pattern = match.colours or colours
            for b, (a, z) in enumerate(zip(match.white_lineup, match.black_lineup, strict=True), 1):
                if not a or not z:
                    continue
                if pattern[b - 1] == "W":
                    white.append(a)
                    black.append(z)
                else:
                    white.append(z)
                    black.append(a)
                where.append((m, b))
        return tuple(white), tuple(black), where

    def board_index(self, match: int, board: int) -> int:
        """The round's board number (from 1) of board ``board`` of match ``match``."""
        if not 1 <= match <= len(self.matches):
            raise CaddyError(f"no match {match} in this round (matches 1..{len(self.matches)})")
        m = self.matches[match - 1]
        if m.forfeit:
            raise CaddyError(f"match {match} was forfeited ({m.forfeit}): it has no games")
        if not 1 <= board <= len(m.white_lineup):
            raise CaddyError(
                f"match {match} has no board {board} (boards 1..{len(m.white_lineup)})"
            )
        if not m.white_lineup[board - 1] or not m.black_lineup[board - 1]:
            raise CaddyError(f"match {match} board {board} was left empty: no game to score")
        index = 0
        for k, other in enumerate(self.matches, 1):
            if other.forfeit:
                continue
            for b, (a, z) in enumerate(zip(other.white_lineup, other.black_lineup, strict=True), 1):
                if not a or not z:
                    continue
                index += 1
                if (k, b) == (match, board):
                    return index
        raise AssertionError("unreachable")  # pragma: no cover

    def implied_byes(self) -> dict[int, str]:
        """Individual forfeits the team layer implies: the player facing an
        empty board wins by forfeit; in a forfeited match, the line-up of the
        team that did not appear loses by forfeit and the other wins."""
        byes: dict[int, str] = {}
        for match in self.matches:
            for a, z in zip(match.white_lineup, match.black_lineup, strict=True):
                if match.forfeit:
                    wins = {"+-": (True, False), "-+": (False, True), "--": (False, False)}
                    white_wins, black_wins = wins[match.forfeit]
                    if a:
                        byes[a] = "forfeit-win" if white_wins else "forfeit-loss"
                    if z:
                        byes[z] = "forfeit-win" if black_wins else "forfeit-loss"
                elif a and not z:
                    byes[a] = "forfeit-win"
                elif z and not a:
                    byes[z] = "forfeit-win"
        return byes

    def teams(self) -> list[int]:
        """Every team this round names (matches, then byes)."""
        named = [t for m in self.matches for t in (m.white, m.black)]
        return named + [b.team for b in self.byes]


@attrs.frozen(kw_only=True)
class LineUp:
    """A team's line-up for a round not paired yet (reserves, substitutions):
    its players on boards 1, 2, ... (0 leaves a board empty)."""

    op: ClassVar[str] = "lineup"
    round: int
    team: int
    players: tuple[int, ...]


def check_setup(setup: TeamSetup, players: int) -> None:
    """Raise if the teams name unknown players, share a player, or have bad sizes."""
    problems: list[str] = []
    if setup.boards < 1:
        problems.append(f"a team match needs at least one board (got {setup.boards})")
    if setup.colours and (len(setup.colours) != setup.boards or set(setup.colours) - {"W", "B"}):
        problems.append(
            f"board colours '{setup.colours}' must be W/B, one per board ({setup.boards} boards)"
        )
    if setup.colours[:1] == "B":
        problems.append("board colours start with W: the team with White has White on board 1")
    seen: dict[int, str] = {}
    for number, team in enumerate(setup.teams, 1):
        if not team.members:
            problems.append(f"team {number} ({team.name}) has no players")
        for p in team.members:
            if not 1 <= p <= players:
                problems.append(f"team {number} ({team.name}) names player {p}, who does not exist")
            elif p in seen:
                problems.append(f"player {p} is in two teams ({seen[p]} and {team.name})")
            else:
                seen[p] = team.name
    if problems:
        raise CaddyError(problems[0], problems=problems)


def lineup_problems(
    setup: TeamSetup,
    team: int,
    players: Sequence[int],
    unavailable: Mapping[int, str] | None = None,
) -> list[str]:
    """Why a line-up cannot stand (empty: it can)."""
    problems = []
    members = set(setup.team(team).members)
    if len(players) != setup.boards:
        problems.append(f"a line-up names {setup.boards} boards (got {len(players)})")
    named = [p for p in players if p]
    for p in named:
        if p not in members:
            problems.append(f"player {p} is not a member of team {team} ({setup.team(team).name})")
        elif unavailable and p in unavailable:
            problems.append(f"player {p} cannot play: {unavailable[p]}")
    twice = sorted({p for p in named if named.count(p) > 1})
    if twice:
        problems.append(f"player {twice[0]} is on two boards")
    # board order is kept: the regulars play in their order, a reserve takes
    # the board of the regular they replace
    order = {p: k for k, p in enumerate(setup.team(team).members[: setup.boards])}
    regulars = [p for p in named if p in order]
    if regulars != sorted(regulars, key=order.__getitem__):
        shown = ", ".join(str(p) for p in sorted(regulars, key=order.__getitem__))
        problems.append(f"the board order is kept: regulars {shown} play in that order")
    return problems


@attrs.frozen(kw_only=True)
class TeamPairingContext:
    """What a team format pairs from (:attr:`caddy.contracts.PairingRequest.teams`;
    importable from :mod:`caddy.contracts`)."""

    setup: TeamSetup
    #: The team results of the rounds before the round to pair.
    history: TeamResultsTable
    #: Line-ups given ahead for the round to pair: team number → players by board.
    lineups: Mapping[int, tuple[int, ...]] = attrs.field(factory=dict)
    #: Players who cannot play the round to pair (withdrawn, or with a bye announced).
    unavailable: frozenset[int] = frozenset()
    #: Teams not to be paired this round → the bye they get (``full``, ``half``, ``zero``).
    absent: Mapping[int, str] = attrs.field(factory=dict)
    #: Pairs of teams that must not meet (team numbers, smaller first).
    forbidden: frozenset[tuple[int, int]] = frozenset()

    def lineup(self, team: int) -> tuple[int, ...]:
        """The team's line-up for the round: the one given ahead, else its first
        available players in board order (empty boards as 0)."""
        if team in self.lineups:
            return self.lineups[team]
        return self.setup.default_lineup(team, self.unavailable)
