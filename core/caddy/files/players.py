"""Reading players from a CSV file (``caddy table --players FILE``).

The file is UTF-8 (a byte-order mark is allowed) with a header naming the
columns: ``name`` and ``rating`` (the FIDE rating) are required; ``federation``,
``fide_id``, ``title``, ``team``, ``sex``, ``birth``, ``national_rating`` and
``k`` are optional, in any order. A title is a FIDE title (``GM``, ``IM``,
``WGM``, ``FM``, ``WIM``, ``CM``, ``WFM``, ``WCM`` in any case, or an old code
such as ``g``), written as FIDE writes it; a federation is three letters,
written in capitals; a FIDE ID is digits. An empty rating (or ``unrated``, ``-``)
means unrated; a rating is ASCII digits, at most 9999 (four digits: TRF's
columns 49-52). Every bad row is reported with its line number, one line per
problem.

Players taken from a rating list (``caddy new --rating-list``,
:func:`read_players_csv` with ``from_list=True``) need only ``fide_id``: the
list gives the rest (a column the file fills wins). A file of FIDE IDs alone,
one per line without a header, is read too.
"""

from __future__ import annotations

from pathlib import Path

from caddy.errors import CaddyError
from caddy.files.storage import read_text  # a regular file only: never a device or a pipe
from caddy.model.ratings import canonical_details, detail_problems, fide_id_problem
from caddy.model.schedule import Player

REQUIRED = ("name", "rating")
OPTIONAL = ("federation", "fide_id", "title", "team", "sex", "birth", "national_rating", "k")
#: Columns whose value is a whole number.
NUMBERS = ("rating", "national_rating", "k")
UNRATED = {"", "-", "unrated", "nr"}
#: The highest rating: four digits, TRF's columns 49-52 (FIDE C.04 Annex 2; docs/trf.md).
MAX_RATING = 9999


def read_players_csv(path: str | Path, *, from_list: bool = False) -> list[Player]:
    """The players in ``path``, in file order.

    With ``from_list``, a row needs a ``fide_id`` or a ``name`` (and a
    ``rating`` column is optional): a player with a FIDE ID and no name is
    named by the rating list later; a file of IDs alone (no header) gives
    players with only their ``fide_id``.

    :raises CaddyError: the file cannot be read, or one line per bad row.
    """
    import csv
    import io

    path = Path(path)
    text = read_text(path, "a players CSV file")
    if from_list and _ids_only(text):
        return _id_players(path, text)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise CaddyError(f"{path}: empty file (expected a header: name,rating,...)") from None
    except csv.Error as exc:
        raise CaddyError(f"{path}:1: {exc}") from None
    problems = []
    required = ("fide_id",) if from_list and "name" not in header else REQUIRED
    if from_list and "name" in header:
        required = ("name",)
    missing = [c for c in required if c not in header]
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
        player = _player(cells, f"{path}:{line}", from_list, problems)
        if player is None:
            continue
        key = player.name or f"FIDE ID {player.fide_id}"
        if key in seen:
            problems.append(f"{path}:{line}: duplicate {_named(player)} (also on line {seen[key]})")
            continue
        seen[key] = line
        players.append(player)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    if len(players) < 2:
        raise CaddyError(f"{path}: {len(players)} player(s); a schedule needs at least 2")
    return players


def _named(player: Player) -> str:
    return f"name '{player.name}'" if player.name else f"FIDE ID {player.fide_id}"


def _player(
    cells: dict[str, str], where: str, from_list: bool, problems: list[str]
) -> Player | None:
    """The player of one row, or ``None`` with its problems added."""
    name = cells.get("name", "")
    fide_id = cells.get("fide_id") or None
    if not name and not (from_list and fide_id):
        problems.append(f"{where}: empty name" + (" and no fide_id" if from_list else ""))
        return None
    title, federation = cells.get("title"), cells.get("federation")
    found = detail_problems(title, federation, fide_id)
    if found:
        problems.extend(f"{where}: {problem}" for problem in found)
        return None
    title, federation, fide_id = canonical_details(title, federation, fide_id)
    numbers: dict[str, int | None] = {}
    for column in NUMBERS:
        numbers[column] = _number(cells.get(column, ""), column, where, problems)
        if numbers[column] == -1:
            return None
    return Player(
        name=name,
        rating=numbers["rating"],
        federation=federation,
        fide_id=fide_id,
        title=title,
        team=cells.get("team") or None,
        sex=cells.get("sex") or None,
        birth=cells.get("birth") or None,
        national_rating=numbers["national_rating"],
        k=numbers["k"],
    )


def _number(text: str, column: str, where: str, problems: list[str]) -> int | None:
    """A rating or K as written (``None``: empty or unrated; ``-1``: a problem added)."""
    if text.lower() in UNRATED:
        return None
    # ASCII digits only: isdigit() and int() also take '²' and '٣'
    if not (text.isascii() and text.isdigit()):
        what = "rating" if column == "rating" else column
        problems.append(f"{where}: {what} '{text}' is not a whole number")
        return -1
    value = int(text)
    if column == "k" and value < 1:
        problems.append(f"{where}: k {value}: a development coefficient is at least 1")
        return -1
    if column != "k" and value > MAX_RATING:
        problems.append(
            f"{where}: {column} {value} has more than 4 digits "
            f"(at most {MAX_RATING}: FIDE ratings fit TRF columns 49-52)"
        )
        return -1
    return value


def _ids_only(text: str) -> bool:
    """Whether ``text`` is FIDE IDs alone, one per line (no header)."""
    first = next((line.strip() for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")
    return first.isascii() and first.isdigit()


def _id_players(path: Path, text: str) -> list[Player]:
    problems: list[str] = []
    players: list[Player] = []
    seen: dict[str, int] = {}
    for line, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        word = raw.strip()
        if not word:
            continue
        problem = fide_id_problem(word)
        if problem is not None:
            problems.append(f"{path}:{line}: {problem}")
        elif word in seen:
            problems.append(f"{path}:{line}: duplicate FIDE ID {word} (also on line {seen[word]})")
        else:
            seen[word] = line
            players.append(Player(name="", fide_id=word))
    if problems:
        raise CaddyError(problems[0], problems=problems)
    if len(players) < 2:
        raise CaddyError(f"{path}: {len(players)} player(s); a schedule needs at least 2")
    return players
