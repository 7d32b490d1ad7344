"""Tandem (bughouse): teams of two, each match two boards on which the
partners have opposite colours (docs/tandem.md).

A tandem event is a team event of two boards (``caddy new --teams``, two
players a team, called a pair): every match is two boards side by side, and
the pair with White on board 1 has Black on board 2 (board colours ``WB``,
FIDE Handbook C.04.6 1.6.1 read for two boards: a team's colour is its
board-1 player's), as every set of bughouse rules requires ("both teams have
White on one board and Black on the other", the Swiss bughouse ruleset of
pion.ch, rule 1). Matches are scored as team matches (C.07 Art. 11): game
points are the two boards' results, match points 2 / 1 / 0 unless the event
says otherwise (``caddy new --match-points``, ``--primary``).

One format, two ways to pair the pairs (option ``pairing``):

- ``round-robin`` (the default): the ``team-round-robin`` format's FIDE
  Berger tables with pair numbers (C.05 Annex 1), ``cycles=2`` for a double
  round robin;
- ``swiss``: the ``team-swiss`` format's Swiss Team Pairing System
  (C.04.6), ``rounds`` planned (default ``ceil(log2 pairs) + 1``), its colour
  preferences (the board-1 colour of a pair), forbidden pairs and initial
  colour.

The pairing itself is the team formats' own code: this module only turns its
options into theirs and holds every match to two boards of opposite colours.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase
from caddy.errors import CaddyError, InputError
from caddy_plugins.formats.team_round_robin import (
    NEEDS_TEAMS,
    TeamRoundRobin,
    TeamRoundRobinOptions,
    team_context,
)
from caddy_plugins.formats.team_swiss import TeamSwiss, TeamSwissOptions, forbidden_groups

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest, PlayedRound
    from caddy.model.schedule import Numbering, Player, Round

__all__ = ["Tandem", "TandemOptions"]

#: The board colours of the pair with White on board 1: partners have opposite colours.
TANDEM_COLOURS = "WB"

#: What a bughouse game is usually played at (docs/tandem.md, "Time control").
TANDEM_TC = "5+0"


def _two_boards(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """Refuse boards other than 2 as the options are made (``--option boards=3``,
    and ``caddy new --teams`` writing a teams file's 3 boards), in one line."""
    if value != 2:
        raise InputError(
            f"format 'tandem' plays two boards a match (partners side by side), not "
            f"{value}: give caddy new --boards 2 (the rest of a pair's players are reserves)"
        )


@attrs.frozen(kw_only=True)
class TandemOptions:
    """Options of the ``tandem`` format."""

    #: How the pairs are paired: a round robin (FIDE Berger tables) or a Swiss of pairs (C.04.6).
    pairing: Literal["round-robin", "swiss"] = attrs.field(
        default="round-robin", validator=attrs.validators.in_(("round-robin", "swiss"))
    )
    #: Round robin: 1 cycle, or 2 (colours reversed in the second).
    cycles: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: Round robin, double: swap the last two rounds of the first cycle (FIDE's advice).
    swap_last_two: bool = True
    #: Swiss: rounds planned (0: ``ceil(log2 pairs) + 1``, at most pairs // 2).
    rounds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: Swiss: colour preferences of C.04.6 1.7 (type ``A``, ``B`` or ``none``).
    colour_preference: Literal["A", "B", "none"] = attrs.field(
        default="A", validator=attrs.validators.in_(("A", "B", "none"))
    )
    #: Swiss: board-1 colour of pair 1 in round 1 (``w`` or ``b``; ``None``: the event's lot).
    initial_colour: Literal["w", "b"] | None = attrs.field(
        default=None, validator=attrs.validators.in_(("w", "b", None))
    )
    #: Swiss: groups of pair numbers that must not meet (``1 2 3;7 9``: groups
    #: split by ``;``, numbers by spaces or commas; the team Swiss's converter).
    forbidden: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=forbidden_groups)
    #: Pairs (0: the players // 2) and boards (always 2), for ``caddy calc``;
    #: ``caddy new --teams`` writes both from the teams file.
    teams: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    boards: int = attrs.field(default=2, validator=_two_boards)
    #: The score that ranks the pairs: match points or game points
    #: (``caddy new --primary`` sets it; the other is the secondary score).
    primary: Literal["MP", "GP"] = attrs.field(
        default="MP", validator=attrs.validators.in_(("MP", "GP"))
    )


#: Options that belong to one way of pairing only.
_ROUND_ROBIN_ONLY = ("cycles", "swap_last_two")
_SWISS_ONLY = ("rounds", "colour_preference", "initial_colour", "forbidden")


def check_options(options: TandemOptions) -> None:
    """Refuse options of the other way of pairing (one line each; boards other
    than 2 are refused as the options are made)."""
    defaults = TandemOptions()
    other, fields = (
        ("swiss", _SWISS_ONLY)
        if options.pairing == "round-robin"
        else ("round-robin", _ROUND_ROBIN_ONLY)
    )
    problems = [
        f"option {name} is for pairing={other}, not pairing={options.pairing}"
        for name in fields
        if getattr(options, name) != getattr(defaults, name)
    ]
    if problems:
        raise InputError(problems[0], problems=problems)


def pair_count(players: int, options: TandemOptions) -> int:
    """The pairs of a field: ``options.teams``, else two players a pair (an even field)."""
    if options.teams == 0 and players % 2:
        raise InputError(
            f"format 'tandem' plays in pairs: {players} players leave one without a partner "
            f"(--option teams={players // 2} counts {players // 2} pairs and a reserve)"
        )
    pairs = options.teams or players // 2
    if pairs < 2:
        raise InputError(
            f"format 'tandem' needs at least 2 pairs (4 players), got {players} players"
        )
    if players < 2 * pairs:
        raise InputError(f"{pairs} pairs need at least {2 * pairs} players, got {players}")
    return pairs


def round_robin_options(options: TandemOptions) -> TeamRoundRobinOptions:
    """The team round robin's options for a tandem round robin."""
    return TeamRoundRobinOptions(
        cycles=options.cycles, swap_last_two=options.swap_last_two, teams=options.teams, boards=2
    )


def swiss_options(options: TandemOptions) -> TeamSwissOptions:
    """The team Swiss's options for a Swiss of pairs (its readings at their defaults)."""
    return TeamSwissOptions(
        rounds=options.rounds,
        teams=options.teams,
        boards=2,
        colour_preference=options.colour_preference,
        initial_colour=options.initial_colour,
        forbidden=options.forbidden,
    )


class Tandem(FormatBase):
    """Bughouse: pairs of two on two boards, partners on opposite colours."""

    name: ClassVar[str] = "tandem"
    pairs_teams: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "tandem (bughouse): pairs of two, each match two boards with the partners on "
        "opposite colours; a round robin or a Swiss of pairs"
    )
    Options: ClassVar[type[Any]] = TandemOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "given"
    #: Bughouse is not rated: no rating list takes its games (FIDE rates chess, B.02).
    rated: ClassVar[bool] = False

    def arithmetic(self, players: int, options: TandemOptions) -> Arithmetic:
        """Counts for ``players`` in pairs: the team format's for the pairs on two
        boards (a match a round per two pairs, two games), with tandem's lines."""
        check_options(options)
        pairs = pair_count(players, options)
        matches = pairs // 2
        if options.pairing == "round-robin":
            team = TeamRoundRobin().arithmetic(
                players, attrs.evolve(round_robin_options(options), teams=pairs)
            )
            how = "a round robin" if options.cycles == 1 else "a double round robin"
            idle = ", one pair rests each round" if pairs % 2 else ""
        else:
            team = TeamSwiss().arithmetic(
                players, attrs.evolve(swiss_options(options), teams=pairs)
            )
            how = "a Swiss"
            idle = ", one pair gets the pairing-allocated bye" if pairs % 2 else ""
        return attrs.evolve(
            team,
            byes_per_round=players - 4 * matches,  # the players without a game (reserves too)
            details=(
                f"{pairs} pairs in {how}: {matches} matches a round, 2 boards (2 games) each{idle}",
                f"a bughouse game is blitz: {TANDEM_TC} (5 minutes a player, no increment) "
                f"is the usual time control (--tc {TANDEM_TC})",
            ),
        )

    def variants(self, options: TandemOptions) -> Mapping[str, Any]:
        if options.pairing == "round-robin" and options.cycles == 1:
            return {"double round robin": attrs.evolve(options, cycles=2)}
        return {}

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        """Refused: a tandem event's players come with their pairs (``caddy new --teams``)."""
        raise InputError(NEEDS_TEAMS.format(name=self.name))

    def pre_determined(self, options: TandemOptions) -> bool | None:
        """A round robin's pairings are pre-determined (C.07 Art. 15.2), a Swiss's are not."""
        return options.pairing == "round-robin"

    def match_games(self, options: TandemOptions) -> tuple[int, int]:
        """Every board is one game (the contract suite's play-through)."""
        return 1, 1

    def _request(self, request: PairingRequest) -> PairingRequest:
        """``request`` with the team format's options, once the event is checked
        to be one of pairs on two boards of opposite colours."""
        options: TandemOptions = request.options
        check_options(options)
        setup = team_context(request, self.name).setup
        if setup.boards != 2 or setup.board_colours() != TANDEM_COLOURS:
            raise CaddyError(
                f"format 'tandem' plays two boards with the partners on opposite colours "
                f"(board colours {TANDEM_COLOURS}); the event has {setup.boards} boards, "
                f"colours {setup.board_colours()}"
            )
        if options.teams and options.teams != len(setup.teams):
            raise CaddyError(
                f"the options name {options.teams} pairs, the event has {len(setup.teams)}"
            )
        team_options: Any = (
            round_robin_options(options)
            if options.pairing == "round-robin"
            else swiss_options(options)
        )
        return attrs.evolve(request, options=team_options)

    def next_round(self, request: PairingRequest) -> Round | None:
        from caddy_plugins.formats.team_swiss.pairing import pair_team_round

        options: TandemOptions = request.options
        team_request = self._request(request)
        if options.pairing == "round-robin":
            return TeamRoundRobin().next_round(team_request)
        if request.round > request.planned_rounds > 0:
            return None
        return pair_team_round(team_request)[0]

    def explain_round(self, request: PairingRequest) -> Sequence[str]:
        from caddy_plugins.formats.team_swiss.pairing import pair_team_round

        options: TandemOptions = request.options
        team_request = self._request(request)
        if options.pairing == "round-robin":
            return TeamRoundRobin().explain_round(team_request)
        return pair_team_round(team_request)[1]

    def winner(
        self, players: int, options: TandemOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        """``None``: the winner is the first of the pairs' standings (``caddy standings``)."""
        return None


@hookimpl
def caddy_register_formats(register: Callable[[Tandem], None]) -> None:
    register(Tandem())
