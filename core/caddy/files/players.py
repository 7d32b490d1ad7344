"""Reading players from a CSV file (``caddy table --players FILE``).

The file is UTF-8 (a byte-order mark is allowed) with a header naming the
columns: ``name`` and ``rating`` are required; ``federation``, ``fide_id``,
``title`` and ``team`` are optional, in any order. An empty rating (or
``unrated``, ``-``) means unrated; a rating is ASCII digits, at most 9999
(four digits: TRF's columns 49-52). Every bad row is reported with its line
number, one line per problem.
"""

from __future__ import annotations

from pathlib import Path

from caddy.errors import CaddyError
from caddy.files.storage import read_text  # a regular file only: never a device or a pipe
from caddy.model.schedule import Player

REQUIRED = ("name", "rating")
OPTIONAL = ("federation", "fide_id", "title", "team")
UNRATED = {"", "-", "unrated", "nr"}
#: The highest rating: four digits, TRF's columns 49-52 (FIDE C.04 Annex 2; docs/trf.md).
MAX_RATING = 9999


def read_players_csv(path: str | Path) -> list[Player]:
    """The players in ``path``, in file order.

    :raises CaddyError: the file cannot be read, or one line per bad row.
    """
    import csv
    import io

    path = Path(path)
    text = read_text(path, "a players CSV file")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise CaddyError(f"{path}: empty file (expected a header: name,rating,...)") from None
    except csv.Error as exc:
        raise CaddyError(f"{path}:1: {exc}") from None
    problems = []
    missing = [c for c in REQUIRED if c not in header]
    unknown = [c for c in header if c not in REQUIRED + OPTIONAL]
    if missing:
        problems.append(
            f"{path}:1: header lacks {', '.join(missing)} (expected name,rating[,{','.join(OPTIONAL)}])"
        )
    if unknown:
        problems.append(f"{path}:1: unknown column {', '.join(repr(c) for c in unknown)}")
    if problems:
        raise CaddyError(problems[0], problems=problems)
    players: list[Player] = []
    seen: dict[str, int] = {}
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise CaddyError(f"{path}:{reader.line_num}: {exc}") from None
    for line, row in enumerate(rows, 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(f"{path}:{line}: {len(row)} fields, but the header has {len(header)}")
            continue
        cells = {key: cell.strip() for key, cell in zip(header, row, strict=True)}
        name = cells["name"]
        if not name:
            problems.append(f"{path}:{line}: empty name")
            continue
        if name in seen:
            problems.append(f"{path}:{line}: duplicate name '{name}' (also on line {seen[name]})")
            continue
        seen[name] = line
        rating_text = cells["rating"]
        rating: int | None = None
        if rating_text.lower() not in UNRATED:
            # ASCII digits only: isdigit() and int() also take '²' and '٣'
            if not (rating_text.isascii() and rating_text.isdigit()):
                problems.append(f"{path}:{line}: rating '{rating_text}' is not a whole number")
                continue
            rating = int(rating_text)
            if rating > MAX_RATING:
                problems.append(
                    f"{path}:{line}: rating {rating} has more than 4 digits "
                    f"(at most {MAX_RATING}: FIDE ratings fit TRF columns 49-52)"
                )
                continue
        players.append(
            Player(
                name=name,
                rating=rating,
                federation=cells.get("federation") or None,
                fide_id=cells.get("fide_id") or None,
                title=cells.get("title") or None,
                team=cells.get("team") or None,
            )
        )
    if problems:
        raise CaddyError(problems[0], problems=problems)
    if len(players) < 2:
        raise CaddyError(f"{path}: {len(players)} player(s); a schedule needs at least 2")
    return players
