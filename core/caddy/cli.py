"""The ``caddy`` command line.

Data goes to stdout (``--json`` prints one versioned document); diagnostics
go to stderr. Exit codes: 0 ok, 1 bad input, 2 usage (argparse), 3 plugin
or internal error. A user never sees a traceback (``CADDY_DEBUG=1`` shows
one for an internal error).

Nothing heavy is imported at module top: ``caddy --version`` answers before
argparse, pluggy, attrs or importlib.metadata load.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

if TYPE_CHECKING:
    import argparse

    from caddy.calculator import CalcResult
    from caddy.formats import Format, PairingFormat
    from caddy.models import Numbering, Schedule
    from caddy.render import Report


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["--version"], ["-V"]):
        from caddy import __version__

        print(f"caddy {__version__}")
        return 0
    from caddy.errors import CaddyError

    try:
        return _run(args)
    except CaddyError as exc:
        for problem in exc.problems:
            _print_error(problem)
        return exc.exit_code
    except SystemExit as exc:  # argparse: usage errors and --help
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except KeyboardInterrupt:
        _print_error("interrupted", kind="")
        return 130
    except BrokenPipeError:  # e.g. `caddy table 1000 | head`
        # point stdout at devnull so the interpreter's final flush stays quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except UnicodeEncodeError as exc:
        # text that is not Unicode (a lone surrogate, from an argument the
        # system could not decode): bad input, never written (issue 13 m)
        if os.environ.get("CADDY_DEBUG"):
            raise
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
        shown = bad.encode("ascii", "backslashreplace").decode("ascii")
        _print_error(
            f"text that is not valid Unicode ({shown}) cannot be written as {exc.encoding}"
        )
        return 1
    except Exception as exc:
        if os.environ.get("CADDY_DEBUG"):
            raise
        _print_error(
            f"{type(exc).__name__}: {exc} (CADDY_DEBUG=1 shows the traceback)",
            kind="internal error",
        )
        return 3


def _print_error(message: str, kind: str = "error") -> None:
    """``caddy: <kind>: <message>`` on stderr (see :func:`caddy.messages.tell`)."""
    from caddy.messages import tell

    tell(message, kind)


# -- parser -------------------------------------------------------------------


def build_parser(
    only: str | None = None, with_plugin_commands: bool = True
) -> argparse.ArgumentParser:
    """The argument parser; ``only`` builds just that built-in command (faster)."""
    import argparse

    from caddy import __version__

    parser = argparse.ArgumentParser(
        prog="caddy",
        description="Chess tournament formats, schedules and a round/time calculator.",
    )
    parser.add_argument("-V", "--version", action="version", version=f"caddy {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    added: set[Any] = set()
    for name, add in _COMMANDS.items():
        if (only is None or only == name) and add not in added:
            add(commands)
            added.add(add)
    if with_plugin_commands:
        from caddy.plugins import get_host

        get_host().add_commands(commands)
    return parser


def _add_calc(commands: Any) -> None:
    calc = commands.add_parser(
        "calc",
        help="rounds, games, boards, hours and club nights for a field",
        description="Rounds, games, boards and, with --tc, hours and club nights for N players.",
    )
    calc.add_argument("players", nargs="+", type=ascii_int, metavar="N", help="number of players")
    calc.add_argument(
        "--tc",
        action="append",
        default=[],
        metavar="TC",
        help="time control (G/25d5, 40/90, SD/30+30, 90+30, 5400+30); repeatable",
    )
    _format_arguments(calc)
    calc.add_argument(
        "--turnover",
        type=ascii_int,
        default=15,
        metavar="MIN",
        help="minutes between rounds (default 15)",
    )
    calc.add_argument(
        "--night",
        default="3h",
        metavar="LENGTH",
        help="length of a club night: 3h, 2.5h or 180m (default 3h)",
    )
    calc.add_argument("--json", action="store_true", help="print a caddy.calc JSON document")
    calc.set_defaults(handler=cmd_calc)


def _add_table(commands: Any) -> None:
    table = commands.add_parser(
        "table",
        help="print a round-robin schedule (FIDE Berger table by default)",
        description="Print the schedule for N players, or for the players in a CSV file.",
    )
    table.add_argument("players", nargs="?", type=ascii_int, metavar="N", help="number of players")
    table.add_argument(
        "--players",
        dest="players_file",
        metavar="FILE",
        help="CSV with a header: name,rating[,federation,fide_id,title,team]",
    )
    _format_arguments(table)
    table.add_argument(
        "--style",
        choices=("fide", "circle", "us-quad", "crenshaw"),
        help="table style (shorthand for --option table=STYLE)",
    )
    table.add_argument(
        "--reverse-colours",
        "--reverse-colors",
        action="store_true",
        help="the whole table with colours reversed",
    )
    table.add_argument("--seed", type=ascii_int, help="seed for the lot and any colour toss")
    table.add_argument(
        "--by",
        choices=("lot", "rating", "given"),
        default=None,
        help="how pairing numbers are given to the players in --players "
        "(default: lot; by rating for quads, knockout and groups-knockout)",
    )
    output = table.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print a caddy.schedule JSON document")
    output.add_argument("--csv", action="store_true", help="print CSV rows, one per game")
    output_argument(output)
    table.set_defaults(handler=cmd_table)


def _add_plugins(commands: Any) -> None:
    plugins = commands.add_parser("plugins", help="list plugins and what they register")
    plugins.add_argument("--json", action="store_true", help="print a caddy.plugins JSON document")
    plugins.set_defaults(handler=cmd_plugins)


def _format_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        default="round-robin",
        metavar="NAME",
        help="tournament format (default round-robin; see `caddy plugins`)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a format option, e.g. cycles=2 or table=circle; repeatable",
    )
    from caddy.formats import shorthands

    for item in shorthands():  # from the format plugins
        if item.value is None:
            parser.add_argument(
                item.flag, dest=_dest(item.flag), metavar=item.metavar, help=item.help
            )
        else:
            parser.add_argument(
                item.flag, dest=_dest(item.flag), action="store_true", help=item.help
            )


def _dest(flag: str) -> str:
    """The namespace attribute of a format shorthand (kept apart from the commands' own)."""
    return "shorthand_" + flag.lstrip("-").replace("-", "_")


def _run(args: list[str]) -> int:
    first = next((a for a in args if not a.startswith("-")), None)
    if first == "result":
        args = _escape_result_words(args)
    builtin = first in _COMMANDS and not (args and args[0] in ("-h", "--help"))
    parser = build_parser(only=first if builtin else None, with_plugin_commands=not builtin)
    namespace = parser.parse_args(args)
    handler = getattr(namespace, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    if builtin and first in _EVENT_FILE_COMMANDS:
        from caddy.cli_event import refuse_other_formats

        refuse_other_formats(namespace.event)
    code: int = handler(namespace)
    return code


def _escape_result_words(args: list[str]) -> list[str]:
    """``caddy result F 1 4 -+``: every result word the help lists is taken as
    written, as a positional argument.

    argparse takes any word that starts with ``-`` for an option (and ``--``
    for the end of the options), so the result words that do (``-+``, ``--``,
    ``-/+``, ``-/-``) get a leading space after the command, which
    :func:`caddy.cli_event.cmd_result` strips again. The options (``--force``,
    ``--bye PLAYER KIND``, ``--help``) move behind the positional arguments,
    so that ``caddy result F 1 4 --force --`` reads as ``caddy result F 1 4 --
    --force`` (argparse would not fill an optional positional after an option).
    """
    from caddy.results import RESULT_WORDS

    dashed = {word for word in RESULT_WORDS if word.startswith("-")}
    start = args.index("result") + 1
    positional: list[str] = []
    options: list[str] = []
    rest = args[start:]
    index = 0
    while index < len(rest):
        arg = rest[index]
        index += 1
        if arg in dashed:
            positional.append(f" {arg}")
        elif arg.startswith("-") and len(arg) > 1 and not arg[1:].isdigit():
            options.append(arg)
            if len(arg) > 3 and "--bye".startswith(arg):  # --bye PLAYER KIND
                options.extend(rest[index : index + 2])
                index += 2
        else:
            positional.append(arg)
    return [*args[:start], *positional, *options]


# -- shared helpers -------------------------------------------------------------


def is_ascii_number(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits ``0-9``.

    ``str.isdigit`` is true for ``²`` (which ``int`` refuses) and ``int``
    reads ``٣`` as 3; a number on caddy's command line is written in ASCII.
    """
    return text.isascii() and text.isdigit()


def whole_number(text: str, what: str) -> int:
    """``text`` as a whole number of ASCII digits (an optional sign allowed),
    or one line naming ``what`` was wrong."""
    from caddy.errors import CaddyError

    cleaned = text.strip()
    if not is_ascii_number(cleaned[1:] if cleaned[:1] in ("-", "+") else cleaned):
        raise CaddyError(f"{what} '{text}' is not a whole number (digits 0-9)")
    return int(cleaned)


def ascii_int(text: str) -> int:
    """argparse ``type`` for whole numbers: ASCII digits only (see
    :func:`whole_number`); argparse's message stays ``invalid int value``."""
    from caddy.errors import CaddyError

    try:
        return whole_number(text, "value")
    except CaddyError:
        raise ValueError(text) from None


ascii_int.__name__ = "int"  # argparse names the type in its message


def _format_and_options(
    ns: argparse.Namespace, extra: dict[str, str] | None = None
) -> tuple[Format, Any]:
    from caddy.errors import CaddyError
    from caddy.formats import options_from_strings
    from caddy.plugins import get_host

    host = get_host()
    fmt: Format = host.formats().get(ns.format)
    values: dict[str, str] = {}
    problems = []
    for item in ns.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            problems.append(f"--option expects KEY=VALUE, got '{item}'")
            continue
        values[key.strip()] = value.strip()
    if problems:
        raise CaddyError(problems[0], problems=problems)
    from caddy.formats import shorthands

    offered = shorthands(host)
    for item in offered:  # a flag such as --double: an explicit --option wins
        if item.value is not None and vars(ns).get(_dest(item.flag)):
            values.setdefault(item.option, item.value)
    for item in (
        item for item in offered if item.value is None
    ):  # a flag with a value (--cycles 3) wins over --option
        value = vars(ns).get(_dest(item.flag))
        if value is not None:
            values[item.option] = value
    values.update(extra or {})
    return fmt, options_from_strings(fmt, values)


def parse_night(text: str) -> float:
    """A night length in minutes from ``3h``, ``2.5h``, ``180m``, ``180min`` or ``3:00``."""
    from caddy.errors import CaddyError

    cleaned = text.strip().lower().replace(" ", "")
    number, factor = cleaned, 0
    for suffix, minutes in (("min", 1), ("h", 60), ("m", 1)):
        if cleaned.endswith(suffix):
            number, factor = cleaned[: -len(suffix)], minutes
            break
    hours, colon, mins = cleaned.partition(":")
    value: float
    if (
        colon
        and is_ascii_number(hours)
        and is_ascii_number(mins)
        and len(mins) == 2
        and int(mins) < 60
    ):
        value = int(hours) * 60 + int(mins)
    elif factor and is_ascii_number(number.replace(".", "", 1)):
        value = float(number) * factor
    else:
        raise CaddyError(f"cannot read night length '{text}' (expected e.g. 3h, 2.5h or 180m)")
    if value <= 0:
        raise CaddyError(f"night length '{text}' must be positive")
    return int(value) if value == int(value) else value


_QUARTERS = {0: "", 1: "¼", 2: "½", 3: "¾"}


def format_hours(hours: float) -> str:
    """``13.75`` → ``13¾ h`` (hours are whole quarters)."""
    quarters = round(hours * 4)
    whole, part = divmod(quarters, 4)
    text = (str(whole) if whole or not part else "") + _QUARTERS[part]
    return f"{text} h"


def format_minutes(minutes: float) -> str:
    """``180`` → ``3 h``, ``150`` → ``2½ h``, ``100`` → ``100 min``."""
    if minutes % 15 == 0 and minutes >= 60:
        return format_hours(minutes / 60)
    return f"{minutes:g} min"


# -- calc -----------------------------------------------------------------------


def cmd_calc(ns: argparse.Namespace) -> int:
    from caddy.calculator import calculate
    from caddy.errors import CaddyError
    from caddy.timecontrol import TimeControl, parse_time_control

    if ns.turnover < 0:
        raise CaddyError(f"--turnover must be 0 or more minutes, got {ns.turnover}")
    night = parse_night(ns.night)
    fmt, options = _format_and_options(ns)
    controls: list[TimeControl | None] = []
    problems: list[str] = []
    for text in ns.tc:
        try:
            controls.append(parse_time_control(text))
        except CaddyError as exc:
            problems.extend(exc.problems)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    from caddy.calculator import check_field

    for n in ns.players:
        check_field(n)
    results = [
        calculate(
            n,
            format=fmt,
            options=options,
            time_control=tc,
            turnover_minutes=ns.turnover,
            night_minutes=night,
        )
        for n in ns.players
        for tc in (controls or [None])
    ]
    if ns.json:
        from caddy.documents import CalcDocument, write

        write(CalcDocument(results=tuple(results)), sys.stdout)
        return 0
    for text, tc in zip(ns.tc, controls, strict=True):
        assert tc is not None
        print(f"{text} read as: {tc.describe()}")
    if len(ns.players) == 1 and len(controls) <= 1:
        _print_summary(results[0], sys.stdout)
    else:
        _print_table(results, ns.players, controls, sys.stdout)
    return 0


def _print_summary(r: CalcResult, out: TextIO) -> None:
    games = "games" if r.games != 1 else "game"
    print(f"{r.format}, {r.players} players", file=out)
    print(
        f"  {r.rounds} rounds, {r.games} {games}, {r.boards} boards, "
        f"{r.games_per_player} games per player",
        file=out,
    )
    if r.max_games is not None and r.max_games != r.games:
        print(f"  {r.games} to {r.max_games} games with knockout tie-breaks", file=out)
    if r.byes_per_round and not r.details:
        sits = "player sits" if r.byes_per_round == 1 else "players sit"
        print(f"  {r.byes_per_round} {sits} out each round", file=out)
    for line in r.details:
        print(f"  {line}", file=out)
    for label, arithmetic in r.variants.items():
        print(f"  {label}: {arithmetic.rounds} rounds, {arithmetic.games} games", file=out)
    if r.time_control is not None:
        print(
            f"Time control {r.time_control} (US Chess: {r.us_chess_category}; FIDE: {r.fide_category})",
            file=out,
        )
        print(
            f"  {r.minutes_per_player} min per player, {r.worst_case_game_minutes} min worst-case game, "
            f"{r.round_minutes} min per round with {r.turnover_minutes} min turnover",
            file=out,
        )
        assert r.total_hours is not None
        print(f"  {format_hours(r.total_hours)} in all ({r.total_minutes} min)", file=out)
        night = format_minutes(r.night_minutes)
        if r.round_fits_night:
            per = "round" if r.rounds_per_night == 1 else "rounds"
            ko = ""
            if r.knockout_rounds:
                ko = f" (the knockout rounds on {r.knockout_rounds} nights of their own)"
            print(
                f"  {r.club_nights} club nights of {night} at {r.rounds_per_night} {per} a night{ko}",
                file=out,
            )
        else:
            print(
                f"  a round ({r.round_minutes} min) does not fit in one {night} night: "
                f"{r.club_nights} club nights, one round each and over time",
                file=out,
            )
    if r.advice:
        print(f"Advice: {r.advice}", file=out)


def _print_table(
    results: list[CalcResult], players: list[int], controls: list[Any], out: TextIO
) -> None:
    first = results[0]
    extra = "; ".join(f"{label}" for label in first.variants)
    heading = f"{first.format}"
    if controls and controls[0] is not None:
        heading += f"; {first.turnover_minutes} min turnover; club nights of {format_minutes(first.night_minutes)}"
    print(heading, file=out)
    head = ["players", "rounds", "games", "boards"]
    if extra:
        head += ["double rounds", "double games"]
    per_tc = [c for c in controls if c is not None]
    top = [""] * len(head)
    for tc in per_tc:
        top += [str(tc), ""]
        head += ["hours", "nights"]
    rows: list[list[str]] = []
    index = 0
    for n in players:
        row_results = results[index : index + max(1, len(per_tc))]
        index += max(1, len(per_tc))
        r = row_results[0]
        row = [str(n), str(r.rounds), str(r.games), str(r.boards)]
        if extra:
            double = next(iter(r.variants.values()))
            row += [str(double.rounds), str(double.games)]
        for rr in row_results if per_tc else []:
            assert rr.total_hours is not None
            nights = str(rr.club_nights) + ("" if rr.round_fits_night else "*")
            row += [format_hours(rr.total_hours), nights]
        rows.append(row)
    widths = [max(len(x) for x in col) for col in zip(top, head, *rows, strict=True)]
    lines = [top, head, *rows] if per_tc else [head, *rows]
    for line in lines:
        print(
            "  ".join(cell.rjust(w) for cell, w in zip(line, widths, strict=True)).rstrip(),
            file=out,
        )
    if any(r.round_fits_night is False for r in results):
        print("* a round does not fit in one night: one round a night, over time", file=out)
    seen = set()
    for r in results:
        if r.players not in seen and r.advice:
            seen.add(r.players)
            print(f"Advice: {r.advice}", file=out)


# -- table ----------------------------------------------------------------------


def cmd_table(ns: argparse.Namespace) -> int:
    from caddy.errors import CaddyError
    from caddy.formats import schedule_format

    extra: dict[str, str] = {}
    if ns.style:
        extra["table"] = ns.style
    if ns.reverse_colours:
        extra["reverse_colours"] = "true"
    fmt, options = _format_and_options(ns, extra)
    numbering = None
    if ns.players_file:
        from caddy.players import read_players_csv

        entrants = read_players_csv(ns.players_file)
        if ns.players is not None and ns.players != len(entrants):
            raise CaddyError(
                f"{ns.players_file} has {len(entrants)} players, but {ns.players} were asked for"
            )
        numbering = fmt.number_players(entrants, ns.by or fmt.default_numbering, ns.seed)
        count = len(entrants)
    elif ns.players is None:
        raise CaddyError("give the number of players or --players FILE")
    else:
        count = ns.players
    from caddy.calculator import check_field
    from caddy.formats import depends_on_results, option_summary

    check_field(count, fmt, options)
    later: list[str] = []
    if depends_on_results(fmt):
        schedule, later = _known_rounds(fmt, count, options, numbering)
    else:
        schedule = schedule_format(fmt).schedule(count, options, seed=ns.seed)

    if ns.json:
        write_schedule_json(
            schedule, sys.stdout, options=option_summary(options), numbering=numbering
        )
    elif ns.csv:
        _write_schedule_csv(schedule, numbering, sys.stdout)
    else:
        emit(schedule_report(schedule, numbering, later), ns)
    return 0


def _known_rounds(
    fmt: Format, count: int, options: Any, numbering: Numbering | None
) -> tuple[Schedule, list[str]]:
    """For a format that pairs from results: the rounds known now, and what follows."""
    from caddy.models import Schedule

    arithmetic = fmt.arithmetic(count, options)

    def label(number: int) -> str:
        return _player_label(number, numbering)

    rounds = tuple(fmt.group_rounds(count, options))
    if rounds:
        sections = fmt.sections(count, options)
        qualified = options.groups * options.advance
        later = [
            f"Then a knockout of {qualified} ({options.advance} per group, seeded by place and group order, "
            f"group winners apart): {arithmetic.stages} rounds."
        ]
        title = f"groups then knockout, {count} players; groups by snake seeding"
        return Schedule(
            format=fmt.name, players=count, rounds=rounds, title=title, sections=sections
        ), later
    from caddy.contracts import PairingRequest

    first = cast("PairingFormat", fmt).next_round(PairingRequest.simple(count, options))
    assert first is not None
    later = [
        f"Round 1 of {arithmetic.rounds}: each board is a match; later rounds pair the winners in bracket order."
    ]
    if first.byes:
        later.append("Byes to the top seeds: " + ", ".join(label(p) for p in first.byes))
    title = f"{fmt.name}, {count} players seeded by pairing number"
    return Schedule(format=fmt.name, players=count, rounds=(first,), title=title), later


def write_schedule_json(
    schedule: Schedule,
    out: TextIO,
    *,
    options: dict[str, Any] | None = None,
    numbering: Numbering | None = None,
) -> None:
    """Stream a ``caddy.schedule`` document, round by round.

    The text is exactly what ``json.dumps`` gives for the same document, but
    it is never held whole in memory (half a million games for 1,000 players).
    """
    import json

    from caddy.documents import NumberingData, ScheduleHead, SectionPlayers, data

    numbered = None
    if numbering is not None:
        from caddy.serialize import unstructure

        numbered = NumberingData(
            method=numbering.method,
            seed=numbering.seed,
            players=tuple(
                {"number": i, **unstructure(p)} for i, p in enumerate(numbering.players, 1)
            ),
        )
    head = data(
        ScheduleHead(
            format=schedule.format,
            title=schedule.title,
            players=schedule.players,
            seed=schedule.seed,
            options=options or {},
            numbering=numbered,
            sections=tuple(
                SectionPlayers(name=s.name, players=s.players) for s in schedule.sections
            )
            or None,
        )
    )
    text = json.dumps(head, allow_nan=False)
    out.write(text[:-1] + ', "rounds": [')
    write = out.write
    for index, rnd in enumerate(schedule.rounds):
        boards = ", ".join(
            f'{{"board": {b}, "white": {w}, "black": {k}}}'
            for b, w, k in zip(range(1, len(rnd.white) + 1), rnd.white, rnd.black, strict=True)
        )
        write(f"[{boards}]" if index == 0 else f", [{boards}]")
    write('], "byes": ')
    write(json.dumps([list(rnd.byes) for rnd in schedule.rounds], allow_nan=False))
    write("}\n")


def _player_label(number: int, numbering: Numbering | None) -> str:
    if numbering is None:
        return str(number)
    return f"{numbering.name_of(number)} ({number})"


def _write_schedule_csv(schedule: Schedule, numbering: Numbering | None, out: TextIO) -> None:
    import csv

    writer = csv.writer(out, lineterminator="\n")
    named = numbering is not None
    writer.writerow(
        ["round", "board", "white", "black"] + (["white_name", "black_name"] if named else [])
    )
    for rnd in schedule.rounds:
        for game in rnd.games():
            row: list[Any] = [rnd.number, game.board, game.white, game.black]
            if numbering is not None:
                row += [numbering.name_of(game.white), numbering.name_of(game.black)]
            writer.writerow(row)
        for player in rnd.byes:
            row = [rnd.number, "bye", player, ""]
            if numbering is not None:
                row += [numbering.name_of(player), ""]
            writer.writerow(row)


def schedule_report(
    schedule: Schedule, numbering: Numbering | None, later: Sequence[str] = ()
) -> Report:
    """A schedule as a report: the grid of rounds, or with names one table per round."""
    from caddy.render import Report, Table

    intro = []
    for section in schedule.sections:
        members = " ".join(
            _player_label(p, numbering) if numbering else str(p) for p in section.players
        )
        intro.append(f"{section.name}: {members}")
    if schedule.seed is not None:
        intro.append(f"colour toss seed {schedule.seed} (repeat with --seed {schedule.seed})")
    title = f"{schedule.title}; the left player has White"
    if numbering is None:
        boards = max((r.boards for r in schedule.rounds), default=0)
        has_byes = any(r.byes for r in schedule.rounds)
        head = ["round", *(f"board {b}" for b in range(1, boards + 1))]
        head += ["bye"] if has_byes else []
        rows = []
        for rnd in schedule.rounds:
            cells = [
                str(rnd.number),
                *(f"{w}–{b}" for w, b in zip(rnd.white, rnd.black, strict=True)),
            ]
            cells += [""] * (boards + 1 - len(cells))
            if has_byes:
                cells.append(" ".join(str(p) for p in rnd.byes))
            rows.append(tuple(cells))
        table = Table(caption="Schedule", columns=tuple(head), rows=tuple(rows), row_header=0)
        return Report(
            kind="table", title=title, intro=tuple(intro), tables=(table,), notes=tuple(later)
        )
    how = {"lot": "drawn by lot", "rating": "by rating", "given": "as given"}[numbering.method]
    caption = f"Pairing numbers ({how}"
    if numbering.seed is not None:
        caption += f", seed {numbering.seed}; repeat the draw with --seed {numbering.seed}"
    caption += ")"
    tables = [
        Table(
            caption=caption,
            columns=("no", "name", "rating"),
            rows=tuple(
                (str(k), p.name, "unrated" if p.rating is None else str(p.rating))
                for k, p in enumerate(numbering.players, 1)
            ),
            right=frozenset({0, 2}),
            row_header=1,
            caption_in_text=True,
        )
    ]
    sections = bool(schedule.sections)
    for rnd in schedule.rounds:
        games: list[tuple[str, ...]] = []
        for game in rnd.games():
            home = schedule.section_of(game.white)
            if home is not None and game.black not in home.players:
                home = None  # a board across sections (Scheveningen)
            board = (
                str(game.board),
                _player_label(game.white, numbering),
                _player_label(game.black, numbering),
            )
            lead: tuple[str, ...] = (home.name if home else "",) if sections else ()
            games.append(lead + board)
        for number in rnd.byes:
            lead = ("",) if sections else ()
            games.append((*lead, "bye", _player_label(number, numbering), ""))
        columns: tuple[str, ...] = ("section",) if sections else ()
        columns += ("board", "white", "black")
        tables.append(
            Table(
                caption=f"Round {rnd.number}",
                columns=columns,
                rows=tuple(games),
                right=frozenset({1 if sections else 0}),
                caption_in_text=True,
            )
        )
    return Report(
        kind="table", title=title, intro=tuple(intro), tables=tuple(tables), notes=tuple(later)
    )


def output_argument(parser: Any) -> None:
    """``--output FORM``: a renderer's name (text, markdown, csv, html or a plugin's)."""
    parser.add_argument(
        "--output",
        default="text",
        metavar="FORM",
        help="text (default), markdown, csv, html, or a renderer plugin's name",
    )


def emit(report: Report, ns: argparse.Namespace) -> None:
    """Print ``report`` in the form ``--output`` names."""
    from caddy.render import get_renderer

    sys.stdout.write(get_renderer(getattr(ns, "output", "text")).render(report))


# -- plugins --------------------------------------------------------------------


def cmd_plugins(ns: argparse.Namespace) -> int:
    from caddy.plugins import get_host

    records = get_host().plugin_records()
    if ns.json:
        import json

        from caddy.documents import PluginData, PluginsDocument, data

        document = data(PluginsDocument(plugins=tuple(PluginData(**r.as_dict()) for r in records)))
        print(json.dumps(document, indent=2, allow_nan=False))
        return 0
    for record in records:
        origin = (
            f"{record.distribution} {record.version}" if record.distribution else "no distribution"
        )
        print(f"{record.name}  ({record.module}; {origin})")
        if record.error:
            print(f"    failed to load: {record.error}")
        for kind, names in sorted(record.registers.items()):
            print(f"    {kind.replace('_', ' ')}: {', '.join(sorted(names))}")
    return 0


def _event_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="an event file (caddy JSON) or a TRF file (TRF16 or TRF26)"
    )
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument(
        "--pre-determined",
        dest="pre_determined",
        action="store_const",
        const=True,
        help="round-robin rules for unplayed rounds, whatever the file says",
    )
    kind.add_argument(
        "--swiss",
        dest="pre_determined",
        action="store_const",
        const=False,
        help="Swiss rules for unplayed rounds, whatever the file says",
    )
    parser.add_argument(
        "--edition",
        choices=("2024", "2026"),
        help="C.07 edition (default: by the start date; 2026 rules from 2026-03-01)",
    )


def _add_standings(commands: Any) -> None:
    parser = commands.add_parser(
        "standings",
        help="rank an event by score and tie-breaks",
        description="Standings of the event in FILE (FIDE C.07 tie-breaks).",
    )
    _event_arguments(parser)
    parser.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help="comma-separated tie-breaks (SB,DE,KS; BH/C1; KS/L+1) or a preset: rr, swiss, c02",
    )
    parser.add_argument(
        "--explain", metavar="PLAYER", help="show how each tie-break of PLAYER was computed"
    )
    parser.add_argument(
        "--lots", action="store_true", help="split players equal on everything by drawing lots"
    )
    parser.add_argument("--seed", type=ascii_int, help="seed for the drawing of lots")
    parser.add_argument(
        "--unrated-rating",
        type=ascii_int,
        metavar="N",
        help="rating-based tie-breaks: unrated players count with rating N (default: left out)",
    )
    forms = parser.add_mutually_exclusive_group()
    forms.add_argument("--json", action="store_true", help="print a caddy.standings JSON document")
    output_argument(forms)
    parser.set_defaults(handler=cmd_standings)


def _add_crosstable(commands: Any) -> None:
    parser = commands.add_parser(
        "crosstable",
        help="print the crosstable of an event",
        description="Round robins: the N x N grid; other events: a per-round table.",
    )
    _event_arguments(parser)
    parser.add_argument(
        "--tiebreaks", metavar="LIST", help="tie-break columns (default: the event's default list)"
    )
    output_argument(parser)
    parser.set_defaults(handler=cmd_crosstable)


def _add_tiebreaks(commands: Any) -> None:
    parser = commands.add_parser("tiebreaks", help="list the tie-breaks caddy knows")
    parser.add_argument("--json", action="store_true", help="print a caddy.tiebreaks JSON document")
    parser.set_defaults(handler=cmd_tiebreaks)


def _add_event_commands(commands: Any) -> None:
    from caddy.cli_event import add_commands

    add_commands(commands)


def _add_io_commands(commands: Any) -> None:
    from caddy.cli_io import add_commands

    add_commands(commands)


def _load_event(ns: argparse.Namespace) -> Any:
    """An event file's results, or those of any file a codec reads; an event
    file's own tie-breaks and edition apply unless the command line gives others."""
    from pathlib import Path

    from caddy.storage import peek

    path = Path(ns.file)
    head = peek(path).lstrip()  # never opens a pipe or reads a device
    if path.suffix.lower() == ".json" or head.startswith((b"{", b"[")):
        from caddy.storage import load

        return _document_results(ns, load(ns.file))
    return _file_results(ns)


def _document_results(ns: argparse.Namespace, document: Any) -> Any:
    """An event document's results for standings, with its sections, seed,
    tie-breaks and edition (the command line's win)."""
    from caddy.event import event_seed, replay, results_event

    state = replay(document)
    event = results_event(state)
    tiebreaks, edition = document.tournament.tiebreaks, document.tournament.edition
    # sectioned formats (quads, groups): one table per section
    ns.sections = tuple(state.fmt.sections(state.players, document.tournament.format.options))
    # a drawing of lots uses the seed the event file records
    ns.event_seed = event_seed(document.tournament)
    if getattr(ns, "tiebreaks", None) is None and tiebreaks is not None:
        ns.tiebreaks = ",".join(tiebreaks)
    if getattr(ns, "edition", None) is None:
        ns.edition = edition
    return event


def _file_results(ns: argparse.Namespace) -> Any:
    """The results of a file that is not an event file, through the codec
    registry: the codec's own reading of its results (hook
    ``caddy_read_results``), else the event its ``read`` imports."""
    from caddy.cli_event import other_codec
    from caddy.codecs import codec_for, file_results, get_codec
    from caddy.storage import read_bytes

    data = read_bytes(ns.file, "a TRF file")  # a regular file only: never a device or a pipe
    name = other_codec(ns.file)
    codec = get_codec(name) if name is not None else codec_for(ns.file, data)
    results = file_results(ns.file, data, codec)
    if results is None:
        imported = codec.read(data, source=ns.file)
        for warning in imported.warnings:
            _print_error(warning, "warning")
        return _document_results(ns, imported.event)
    for warning in results.warnings:
        _print_error(warning, "warning")
    return results.event


def _value_text(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


def cmd_standings(ns: argparse.Namespace) -> int:
    from caddy.standings import (
        SectionStandings,
        explain,
        explain_for,
        sections_document,
        standings,
        standings_for,
    )
    from caddy.tiebreaks import StandingsOptions

    event = _load_event(ns)
    sections = getattr(ns, "sections", ())
    seed = ns.seed if ns.seed is not None else getattr(ns, "event_seed", None)
    options = StandingsOptions(
        draw_lots=ns.lots or ns.seed is not None,
        lots_seed=seed,
        unrated_rating=ns.unrated_rating,
    )
    parts: list[SectionStandings] = []
    if sections:
        parts = [
            SectionStandings(
                name=section.name,
                players=section.players,
                standings=standings_for(
                    event, section.players, ns.tiebreaks, ns.edition, options=options
                ),
            )
            for section in sections
        ]
        result = parts[0].standings
    else:
        result = standings(
            event, ns.tiebreaks, ns.edition, pre_determined=ns.pre_determined, options=options
        )
    tables = [p.standings for p in parts] or [result]
    warnings = dict.fromkeys(w for table in tables for w in table.warnings)
    for warning in warnings:
        _print_error(warning, "warning")
    if ns.explain:
        player = event.find(ns.explain)
        # the explanation and the table are one computation: the same standings
        part = next((p for p in parts if player.number in p.players), None)
        if part is not None:
            result = part.standings
            explanations = explain_for(
                event,
                part.players,
                player.number,
                list(result.tiebreaks),
                ns.edition,
                options=options,
                result=result,
            )
        else:
            explanations = explain(
                event,
                player.number,
                list(result.tiebreaks),
                ns.edition,
                pre_determined=result.pre_determined,
                options=options,
                result=result,
            )
        row = result.row_of(player.number)
        if ns.json:
            from caddy.documents import ExplainDocument, write

            write(
                ExplainDocument(
                    player=player.number,
                    name=player.name,
                    edition=result.edition,
                    explanations=tuple(explanations),
                ),
                sys.stdout,
            )
            return 0
        where = f" in {part.name}" if part is not None else ""
        annulled = " (results annulled)" if row.annulled else ""
        print(
            f"{player.name} ({player.number}): {row.score:g} points{annulled}{where}; "
            f"C.07 edition {result.edition}; "
            f"{'pre-determined pairings' if result.pre_determined else 'Swiss rules for unplayed rounds'}"
        )
        for e in explanations:
            print(f"{e.tiebreak} = {_value_text(e.value)}: {e.summary}")
            for line in e.rows:
                cells = [f"  round {line.round}" if line.round else "  "]
                if line.opponent is not None:
                    cells.append(f"vs {line.opponent}")
                if line.result:
                    cells.append(f"result {line.result}")
                if line.opponent_score is not None:
                    cells.append(f"opponent score {line.opponent_score:g}")
                if line.opponent_rating is not None:
                    cells.append(f"rating {line.opponent_rating}")
                if line.contribution is not None:
                    cells.append(f"adds {line.contribution:g}")
                if line.note:
                    cells.append(f"({line.note})")
                print(" ".join(cells))
        return 0
    if ns.json:
        import json

        document = sections_document(parts) if parts else result.as_dict()
        print(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False))
        return 0
    heading = ["rank", "no", "name", "points", *result.tiebreaks]

    def table_rows(table: Any) -> tuple[tuple[str, ...], ...]:
        rows: list[tuple[str, ...]] = []
        for row in table.rows:
            rank = "-" if row.rank is None else str(row.rank)
            name = row.name + (" (annulled)" if row.annulled else "")
            rows.append(
                (
                    rank,
                    str(row.pairing_number),
                    name,
                    _value_text(row.score),
                    *(_value_text(row.tiebreaks[t]) for t in table.tiebreaks),
                )
            )
        return tuple(rows)

    from caddy.render import Report, Table

    lots: tuple[str, ...] = ()
    lots_seed = next(
        (p.standings.lots_seed for p in parts if p.standings.lots_seed is not None),
        result.lots_seed,
    )
    if lots_seed is not None:
        lots = (f"ties split by drawing lots, seed {lots_seed} (repeat with --seed {lots_seed})",)
    rules = (
        "pre-determined pairings (round robin)"
        if result.pre_determined
        else "Swiss rules for unplayed rounds"
    )
    named = [(p.name, p.standings) for p in parts] or [("Standings", result)]
    emit(
        Report(
            kind="standings",
            title=event.name or ns.file,
            subtitle=f"C.07 edition {result.edition}, {rules}"
            + (f"; {len(parts)} sections, each ranked on its own" if parts else ""),
            intro=lots,
            tables=tuple(
                Table(
                    caption=name,
                    columns=tuple(heading),
                    rows=table_rows(table),
                    right=frozenset({0, 1, *range(3, len(heading))}),
                    row_header=2,
                    caption_in_text=bool(parts),
                )
                for name, table in named
            ),
        ),
        ns,
    )
    return 0


def cmd_crosstable(ns: argparse.Namespace) -> int:
    from caddy.crosstable import crosstable, section_crosstable

    event = _load_event(ns)
    sections = getattr(ns, "sections", ())
    if sections:
        named = [
            (section.name, section_crosstable(event, section.players, ns.tiebreaks, ns.edition))
            for section in sections
        ]
    else:
        named = [
            (
                "",
                crosstable(event, ns.tiebreaks, ns.edition, pre_determined=ns.pre_determined),
            )
        ]
    table = named[0][1]
    for warning in dict.fromkeys(w for _, t in named for w in t.warnings):
        _print_error(warning, "warning")
    from caddy.render import Report, Table

    emit(
        Report(
            kind="crosstable",
            title=event.name or ns.file,
            subtitle="crosstable" if table.round_robin else "results by round",
            tables=tuple(
                Table(
                    caption=name or ("Crosstable" if t.round_robin else "Results by round"),
                    columns=t.header,
                    rows=t.rows,
                    right=t.right_aligned,
                    row_header=1,
                    caption_in_text=bool(sections),
                )
                for name, t in named
            ),
            notes=tuple(dict.fromkeys(note for _, t in named for note in t.notes)),
            title_in_text=False,
            wide=max(len(t.header) for _, t in named) > 12,
        ),
        ns,
    )
    return 0


def cmd_tiebreaks(ns: argparse.Namespace) -> int:
    from caddy.plugins import get_host

    plugins = sorted(get_host().tiebreaks(), key=lambda t: t.name)
    if ns.json:
        import json

        from caddy.documents import TieBreakData, TieBreaksDocument, data

        print(
            json.dumps(
                data(
                    TieBreaksDocument(
                        tiebreaks=tuple(
                            TieBreakData(
                                code=t.name,
                                name=t.title,
                                article=t.article,
                                type=t.kind,
                                modifiers=tuple("/" + m for m in t.modifiers),
                                editions=tuple(t.editions),
                                definition=t.summary,
                            )
                            for t in plugins
                        )
                    )
                ),
                indent=2,
                ensure_ascii=False,
                allow_nan=False,
            )
        )
        return 0
    from caddy.render import Table, aligned

    table = Table(
        caption="Tie-breaks",
        max_width=None,  # a reference list: its definitions are prose
        columns=("code", "name", "C.07", "type", "modifiers", "definition"),
        rows=tuple(
            (
                t.name,
                t.title,
                t.article,
                t.kind,
                " ".join("/" + m for m in t.modifiers) or "-",
                t.summary,
            )
            for t in plugins
        ),
    )
    print("\n".join(aligned(table)))
    return 0


#: The commands that read or change an event file (``new`` makes one); given
#: another format's file they say so (:func:`caddy.cli_event.refuse_other_formats`).
_EVENT_FILE_COMMANDS = frozenset({"pair", "pairings", "result", "withdraw", "undo", "history"})

_COMMANDS = {
    "calc": _add_calc,
    "table": _add_table,
    "plugins": _add_plugins,
    "standings": _add_standings,
    "crosstable": _add_crosstable,
    "tiebreaks": _add_tiebreaks,
    **dict.fromkeys(
        ("new", "pair", "pairings", "result", "withdraw", "undo", "history"), _add_event_commands
    ),
    **dict.fromkeys(("import", "export", "check"), _add_io_commands),
}
