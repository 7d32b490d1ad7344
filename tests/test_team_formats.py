"""Team formats: ``team-round-robin`` (FIDE Handbook C.05 Annex 1 Berger
tables with team numbers; C.04.6 1.6.1 board colours) and
``team-scheveningen`` (each round one team match; C.07 Art. 11 scoring)."""

from __future__ import annotations

from typing import Any, ClassVar

from caddy.formats import Format
from caddy.teams import Team, TeamSetup
from caddy.testing import FormatContract
from caddy.testing.formats import ColourPromise


def even_teams(players: int, teams: int) -> TeamSetup:
    """``teams`` teams of the players in order, sizes as even as possible."""
    size, extra = divmod(players, teams)
    members: list[tuple[int, ...]] = []
    start = 1
    for t in range(teams):
        count = size + (1 if t < extra else 0)
        members.append(tuple(range(start, start + count)))
        start += count
    return tuple(Team(name=f"T{t}", members=m) for t, m in enumerate(members, 1))  # type: ignore[return-value]


class TestTeamRoundRobinContract(FormatContract):
    format_name = "team-round-robin"
    sizes = (4, 6, 7, 10, 12)
    option_sets = ({"boards": 2}, {"boards": 2, "cycles": 2}, {"boards": 1, "teams": 3})
    colours: ClassVar[ColourPromise | None] = ColourPromise(max_difference=1)

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        teams = options.teams or players // options.boards
        return TeamSetup(teams=even_teams(players, teams), boards=options.boards)  # type: ignore[arg-type]

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        return int(options.cycles)


class TestTeamScheveningenContract(FormatContract):
    format_name = "team-scheveningen"
    sizes = (6, 7, 8, 10)
    option_sets = ({}, {"cycles": 2}, {"boards": 3, "primary": "MP"})
    colours: ClassVar[ColourPromise | None] = ColourPromise(max_difference=1, max_run=2)

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        k = options.boards or players // 2
        return TeamSetup(teams=even_teams(players, 2), boards=k)  # type: ignore[arg-type]

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        return int(setup.boards * options.cycles)
