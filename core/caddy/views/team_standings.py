"""The standings view of a team event (``caddy standings``, ``caddy
crosstable`` without ``--individual``): the teams ranked on match or game
points (FIDE Handbook C.07 Art. 11) and team tie-breaks (Arts. 12-13), a
team's tie-breaks explained, board prizes and the team crosstable, each as a
report or a JSON document (:mod:`caddy.views.teams` draws the tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.event.teams import state_team_event
from caddy.model.numbers import value_text
from caddy.model.report import Report
from caddy.standings.board_prizes import board_prizes
from caddy.standings.teams import (
    ede_options,
    event_ede_readings,
    team_explain,
    team_standings,
)
from caddy.views.explain import Explained
from caddy.views.standings import standings_options
from caddy.views.teams import board_prizes_report, team_crosstable_report, team_standings_report

if TYPE_CHECKING:
    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.event.replay import State
    from caddy.model.team_documents import BoardPrizesDocument, TeamStandingsDocument
    from caddy.model.team_results import TeamResultsTable
    from caddy.plugins.host import PluginHost
    from caddy.standings.board_prizes import BoardPrizes
    from caddy.standings.teams import TeamStandings
    from caddy.views.source import Source, StandingsChoices


@attrs.frozen(kw_only=True)
class EdeChoices:
    """``--ede-*``: this call's readings of C.07 13.3, each replacing the event's."""

    secondary: str | None = None
    boards: str | None = None
    board_count: str | None = None
    unseparated: str | None = None


@attrs.frozen(kw_only=True)
class TeamView:
    """A team event's teams, their results and standings, computed once."""

    source: Source
    choices: StandingsChoices
    tevent: TeamResultsTable
    options: StandingsOptions
    result: TeamStandings
    host: PluginHost | None = None

    @property
    def state(self) -> State:
        if self.source.state is None:
            raise ValueError("a team view needs an event file")
        return self.source.state

    def report(self) -> Report:
        return team_standings_report(self.result, self.source.title, self.choices.after_round)

    def document(self) -> TeamStandingsDocument:
        return self.result.document(self.choices.after_round)

    def crosstable_report(self) -> Report:
        return team_crosstable_report(self.tevent, self.result, self.source.title)

    def explained(self, who: str) -> Explained:
        """How each tie-break of the team ``who`` names was computed."""
        team = self.tevent.setup.find(who)
        explanations = team_explain(
            self.tevent,
            team,
            self.result,
            edition=self.source.edition,
            options=self.options,
            host=self.host,
        )
        row = self.result.row_of(team)
        result = self.result
        rules = "pre-determined pairings" if result.pre_determined else "Swiss rules"
        return Explained(
            number=team,
            name=row.name,
            edition=result.edition,
            heading=f"{row.name} (team {team}): {value_text(row.match_points)} MP, "
            f"{value_text(row.game_points)} GP, rank {row.rank}; ranked on {result.primary}; "
            f"C.07 edition {result.edition}; {rules}",
            explanations=tuple(explanations),
        )


def team_event_of(source: Source, choices: StandingsChoices) -> TeamResultsTable:
    """The teams' results (``--pre-determined``/``--swiss`` replacing the event's rules)."""
    if source.state is None:
        raise ValueError("a team view needs an event file")
    tevent = state_team_event(source.state)
    if choices.pre_determined is not None:
        tevent = attrs.evolve(tevent, pre_determined=choices.pre_determined)
    return tevent


def team_options(source: Source, choices: StandingsChoices, ede: EdeChoices) -> StandingsOptions:
    """The options of this call: its seed, the event's readings of EDE (C.07
    13.3), each ``--ede-*`` given replacing the event's."""
    if source.state is None:
        raise ValueError("a team view needs an event file")
    readings = event_ede_readings(
        source.state.event.tournament,
        secondary=ede.secondary,
        boards=ede.boards,
        board_count=ede.board_count,
        unseparated=ede.unseparated,
    )
    return ede_options(standings_options(source, choices), readings)


def team_view(
    source: Source,
    choices: StandingsChoices,
    ede: EdeChoices | None = None,
    host: PluginHost | None = None,
) -> TeamView:
    """Rank the teams of ``source`` as ``choices`` ask."""
    tevent = team_event_of(source, choices)
    options = team_options(source, choices, ede or EdeChoices())
    result = team_standings(tevent, source.tiebreaks, source.edition, options=options, host=host)
    return TeamView(
        source=source, choices=choices, tevent=tevent, options=options, result=result, host=host
    )


@attrs.frozen(kw_only=True)
class BoardPrizesView:
    """``--board-prizes``: each board's players ranked (percentage, performance)."""

    source: Source
    choices: StandingsChoices
    prizes: BoardPrizes

    def report(self) -> Report:
        return board_prizes_report(self.prizes, self.source.title)

    def document(self) -> BoardPrizesDocument:
        return self.prizes.document(self.choices.after_round)


def board_prizes_view(
    source: Source,
    choices: StandingsChoices,
    ede: EdeChoices,
    min_games: int,
    host: PluginHost | None = None,
) -> BoardPrizesView:
    """Board prizes of the players with ``min_games`` or more games on the board."""
    if min_games < 0:
        raise CaddyError(f"--min-games must be 0 or more, got {min_games}")
    tevent = team_event_of(source, choices)
    options = team_options(source, choices, ede)
    prizes = board_prizes(
        tevent, edition=source.edition, options=options, host=host, min_games=min_games
    )
    return BoardPrizesView(source=source, choices=choices, prizes=prizes)
