"""The arbiter's commands on event files: new, result, withdraw, undo,
history (``pair`` and ``pairings``: :mod:`caddy.cli.pair`). The file comes
first; players are named by pairing number or exact name. Every change is a read–modify–write under the file's
lock (:mod:`caddy.files.storage`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from caddy.cli.common import event_player
from caddy.errors import CaddyError

if TYPE_CHECKING:
    import datetime
    from pathlib import Path

    from caddy.cli.common import Commands
    from caddy.contracts import Format
    from caddy.model.dates import RoundDates
    from caddy.model.ratings import RatingSetup
    from caddy.model.schedule import Numbering
    from caddy.model.teams import TeamSetup
    from caddy.model.timecontrol import TimeControl
    from caddy.plugins.host import PluginHost


def add_new(commands: Commands) -> None:
    """``caddy new``'s parser."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import format_arguments

    new = commands.add_parser(
        "new", help="start an event file", description="Create EVENT.json for a field."
    )
    new.add_argument("event", metavar="EVENT.json")
    new.add_argument(
        "--players", dest="players_file", metavar="FILE", help="players CSV (or --teams)"
    )
    format_arguments(new, None, "round-robin, with --teams team-round-robin")
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.teams import add_team_arguments

    add_team_arguments(new)
    new.add_argument("--tc", metavar="TC", help="time control")
    new.add_argument("--tiebreaks", metavar="LIST", help="tie-break list (default: the format's)")
    new.add_argument(
        "--edition", choices=("2024", "2026"), help="C.07 edition (default: by the start date)"
    )
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.team_standings import ede_arguments

    ede_arguments(new, stored=True)
    new.add_argument(
        "--by",
        choices=("lot", "rating", "given"),
        help="pairing numbers (default: the format's; lot, or rating for quads, knockouts, Swiss)",
    )
    new.add_argument("--seed", type=int, help="seed for the lot and any colour toss")
    new.add_argument("--name", default="", help="event name")
    new.add_argument(
        "--start", help="start date YYYY-MM-DD (with --every: the first playing night)"
    )
    new.add_argument("--end", help="end date YYYY-MM-DD")
    new.add_argument("--place", default="", help="place")
    new.add_argument("--arbiter", default="", help="chief arbiter")
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.dates import add_schedule_arguments

    add_schedule_arguments(new, start=False)
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.rating_options import add_rating_arguments

    add_rating_arguments(new)
    new.set_defaults(run=cmd_new)


def add_withdraw(commands: Commands) -> None:
    """``caddy withdraw``'s parser."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int

    withdraw = commands.add_parser("withdraw", help="a player leaves the event")
    withdraw.add_argument("event", metavar="EVENT.json")
    withdraw.add_argument("player", metavar="PLAYER")
    withdraw.add_argument(
        "--after-round", type=ascii_int, help="last round played (default: the last with a result)"
    )
    withdraw.set_defaults(run=cmd_withdraw)


def other_codec(path: str, host: PluginHost | None = None) -> str | None:
    """The name of the codec (file format) ``path`` is written in, when that
    is not caddy's event file (codec ``json``): the first codec whose
    ``sniff`` recognises the file's first bytes, else the first that claims
    its suffix. ``None`` for a file that looks like JSON, one that cannot be
    read (loading it says why) or one no codec claims (``host``: the run's
    plugin host; ``None``, the default one)."""
    from pathlib import Path

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.files.storage import peek

    head = peek(path, 4096)  # never opens a pipe or reads a device
    if not head:
        return None  # not a regular file, or empty: loading it says what is wrong
    if head.removeprefix(b"\xef\xbb\xbf").lstrip()[:1] in (b"{", b"["):
        return None  # JSON: the event file's own checks speak
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.plugins.host import resolve

    codecs = [c for c in resolve(host).codecs() if c.name != "json"]
    suffix = Path(path).suffix.lower()
    for codec in [c for c in codecs if c.sniff(head)] or [
        c for c in codecs if suffix in c.suffixes
    ]:
        return str(codec.name)
    return None


def refuse_other_formats(path: str, host: PluginHost) -> None:
    """One line for an event command given, say, a TRF file: name its format
    and the command that makes an event file from it."""
    name = other_codec(path, host)
    if name is not None:
        label = name.upper() if len(name) <= 4 else name
        raise CaddyError(
            f"{path} is a {label} file, not an event file; "
            f"make one with `caddy import {path} -o event.json`"
        )


def _date(text: str | None, option: str) -> datetime.date | None:
    if text is None:
        return None
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.dates import parse_date

    return parse_date(text, option)


def cmd_new(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy new``: the field, its numbering and seed, the dates, written once."""
    from pathlib import Path

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import format_and_options
    from caddy.cli.team_standings import ns_ede_readings
    from caddy.event.documents import new_event
    from caddy.event.store import dumps
    from caddy.files.storage import write_file
    from caddy.model.schedule import draw_seed

    path = Path(ns.event)
    if path.exists():
        raise CaddyError(f"{path} exists already; an event file is created once")
    # a field of teams plays a team round robin unless told
    name = ns.format or ("round-robin" if ns.teams_file is None else "team-round-robin")
    fmt, options = format_and_options(ns, host=host, name=name)
    ede = ns_ede_readings(ns)  # before reading any file: a misplaced flag says so first
    numbering, setup, options, ratings = _field(ns, fmt, options, host)
    # every random choice of the format (colour tosses, lots) comes from this
    # seed, drawn once here and recorded in the file: a replay never draws again
    seed = ns.seed if ns.seed is not None else numbering.seed
    if seed is None:
        seed = draw_seed()
    time_control, schedule = _timing(ns, fmt, options, len(numbering.players), host)
    event = new_event(
        numbering.players,
        fmt.name,
        options,
        name=ns.name,
        start=_date(ns.start, "--start") or (schedule.rounds[0].date if schedule else None),
        end=_date(ns.end, "--end") or (schedule.rounds[-1].date if schedule else None),
        place=ns.place,
        arbiter=ns.arbiter,
        time_control=time_control,
        tiebreaks=_tiebreaks(ns, host),
        edition=ns.edition,
        ede=ede,
        numbering=numbering.method,
        numbering_seed=numbering.seed,
        seed=seed,
        schedule=schedule,
        teams=setup,
        ratings=ratings,
    )
    # created under the lock, never over an existing file (another `new` may have won)
    write_file(
        path,
        dumps(event),
        force=False,
        exists=f"{path} exists already; an event file is created once",
    )
    _print_new(path, fmt.name, numbering, seed, schedule, setup)
    return 0


def _field(
    ns: argparse.Namespace, fmt: Format, options: Any, host: PluginHost
) -> tuple[Numbering, TeamSetup | None, Any, RatingSetup | None]:
    """The players in pairing-number order (a team event's, team by team),
    its teams, the format's options (a team event may set some) and the
    event's ratings (players from a rating list, tournament ratings)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.rating_options import rated_players, wants_ratings
    from caddy.files.players import read_players_csv
    from caddy.model.schedule import Numbering
    from caddy.schedule.calculator import check_limits

    if ns.players_file is not None and ns.teams_file is not None:
        raise CaddyError("give --players FILE or --teams FILE, not both")
    if ns.players_file is None and ns.teams_file is None:
        raise CaddyError("give the field with --players FILE, or a team event's --teams FILE")
    if ns.teams_file is not None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.cli.teams import team_field

        if ns.by not in (None, "given"):
            raise CaddyError("a team event numbers its players team by team, in board order")
        if wants_ratings(ns):
            raise CaddyError("the rating options take a players CSV (--players), not --teams")
        entrants, setup, options = team_field(ns, options, fmt, host)
        check_limits(len(entrants), fmt, options)
        return Numbering(players=entrants, method="given"), setup, options, None
    entrants = read_players_csv(ns.players_file, from_list=bool(ns.rating_list))
    check_limits(len(entrants), fmt, options)
    entrants, ratings = rated_players(ns, entrants, host)
    numbering = fmt.number_players(entrants, ns.by or fmt.default_numbering, ns.seed)
    return numbering, None, options, ratings


def _tiebreaks(ns: argparse.Namespace, host: PluginHost) -> tuple[str, ...] | None:
    """``--tiebreaks``, every name known now (a team event's: C.07 Arts. 12-13, BH:MP)."""
    if not ns.tiebreaks:
        return None
    if ns.teams_file is not None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.standings.teams import resolve_team_tiebreaks, team_tiebreak_texts

        texts = team_tiebreak_texts(ns.tiebreaks, True, host)
        resolve_team_tiebreaks(texts, host)
        return tuple(texts)
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.standings.ranking import resolve_tiebreaks, tiebreak_texts

    texts = tiebreak_texts(ns.tiebreaks, True)
    resolve_tiebreaks(texts, True)  # every name must be known now
    return tuple(texts)


def _print_new(
    path: Path,
    format_name: str,
    numbering: Numbering,
    seed: int,
    schedule: RoundDates | None,
    setup: TeamSetup | None,
) -> None:
    """What ``caddy new`` wrote: the format, the seeds, the dates, the field."""
    print(f"{path}: {format_name}, {len(numbering.players)} players")
    if numbering.seed is not None:
        print(f"pairing numbers drawn by lot, seed {numbering.seed} (recorded in the file)")
    if seed != numbering.seed:
        print(f"colour tosses and lots: seed {seed} (recorded in the file)")
    if schedule is not None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.cli.dates import describe_rule

        last = schedule.rounds[-1]
        print(
            f"rounds dated {describe_rule(schedule)}: round 1 on {schedule.rounds[0].date}, "
            f"round {last.round} on {last.date}"
        )
    if setup is not None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.cli.teams import print_teams

        print_teams(setup, list(numbering.players))
        return
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.messages import visible

    for number, player in enumerate(numbering.players, 1):
        rating = "unrated" if player.rating is None else str(player.rating)
        print(f"  {number:>3}  {visible(player.name)} ({rating})")


def _timing(
    ns: argparse.Namespace, fmt: Format, options: Any, players: int, host: PluginHost
) -> tuple[TimeControl | None, RoundDates | None]:
    """``--tc``'s time control and the dated rounds (when the dates are asked for)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.dates import wants_dates

    dated = wants_dates(ns, start_is_date=True)
    time_control = None
    if ns.tc:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.plugins.lookup import parse_time_control

        time_control = parse_time_control(ns.tc, host)
    schedule = _schedule(ns, fmt, options, players, time_control) if dated else None
    return time_control, schedule


def _schedule(
    ns: argparse.Namespace, fmt: Format, options: Any, players: int, tc: TimeControl | None
) -> RoundDates:
    """The dated rounds ``caddy new --every`` asks for: the format's rounds for the
    field, spaced by the calculator's round length when there is a time control."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.dates import schedule_from_args
    from caddy.schedule.calculator import calculate

    figures = calculate(players, format=fmt, options=options, time_control=tc)
    schedule, left_over = schedule_from_args(
        ns,
        figures.rounds,
        round_minutes=figures.round_minutes,
        default_per_night=figures.rounds_per_night or 1,
        own_nights=figures.knockout_rounds,
    )
    if left_over:
        raise CaddyError(
            f"{left_over} of {figures.rounds} rounds do not fit on the given days "
            f"({schedule.rounds_per_night} a day between --at and --until)"
        )
    return schedule


def cmd_withdraw(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.effects import last_round_of, withdrawal_effect
    from caddy.event.session import open as open_event
    from caddy.model.tournament import Withdraw

    with open_event(ns.event, host=host) as session:
        state = session.state
        player = event_player(state, ns.player)
        after = ns.after_round
        if after is None:
            after = last_round_of(state, player)
        session.apply(Withdraw(player=player, after_round=after))
    name = session.event.tournament.players[player - 1].name
    print(
        f"recorded: {name} ({player}) withdraws after round {after}: {withdrawal_effect(state, player, after)}"
    )
    return 0
