"""``caddy ratings import LIST`` (a FIDE rating list into a SQLite store) and
``caddy ratings find TEXT`` (players looked up in it). docs/rating-lists.md."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from caddy.cli.common import ascii_int, output_argument

if TYPE_CHECKING:
    import argparse

    from caddy.model.ratings import RatingType
    from caddy.ratings.store import ImportSummary

#: The store both commands use unless told otherwise.
DEFAULT_STORE = "players.db"
_TYPES: tuple[RatingType, ...] = ("standard", "rapid", "blitz")


def add_list_commands(sub: Any) -> None:
    """Add ``import`` and ``find`` to ``caddy ratings``'s sub-commands."""
    imp = sub.add_parser(
        "import",
        help="read a FIDE rating list (TXT or XML, plain or zipped) into a SQLite store",
        description=(
            "Read a FIDE rating list - the combined players_list_foa.txt, a per-type list "
            "(standard_nov26frl.txt ...), or an XML list, plain or zipped - into a SQLite "
            "store (default players.db). Importing a list of the same name and date again "
            "replaces it. A line that cannot be read is a warning; the rest is read."
        ),
    )
    imp.add_argument(
        "list", metavar="LIST", help="the list's file (.txt, .xml or a .zip holding one)"
    )
    imp.add_argument(
        "--type",
        choices=_TYPES,
        help="the rating a per-type list carries, when its name does not say",
    )
    imp.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        help="the list's date, when neither its header nor its name says (the combined list)",
    )
    imp.add_argument(
        "-o",
        dest="out",
        default=DEFAULT_STORE,
        metavar="STORE",
        help=f"the SQLite store to add the list to (default {DEFAULT_STORE}; made if missing)",
    )
    imp.set_defaults(handler=cmd_import)
    find = sub.add_parser(
        "find",
        help="look players up in a rating store, by name or FIDE ID",
        description=(
            "Players whose name starts with TEXT (any case: 'carlsen' and 'Carlsen, M' "
            "find Carlsen, Magnus), or the player of a FIDE ID (all digits)."
        ),
    )
    find.add_argument(
        "text", metavar="TEXT", help="the start of a name (Last, First), or a FIDE ID"
    )
    find.add_argument(
        "--db", default=DEFAULT_STORE, metavar="STORE", help=f"the store (default {DEFAULT_STORE})"
    )
    find.add_argument(
        "--limit", type=ascii_int, default=20, metavar="N", help="at most N players (default 20)"
    )
    find.add_argument(
        "--json", action="store_true", help="print a caddy.rating-list-find JSON document"
    )
    output_argument(find)
    find.set_defaults(handler=cmd_find)


def cmd_import(ns: argparse.Namespace) -> int:
    """``caddy ratings import``: one transaction; a store made for it goes again if it fails."""
    # lazy: start-up: the store and the list readers load for this command only
    from caddy.messages import warn
    from caddy.model.dates import parse_date
    from caddy.ratings.store import RatingStore

    date = parse_date(ns.date, "--date") if ns.date else None
    out = Path(ns.out)
    made = not out.exists()
    try:
        with RatingStore.open(out, create=True) as store:
            summary = store.import_list(ns.list, type=ns.type, warn=warn, date=date)
    except BaseException:
        if made:
            for leftover in (out, out.with_name(out.name + "-journal")):
                leftover.unlink(missing_ok=True)
        raise
    print(_import_report(summary, ns.out))
    return 0


def _import_report(summary: ImportSummary, out: str) -> str:
    kind = "combined: standard, rapid and blitz" if summary.kind == "combined" else summary.kind
    date = (
        summary.list_date.isoformat()
        if summary.list_date
        else "not known (neither its header nor its name says; --date gives it): "
        "look-ups take it as the list of the day it was imported"
    )
    lines = [
        f"{summary.list_name} ({summary.format.upper()}, {kind}) into {out}",
        f"list date: {date}",
        f"players read: {summary.players}",
        f"warnings: {summary.warnings}",
    ]
    if summary.replaced:
        lines.append("replaced: the list of the same name and date it held")
    return "\n".join(lines)


def cmd_find(ns: argparse.Namespace) -> int:
    """``caddy ratings find``: a table in any renderer's form, or a JSON document."""
    # lazy: start-up: the store loads for this command only
    from caddy.cli.common import emit, print_document
    from caddy.errors import CaddyError
    from caddy.ratings.store import RatingStore
    from caddy.views.rating_lists import find_document, find_report

    if not ns.text.strip():
        raise CaddyError("caddy ratings find needs the start of a name or a FIDE ID")
    if ns.limit < 1:
        raise CaddyError(f"--limit {ns.limit}: at least 1")
    with RatingStore.open(ns.db) as store:
        found = store.find(ns.text, limit=ns.limit)
    if ns.json:
        print_document(find_document(ns.text, ns.db, found))
    elif not found:
        print(f"no player in {ns.db} matches '{ns.text}'")
    else:
        emit(find_report(ns.text, ns.db, found), ns)
    return 0
