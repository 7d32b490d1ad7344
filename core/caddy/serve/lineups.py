"""A team event's line-ups on the arbiter's page of ``caddy serve``: for the
round not paired yet, each team's players by board as the pairing will take
them (the line-up given ahead, else the first available members in board
order), and a form to change them. Saving one records the same operation,
checked the same way, as ``caddy lineup EVENT ROUND TEAM PLAYER...``
(:class:`caddy.model.teams.LineUp`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.event.teams import lineup_rounds, lineup_text
from caddy.model.teams import LineUp
from caddy.pairing.request import request_from_state
from caddy.serve.web import field

if TYPE_CHECKING:
    from starlette.datastructures import FormData
    from starlette.requests import Request

    from caddy.event.replay import State
    from caddy.event.session import Session
    from caddy.serve.writer import Change


@attrs.frozen
class Member:
    """A player of a team, as a line-up's choice offers them."""

    number: int
    name: str
    #: Beyond the team's first ``boards`` members: plays by being named.
    reserve: bool
    #: Why they cannot play the round ("" when they can): withdrawn, a bye.
    away: str = ""


@attrs.frozen
class TeamLineUp:
    """One team's line-up for the round: who is on each board (0: empty)."""

    team: int
    name: str
    members: tuple[Member, ...]
    players: tuple[int, ...]
    #: Given ahead (``caddy lineup`` or this page), not the default.
    given: bool

    def shown(self) -> str:
        """The line-up as the page's summary says it: "1 Ada, 2 empty"."""
        names = {m.number: m.name for m in self.members}
        return ", ".join(
            f"{board} {names[p]}" if p else f"{board} empty"
            for board, p in enumerate(self.players, 1)
        )


def lineup_round(state: State) -> int:
    """The round whose line-ups can still change (0: none: the event has no
    teams, or every planned round is paired)."""
    if state.event.tournament.teams is None:
        return 0
    number = len(state.rounds) + 1
    last = lineup_rounds(state)
    return 0 if last and number > last else number


def lineups(state: State) -> list[TeamLineUp]:
    """Every team's line-up for :func:`lineup_round` (none when there is no such round)."""
    number = lineup_round(state)
    if not number:
        return []
    request = request_from_state(state)
    context = request.teams
    assert context is not None
    players = state.event.tournament.players
    given = state.lineups.get(number, {})
    absent = {p.number: _away(p.withdrawn) for p in request.players if p.absent or p.withdrawn}
    shown = []
    for team_number, team in enumerate(context.setup.teams, 1):
        members = tuple(
            Member(p, players[p - 1].name, board > context.setup.boards, absent.get(p, ""))
            for board, p in enumerate(team.members, 1)
        )
        lineup = context.lineup(team_number)
        shown.append(TeamLineUp(team_number, team.name, members, lineup, team_number in given))
    return shown


def _away(withdrawn: bool) -> str:
    return "withdrawn" if withdrawn else "a bye this round"


def lineup_change(request: Request, form: FormData) -> Change:
    """The ``lineup`` action: a team's players by board for a round not paired yet."""
    rnd, team = _number(form, "round"), _number(form, "team")
    boards = []
    for board in range(1, 100):
        text = field(form, f"board-{board}")
        if not text:
            break
        boards.append(_number(form, f"board-{board}"))
    if not boards:
        raise CaddyError("a line-up names its players board by board")

    def change(session: Session) -> str:
        state = session.state
        setup = state.event.tournament.teams
        if setup is None:
            raise CaddyError("this event has no teams")
        if not 1 <= team <= len(setup.teams):
            raise CaddyError(f"no team {team} (teams 1..{len(setup.teams)})")
        operation = LineUp(round=rnd, team=team, players=tuple(boards))
        session.apply(operation)  # checked as caddy lineup checks it
        return f"recorded: {lineup_text(session.event.tournament, operation)}"

    return change


def _number(form: FormData, name: str) -> int:
    text = field(form, name)
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise CaddyError(f"{name}: expected a number, got {text!r}")
    return int(text)
