"""``caddy add`` (a late entry, FIDE Handbook C.04.2 2.5) and ``caddy bye``
(byes a player asks for, announced before the rounds are paired: C.04.2
3.2-3.3). Each is one session on the file (:func:`caddy.event.session.open`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from caddy.cli.common import event_player
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.event.replay import State
    from caddy.event.session import Session
    from caddy.model.schedule import Player
    from caddy.plugins.host import PluginHost


def add_commands(commands: Commands) -> None:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int
    from caddy.cli.rating_options import add_player_arguments

    add = commands.add_parser(
        "add",
        help="a player joins the event (a late entry once it has started)",
        description=(
            "Add a player to EVENT.json. Before any operation the field just grows; "
            "once operations refer to pairing numbers the player gets the next one "
            "and every round paired so far is a round missed (FIDE Handbook C.04.2 2.5)."
        ),
    )
    add.add_argument("event", metavar="EVENT.json")
    add.add_argument("name", metavar="NAME", nargs="?", help="name (from the list with --fide-id)")
    add.add_argument("--rating", type=ascii_int, help="rating (0: unrated); needed without a list")
    add_player_arguments(add)
    add.add_argument(
        "--missed",
        choices=("zero", "half"),
        default="zero",
        help="what each round already paired scores: zero (default) or half a point",
    )
    add.set_defaults(run=cmd_add)

    bye = commands.add_parser(
        "bye",
        help="byes a player asked for, in rounds paired or not yet",
        description=(
            "Record a bye for PLAYER in each of ROUNDS (5, 5,6 or 5-7). A round not "
            "paired yet keeps the bye until it is paired: the player is not paired "
            "in it (FIDE Handbook C.04.2 3.2-3.3)."
        ),
    )
    bye.add_argument("event", metavar="EVENT.json")
    bye.add_argument("player", metavar="PLAYER")
    bye.add_argument("rounds", metavar="ROUNDS", help="rounds: 5, 5,6 or 5-7")
    kind = bye.add_mutually_exclusive_group(required=True)
    for word, points in (("half", "half a point"), ("zero", "no points"), ("full", "a point")):
        kind.add_argument(
            f"--{word}",
            dest="kind",
            action="store_const",
            const=word,
            help=f"a {word}-point bye ({points})" if word != "zero" else "a zero-point bye",
        )
    bye.add_argument("--force", action="store_true", help="replace a bye of another kind")
    bye.add_argument(
        "--team",
        action="store_true",
        help="a team event: PLAYER names a team (number, name, code or a start of its name) and the bye is the "
        "team's, in rounds not paired yet: every member gets it, the team is not paired and "
        "scores the bye as a team (full: a won match, half: a drawn one, zero: nothing; "
        "TRF-2026 record 240 F/H/Z)",
    )
    bye.set_defaults(run=cmd_bye)


def parse_rounds(text: str) -> list[int]:
    """``5``, ``5,6``, ``5-7`` (and lists of those) as the rounds, in order, once each."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import is_ascii_number

    rounds: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, sep, last = part.partition("-")
        if not is_ascii_number(first) or (sep and not is_ascii_number(last)):
            raise CaddyError(f"rounds '{text}' is not a list of rounds (e.g. 5, 5,6 or 5-7)")
        low, high = int(first), int(last) if sep else int(first)
        if low < 1:
            raise CaddyError(f"rounds '{text}': rounds are numbered from 1")
        if high < low:
            raise CaddyError(f"rounds '{text}': {part} runs backwards (write {last}-{first})")
        rounds.extend(r for r in range(low, high + 1) if r not in rounds)
    return rounds


def cmd_bye(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import open as open_event

    rounds = parse_rounds(ns.rounds)
    with open_event(ns.event, host=host) as session:
        if ns.team:
            lines = [_team_bye(session, ns, number) for number in rounds]
        else:
            player = _bye_player(session.state, ns.player)
            lines = [_player_bye(session, ns, player, number) for number in rounds]
    print("\n".join(lines))
    return 0


def _bye_player(state: State, text: str) -> int:
    """The player ``caddy bye`` names; in a team event, a team's name (or
    the start of one that is no player's) hints at ``--team``."""
    try:
        return event_player(state, text)
    except CaddyError:
        if _names_a_team(state, text):
            raise CaddyError(
                f"'{text}' is a team, not a player: `caddy bye EVENT '{text}' ROUNDS "
                "--team` gives the team a bye"
            ) from None
        raise


def _names_a_team(state: State, text: str) -> bool:
    """``text`` is a team's name or code (any case), or the start of a team's
    name only that starts no player's name (not a team's number)."""
    setup = state.event.tournament.teams
    folded = text.strip().casefold()
    if setup is None or text.strip().isdigit():
        return False
    try:
        team = setup.team(setup.find(text))
    except CaddyError:
        return False
    players = state.event.tournament.players
    return folded in (team.name.casefold(), team.code.casefold()) or not any(
        p.name.casefold().startswith(folded) for p in players
    )


def _record_bye(session: Session, ns: argparse.Namespace, player: int, number: int) -> str:
    """Record ``ns.kind``'s bye for ``player`` in round ``number``; the round's note."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.entries import record_bye

    return record_bye(session, player, number, ns.kind, force=ns.force)


def _player_bye(session: Session, ns: argparse.Namespace, player: int, number: int) -> str:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.result import describe
    from caddy.model.tournament import RecordBye

    note = _record_bye(session, ns, player, number)
    operation = RecordBye(round=number, player=player, kind=ns.kind)
    return f"recorded: {describe(operation, session.event)}{note}"


def _team_bye(session: Session, ns: argparse.Namespace, number: int) -> str:
    """A team's bye in round ``number`` (not paired yet): every member not
    withdrawn gets it, so the pairing leaves the team out with that bye."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.messages import visible

    state = session.state
    setup = state.event.tournament.teams
    if setup is None:
        raise CaddyError(f"{ns.event} has no teams: --team gives a team event's team a bye")
    team = setup.find(ns.player)
    if number <= len(state.rounds):
        raise CaddyError(
            f"round {number} is paired: a team's bye is given before its round is paired "
            "(the team is then not paired)"
        )
    gone = {p for p, after in state.withdrawn.items() if number > after}
    members = [p for p in setup.team(team).members if p not in gone]
    if not members:
        raise CaddyError(f"round {number}: every player of team {team} has withdrawn")
    for player in members:
        note = _record_bye(session, ns, player, number)
    name = visible(setup.team(team).name)
    players = ", ".join(map(str, members))
    return (
        f"recorded: round {number}: {ns.kind} bye for team {name} ({team}), players {players}{note}"
    )


def cmd_add(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.rating_options import listed_entrant
    from caddy.event.entries import check_entry, entry_details
    from caddy.event.session import open as open_event
    from caddy.messages import visible

    check_entry(ns.name, ns.rating)
    ns.name = ns.name.strip() if ns.name else None
    ns.title, ns.federation, ns.fide_id = entry_details(ns.title, ns.federation, ns.fide_id)
    with open_event(ns.event, host=host) as session:
        player = listed_entrant(ns, session.event.tournament)
        number, effect = _add_player(session, player, ns.missed)
    rating = "unrated" if player.rating is None else f"rating {player.rating}"
    print(f"added: {visible(player.name)} ({number}), {rating}: {effect}")
    return 0


def _add_player(session: Session, player: Player, missed: str) -> tuple[int, str]:
    """Add ``player`` to the event (:func:`caddy.event.entries.add_player`)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.entries import add_player

    return add_player(session, player, missed)
