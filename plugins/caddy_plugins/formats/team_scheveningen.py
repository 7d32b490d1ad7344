"""Team Scheveningen: two teams of k boards, every board slot of team A meets
every board slot of team B once over k rounds, each round scored as one team
match of k boards.

The pairs and colours are the ``scheveningen`` format's table for k
(:func:`caddy_plugins.formats.scheveningen.rounds`): team A's slots 1..k are
that table's numbers 1..k, team B's its k+1..2k. Round r's board b is the
b-th game of the table's round r; the team with White on board 1 is named
first and the match carries the round's board colours. A slot is played by
the team's player on that position of the round's line-up (``caddy lineup``:
position j = slot j, so a reserve named there takes the slot for the round),
else by the team's j-th player.

FIDE has not defined Scheveningen pairing or scoring rules (the TRF-2026
codes ``FIDE_SCHEVENINGEN`` are "not yet defined"), so each round is scored
as a team match by FIDE Handbook C.07 Art. 11 (game points per round, match
points 2 / 1 / 0), and the event is decided by the total game points over
all k² games, the traditional Scheveningen score (option ``primary=GP``, the
default), or by match points (``primary=MP``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase
from caddy.errors import CaddyError, InputError
from caddy_plugins.formats.scheveningen import Table, rounds
from caddy_plugins.formats.team_round_robin import (
    NEEDS_TEAMS,
    PLAN_REFUSAL,
    match_pairing,
    team_context,
)

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest, PlayedRound
    from caddy.model.schedule import Numbering, Player, Round


@attrs.frozen(kw_only=True)
class TeamScheveningenOptions:
    """Options of the ``team-scheveningen`` format."""

    #: Boards of each round's match (k; 0: half the players).
    boards: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: 1, or 2 for a double Scheveningen (colours reversed in the second cycle).
    cycles: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: The colour table (see the ``scheveningen`` format): ``standard`` (the
    #: published table where one exists, else the generated one),
    #: ``generated`` or ``published``.
    table: Table = attrs.field(
        default="standard",
        validator=attrs.validators.in_(("standard", "generated", "published")),
    )
    #: The score that decides the event: total game points, or match points.
    primary: Literal["GP", "MP"] = attrs.field(
        default="GP", validator=attrs.validators.in_(("GP", "MP"))
    )


class TeamScheveningen(FormatBase):
    """Two teams; every player meets every player of the other team; each round a team match."""

    name: ClassVar[str] = "team-scheveningen"
    pairs_teams: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "two teams of k boards: k rounds, each one team match; decided by total game points"
    )
    Options: ClassVar[type[Any]] = TeamScheveningenOptions
    kind: ClassVar[str] = "results"

    def boards(self, players: int, options: TeamScheveningenOptions) -> int:
        """k, checked against the field."""
        k = options.boards or players // 2
        if k < 1 or players < 2 * k:
            raise InputError(
                f"a team Scheveningen needs two teams of {max(k, 1)} boards: "
                f"at least {2 * max(k, 1)} players, got {players}"
            )
        return k

    def arithmetic(self, players: int, options: TeamScheveningenOptions) -> Arithmetic:
        k = self.boards(players, options)
        rounds(k, options.cycles, options.table)  # a published table exists only for some k
        return Arithmetic(
            players=players,
            rounds=k * options.cycles,
            games=k * k * options.cycles,
            boards=k,
            games_per_player=k * options.cycles,
            byes_per_round=players - 2 * k,
            pair_meetings=None,
            details=(f"two teams of {k} boards: one match of {k} boards a round",),
        )

    def variants(self, options: TeamScheveningenOptions) -> dict[str, Any]:
        return (
            {"double Scheveningen": attrs.evolve(options, cycles=2)} if options.cycles == 1 else {}
        )

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        """Refused: a team event's players come with their teams (``caddy new --teams``)."""
        raise InputError(NEEDS_TEAMS.format(name=self.name))

    def plan_options(self, players: int, options: TeamScheveningenOptions) -> dict[str, Any]:
        """None: ``caddy plan`` weighs formats for a field of individual players."""
        raise InputError(PLAN_REFUSAL.format(name=self.name))

    def pre_determined(self, options: TeamScheveningenOptions) -> bool | None:
        return True

    def match_games(self, options: TeamScheveningenOptions) -> tuple[int, int]:
        """Every board is one game (the contract suite's play-through)."""
        return 1, 1

    def next_round(self, request: PairingRequest) -> Round | None:
        from caddy.model.schedule import Round
        from caddy.model.teams import TeamRound

        context = team_context(request, self.name)
        setup = context.setup
        options: TeamScheveningenOptions = request.options
        k = setup.boards
        if len(setup.teams) != 2:
            raise CaddyError(f"a team Scheveningen is two teams, the event has {len(setup.teams)}")
        if options.boards and options.boards != k:
            raise CaddyError(f"the options name {options.boards} boards, the event has {k}")
        table = rounds(k, options.cycles, options.table)
        if request.round > len(table):
            return None
        games = table[request.round - 1]
        a_white = games[0][2]
        first, other = (1, 2) if a_white else (2, 1)
        colours = "".join("W" if white == a_white else "B" for _, _, white in games)
        plain = match_pairing(context, first, other)
        slots = {1: context.lineup(1), 2: context.lineup(2)}
        on_board = {
            1: tuple(slots[1][a] for a, _, _ in games),
            2: tuple(slots[2][b] for _, b, _ in games),
        }
        match = attrs.evolve(
            plain, white_lineup=on_board[first], black_lineup=on_board[other], colours=colours
        )
        teams = TeamRound(matches=(match,))
        white, black, _ = teams.games(setup.board_colours())
        return Round(number=request.round, white=white, black=black, teams=teams)

    def winner(
        self, players: int, options: TeamScheveningenOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        """``None``: the team standings decide (total GP, or MP: ``caddy standings``)."""
        return None


@hookimpl
def caddy_register_formats(register: Callable[[TeamScheveningen], None]) -> None:
    register(TeamScheveningen())
