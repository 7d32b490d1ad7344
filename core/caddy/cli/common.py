"""Helpers every ``caddy`` command family shares: the parser class, number
arguments, the ``--format``/``--option`` arguments, ``--output`` and printing
a report.

Only the standard library is imported at module top (start-up stays fast);
``caddy --version`` does not import this module.
"""

from __future__ import annotations

import argparse
import sys
import threading
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeAlias

    from caddy.contracts import Codec, Format
    from caddy.contracts.codecs import Imported
    from caddy.contracts.format_tools import Shorthand
    from caddy.event.replay import State
    from caddy.model.report import Report
    from caddy.plugins.host import PluginHost

    #: A parser or an argument group (of a parser) that takes arguments.
    Arguments: TypeAlias = argparse._ActionsContainer
    #: The ``add_subparsers()`` action a command family adds its parsers to.
    Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


#: Help of ``--dated-system`` (``caddy export``, ``caddy simulate``).
DATED_SYSTEM_HELP = (
    "TRF26 with record 192 naming a Swiss by its dated ETT26 code FIDE_DUTCH_2026 "
    "(default: FIDE_DUTCH, the rules in force at the event's date, the code the "
    "FIDE-endorsed engines read)"
)


class Parser(argparse.ArgumentParser):
    """caddy's argument parser (every command's: argparse gives a command's
    parser its parent's class). argparse checks each new argument's metavar by
    formatting it with a new help formatter, which asks the terminal's width
    (importing :mod:`shutil`); that check lays nothing out, so its formatter
    gets a fixed width, and help and usage the terminal's, as argparse's own."""

    _checking = False

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        self._checking = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._checking = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        if self._checking:  # the metavar check: no line is laid out
            try:
                formatter: argparse.HelpFormatter = self.formatter_class(
                    prog=self.prog,
                    width=80,  # type: ignore[call-arg]
                )
            except TypeError:  # a formatter_class that takes ``prog`` alone (a plugin's)
                return super()._get_formatter()
            return formatter
        return super()._get_formatter()


class RetryWithFullParser(Exception):
    """The command line needs the full parser (see
    :func:`caddy.cli.main._parse_without_shorthands`)."""


class _Parsing(threading.local):
    """Whether this thread is parsing a command line with a quiet parser (its
    errors go to the full parser); per thread, as the parsers are shared."""

    active = False


#: Whether this thread parses a command line with a :class:`QuietParser`.
PARSING = _Parsing()


class QuietParser(Parser):
    """A parser whose error is left to the full parser (:class:`RetryWithFullParser`);
    it takes no abbreviation either (without the shorthands, ``--rounds`` would
    be read as ``--rounds-per-night``), so the full parser reads those."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "allow_abbrev": False})

    def error(self, message: str) -> NoReturn:
        if PARSING.active:  # the command line: the full parser says what is wrong
            raise RetryWithFullParser(message)
        super().error(message)  # a handler's own error later is an ordinary one


def print_error(message: str, kind: str = "error") -> None:
    """``caddy: <kind>: <message>`` on stderr (see :func:`caddy.messages.tell`)."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.messages import tell

    tell(message, kind)


class _Shorthands(threading.local):
    """Whether parsers built now, in this thread, offer the format plugins'
    shorthands (``--double``, ``--cycles N``). Offering them imports every
    format plugin; :func:`caddy.cli.main.main` first parses a command line
    without them and builds them only for a command line that names one (or
    asks for help). Per thread: an embedder may run commands on several."""

    offered = True


SHORTHANDS = _Shorthands()


def format_arguments(
    parser: argparse.ArgumentParser,
    default: str | None = "round-robin",
    default_help: str = "round-robin",
) -> None:
    """``--format`` (``default``: ``None`` leaves it to the command, which
    says what it takes in ``default_help``), ``--option`` and the format
    plugins' shorthands (``--double``, ``--cycles N``)."""
    parser.add_argument(
        "--format",
        default=default,
        metavar="NAME",
        help=f"tournament format (default {default_help}; see `caddy plugins`)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a format option, e.g. cycles=2 or table=circle; repeatable",
    )
    offered: tuple[Shorthand, ...] = ()
    if SHORTHANDS.offered:
        # lazy: start-up: every command imports this module; only a command that needs it imports this
        from caddy.plugins.lookup import shorthands

        offered = tuple(shorthands())  # from the format plugins: every one is imported
    parser.set_defaults(shorthands=offered)  # what format_and_options reads back
    for item in offered:
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


def is_ascii_number(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits ``0-9``.

    ``str.isdigit`` is true for ``²`` (which ``int`` refuses) and ``int``
    reads ``٣`` as 3; a number on caddy's command line is written in ASCII.
    """
    return text.isascii() and text.isdigit()


def whole_number(text: str, what: str) -> int:
    """``text`` as a whole number of ASCII digits (an optional sign allowed),
    or one line naming ``what`` was wrong."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.errors import CaddyError

    cleaned = text.strip()
    if not is_ascii_number(cleaned[1:] if cleaned[:1] in ("-", "+") else cleaned):
        raise CaddyError(f"{what} '{text}' is not a whole number (digits 0-9)")
    return int(cleaned)


def ascii_int(text: str) -> int:
    """argparse ``type`` for whole numbers: ASCII digits only (see
    :func:`whole_number`); argparse's message stays ``invalid int value``."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.errors import CaddyError

    try:
        return whole_number(text, "value")
    except CaddyError:
        raise ValueError(text) from None


def option_values(items: Sequence[str]) -> dict[str, str]:
    """``--option KEY=VALUE`` items as a mapping (a later key wins).

    :raises CaddyError: one line per item that is not ``KEY=VALUE``."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.errors import CaddyError

    values: dict[str, str] = {}
    problems = []
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            problems.append(f"--option expects KEY=VALUE, got '{item}'")
            continue
        values[key.strip()] = value.strip()
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return values


def format_and_options(
    ns: argparse.Namespace,
    extra: dict[str, str] | None = None,
    *,
    host: PluginHost | None = None,
    name: str | None = None,
) -> tuple[Format, Any]:
    """The format ``--format`` names (or ``name``) and its options from
    ``--option`` (:func:`option_values`), the format's shorthands and ``extra``.

    :param host: the run's plugin host (``None``: the default,
        :func:`caddy.plugins.host.resolve`)."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.contracts.format_tools import options_from_strings
    from caddy.plugins.host import resolve

    host = resolve(host)
    fmt: Format = host.format(name or ns.format)
    values = option_values(ns.option)
    offered: tuple[Shorthand, ...] = vars(ns).get("shorthands", ())  # those the parser offered
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


def output_argument(parser: Arguments) -> None:
    """``--output FORM``: a renderer's name (text, markdown, csv, html or a plugin's)."""
    parser.add_argument(
        "--output",
        default="text",
        metavar="FORM",
        help="text (default), markdown, csv, html, or a renderer plugin's name",
    )


def output_file_arguments(
    parser: Arguments,
    *,
    metavar: str = "FILE",
    help: str = "write here (atomically) instead of stdout",
    required: bool = False,
) -> None:
    """``-o FILE`` (namespace ``out``) and ``--force``: the one way a command
    names a file it writes. ``--output`` is a renderer's name everywhere
    (:func:`output_argument`); write the file with :func:`write_output`."""
    parser.add_argument("-o", dest="out", required=required, metavar=metavar, help=help)
    force_argument(parser, metavar)


def force_argument(parser: Arguments, what: str = "FILE") -> None:
    """``--force``: replace an existing output file (:func:`write_output`)."""
    parser.add_argument("--force", action="store_true", help=f"replace {what} if it exists")


def print_document(document: object) -> None:
    """Print a ``--json`` document (:func:`caddy.model.documents.write`)."""
    import sys

    # lazy: start-up: the document classes load for --json only
    from caddy.model.documents import write

    write(document, sys.stdout)


def emit(
    report: Report, form: argparse.Namespace | str = "text", host: PluginHost | None = None
) -> None:
    """Print ``report`` in the form ``--output`` names (``form``: the
    namespace of a command that has ``--output``, or the form's name)."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.plugins.lookup import get_renderer

    name = form if isinstance(form, str) else vars(form).get("output", "text")
    sys.stdout.write(get_renderer(name, host).render(report))


def event_arguments(parser: argparse.ArgumentParser) -> None:
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
    readings_argument(parser)


#: ``--trf-801-byes`` → the TRF codec's reading (``Codec.read(readings=...)``).
TRF_801_BYES = ("--trf-801-byes", "801-byes")


def readings_argument(parser: Arguments) -> None:
    """``--trf-801-byes``: how a TRF team file's byes are read (docs/trf.md)."""
    parser.add_argument(
        TRF_801_BYES[0],
        dest="readings",
        action="append_const",
        const=TRF_801_BYES[1],
        default=[],
        help="TRF team file: read a team bye that only the team's 801 record shows (no 240 "
        "record gives it); by default it is not read, as FIDE's reference engine ignores 801",
    )


def check_readings(ns: argparse.Namespace, path: str, codec_name: str) -> tuple[str, ...]:
    """The readings the command line chose, refused (one line) for a file that is no TRF file."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.errors import CaddyError

    readings = tuple(ns.readings)
    if readings and codec_name != "trf":
        what = (
            "an event file (read at its import)" if codec_name == "json" else f"a {codec_name} file"
        )
        raise CaddyError(f"{TRF_801_BYES[0]} reads TRF files; {path} is {what}")
    return readings


def read_file(
    ns: argparse.Namespace, codec: Codec, data: bytes, *, strict: bool = False
) -> Imported:
    """``codec.read`` of ``ns.file``, with the readings the command line chose."""
    readings = check_readings(ns, ns.file, codec.name)
    if readings:
        return codec.read(data, source=ns.file, strict=strict, readings=readings)
    return codec.read(data, source=ns.file, strict=strict)


def event_player(state: State, text: str) -> int:
    """The pairing number of the player ``text`` names (:func:`caddy.model.names.find_player`:
    a number, a name in any case or the start of one)."""
    # lazy: start-up: every command imports this module; only a command that needs it imports this
    from caddy.model.names import find_player

    return find_player([p.name for p in state.event.tournament.players], text)


ascii_int.__name__ = "int"  # argparse names the type in its message
