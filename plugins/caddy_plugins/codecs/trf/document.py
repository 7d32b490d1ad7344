"""Reading a TRF file (TRF16 and TRF26) into a :class:`~caddy_plugins.codecs.trf.records.TrfDocument`.

:func:`parse_document` reads player lines ``001`` by their exact columns (FIDE Handbook
C.04 Annex 2, :mod:`caddy_plugins.codecs.trf.lines`) and keeps every other line as
written. A file that cannot be read (a player line with bad columns, an unknown result
code, an opponent who is not a player, numbering with gaps) raises
:class:`~caddy.errors.CaddyError` with one line per problem.
"""

from __future__ import annotations

import datetime
import operator
import re
from itertools import compress, repeat
from operator import not_
from pathlib import Path

import attrs

from caddy.errors import CaddyError
from caddy.model.collector import paused
from caddy_plugins.codecs.trf.lines import CellsRead, read_player_line
from caddy_plugins.codecs.trf.player_lines import PlayerLines, read_player_lines
from caddy_plugins.codecs.trf.records import CODES, PlayerFields, TrfDocument, TrfPlayer

__all__ = ["decode", "parse_date", "parse_document", "read_document"]

_CELLS = operator.attrgetter("cells")

_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}


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
    from caddy.files.storage import read_bytes  # a regular file only: never a device or a pipe

    return parse_document(read_bytes(path, "a TRF file"), str(path))


def parse_document(data: bytes | str, name: str = "<trf>") -> TrfDocument:
    """Parse TRF text (CR, LF or CRLF line ends; UTF-8, else Latin-1).

    :raises CaddyError: one ``file:line: message`` per problem that keeps
        the file from being read.
    """
    with paused():  # thousands of small acyclic tuples: no collector passes over them
        return _parse(data, name)


def _parse(data: bytes | str, name: str) -> TrfDocument:
    warnings: list[str] = []
    text = decode(data, name, warnings) if isinstance(data, bytes) else data.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    first = next((k for k, line in enumerate(lines) if line[:3] == "001"), len(lines))
    head = lines[:first]
    rest = lines[first:]
    if text.count("\n001") + text.startswith("001") == len(rest):
        # every line from the first player line on is one (counted in the text at once)
        tail: list[str] = []
        linenos = list(range(first + 1, len(lines) + 1))
        texts = rest
    else:  # which of them are player lines (C speed)
        player = list(map(str.startswith, rest, repeat("001")))
        tail = list(compress(rest, map(not_, player)))
        linenos = list(compress(range(first + 1, len(lines) + 1), player))
        texts = list(compress(rest, player))
    problems: list[str] = []
    codes = CODES
    # every line at once when all are well formed (the common case), else line by line
    batch = read_player_lines(texts, linenos, codes)
    in_order = batch is not None and batch.numbers == list(range(1, len(texts) + 1))
    if in_order and batch is not None:
        # numbered 1, 2, ... in the order of the lines (the common case): nothing to check
        ordered = tuple(batch.players)
        n = len(ordered)
    else:
        ordered = _ordered(problems, batch, linenos, texts, name)
        n = len(ordered)
    if batch is None or batch.highest > n:
        for p in ordered:
            for r, (opponent, _, _) in enumerate(p.cells, 1):
                if opponent is not None and opponent > n:
                    problems.append(
                        f"{name}:{p.line}: round {r}: opponent {opponent} is not a player "
                        f"(starting ranks run 1..{n})"
                    )
    pending_round = 0
    pending: tuple[tuple[int | None, str, str] | None, ...] = ()
    if batch is None or batch.unplayed:  # games with no result: a round paired, not played?
        ordered, pending_round, pending = _pending_round(ordered, name, problems)
        in_order = False  # (the rows changed: the players are new)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    # the longest row (the batch's, when the rows are its)
    rounds = (
        batch.longest
        if batch is not None and not pending_round
        else max(map(len, map(_CELLS, ordered)))
    )
    doc = TrfDocument(
        source=name,
        players=ordered,
        head=tuple(head),
        tail=tuple(tail),
        rounds=rounds,
        warnings=tuple(warnings),
        pending_round=pending_round,
        pending=pending,
        # the fields as the lines were read at once, when those lines are the players
        fields=PlayerFields(ordered, batch.fields) if in_order and batch is not None else None,
    )
    start = doc.record("042")
    if start and parse_date(start) is None:
        warnings.append(
            f"{name}: cannot read the start date '{start}' (record 042); "
            "the tie-break edition defaults to 2026"
        )
        doc = attrs.evolve(doc, warnings=tuple(warnings))
    return doc


def _ordered(
    problems: list[str],
    batch: PlayerLines | None,
    linenos: list[int],
    texts: list[str],
    name: str,
) -> tuple[TrfPlayer, ...]:
    """The players of the lines in starting-rank order (:func:`_number`);
    raises for the problems, for no player line, for starting ranks with gaps."""
    players: dict[int, TrfPlayer] = {}
    _number(players, problems, batch, linenos, texts, name)
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
    return tuple(map(players.__getitem__, range(1, n + 1)))


def _number(
    players: dict[int, TrfPlayer],
    problems: list[str],
    batch: PlayerLines | None,
    linenos: list[int],
    texts: list[str],
    name: str,
) -> None:
    """The players of the lines by starting rank (``batch``: the lines read at
    once, else each is read here), and the problems: the lines' own, a starting
    rank used twice."""
    read = CellsRead()  # the cells read so far: a file repeats the same cells
    codes = CODES
    for k, (lineno, line) in enumerate(zip(linenos, texts, strict=True)):
        if batch is not None:
            player: TrfPlayer | None = batch.players[k]
        else:
            player, line_problems = read_player_line(line, lineno, name, codes, read)
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


def _pending_round(
    players: tuple[TrfPlayer, ...], name: str, problems: list[str]
) -> tuple[tuple[TrfPlayer, ...], int, tuple[tuple[int | None, str, str] | None, ...]]:
    """Games with no result (a blank result column against an opponent): the
    file's last round paired and not played yet, when every game of that
    round has none and no other round has one. Its cells leave the players'
    rows and come back as ``(players, round, cells)``; anywhere else a game
    with no result is a problem, one line each."""
    blank = {
        (p.number, r)
        for p in players
        for r, (opponent, _, code) in enumerate(p.cells, 1)
        if opponent is not None and code == " "
    }
    if not blank:
        return players, 0, ()
    last = max(len(p.cells) for p in players)
    games = {p.number for p in players if len(p.cells) >= last and p.cells[last - 1][0] is not None}
    if {r for _, r in blank} != {last} or {n for n, _ in blank} != games:
        for p in players:
            for r, (opponent, _, code) in enumerate(p.cells, 1):
                if opponent is not None and code == " ":
                    problems.append(
                        f"{name}:{p.line}: round {r}: no result against opponent {opponent}"
                    )
        return players, 0, ()
    cells = tuple(p.cells[last - 1] if len(p.cells) >= last else None for p in players)
    problems.extend(f"{name}: {problem}" for problem in _pending_problems(players, last, cells))
    kept = []
    for p in players:
        row = list(p.cells[: last - 1])
        while row and row[-1] == (None, "-", "Z"):
            row.pop()
        kept.append(p._replace(cells=tuple(row)))
    return tuple(kept), last, cells


def _pending_problems(
    players: tuple[TrfPlayer, ...], last: int, cells: tuple[tuple[int | None, str, str] | None, ...]
) -> list[str]:
    """The games of the round with no results, seen from both sides: each opponent
    names the player back, colours mirror (:func:`caddy.model.cells.round_problems`); a
    game written on one player's line only is one line naming both and the round."""
    from caddy.model.cells import round_problems

    column = [
        (c[0], c[1], "=") if c is not None and c[0] is not None else c or (None, "-", "Z")
        for c in cells
    ]
    return round_problems(last, column, [p.name for p in players])
