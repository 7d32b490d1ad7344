"""FIDE Tournament Report Files (TRF16 and TRF26): reading, and the pieces
writers need.

:func:`parse_document` reads a file into a :class:`TrfDocument`: player
lines ``001`` by their exact columns (FIDE Handbook C.04 Annex 2) and every other
line as written. What the file *means* is built on top: :func:`event_of`
makes the results :class:`~caddy.results.Event` the standings read, and the
TRF codec plugin (``caddy_plugins.codecs.trf``) makes an event file of it.

A file that cannot be read (a player line with bad columns, an unknown
result code, an opponent who is not a player, numbering with gaps) raises
:class:`~caddy.errors.CaddyError` with one line per problem. Whether both
sides of every game agree is :func:`check_document`'s business (with
:func:`caddy.check.check_rows`).

Points for byes come from the file: record 162 when present, else the
values that make the stated points (columns 81-84) agree with the results
for the most players.
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from caddy.check import Cell, check_rows
from caddy.errors import CaddyError
from caddy.render import CONTROL as _CONTROL
from caddy.render import one_line as _one_line
from caddy.results import (
    GAME_CODES,
    Event,
    EventPlayer,
    RoundResult,
    Scoring,
    Withdrawal,
    round_robin_cycles,
)

if TYPE_CHECKING:
    from caddy.models import Player

_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}
#: Words of record 192 (ETT26) that name a round robin.
ROUND_ROBIN_192 = ("ROUNDROBIN", "SCHEVENINGEN")
#: Result codes a round may hold (upper case; blank reads as ``Z``).
CODES = frozenset("1=0+-WDLHFUZ")
#: Old title letters (TRF06 and FIDE's 2005 sample) and the titles they stand for.
OLD_TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
#: Record types TRF26 added (written only by ``--trf26``).
TRF26_RECORDS = frozenset(
    {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250"}
    | {"260", "299", "300", "310", "320", "330", "352", "362", "801", "802"}
)
#: A round's cell (:data:`caddy.check.Cell`) in a player line's columns.
_CELL = re.compile(r"(.{4}).(.).(.)..")


class TrfPlayer(NamedTuple):
    """A player line ``001``, its fields as read (a named tuple: a file may
    hold thousands, read at tuple speed)."""

    number: int
    #: Line number in the file (for messages).
    line: int
    sex: str | None = None
    title: str | None = None
    name: str = ""
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    birth: str | None = None
    points: float | None = None
    rank: int | None = None
    #: One cell per round.
    cells: tuple[Cell, ...] = ()

    def as_player(self) -> Player:
        """The player as an event file holds them (:class:`caddy.models.Player`)."""
        from caddy.models import Player

        return Player(
            name=self.name,
            rating=self.rating,
            federation=self.federation,
            fide_id=self.fide_id,
            title=self.title,
            sex=self.sex,
            birth=self.birth,
        )


@attrs.frozen(kw_only=True)
class TrfDocument:
    """A TRF file: its players, and every other line as written."""

    #: The file's name, for messages.
    source: str
    #: Players in pairing-number order (``players[0]`` has number 1).
    players: tuple[TrfPlayer, ...]
    #: Lines before the first player line, and after it (records, comments, rulers).
    head: tuple[str, ...] = ()
    tail: tuple[str, ...] = ()
    #: Rounds in the player lines (trailing empty rounds dropped).
    rounds: int = 0
    #: Non-fatal findings, one line each (a Latin-1 fallback, an unreadable date...).
    warnings: tuple[str, ...] = ()

    def records(self, code: str) -> list[str]:
        """Texts (from column 5) of every record ``code``, in file order."""
        return [line[4:] for line in (*self.head, *self.tail) if line[:3] == code]

    def record(self, code: str) -> str | None:
        """The text of the first record ``code``, stripped; ``None`` if absent or empty."""
        for text in self.records(code):
            return text.strip() or None
        return None

    @property
    def title(self) -> str:
        return self.record("012") or ""

    @property
    def type_text(self) -> str | None:
        return self.record("092")

    @property
    def type_code(self) -> str | None:
        return self.record("192")

    @property
    def rounds_declared(self) -> int:
        """Rounds from TRF26's 142 or JaVaFo's XXR (0 when neither)."""
        for code in ("142", "XXR"):
            text = self.record(code)
            digits = re.search(r"[0-9]+", text or "")
            if digits:
                return int(digits.group())
        return 0

    def scoring_162(self) -> dict[str, float]:
        """TRF26 record 162: symbol → points (``W 1.0 D 0.5 ...``)."""
        values: dict[str, float] = {}
        for text in self.records("162"):
            for symbol, points in re.findall(r"([WDLAPX])\s*([0-9]+(?:\.[0-9]+)?)", text):
                values[symbol] = float(points)
        return values

    def opponents(self) -> list[list[int | None]]:
        return [[cell[0] for cell in p.cells] for p in self.players]

    def round_robin(self) -> int:
        """Cycles when the file is a round robin, else 0: record 192 when present,
        else 092 (``Swiss`` there means not), else the results (every pair met
        equally often). The one rule for standings and import."""
        cycles = round_robin_cycles(len(self.players), self.opponents())
        code = self.type_code
        if code:
            if not any(word in code.upper() for word in ROUND_ROBIN_192):
                return 0
            double = "DOUBLE" in code.upper() or code.upper().endswith("_G2")
            return cycles or (2 if double else 1)
        if self.type_text and "SWISS" in self.type_text.upper():
            return 0
        return cycles


def parse_date(text: str) -> datetime.date | None:
    """A date in the forms seen in 042: ``2024-08-01``, ``2026/02/28``,
    ``28. 07. 2005``, ``28.07.2005``, ``Jun 26, 2020``, ``26 Jun 2020``."""
    t = text.strip()
    try:
        m = re.fullmatch(r"(?a)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", t)
        if m:
            return datetime.date(int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"(?a)(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})", t) or re.fullmatch(
            r"(?a)(\d{1,2})[/-](\d{1,2})[/-](\d{4})", t
        )
        if m:
            return datetime.date(int(m[3]), int(m[2]), int(m[1]))
        m = re.fullmatch(r"(?a)([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", t)
        if m and m[1].lower() in _MONTHS:
            return datetime.date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
        m = re.fullmatch(r"(?a)(\d{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})", t)
        if m and m[2].lower() in _MONTHS:
            return datetime.date(int(m[3]), _MONTHS[m[2].lower()], int(m[1]))
    except ValueError:
        return None
    return None


def decode(data: bytes, name: str, warnings: list[str]) -> str:
    """UTF-8 (a BOM allowed), else Latin-1 with a warning."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        warnings.append(f"{name}: not UTF-8 (byte {exc.start}); read as Latin-1")
        return data.decode("latin-1")


def read_document(path: str | Path) -> TrfDocument:
    """Read a TRF file from disk (see :func:`parse_document`)."""
    from caddy.storage import read_bytes  # a regular file only: never a device or a pipe

    return parse_document(read_bytes(path, "a TRF file"), str(path))


def _title(text: str) -> str | None:
    text = text.strip()
    if not text:
        return None
    return OLD_TITLES.get(text, text.upper()) if text.islower() else text


def parse_document(data: bytes | str, name: str = "<trf>") -> TrfDocument:
    """Parse TRF text (CR, LF or CRLF line ends; UTF-8, else Latin-1).

    :raises CaddyError: one ``file:line: message`` per problem that keeps
        the file from being read.
    """
    warnings: list[str] = []
    text = decode(data, name, warnings) if isinstance(data, bytes) else data
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    head: list[str] = []
    tail: list[str] = []
    players: dict[int, TrfPlayer] = {}
    problems: list[str] = []
    codes = CODES
    for lineno, line in enumerate(lines, 1):
        if line[:3] != "001":
            (tail if players or problems else head).append(line)
            continue
        player, line_problems = _player(line, lineno, name, codes)
        if line_problems:
            problems.extend(line_problems)
            continue
        assert player is not None
        if player.number in players:
            problems.append(f"{name}:{lineno}: starting rank {player.number} is used twice")
            continue
        players[player.number] = player
        if len(problems) > 1000:
            problems.append(f"{name}: stopped after 1000 problems")
            break
    if problems:
        raise CaddyError(problems[0], problems=problems)
    if not players:
        raise CaddyError(f"{name}: no player lines (001); not a TRF file")
    n = len(players)
    if max(players) != n:
        missing = [k for k in range(1, n + 1) if k not in players]
        raise CaddyError(
            f"{name}: starting ranks must run 1..{n} without gaps "
            f"(missing {', '.join(map(str, missing[:10]))}{', ...' if len(missing) > 10 else ''})"
        )
    ordered = tuple(players[k] for k in range(1, n + 1))
    for p in ordered:
        for r, (opponent, _, _) in enumerate(p.cells, 1):
            if opponent is not None and opponent > n:
                problems.append(
                    f"{name}:{p.line}: round {r}: opponent {opponent} is not a player "
                    f"(starting ranks run 1..{n})"
                )
    if problems:
        raise CaddyError(problems[0], problems=problems)
    rounds = max(len(p.cells) for p in ordered)
    doc = TrfDocument(
        source=name,
        players=ordered,
        head=tuple(head),
        tail=tuple(tail),
        rounds=rounds,
        warnings=tuple(warnings),
    )
    start = doc.record("042")
    if start and parse_date(start) is None:
        warnings.append(
            f"{name}: cannot read the start date '{start}' (record 042); "
            "the tie-break edition defaults to 2026"
        )
        doc = attrs.evolve(doc, warnings=tuple(warnings))
    return doc


class _Where:
    """``file:line`` for messages, made only when one is written."""

    __slots__ = ("line", "name")

    def __init__(self, name: str, line: int) -> None:
        self.name, self.line = name, line

    def __format__(self, spec: str) -> str:
        return f"{self.name}:{self.line}"


_COLOURS = frozenset("wb-")
#: What an opponent's four columns may hold (blank: no opponent).
_OPPONENT_CHARS = frozenset(" 0123456789")
#: Points in columns 81-84: ASCII digits only (``float`` also reads ``'٣'``, ``'1_0'``, ``'nan'``).
_POINTS = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits (``str.isdigit`` and ``int`` also take
    ``'²'`` and ``'٣'``; TRF numbers are ASCII)."""
    return text.isascii() and text.isdigit()


def _cells_fast(rest: str, codes: frozenset[str], number: int) -> list[Cell] | None:
    """The rounds of a line in the common case (every cell well formed), at
    the speed of slicing; ``None`` sends the line to the cell-by-cell reader
    that names what is wrong."""
    colours, results = rest[5::10], rest[7::10]
    if not (_COLOURS.issuperset(colours) and codes.issuperset(results)):
        return None
    texts = [rest[i : i + 4] for i in range(0, len(rest), 10)]
    # ASCII digits only: int() also reads '٣', '+3' and '1_0'
    if not _OPPONENT_CHARS.issuperset("".join(texts)):
        return None
    try:
        opponents = list(map(int, texts))
    except ValueError:  # a blank inside a number ("1 2 ")
        return None
    if number in opponents:  # paired with himself: the cell-by-cell reader says where
        return None
    return [
        (opponent or None, colour, code)
        for opponent, colour, code in zip(opponents, colours, results, strict=True)
    ]


def _player(
    line: str, lineno: int, name: str, codes: frozenset[str]
) -> tuple[TrfPlayer | None, list[str]]:
    """One ``001`` line, or the problems with it."""
    problems: list[str] = []
    where = _Where(name, lineno)
    padded = line.ljust(90)
    number_text = padded[4:8]
    number = int(number_text) if _digits(number_text.strip()) else 0
    if padded[8] != " " and _digits(padded[8:9]) and _digits(number_text.strip()):
        return None, [
            f"{where}: starting rank '{(number_text + padded[8]).strip()}' does not fit "
            "columns 5-8 (a TRF file holds at most 9999 players)"
        ]
    if number < 1:
        return None, [
            f"{where}: starting rank '{number_text.strip()}' (columns 5-8) is not a number"
        ]
    rating_text = padded[48:52].strip()
    rating = None
    if rating_text:
        if not _digits(rating_text):
            problems.append(f"{where}: rating '{rating_text}' (columns 49-52) is not a number")
        elif int(rating_text):
            rating = int(rating_text)
    points_text = padded[80:84].strip()
    points = None
    if points_text:
        if _POINTS.fullmatch(points_text):
            points = float(points_text)
        else:
            problems.append(f"{where}: points '{points_text}' (columns 81-84) is not a number")
    rank_text = padded[85:89].strip()
    rank = None
    if rank_text:
        if _digits(rank_text):
            rank = int(rank_text)
        else:
            problems.append(f"{where}: rank '{rank_text}' (columns 86-89) is not a number")
    if padded[89:91].strip():
        problems.append(
            f"{where}: columns 90-91 must be blank (found '{padded[89:91]}'): "
            "the rounds are not in their columns"
        )
    rest = line[91:]
    width = len(rest)
    if width % 10:
        rest = rest.ljust(width + 10 - width % 10)
    cells = _cells_fast(rest, codes, number)
    for r, (opp_text, colour, code) in enumerate(_CELL.findall(rest) if cells is None else (), 1):
        if opp_text == "    " or opp_text == "0000":
            opponent = None
        elif _digits(opp_text.strip()):
            opponent = int(opp_text) or None
        else:
            problems.append(f"{where}: round {r}: opponent '{opp_text.strip()}' is not a number")
            continue
        if colour not in "wb-":
            colour = colour.lower()
            if colour == " ":
                colour = "-"
            elif colour not in "wb":
                problems.append(f"{where}: round {r}: colour '{colour}' (expected w, b or -)")
                continue
        if code not in codes:
            upper = code.upper()
            if upper in codes:
                code = upper
            elif code == " ":
                if opponent is not None:
                    problems.append(f"{where}: round {r}: no result against opponent {opponent}")
                    continue
                code = "Z"
            else:
                problems.append(
                    f"{where}: round {r}: unknown result code '{code}' "
                    "(expected 1 = 0 + - W D L H F U Z)"
                )
                continue
        if opponent == number:
            problems.append(f"{where}: round {r}: player {number} names himself as opponent")
            continue
        cells = cells or []
        cells.append((opponent, colour, code))
    cells = cells or []
    while cells and cells[-1] == (None, "-", "Z"):
        cells.pop()
    if problems:
        return None, problems
    return (
        TrfPlayer(
            number=number,
            line=lineno,
            sex=padded[9].strip() or None,
            title=_title(padded[10:13]),
            name=padded[14:47].strip(),
            rating=rating,
            federation=padded[53:56].strip() or None,
            fide_id=padded[57:68].strip() or None,
            birth=padded[69:79].strip() or None,
            points=points,
            rank=rank,
            cells=tuple(cells),
        ),
        [],
    )


# -- the results, for standings ------------------------------------------------------


def scoring_of(doc: TrfDocument) -> tuple[Scoring, dict[str, float]]:
    """The scoring (record 162, else the defaults) and each bye code's points
    (from 162, else inferred from the stated points)."""
    score_162 = doc.scoring_162()
    scoring = Scoring(
        win=score_162.get("W", 1.0),
        draw=score_162.get("D", 0.5),
        loss=score_162.get("L", 0.0),
        forfeit_loss=score_162.get("A", 0.0),
        zero_bye=score_162.get("A", 0.0),
        pab=score_162.get("P"),
    )
    return scoring, _infer_bye_values(doc, scoring, score_162)


def bye_scoring(scoring: Scoring, byes: dict[str, float]) -> Scoring:
    """``scoring`` with the bye values found for a file."""
    return attrs.evolve(
        scoring,
        pab=byes["U"] if byes["U"] != scoring.points("U") else scoring.pab,
        full_bye=byes["F"] if byes["F"] != scoring.points("F") else scoring.full_bye,
        half_bye=byes["H"] if byes["H"] != scoring.points("H") else scoring.half_bye,
        zero_bye=byes["Z"],
    )


def points_of(
    doc: TrfDocument, scored: tuple[Scoring, dict[str, float]] | None = None
) -> list[float]:
    """Each player's points from the results (the scoring and bye values of
    :func:`scoring_of`, or ``scored`` when the caller has them), to compare
    with the stated points: games of a player whose results the file records
    as annulled (:func:`annulled_withdrawals`) count for nobody."""
    scored = scored or scoring_of(doc)
    annulled = {w.player for w in annulled_withdrawals(doc, scored)}
    return _points(doc, scored, annulled)


def _points(
    doc: TrfDocument, scored: tuple[Scoring, dict[str, float]], annulled: set[int]
) -> list[float]:
    """Points of the results, games against a player in ``annulled`` left out
    (and every round of theirs, as the standings do: ``caddy.tiebreaks.Table``)."""
    game, bye = point_tables(*scored)
    return [
        0.0
        if p.number in annulled
        else sum(
            [
                (0.0 if opp in annulled else game.get(code, 0.0))
                if opp is not None
                else bye.get(code, 0.0)
                for opp, _, code in p.cells
            ]
        )
        for p in doc.players
    ]


def annulled_withdrawals(
    doc: TrfDocument, scored: tuple[Scoring, dict[str, float]] | None = None
) -> tuple[Withdrawal, ...]:
    """Round-robin withdrawals whose results the file records as annulled.

    FIDE's rule (General Regulations for Competitions 6.6; Tournament Rules
    C.06 5.4 in older handbooks): a player who leaves a round robin having
    completed fewer than 50% of their games keeps their results in the
    tournament table "for rating and historical purposes", but "the points
    scored by him or against him are not counted in the final standings";
    the unplayed games are written ``-`` for the player and ``+`` for the
    opponent. TRF has no withdrawal marker and no code for "played, rated,
    not counted", so caddy writes the games as played (``1 = 0``: they are
    rated) and the later rounds as forfeits, and lets the points (columns
    81-84) carry the annulment: the standings' points, where the games of
    the withdrawn player count for nobody.

    Read back, a player of a round robin whose last scheduled rounds are all
    forfeit losses (``-``, the opponent ``+`` or ``-``; rest rounds between
    them allowed), with fewer than half of their (n - 1) x cycles games
    completed over the board before, may be a withdrawal; the results
    annulled are those of the largest set of such players (each stating 0
    points) whose annulment makes every player's stated points agree. A file
    without stated points, or whose points count the games, is read at face
    value. (A player who merely lost the last games by forfeit stays counted:
    the points say so.)
    """
    cycles = doc.round_robin()
    players = doc.players
    if not cycles or any(p.points is None for p in players):
        return ()
    scheduled = (len(players) - 1) * cycles
    found = []
    for p in players:
        cells = p.cells
        after = len(cells)
        forfeits = 0
        while after:
            opp, _, code = cells[after - 1]
            if opp is None and code == "Z":
                after -= 1
                continue
            if opp is None or code != "-" or opp == p.number:
                break
            other = players[opp - 1].cells
            if len(other) < after or other[after - 1][0] != p.number:
                break
            if other[after - 1][2] not in ("+", "-"):
                break
            forfeits += 1
            after -= 1
        if not forfeits:
            continue
        completed = sum(
            1 for opp, _, code in cells[:after] if opp is not None and code in GAME_CODES
        )
        if 2 * completed < scheduled:
            found.append(
                Withdrawal(
                    player=p.number,
                    after_round=after,
                    completed=completed,
                    scheduled=scheduled,
                    annulled=True,
                )
            )
    # an annulled player's stated points are 0; a candidate with more played on
    found = [w for w in found if _stated_fits(players[w.player - 1].points, 0.0)]
    if not found:
        return ()
    scored = scored or scoring_of(doc)
    # which of them the stated points annul: the largest set that fits (a player
    # who lost the last games by forfeit without withdrawing is a candidate too)
    sizes = range(len(found), 0, -1) if len(found) <= _MAX_CANDIDATES else (len(found),)
    for size in sizes:
        fits = [
            chosen
            for chosen in itertools.combinations(found, size)
            if all(
                _stated_fits(p.points, t)
                for p, t in zip(
                    players, _points(doc, scored, {w.player for w in chosen}), strict=True
                )
            )
        ]
        if fits:
            # the points fit more than one set (a forfeit loss that scores as a
            # withdrawal would): the stated ranks put the annulled players last,
            # then the one who left earliest
            return max(
                fits,
                key=lambda chosen: (
                    sum(players[w.player - 1].rank or 0 for w in chosen),
                    -sum(w.after_round for w in chosen),
                ),
            )
    return ()


#: More candidate withdrawals than this: all of them annulled, or none (no search).
_MAX_CANDIDATES = 10


def _stated_fits(stated: float | None, total: float) -> bool:
    """Whether stated points (columns 81-84) say ``total`` (100.5 and more are
    written without the half: they do not fit)."""
    if stated is None:
        return False
    return abs(total - stated) < 1e-9 or (total >= 99.5 and abs(total - stated) == 0.5)


def point_tables(
    scoring: Scoring, byes: dict[str, float] | None = None
) -> tuple[dict[str, float], dict[str, float]]:
    """Points per code: of a round with an opponent (games and forfeits), and of
    one without (byes at ``byes`` where given, else as ``scoring`` says; ``+``
    and ``-`` a forfeit scored with no opponent named)."""
    game = {code: scoring.points(code) for code in "1=0+-WDL"}
    bye = {code: scoring.points(code) for code in "UFHZ+-"} | (byes or {})
    return game, bye


def event_of(doc: TrfDocument) -> Event:
    """The results of a TRF file as an :class:`~caddy.results.Event` (each
    player's line as written; :func:`check_document` says where
    the two sides of a game disagree)."""
    scoring, bye_values = scoring_of(doc)
    game, bye = point_tables(scoring, bye_values)
    rounds = max(doc.rounds, doc.rounds_declared, 1)
    players = []
    results = []
    for p in doc.players:
        players.append(
            EventPlayer(
                number=p.number,
                name=p.name,
                sex=p.sex,
                title=p.title,
                rating=p.rating,
                federation=p.federation,
                fide_id=p.fide_id,
                birth=p.birth,
                stated_points=p.points,
                stated_rank=p.rank,
            )
        )
        row = []
        for r in range(rounds):
            opp, colour, code = p.cells[r] if r < len(p.cells) else (None, "-", "Z")
            points = (game if opp is not None else bye).get(code, 0.0)
            row.append(
                RoundResult(
                    opponent=opp,
                    colour=colour if opp is not None and colour in ("w", "b") else None,  # type: ignore[arg-type]
                    code=code,
                    points=points,
                )
            )
        results.append(tuple(row))
    cycles = doc.round_robin()
    return Event(
        withdrawals=annulled_withdrawals(doc, (scoring, bye_values)),
        name=doc.title,
        start_date=parse_date(doc.record("042") or ""),
        players=tuple(players),
        results=tuple(results),
        rounds=rounds,
        scoring=scoring,
        pre_determined=cycles > 0,
    )


@attrs.frozen(kw_only=True)
class TrfFile:
    """What the standings reader found, with the event built from it."""

    event: Event
    #: Record 092 (free text) and 192 (encoded type), if present.
    type_text: str | None = None
    type_code: str | None = None
    #: Warnings for the user (one line each).
    warnings: tuple[str, ...] = ()


def read_trf(path: str | Path) -> TrfFile:
    """Read a TRF file into an :class:`~caddy.results.Event`."""
    return _trf_file(read_document(path))


def parse_trf(data: bytes | str, name: str = "<trf>") -> TrfFile:
    """Parse TRF text into an :class:`~caddy.results.Event` (see :func:`parse_document`)."""
    return _trf_file(parse_document(data, name))


def _trf_file(doc: TrfDocument) -> TrfFile:
    event = event_of(doc)
    warnings = [*doc.warnings, *(f"{doc.source}: {p}" for p in check_document(doc, stated=False))]
    return TrfFile(
        event=event, type_text=doc.type_text, type_code=doc.type_code, warnings=tuple(warnings)
    )


def _infer_bye_values(
    doc: TrfDocument, scoring: Scoring, score_162: dict[str, float]
) -> dict[str, float]:
    """Bye values: 162 where it says, else those that fit the stated points best."""
    defaults = {
        "U": scoring.points("U"),
        "F": scoring.points("F"),
        "H": scoring.points("H"),
        "Z": scoring.points("Z"),
    }
    if "P" in score_162:
        defaults["U"] = score_162["P"]
    present = sorted(
        {code for p in doc.players for opp, _, code in p.cells if opp is None and code in defaults}
    )
    if score_162 or not present:
        return defaults
    known = []
    game = {code: scoring.points(code) for code in "1=0+-WDL"}
    for p in doc.players:
        if p.points is None:
            continue
        fixed = 0.0
        byes = []
        for opp, _, code in p.cells:
            if opp is not None:
                fixed += game.get(code, 0.0)  # a bye code with an opponent: check names it
            elif code == "+":
                fixed += scoring.win
            elif code in defaults:
                byes.append(code)
        known.append((p.points - fixed, byes))
    if not known:
        return defaults
    candidates = [scoring.loss, scoring.draw, scoring.win]
    best, best_hits = defaults, -1
    for combo in itertools.product(*[[defaults[c], *candidates] for c in present]):
        values = dict(zip(present, combo, strict=True))
        hits = sum(1 for target, byes in known if abs(sum(values[c] for c in byes) - target) < 1e-9)
        if hits > best_hits:
            best, best_hits = {**defaults, **values}, hits
    return best


# -- writing ----------------------------------------------------------------------------


def points_text(points: float) -> str:
    """Points for columns 81-84 (``" 6.5"``, ``"17.0"``; 100 and more without
    the decimal, which does not fit)."""
    text = f"{points:4.1f}"
    if len(text) > 4:
        text = f"{points:4.0f}"
    return text


def player_line(
    number: int,
    *,
    sex: str | None = None,
    title: str | None = None,
    name: str = "",
    rating: int | None = None,
    federation: str | None = None,
    fide_id: str | None = None,
    birth: str | None = None,
    points: float = 0.0,
    rank: int = 0,
    cells: Sequence[Hashable] = (),
    texts: dict[Any, str] | None = None,
) -> str:
    """A ``001`` line in the exact TRF16 columns (text fields too long are cut
    to fit; control characters in them, a newline included, are written as
    spaces: no text can start a line of its own).

    ``cells``: the rounds as :data:`Cell` tuples; ``texts``: a :class:`CellTexts`
    shared by the lines of one file (a file repeats the same few thousand cells;
    each is formatted once), or another mapping from cells to their ten columns.
    Numbers are written as given: the caller makes sure they fit (the export
    refuses a rating or a starting rank of more than four digits)."""
    found: dict[Any, str] = CellTexts() if texts is None else texts
    texts_ = (sex or " ", title or "", name, federation or "", fide_id or "", birth or "")
    if _CONTROL.search("".join(texts_)):
        sex, title, name, federation, fide_id, birth = map(_one_line, texts_)
    head = (
        f"001 {number:4d} {(sex or ' ')[:1]}{(title or '')[:3]:>3} {name[:33]:<33} "
        + (f"{rating:4d} " if rating else "     ")
        + f"{(federation or '')[:3]:<3} {(fide_id or '')[:11]:>11} {(birth or '')[:10]:<10} "
        + f"{points_text(points)} {rank:4d}  "
    )
    return (head + "".join(map(found.__getitem__, cells))).rstrip()


class CellTexts(dict[Cell, str]):
    """A round's ten columns for each cell, made on first use."""

    def __missing__(self, cell: Cell) -> str:
        opponent, colour, code = cell
        text = f"{opponent:4d} {colour} {code}  " if opponent else f"0000 - {code}  "
        self[cell] = text
        return text


def check_document(
    doc: TrfDocument,
    *,
    stated: bool = True,
    pairings: bool = True,
    scored: tuple[Scoring, dict[str, float]] | None = None,
) -> list[str]:
    """Problems in a TRF file: its pairings (with ``pairings``) and, with
    ``stated``, points that disagree with the results (``scored``: the file's
    scoring and bye values, when the caller has them)."""
    rows = [p.cells for p in doc.players]
    names = [p.name for p in doc.players]
    problems = []
    if pairings:
        cycles = doc.round_robin()
        n = len(rows)
        complete = round_robin_cycles(n, doc.opponents()) > 0 or doc.rounds >= (
            (n - 1 if n % 2 == 0 else n) * cycles
        )
        problems = check_rows(rows, cycles=cycles, complete=complete, names=names)
    if stated:
        for p, total in zip(doc.players, points_of(doc, scored), strict=True):
            if p.points is None or abs(total - p.points) < 1e-9:
                continue
            if total >= 99.5 and abs(total - p.points) == 0.5:
                continue  # 100.5 and more do not fit columns 81-84: written without the half
            else:
                problems.append(
                    f"player {p.number} ({p.name}): stated points {p.points:g}, "
                    f"the results give {total:g}"
                )
    return problems
