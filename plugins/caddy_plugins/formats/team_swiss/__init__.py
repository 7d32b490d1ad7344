"""Team Swiss: each round's team matches paired from the team results
(FIDE Handbook C.04.6, Swiss Team Pairing System; C.04.7 Baku acceleration).

The event's teams (:class:`caddy.model.teams.TeamSetup`) are paired as units: a
pairing is a team match of the event's boards, scored in match points and
game points (C.07 Art. 11). The options are those a TRF-2026 file states:

- ``rounds``: the rounds planned (record 142);
- ``colour_preference``: ``A`` (C.04.6 1.7, the default), ``B`` (with
  strong and mild preferences) or ``none`` (192 without TYPEA/TYPEB);
- ``acceleration``: virtual points per range of rounds and teams (record
  250; C.04.7; empty: none);
- ``forbidden``: groups of teams that must not meet (record 260);
- ``initial_colour``: the board-1 colour of the first team in round 1
  (record 152: ``w`` or ``b``; ``None``: the pairing request's).

Pairing is the team Swiss engine's (:func:`pair_teams`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase
from caddy.errors import InputError
from caddy_plugins.formats.swiss.options import recommended_rounds

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest, PlayedRound
    from caddy.model.schedule import Round

__all__ = [
    "TeamAcceleration",
    "TeamSwiss",
    "TeamSwissOptions",
    "forbidden_groups",
    "pair_teams",
]


def _float(value: Any) -> float:
    return float(value)


def _optional_float(value: Any) -> float | None:
    return None if value is None else float(value)


@attrs.frozen(kw_only=True)
class TeamAcceleration:
    """Virtual points (C.04.7) for teams ``first_team..last_team`` in rounds
    ``first_round..last_round``: ``mp`` match points and ``gp`` game points
    (``None``: none; the Baku method adds match points only)."""

    mp: float = attrs.field(default=0.0, converter=_float)
    gp: float | None = attrs.field(default=None, converter=_optional_float)
    first_round: int = 1
    last_round: int = 1
    first_team: int = 1
    last_team: int = 1


def _accelerations(value: Any) -> tuple[TeamAcceleration, ...]:
    return tuple(
        v if isinstance(v, TeamAcceleration) else TeamAcceleration(**v) for v in value or ()
    )


def forbidden_groups(value: Any) -> tuple[tuple[int, ...], ...]:
    """The ``forbidden`` option: groups of team numbers that must not meet, as
    stored (a list of lists of numbers) or as typed (``--option
    forbidden="1 2 3;7 9"``: groups split by ``;``, numbers by spaces or
    commas, so ``1,2;3,4`` too; the swiss format's syntax, without its round
    ranges ``@R1-R2``: a team's forbidden pairs hold in every round).

    :raises ValueError: a number not a whole number above 0, a group of fewer
        than two teams (one line, naming the group)."""
    if not isinstance(value, str):
        return tuple(tuple(int(t) for t in group) for group in value or ())
    groups = []
    for part in value.split(";"):
        words = part.replace(",", " ").split()
        if not words:
            continue
        if not all(w.isascii() and w.isdigit() and int(w) > 0 for w in words):
            raise ValueError(
                f"'{part.strip()}' is not a group of team numbers: give groups of numbers "
                "above 0 split by ';', the numbers by spaces or commas (1 2 3;7 9)"
            )
        group = tuple(sorted({int(w) for w in words}))
        if len(group) < 2:
            raise ValueError(f"'{part.strip()}': a group names at least two teams")
        groups.append(group)
    return tuple(groups)


@attrs.frozen(kw_only=True)
class TeamSwissOptions:
    """Options of the ``team-swiss`` format."""

    #: Rounds planned (0: open; ``caddy calc`` shows ``ceil(log2 N) + 1`` for N teams).
    rounds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: Teams (0: players // boards) and boards of a match, for the counts of
    #: ``caddy calc``; ``caddy new --teams`` writes both.
    teams: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    boards: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    #: Colour preferences of C.04.6 1.7: type ``A``, type ``B`` or ``none``.
    colour_preference: Literal["A", "B", "none"] = attrs.field(
        default="A", validator=attrs.validators.in_(("A", "B", "none"))
    )
    #: Accelerated rounds (TRF-2026 record 250); empty: none.
    acceleration: tuple[TeamAcceleration, ...] = attrs.field(default=(), converter=_accelerations)
    #: Groups of team numbers that must not meet (TRF-2026 record 260).
    forbidden: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=forbidden_groups)
    #: Board-1 colour of the first team in round 1 (C.04.6 4.3): ``w`` or ``b``;
    #: ``None``: the pairing request's (else White).
    initial_colour: Literal["w", "b"] | None = attrs.field(
        default=None, validator=attrs.validators.in_(("w", "b", None))
    )
    #: Readings of points the text leaves open (defaults: the 2026 text; the
    #: reference engine's 2024 choices reproduce the FIDE TEC sample, docs/team-swiss.md):
    #: C.04.6 4.3.1: TPN parity counted by team number (``tpn``) or over the teams present.
    initial_colour_parity: Literal["tpn", "present"] = attrs.field(
        default="tpn", validator=attrs.validators.in_(("tpn", "present"))
    )
    #: C.04.6 4.3.6: colour histories compared over played matches or round by round.
    colour_history: Literal["played", "rounds"] = attrs.field(
        default="played", validator=attrs.validators.in_(("played", "rounds"))
    )
    #: C.04.6 4.3.8/4.3.9 read with C.04.1 Art. 8: the colour had fewer times before
    #: alternation.
    balance_colours: bool = False
    #: C.04.6 4.2: the first-team compared without the points of a pairing-allocated bye.
    first_team_without_pab: bool = False
    #: [C7]/[C10] do not apply in this many last rounds (C.04.6 2.3.4, 2.3.7: two).
    float_exempt_rounds: int = attrs.field(default=2, validator=attrs.validators.ge(0))
    #: [C8]/[C9] do not apply in this many last rounds (the text: none).
    colour_exempt_rounds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: C.04.6 3.5.5/[C6]: choose upfloaters looking ahead at the next scoregroup's [C8].
    upfloater_lookahead: bool = False
    #: Leave out the forbidden pairs (record 260) when pairing: for files whose
    #: 260 records were written after their rounds were paired.
    ignore_forbidden: bool = False


def pair_teams(request: PairingRequest) -> Round:
    """The round's team matches from ``request.teams`` (the team Swiss engine,
    :mod:`caddy_plugins.engines.team_swiss`)."""
    from caddy_plugins.formats.team_swiss.pairing import pair_team_round

    return pair_team_round(request)[0]


class TeamSwiss(FormatBase):
    """Swiss system for teams (FIDE Handbook C.04.6)."""

    name: ClassVar[str] = "team-swiss"
    pairs_teams: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "team Swiss: each round's team matches paired from the team results (FIDE C.04.6)"
    )
    Options: ClassVar[type[TeamSwissOptions]] = TeamSwissOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "given"

    def arithmetic(self, players: int, options: TeamSwissOptions) -> Arithmetic:
        """Counts for a field of ``players`` in ``options.teams`` teams (else
        ``players // boards``): a match per two teams each round, one team
        without a match (the PAB) when the count is odd."""
        from caddy_plugins.formats.team_round_robin import team_count

        teams = team_count(players, options.teams, options.boards, self.name)
        most = teams - 1 if teams % 2 == 0 else teams
        rounds = options.rounds or recommended_rounds(teams)
        if rounds > most:
            raise InputError(
                f"a team Swiss of {teams} teams can have at most {most} rounds "
                f"without a rematch (FIDE Handbook C.04.6 2.1), not {rounds}"
            )
        matches = teams // 2
        return Arithmetic(
            players=players,
            rounds=rounds,
            games=rounds * matches * options.boards,
            boards=matches * options.boards,
            games_per_player=rounds if teams % 2 == 0 or rounds < teams else rounds - 1,
            byes_per_round=teams % 2,
            pair_meetings=None,
            details=(
                f"{teams} teams of {options.boards} boards: {matches} matches a round"
                + (", one team gets the pairing-allocated bye" if teams % 2 else ""),
            ),
        )

    def check(self, players: int, options: TeamSwissOptions) -> None:
        self.arithmetic(players, options)

    def variants(self, options: TeamSwissOptions) -> Mapping[str, Any]:
        return {}

    def planned_rounds(self, players: int, options: TeamSwissOptions) -> int:
        # ``players`` counts the event's players, not its teams: 0 leaves the plan open
        return options.rounds

    def pre_determined(self, options: Any) -> bool | None:
        return False

    def match_games(self, options: TeamSwissOptions) -> tuple[int, int]:
        """Every board is one game (the contract suite's play-through)."""
        return 1, 1

    def explain_round(self, request: PairingRequest) -> Sequence[str]:
        from caddy_plugins.formats.team_swiss.pairing import pair_team_round

        return pair_team_round(request)[1]

    def next_round(self, request: PairingRequest) -> Round | None:
        if request.round > request.planned_rounds > 0:
            return None
        return pair_teams(request)

    def winner(self, players: int, options: Any, played: list[PlayedRound]) -> int | None:
        return None


@hookimpl
def caddy_register_formats(register: Callable[[TeamSwiss], None]) -> None:
    register(TeamSwiss())
