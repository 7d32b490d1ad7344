"""The ``caddy`` command line.

Data goes to stdout (``--json`` prints one versioned document); diagnostics
go to stderr. Exit codes: 0 ok, 1 bad input, 2 usage (argparse), 3 plugin
or internal error (a plugin's own bug, even its ``sys.exit()``, names the
plugin and the function caddy called in it), or memory running out, 130
interrupted (Ctrl-C). A user never sees a traceback (``CADDY_DEBUG=1`` shows
one for an internal error); the console script is :func:`caddy.entry.run`,
which covers the imports before :func:`main` too.

Nothing heavy is imported at module top: ``caddy --version`` answers before
argparse, pluggy, attrs or importlib.metadata load.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from typing import TypeAlias

    from caddy.plugins.host import PluginHost

    #: A command's handler that takes the run's plugin host (``set_defaults(run=...)``).
    Run: TypeAlias = Callable[[argparse.Namespace, PluginHost], int]
    #: A command's handler of the namespace alone (``set_defaults(handler=...)``).
    Handler: TypeAlias = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["--version"], ["-V"]):
        # lazy: start-up: `caddy --version` and one command's parser import nothing more
        from caddy import __version__

        print(f"caddy {__version__}")
        return 0
    # lazy: start-up: `caddy --version` and one command's parser import nothing more
    from caddy.cli.common import print_error
    from caddy.errors import CaddyError

    try:
        return _run(args)
    except CaddyError as exc:
        for problem in exc.problems:
            print_error(problem)
        return exc.exit_code
    except SystemExit as exc:  # argparse: usage errors and --help; a plugin's is its error
        fault = _plugin_fault(exc, debug_hint=False)
        if fault is not None:
            return fault
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except KeyboardInterrupt:
        print_error("interrupted", kind="")
        return 130
    except MemoryError as exc:
        exc.__traceback__ = None  # the frames holding the memory go first
        del exc
        # lazy: start-up: `caddy --version` and one command's parser import nothing more
        from caddy.errors import OUT_OF_MEMORY

        print_error(OUT_OF_MEMORY)
        return 3
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
        print_error(f"text that is not valid Unicode ({shown}) cannot be written as {exc.encoding}")
        return 1
    except Exception as exc:
        if os.environ.get("CADDY_DEBUG"):
            raise
        fault = _plugin_fault(exc)
        if fault is not None:
            return fault
        print_error(
            f"{type(exc).__name__}: {exc} (CADDY_DEBUG=1 shows the traceback)",
            kind="internal error",
        )
        return 3


def _plugin_fault(exc: BaseException, *, debug_hint: bool = True) -> int | None:
    """One line naming the plugin whose code raised ``exc`` and the function
    caddy called in it (:func:`caddy.plugins.faults.plugin_at_fault`), and exit 3;
    ``None`` when no plugin's code raised it. A built-in plugin's fault is an
    internal error; another's, a plugin error."""
    if "caddy.plugins.host" not in sys.modules:  # no plugin was loaded
        return None
    # lazy: start-up: `caddy --version` and one command's parser import nothing more
    from caddy.cli.common import print_error
    from caddy.plugins.discovery import BUILTIN_DISTRIBUTION
    from caddy.plugins.faults import plugin_at_fault

    fault = plugin_at_fault(exc, _host())
    if fault is None:
        return None
    record = next((r for r in _host().records.values() if r.module == fault.plugin), None)
    builtin = record is not None and record.distribution == BUILTIN_DISTRIBUTION
    hint = " (CADDY_DEBUG=1 shows the traceback)" if debug_hint else ""
    print_error(f"{fault}{hint}", kind="internal error" if builtin else "error")
    return fault.exit_code


def _host() -> PluginHost:
    """The plugin host of this run: the one place the CLI chooses it
    (:func:`caddy.plugins.host.resolve`); handlers get it passed."""
    # lazy: start-up: `caddy --version` and one command's parser import nothing more
    from caddy.plugins.host import resolve

    return resolve(None)


def build_parser(
    only: str | None = None,
    with_plugin_commands: bool = True,
    host: PluginHost | None = None,
    *,
    quiet: bool = False,
) -> argparse.ArgumentParser:
    """The argument parser (:class:`caddy.cli.common.Parser`; ``quiet``: a
    :class:`~caddy.cli.common.QuietParser`); ``only`` builds just that built-in command (faster).

    Each built-in command's parser comes from the ``module:function`` that
    :data:`_COMMANDS` names (a command family's module is imported only when
    one of its commands runs). The parser sets its handler as a default:
    ``run=f`` with ``f(ns, host) -> int`` (the run's plugin host passed in),
    or ``handler=f`` with ``f(ns) -> int``."""
    # lazy: start-up: `caddy --version` and one command's parser import nothing more
    from caddy import __version__

    # lazy: start-up: `caddy --version` imports neither argparse nor the commands' helpers
    from caddy.cli.common import Parser, QuietParser

    parser = (QuietParser if quiet else Parser)(
        prog="caddy",
        description="Chess tournament formats, schedules and a round/time calculator.",
    )
    parser.add_argument("-V", "--version", action="version", version=f"caddy {__version__}")
    # prog: what argparse makes it with no positional argument before the commands (the
    # program's name), given so that it lays out no usage line to find it (start-up)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog=parser.prog)
    from importlib import import_module

    added: set[str] = set()
    for name, where in _COMMANDS.items():
        if (only is None or only == name) and where not in added:
            module, _, function = where.partition(":")
            getattr(import_module(module), function)(commands)
            added.add(where)
    if with_plugin_commands:
        (host or _host()).add_commands(commands)
    return parser


def _run(args: list[str]) -> int:
    first = next((a for a in args if not a.startswith("-")), None)
    if first == "result":
        args = _escape_result_words(args)
    elif first in ("ratings", "prizes"):
        # lazy: start-up: `caddy --version` and one command's parser import nothing more
        from caddy.cli.ratings import event_words

        args = event_words(args, first)
    builtin = first in _COMMANDS and not (args and args[0] in ("-h", "--help"))
    parsed = _parse_without_shorthands(first, args) if builtin and first else None
    if parsed is None:
        parser = build_parser(only=first if builtin else None, with_plugin_commands=not builtin)
        parsed = parser, *parser.parse_known_args(args)
    parser, namespace, unknown = parsed
    if unknown:  # the command's own usage, not caddy's (issue 24)
        command = _command_parser(parser, namespace)
        command.error(f"unrecognized arguments: {' '.join(unknown)}{_renamed(command, unknown)}")
    chosen = vars(namespace)
    run: Run | None = chosen.get("run")
    handler: Handler | None = chosen.get("handler")
    if run is None and handler is None:
        parser.print_help()
        return 2
    host = _host()
    if builtin and first in _EVENT_FILE_COMMANDS:
        # lazy: start-up: `caddy --version` and one command's parser import nothing more
        from caddy.cli.event import refuse_other_formats

        refuse_other_formats(namespace.event, host)
    if run is not None:
        return run(namespace, host)
    assert handler is not None
    return handler(namespace)


def _parse_without_shorthands(
    command: str, args: list[str]
) -> tuple[argparse.ArgumentParser, argparse.Namespace, list[str]] | None:
    """``args`` parsed by ``command``'s parser built without the format
    plugins' shorthands, so that a command line naming none of them imports
    only the format it uses; ``None`` when it names one, asks for help or has
    any error (then the full parser parses it, and says what is wrong). The
    parser is built once per process (:data:`_QUIET`): repeated runs in one
    process (an embedder's, the tests') do not build it again."""
    if "-h" in args or "--help" in args:
        return None
    parser = _QUIET.get(command)
    if parser is None:
        # lazy: start-up: `caddy --version` and one command's parser import nothing more
        from caddy.cli.common import SHORTHANDS

        SHORTHANDS.offered = False
        try:
            parser = _QUIET[command] = build_parser(
                only=command, with_plugin_commands=False, quiet=True
            )
        finally:
            SHORTHANDS.offered = True
    # lazy: start-up: `caddy --version` and one command's parser import nothing more
    from caddy.cli.common import PARSING, RetryWithFullParser

    PARSING.active = True
    try:
        namespace, unknown = parser.parse_known_args(args)
    except RetryWithFullParser:
        return None
    finally:
        PARSING.active = False
    for key, value in vars(namespace).items():  # a default list is the parser's own object
        if isinstance(value, (list, dict, set)):
            setattr(namespace, key, type(value)(value))
    return None if unknown else (parser, namespace, unknown)


#: The parser of each built-in command without the shorthands (what
#: :func:`_parse_without_shorthands` parses with), built once per process: it
#: depends on no plugin and no setting, and parsing changes nothing in it
#: (each run gets its own namespace, its lists copied from the defaults).
_QUIET: dict[str, argparse.ArgumentParser] = {}


def _command_parser(
    parser: argparse.ArgumentParser, namespace: argparse.Namespace
) -> argparse.ArgumentParser:
    """The parser of the command ``namespace`` is for (``parser`` itself when none)."""
    import argparse

    command = vars(namespace).get("command")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            found: argparse.ArgumentParser = action.choices[command]
            return found
    return parser


#: Flags that mean one thing in every command (issue 24), and the flag a
#: command that lacks one has for what it may have meant there.
_RENAMED = {
    "--days": "--dates",  # the playing dates (--days N is caddy plan's number of days)
    "--from": "--at",  # a playing day's first round (--from names a file's format)
    "--to": "--until",  # the end of a playing day (--to names a format)
    "--format": "--output",  # a report's form (--format is a tournament format)
    "--output": "-o",  # a file to write (--output is a report's form)
    "--boards": "--board-prizes",  # (--boards N: a match's boards, caddy new)
    "--players": "--individual",  # (--players FILE: a players file)
}


def _renamed(command: argparse.ArgumentParser, unknown: list[str]) -> str:
    """``; did you mean --dates?`` for a flag this command has under another name."""
    flags = {flag for action in command._actions for flag in action.option_strings}
    for arg in unknown:
        other = _RENAMED.get(arg.partition("=")[0])
        if other in flags:
            return f"; did you mean {other}?"
    return ""


def _escape_result_words(args: list[str]) -> list[str]:
    """``caddy result F 1 4 -+``: every result word the help lists is taken as
    written, as a positional argument.

    argparse takes any word that starts with ``-`` for an option (and ``--``
    for the end of the options), so the result words that do (``-+``, ``--``,
    ``-/+``, ``-/-``) get a leading space after the command, which
    :func:`caddy.cli.result.cmd_result` strips again. The options (``--force``,
    ``--bye PLAYER KIND``, ``--help``) move behind the positional arguments,
    so that ``caddy result F 1 4 --force --`` reads as ``caddy result F 1 4 --
    --force`` (argparse would not fill an optional positional after an option).
    """
    # lazy: start-up: `caddy --version` and one command's parser import nothing more
    from caddy.model.results import RESULT_WORDS

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
        elif " " in arg.strip():  # a team match's results, "-+ 1-0 1/2 0-1"
            positional.append(" " + arg)  # (stripped again as the result words are)
        elif arg.startswith("-") and len(arg) > 1 and not arg[1:].isdigit():
            options.append(arg)
            if len(arg) > 3 and "--bye".startswith(arg):  # --bye PLAYER KIND
                options.extend(rest[index : index + 2])
                index += 2
            elif len(arg) > 3 and "--from".startswith(arg):  # --from FILE
                options.extend(rest[index : index + 1])
                index += 1
        else:
            positional.append(arg)
    return [*args[:start], *positional, *options]


#: The commands that read or change an event file (``new`` makes one); given
#: another format's file they say so (:func:`caddy.cli.event.refuse_other_formats`).
_EVENT_FILE_COMMANDS = frozenset(
    {"pairings", "result", "withdraw", "undo", "history", "add", "bye"}
)
_EVENT_FILE_COMMANDS |= {"lineup", "publish", "serve"}


#: Each built-in command and the ``module:function`` adding its parser; a
#: family's module is imported only when its command runs (start-up stays fast).
_COMMANDS = {
    "calc": "caddy.cli.calc:add_calc",
    "table": "caddy.cli.table:add_table",
    "plugins": "caddy.cli.plugins:add_plugins",
    "standings": "caddy.cli.standings:add_standings",
    "crosstable": "caddy.cli.standings:add_crosstable",
    "tiebreaks": "caddy.cli.standings:add_tiebreaks",
    "norms": "caddy.cli.norms:add_norms",
    "cards": "caddy.cli.cards:add_commands",
    "new": "caddy.cli.event:add_new",
    "result": "caddy.cli.result:add_result",
    "withdraw": "caddy.cli.event:add_withdraw",
    "undo": "caddy.cli.result:add_undo",
    "history": "caddy.cli.result:add_history",
    **dict.fromkeys(("add", "bye"), "caddy.cli.entry:add_commands"),
    "pair": "caddy.cli.pair:add_pair",
    "pairings": "caddy.cli.pairings:add_pairings",
    "import": "caddy.cli.io:add_import",
    "export": "caddy.cli.io:add_export",
    "check": "caddy.cli.io:add_check",
    "simulate": "caddy.cli.simulate:add_commands",
    "plan": "caddy.cli.plan:add_commands",
    "publish": "caddy.cli.publish:add_commands",
    "serve": "caddy.cli.serve:add_commands",
    "lineup": "caddy.cli.teams:add_commands",
    "ratings": "caddy.cli.ratings:add_commands",
    "prizes": "caddy.cli.prizes:add_commands",
}
