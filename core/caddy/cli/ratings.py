"""``caddy ratings``: FIDE rating lists (``caddy ratings import LIST``,
``caddy ratings find TEXT``) and an event's rating change (``caddy ratings
EVENT.json``, short for ``caddy ratings event EVENT.json``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from caddy.cli.common import Commands

#: The words after ``caddy ratings`` that name a sub-command; anything else
#: is an event file (:func:`event_words`).
SUBCOMMANDS = ("import", "find", "event")


def add_commands(commands: Commands) -> None:
    """``caddy ratings``'s parser and its sub-commands."""
    ratings = commands.add_parser(
        "ratings",
        help="FIDE rating lists in (import, find); an event's rating change",
        description=(
            "caddy ratings import LIST reads a FIDE rating list into a SQLite file; "
            "caddy ratings find TEXT looks players up in it; "
            "caddy ratings EVENT.json prints each player's rating change (FIDE Handbook B.02)."
        ),
    )
    sub = ratings.add_subparsers(dest="ratings_command", metavar="{import,find,EVENT.json}")
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.rating_change import add_event_command
    from caddy.cli.rating_lists import add_list_commands

    add_list_commands(sub)
    add_event_command(sub)


#: Each command with sub-commands whose default takes a file, and that default.
DEFAULTS = {"ratings": (SUBCOMMANDS, "event"), "prizes": (("set", "show"), "show")}


def event_words(args: list[str], command: str = "ratings") -> list[str]:
    """``args`` with the default sub-command put after ``command`` when the next
    word is not a sub-command (``caddy ratings EVENT.json`` is ``caddy ratings
    event EVENT.json``, ``caddy prizes FILE`` is ``caddy prizes show FILE``)."""
    if command not in args:
        return args
    words, default = DEFAULTS[command]
    at = args.index(command) + 1
    following = args[at : at + 1]
    if not following or following[0] in (*words, "-h", "--help"):
        return args
    return [*args[:at], default, *args[at:]]
