"""A team match's score beside its standings (``caddy standings``,
``caddy crosstable``, ``caddy publish``) and as JSON (``teams``): each round's
game points and the running total (:meth:`caddy.contracts.Format.team_match`
names the two teams)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.event.rounds import planned_rounds
from caddy.model.numbers import points
from caddy.model.report import Table
from caddy.model.results import GAME_POINTS, RESULT_WORDS
from caddy.model.team_documents import TeamMatchData, TeamRoundData
from caddy.views.formats import View

if TYPE_CHECKING:
    from caddy.event.replay import State
    from caddy.model.schedule import Section


@attrs.frozen(kw_only=True)
class TeamRound:
    """A round of a team match: each team's game points, and the running total."""

    round: int
    score: tuple[float, float]
    total: tuple[float, float]
    #: Every board of the round has its result.
    complete: bool


@attrs.frozen(kw_only=True)
class TeamMatch:
    """A team match so far (:meth:`~caddy.contracts.Format.team_match`)."""

    #: The teams' names (the players' team, else ``Team A`` / ``Team B``).
    names: tuple[str, str]
    #: The rounds with at least one result.
    rounds: tuple[TeamRound, ...]
    total: tuple[float, float]
    planned: int
    #: Every planned round is complete: the match result is final.
    over: bool

    @property
    def result(self) -> str:
        """``Lions win``, ``the match is drawn``, ``Tigers lead``, ``the teams are level``."""
        a, b = self.total
        if a == b:
            return "the match is drawn" if self.over else "the teams are level"
        return f"{self.names[0] if a > b else self.names[1]} {'win' if self.over else 'lead'}"


def team_match(state: State) -> TeamMatch | None:
    """Each team's game points round by round; ``None`` when the format has no teams."""

    tournament = state.event.tournament
    teams = state.fmt.team_match(state.players, tournament.format.options)
    if len(teams) != 2:
        return None
    team_of = {p: i for i, team in enumerate(teams) for p in team.players}

    def team_name(team: Section) -> str:
        named = tournament.players[team.players[0] - 1].team if team.players else None
        return named or team.name

    total = (0.0, 0.0)
    rounds = []
    for rnd in state.rounds:
        score = [0.0, 0.0]
        played = [board for board in rnd.boards if board.results]
        for board in played:
            white, black = RESULT_WORDS[board.results[-1]]
            score[team_of[board.white]] += GAME_POINTS[white]
            score[team_of[board.black]] += GAME_POINTS[black]
        if not played:
            continue  # not started
        total = (total[0] + score[0], total[1] + score[1])
        complete = len(played) == len(rnd.boards)
        rounds.append(
            TeamRound(round=rnd.number, score=(score[0], score[1]), total=total, complete=complete)
        )
    planned = planned_rounds(state) or len(state.rounds)
    return TeamMatch(
        names=(team_name(teams[0]), team_name(teams[1])),
        rounds=tuple(rounds),
        total=total,
        planned=planned,
        over=sum(r.complete for r in rounds) >= planned,
    )


def team_score(state: State) -> View:
    """A team match's score: each team's game points round by round (``Lions
    2½–1½ Tigers``), the running total and the match result."""
    match = team_match(state)
    if match is None or not match.rounds:
        return View()

    def tally(pair: tuple[float, float]) -> str:
        return f"{points(pair[0])}–{points(pair[1])}"

    a_name, b_name = match.names
    rows = [
        (str(r.round) + ("" if r.complete else " (in play)"), tally(r.score), tally(r.total))
        for r in match.rounds
    ]
    rows.append(("total", tally(match.total), ""))
    complete = sum(r.complete for r in match.rounds)
    note = f"team match: {a_name} {tally(match.total)} {b_name}; {match.result}" + (
        "" if match.over else f" after {complete} of {match.planned} rounds"
    )
    return View(
        tables=(
            Table(
                caption=f"Team score: {a_name} – {b_name}",
                columns=("round", f"{a_name} – {b_name}", "running total"),
                rows=tuple(rows),
                right=frozenset({1, 2}),
                caption_in_text=True,
            ),
        ),
        notes=(note,),
    )


def team_data(state: State) -> TeamMatchData | None:
    """A team match's score as JSON (``teams``)."""
    match = team_match(state)
    if match is None:
        return None
    return TeamMatchData(
        names=match.names,
        rounds=tuple(
            TeamRoundData(round=r.round, score=r.score, total=r.total, complete=r.complete)
            for r in match.rounds
        ),
        total=match.total,
        planned_rounds=match.planned,
        over=match.over,
        result=match.result,
    )
