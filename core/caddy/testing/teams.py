"""Team events for tests: :func:`build_team_event` plays matches written the
way a match card is (board results from the first-named team's side) through
the event file and its fold, the path ``caddy`` takes, and returns the
:class:`caddy.model.team_results.TeamResultsTable`; :func:`play_team_event` plays a
team format through an event file as ``caddy pair`` does (the format contract
suite's team play-through, :class:`caddy.testing.FormatContract`).

Example (a 2-board match, team A with White on board 1)::

    tevent = build_team_event(["A", "B"], 2, [[("A", "B", "1-0 1/2")]])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from caddy.contracts import Format, PlayedRound
from caddy.event.file import EventFile
from caddy.event.replay import replay
from caddy.event.teams import state_team_event
from caddy.model.schedule import Player
from caddy.model.teams import Team, TeamBye, TeamMatchPairing, TeamRound, TeamScoring, TeamSetup
from caddy.model.tournament import FormatChoice, PairRound, RecordResult, Tournament
from caddy.pairing.request import request_from_state
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    import datetime

    from caddy.model.team_results import TeamResultsTable
    from caddy.plugins.host import PluginHost

#: A board result from the first-named team's side, flipped for the other side.
_FLIP = {"1-0": "0-1", "0-1": "1-0", "1/2": "1/2", "+-": "-+", "-+": "+-", "--": "--"}


def build_team_file(
    teams: Sequence[str],
    boards: int,
    rounds: Sequence[Sequence[tuple[str, str, str]]],
    *,
    byes: Mapping[int, Sequence[tuple[str, str]]] | None = None,
    colours: str = "",
    scoring: TeamScoring | None = None,
    start: datetime.date | None = None,
    host: PluginHost | None = None,
    reserves: int = 0,
) -> EventFile:
    """An event file (format ``manual``) where team ``k`` (1-based, in the order
    of ``teams``) has players ``(k-1)*(boards+reserves)+1 ...`` in board order.

    :param rounds: per round, ``(first team, other team, "1-0 1/2 0-1")``: the
        first team has White on board 1, results from its side, one per board;
        ``"+-"`` ``"-+"`` ``"--"`` alone forfeits the whole match.
    :param byes: round (1-based) → ``(team, kind)`` team byes (``pab`` ...).
    """

    host = resolve(host)
    size = boards + reserves
    number = {name: k for k, name in enumerate(teams, 1)}
    team_list = tuple(
        Team(name=name, members=tuple(range((k - 1) * size + 1, k * size + 1)))
        for k, name in enumerate(teams, 1)
    )
    setup = TeamSetup(
        teams=team_list, boards=boards, colours=colours, scoring=scoring or TeamScoring()
    )
    players = tuple(
        Player(name=f"{name} {b}", team=name) for name in teams for b in range(1, size + 1)
    )
    fmt = host.format("manual")
    tournament = Tournament(
        name="test",
        start=start,
        format=FormatChoice(name="manual", options=fmt.Options()),
        players=players,
        teams=setup,
    )
    event = EventFile(tournament=tournament)
    pattern = setup.board_colours()
    for r, matches in enumerate(rounds, 1):
        pairings = []
        results: list[str] = []
        for first, other, text in matches:
            a, b = number[first], number[other]
            forfeit = text.strip() if text.strip() in ("+-", "-+", "--") else ""
            pairings.append(
                TeamMatchPairing(
                    white=a,
                    black=b,
                    white_lineup=setup.default_lineup(a),
                    black_lineup=setup.default_lineup(b),
                    forfeit=forfeit,
                )
            )
            if not forfeit:
                words = text.split()
                if len(words) != boards:
                    raise ValueError(f"{first}-{other}: {len(words)} results for {boards} boards")
                # results are typed from the first team's side; a board where it has Black flips
                results.extend(w if pattern[i] == "W" else _FLIP[w] for i, w in enumerate(words))
        team_byes = tuple(
            TeamBye(team=number[name], kind=kind) for name, kind in (byes or {}).get(r, ())
        )
        team_round = TeamRound(matches=tuple(pairings), byes=team_byes)
        white, black, _ = team_round.games(pattern)
        event = event.with_operation(
            PairRound(round=r, white=white, black=black, teams=team_round), host=host
        )
        for board, result in enumerate(results, 1):
            event = event.with_operation(
                RecordResult(round=r, board=board, result=result), host=host
            )
    return event


def build_team_event(
    teams: Sequence[str],
    boards: int,
    rounds: Sequence[Sequence[tuple[str, str, str]]],
    *,
    pre_determined: bool | None = None,
    **kwargs: object,
) -> TeamResultsTable:
    """:func:`build_team_file`, folded into team results.

    :param pre_determined: round-robin rules for unplayed rounds (C.07 15.2);
        ``None``: the event's own (a ``manual`` event: not pre-determined).
    """
    import attrs

    host = kwargs.get("host")
    event = build_team_file(teams, boards, rounds, **kwargs)  # type: ignore[arg-type]
    tevent = state_team_event(replay(event, host))  # type: ignore[arg-type]
    if pre_determined is not None:
        tevent = attrs.evolve(tevent, pre_determined=pre_determined)
    return tevent


def team_meetings(played: Sequence[PlayedRound], teams: int) -> Counter[tuple[int, int]]:
    """How often each pair of teams (smaller number first) met in ``played``."""
    met: Counter[tuple[int, int]] = Counter()
    for record in played:
        assert record.round.teams is not None
        for match in record.round.teams.matches:
            met[(min(match.white, match.black), max(match.white, match.black))] += 1
    return met


def team_play_through(
    fmt: Format, players: int, options: Any, seed: int, setup: TeamSetup
) -> list[PlayedRound]:
    """A team format's event played as ``caddy pair`` plays it (see
    :meth:`FormatContract.team_setup`); every round is checked: no player or
    team twice, the boards are the matches' games, the same request gives
    the same round."""
    return play_team_event(fmt, players, options, seed, setup)[1]


def play_team_event(
    fmt: Format, players: int, options: Any, seed: int, setup: TeamSetup
) -> tuple[EventFile, list[PlayedRound]]:
    """:func:`team_play_through`, with the event file it played."""
    import random

    rng = random.Random(seed)
    team_of = setup.team_of()
    roster = tuple(
        Player(name=f"Player {p}", team=setup.teams[team_of[p] - 1].name if p in team_of else None)
        for p in range(1, players + 1)
    )
    tournament = Tournament(
        name="contract",
        format=FormatChoice(name=fmt.name, options=options),
        players=roster,
        teams=setup,
    )
    event = EventFile(tournament=tournament)
    played: list[PlayedRound] = []
    while True:
        request = request_from_state(replay(event))
        rnd = fmt.next_round(request)  # type: ignore[attr-defined]
        assert fmt.next_round(request) == rnd, "the same request gives another round"  # type: ignore[attr-defined]
        if rnd is None:
            return event, played
        label = (players, options, rnd.number)
        assert rnd.number == len(played) + 1, label
        assert rnd.teams is not None, f"{label}: a team format's round names its matches"
        named = rnd.teams.teams()
        assert len(named) == len(set(named)), label
        seen = [*rnd.white, *rnd.black, *rnd.byes]
        assert len(seen) == len(set(seen)), label
        assert all(1 <= p <= players for p in seen), label
        white, black, _ = rnd.teams.games(setup.board_colours())
        assert (white, black) == (rnd.white, rnd.black), label
        event = event.with_operation(
            PairRound(
                round=rnd.number, white=rnd.white, black=rnd.black, byes=rnd.byes, teams=rnd.teams
            )
        )
        results = tuple(rng.choice((1.0, 0.5, 0.0)) for _ in rnd.white)
        words = {1.0: "1-0", 0.5: "1/2", 0.0: "0-1"}
        for board, points in enumerate(results, 1):
            event = event.with_operation(
                RecordResult(round=rnd.number, board=board, result=words[points])
            )
        played.append(PlayedRound(round=rnd, results=results))
        assert len(played) <= 10 * players, "the event does not end"
