"""Team round robin: every team meets every other team once per cycle, by the
FIDE Berger tables with team numbers (FIDE Handbook C.05 Annex 1).

The pairs of teams and their board-1 colours are the individual round
robin's (:mod:`caddy_plugins.formats.round_robin`, table ``fide``): the
first-named team of a Berger pair has White on board 1 and the colours of
the event's board pattern (``WBWB`` by default) on the following boards, the
other team the opposite colours (C.04.6 1.6.1: a team's colour in a match is
its board-1 player's). A double round robin plays the table twice, colours
reversed in the second cycle, with FIDE's swap of the first cycle's last two
rounds (as the individual double round robin does; option
``swap_last_two``). An odd number of teams uses the table for one more
team: whoever meets the phantom rests that round (it is named in no match
and scores a rest round, no round for tie-breaks).

The matches are fixed by the table, but each round is paired on its own
(``caddy pair``), because the line-ups change from round to round: a team's
line-up is the one given ahead (``caddy lineup``), else its first available
players in board order. A team announced absent for the round forfeits its
match (``-+``, or ``--`` when both are). Pairings are pre-determined for the
tie-breaks (C.07 Art. 15.2).

Options ``teams`` and ``boards`` let the calculator count a field of
players (``caddy new --teams`` writes both from the teams file).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase
from caddy.errors import CaddyError, InputError
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions, round_robin_rounds

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest, PlayedRound, TeamPairingContext
    from caddy.model.schedule import Numbering, Player, Round, Schedule
    from caddy.model.teams import TeamMatchPairing


@attrs.frozen(kw_only=True)
class TeamRoundRobinOptions:
    """Options of the ``team-round-robin`` format."""

    #: 1 for a single round robin, 2 for a double (colours reversed in the second cycle).
    cycles: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: Double round robin: swap the last two rounds of the first cycle (FIDE's advice).
    swap_last_two: bool = True
    #: Number of teams (0: the players divided by ``boards``).
    teams: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: Boards of a match.
    boards: int = attrs.field(default=4, validator=attrs.validators.ge(1))


def team_count(players: int, teams: int, boards: int, name: str) -> int:
    """The number of teams of a field (``teams``, else ``players // boards``), checked."""
    n = teams or players // boards
    if n < 2:
        raise InputError(
            f"format '{name}' needs at least 2 teams of {boards} boards, got {players} players"
        )
    if players < n * boards:
        raise InputError(
            f"{n} teams of {boards} boards need at least {n * boards} players, got {players}"
        )
    return n


#: Why a team format refuses a list of players without teams.
NEEDS_TEAMS = "format '{name}' pairs teams: give them with caddy new --teams teams.csv"

#: Why ``caddy plan`` leaves a team format out.
PLAN_REFUSAL = (
    "format '{name}' runs team events (caddy new --teams); caddy plan weighs formats for players"
)


@cache
def team_table(teams: int, cycles: int, swap_last_two: bool) -> Schedule:
    """The Berger table of ``teams`` team numbers (C.05 Annex 1), both cycles."""
    options = RoundRobinOptions(cycles=cycles, swap_last_two=swap_last_two)
    return RoundRobin().schedule(teams, options)


def team_context(request: PairingRequest, name: str) -> TeamPairingContext:
    """The request's teams, or the error for an event without them."""
    if request.teams is None:
        raise CaddyError(
            f"format '{name}' pairs teams: the event needs them (caddy new --teams teams.csv)"
        )
    return request.teams


def match_pairing(
    context: TeamPairingContext, white: int, black: int, colours: str = ""
) -> TeamMatchPairing:
    """A match with both teams' line-ups for the round; a team announced absent
    forfeits it (``-+``, ``+-``, or ``--`` when neither team comes)."""
    from caddy.model.teams import TeamMatchPairing

    away = (white in context.absent, black in context.absent)
    forfeit = {(False, False): "", (True, False): "-+", (False, True): "+-", (True, True): "--"}
    return TeamMatchPairing(
        white=white,
        black=black,
        white_lineup=context.lineup(white),
        black_lineup=context.lineup(black),
        forfeit=forfeit[away],
        colours=colours,
    )


class TeamRoundRobin(FormatBase):
    """Every team meets every other team, once per cycle (FIDE Berger tables)."""

    name: ClassVar[str] = "team-round-robin"
    pairs_teams: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "team round robin: FIDE Berger tables with team numbers; 1 or 2 cycles; line-ups per round"
    )
    Options: ClassVar[type[Any]] = TeamRoundRobinOptions
    kind: ClassVar[str] = "results"

    def arithmetic(self, players: int, options: TeamRoundRobinOptions) -> Arithmetic:
        n = team_count(players, options.teams, options.boards, self.name)
        k, cycles = options.boards, options.cycles
        matches = n // 2
        return Arithmetic(
            players=players,
            rounds=round_robin_rounds(n) * cycles,
            games=n * (n - 1) // 2 * cycles * k,
            boards=matches * k,
            games_per_player=(n - 1) * cycles,
            byes_per_round=players - 2 * matches * k,
            pair_meetings=None,
            details=(
                f"{n} teams of {k} boards: {matches} matches a round"
                + (", one team rests each round" if n % 2 else ""),
            ),
        )

    def variants(self, options: TeamRoundRobinOptions) -> dict[str, Any]:
        if options.cycles == 1:
            return {"double round robin": attrs.evolve(options, cycles=2)}
        return {}

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        """Refused: a team event's players come with their teams (``caddy new --teams``)."""
        raise InputError(NEEDS_TEAMS.format(name=self.name))

    def plan_options(self, players: int, options: TeamRoundRobinOptions) -> dict[str, Any]:
        """None: ``caddy plan`` weighs formats for a field of individual players."""
        raise InputError(PLAN_REFUSAL.format(name=self.name))

    def pre_determined(self, options: TeamRoundRobinOptions) -> bool | None:
        return True

    def match_games(self, options: TeamRoundRobinOptions) -> tuple[int, int]:
        """Every board is one game (the contract suite's play-through)."""
        return 1, 1

    def table(self, teams: int, options: TeamRoundRobinOptions) -> Schedule:
        """The whole table of team numbers (Whites = the first-named teams)."""
        return team_table(teams, options.cycles, options.swap_last_two)

    def next_round(self, request: PairingRequest) -> Round | None:
        from caddy.model.schedule import Round
        from caddy.model.teams import TeamRound

        context = team_context(request, self.name)
        setup = context.setup
        options: TeamRoundRobinOptions = request.options
        n = len(setup.teams)
        if options.teams and options.teams != n:
            raise CaddyError(f"the options name {options.teams} teams, the event has {n}")
        table = self.table(n, options)
        if request.round > len(table.rounds):
            return None
        rnd = table.rounds[request.round - 1]
        matches = tuple(
            match_pairing(context, w, b) for w, b in zip(rnd.white, rnd.black, strict=True)
        )
        teams = TeamRound(matches=matches)
        white, black, _ = teams.games(setup.board_colours())
        return Round(number=request.round, white=white, black=black, teams=teams)

    def explain_round(self, request: PairingRequest) -> Sequence[str]:
        context = team_context(request, self.name)
        n = len(context.setup.teams)
        table = self.table(n, request.options)
        if request.round > len(table.rounds):
            return (f"the table has {len(table.rounds)} rounds: the event is over",)
        rnd = table.rounds[request.round - 1]
        pairs = " ".join(f"{w}-{b}" for w, b in zip(rnd.white, rnd.black, strict=True))
        rest = f"; team {rnd.byes[0]} rests" if rnd.byes else ""
        return (f"round {request.round} of the Berger table for {n} teams: {pairs}{rest}",)

    def winner(
        self, players: int, options: TeamRoundRobinOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        """``None``: a team event's winner is the first of the team standings
        (MP or GP, then the C.07 tie-breaks: ``caddy standings``)."""
        return None


@hookimpl
def caddy_register_formats(register: Callable[[TeamRoundRobin], None]) -> None:
    register(TeamRoundRobin())
