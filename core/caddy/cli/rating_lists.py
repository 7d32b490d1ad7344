"""``caddy ratings import LIST`` (a FIDE rating list into a SQLite store) and
``caddy ratings find TEXT`` (players looked up in it). docs/rating-lists.md."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from caddy.cli.common import ascii_int

if TYPE_CHECKING:
    import argparse

    from caddy.model.ratings import ListedPlayer, RatingType
    from caddy.ratings.store import ImportSummary

#: The store both commands use unless told otherwise.
DEFAULT_STORE = "players.db"
_TYPES: tuple[RatingType, ...] = ("standard", "rapid", "blitz")


@attrs.frozen(kw_only=True)
class RatingListFindDocument:
    """``caddy ratings find TEXT --json``: the players found, each as the list gives it."""

    schema: str = "caddy.rating-list-find"
    version: int = 1
    #: The text looked for.
    text: str
    #: The store looked in.
    store: str
    players: tuple[Any, ...]


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
    find.set_defaults(handler=cmd_find)


def cmd_import(ns: argparse.Namespace) -> int:
    """``caddy ratings import``: one transaction; a store made for it goes again if it fails."""
    # lazy: start-up: the store and the list readers load for this command only
    from caddy.messages import warn
    from caddy.ratings.store import RatingStore

    out = Path(ns.out)
    made = not out.exists()
    try:
        with RatingStore.open(out, create=True) as store:
            summary = store.import_list(ns.list, type=ns.type, warn=warn)
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
        else "not known (neither its header nor its name says)"
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
    """``caddy ratings find``: a table, or a JSON document."""
    # lazy: start-up: the store loads for this command only
    from caddy.cli.common import print_document
    from caddy.errors import CaddyError
    from caddy.ratings.store import RatingStore

    if not ns.text.strip():
        raise CaddyError("caddy ratings find needs the start of a name or a FIDE ID")
    if ns.limit < 1:
        raise CaddyError(f"--limit {ns.limit}: at least 1")
    with RatingStore.open(ns.db) as store:
        found = store.find(ns.text, limit=ns.limit)
    if ns.json:
        print_document(RatingListFindDocument(text=ns.text, store=ns.db, players=tuple(found)))
        return 0
    if not found:
        print(f"no player in {ns.db} matches '{ns.text}'")
        return 0
    print(players_table(found))
    return 0


def players_table(players: list[ListedPlayer]) -> str:
    """The players as a text table: ID, name, federation, title, ratings, birth year;
    then the lists they come from."""
    # lazy: start-up: the message helpers load for this command only
    from caddy.messages import visible

    header = ("ID", "Name", "Fed", "Title", "Std", "Rapid", "Blitz", "Born")
    rows: list[tuple[str, ...]] = [header]
    for p in players:
        ratings = [p.of(kind) for kind in _TYPES]
        rows.append(
            (
                str(p.fide_id),
                visible(p.name),
                visible(p.federation or ""),
                visible(p.best_title or ""),
                *(
                    str(r.rating) + ("i" if r.flag and "i" in r.flag else "")
                    if r and r.rating
                    else "-"
                    for r in ratings
                ),
                str(p.birth_year or ""),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    right = {0, 4, 5, 6, 7}
    lines = [
        "  ".join(
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ).rstrip()
        for row in rows
    ]
    sources = dict.fromkeys(
        f"{visible(p.list_name or '')}" + (f" ({p.list_date.isoformat()})" if p.list_date else "")
        for p in players
    )
    lines.append("")
    lines.extend(f"list: {source}" for source in sources)
    return "\n".join(lines)
