"""Reading results from FIDE TRF files (TRF16 and TRF26) for standings.

Reads player lines ``001`` by their exact columns (``rules/TRF.md`` §3),
the name (012), start date (042), tournament type (092), number of rounds
(XXR / 142), scoring (162) and encoded type (192). Unknown lines, ``###``
comments and column rulers are skipped. Full import and export (every
record kept and written back) belongs to the TRF codec.

Points for byes come from the file: record 162 when present, else the
values that make the stated points (columns 81-84) agree with the results
for the most players.
"""

from __future__ import annotations

import datetime
import itertools
import re
from pathlib import Path

import attrs

from caddy.errors import CaddyError
from caddy.results import (
    BYE_CODES,
    GAME_CODES,
    Colour,
    Event,
    EventPlayer,
    RoundResult,
    Scoring,
)

_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}
ROUND_ROBIN_192 = ("ROUNDROBIN", "SCHEVENINGEN")


@attrs.frozen(kw_only=True)
class TrfFile:
    """What the reader found, with the event built from it."""

    event: Event
    #: Record 092 (free text) and 192 (encoded type), if present.
    type_text: str | None = None
    type_code: str | None = None
    #: Warnings for the user (one line each).
    warnings: tuple[str, ...] = ()


def parse_date(text: str) -> datetime.date | None:
    """A date in the forms seen in 042: ``2024-08-01``, ``2026/02/28``,
    ``28. 07. 2005``, ``28.07.2005``, ``Jun 26, 2020``, ``26 Jun 2020``."""
    t = text.strip()
    try:
        m = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", t)
        if m:
            return datetime.date(int(m[1]), int(m[2]), int(m[3]))
        m = re.fullmatch(r"(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})", t) or re.fullmatch(
            r"(\d{1,2})[/-](\d{1,2})[/-](\d{4})", t
        )
        if m:
            return datetime.date(int(m[3]), int(m[2]), int(m[1]))
        m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", t)
        if m and m[1].lower() in _MONTHS:
            return datetime.date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
        m = re.fullmatch(r"(\d{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})", t)
        if m and m[2].lower() in _MONTHS:
            return datetime.date(int(m[3]), _MONTHS[m[2].lower()], int(m[1]))
    except ValueError:
        return None
    return None


def _decode(data: bytes, name: str, warnings: list[str]) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        warnings.append(f"{name}: not UTF-8; read as Latin-1")
        return data.decode("latin-1")


def _number(text: str) -> float | None:
    text = text.strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _scoring_162(line: str) -> dict[str, float]:
    """TRF26 record 162: pairs of a symbol and points (``W 1.0 D 0.5 ...``)."""
    values = {}
    for symbol, points in re.findall(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", line[3:]):
        values[symbol] = float(points)
    return values


def read_trf(path: str | Path) -> TrfFile:
    """Read a TRF file into an :class:`~caddy.results.Event`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CaddyError(f"{path}: no such file") from None
    except OSError as exc:
        raise CaddyError(f"{path}: cannot read ({exc.strerror})") from None
    return parse_trf(data, str(path))


def parse_trf(data: bytes | str, name: str = "<trf>") -> TrfFile:
    """Parse TRF text (CR, LF or CRLF line ends)."""
    warnings: list[str] = []
    text = _decode(data, name, warnings) if isinstance(data, bytes) else data
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    title = ""
    start: datetime.date | None = None
    type_text = type_code = None
    rounds_declared = 0
    score_162: dict[str, float] = {}
    raw_players: list[tuple[int, int, str]] = []
    for lineno, line in enumerate(lines, 1):
        record = line[:3]
        if record == "001":
            raw_players.append((lineno, int(line[4:8]) if line[4:8].strip().isdigit() else 0, line))
        elif record == "012":
            title = line[4:].strip()
        elif record == "042" and line[4:].strip():
            start = parse_date(line[4:])
            if start is None:
                warnings.append(
                    f"{name}:{lineno}: cannot read the start date '{line[4:].strip()}'; "
                    "the tie-break edition defaults to 2026"
                )
        elif record == "092":
            type_text = line[4:].strip() or None
        elif record == "192":
            type_code = line[4:].strip() or None
        elif record in ("XXR", "142"):
            digits = re.search(r"\d+", line[3:])
            if digits:
                rounds_declared = int(digits.group())
        elif record == "162":
            score_162 = _scoring_162(line)
    if not raw_players:
        raise CaddyError(f"{name}: no player lines (001)")
    problems = []
    numbers = sorted(n for _, n, _ in raw_players)
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"{name}: starting ranks must run 1..{len(numbers)} without gaps")
    if problems:
        raise CaddyError(problems[0], problems=problems)

    def cells(line: str) -> list[tuple[str, str, str]]:
        found = []
        for r in itertools.count():
            base = 91 + 10 * r
            if len(line) <= base:
                break
            chunk = line[base : base + 10].ljust(10)
            found.append((chunk[0:4], chunk[5], chunk[7]))
        while found and not "".join(found[-1]).strip():
            found.pop()
        return found

    parsed = {n: (lineno, line, cells(line)) for lineno, n, line in raw_players}
    rounds = max([rounds_declared, *(len(c) for _, _, c in parsed.values())])
    scoring = Scoring(
        win=score_162.get("W", 1.0),
        draw=score_162.get("D", 0.5),
        loss=score_162.get("L", 0.0),
        forfeit_loss=score_162.get("A", 0.0),
        zero_bye=score_162.get("A", 0.0),
        pab=score_162.get("P"),
    )
    players = []
    rows: list[list[tuple[int | None, Colour | None, str]]] = []
    for n in range(1, len(numbers) + 1):
        lineno, line, found = parsed[n]
        padded = line.ljust(90)
        players.append(
            EventPlayer(
                number=n,
                name=padded[14:47].strip(),
                sex=padded[9].strip() or None,
                title=padded[10:13].strip() or None,
                rating=int(padded[48:52])
                if padded[48:52].strip().isdigit() and int(padded[48:52]) > 0
                else None,
                federation=padded[53:56].strip() or None,
                fide_id=padded[57:68].strip() or None,
                birth=padded[69:79].strip() or None,
                stated_points=_number(padded[80:84]),
                stated_rank=int(padded[85:89]) if padded[85:89].strip().isdigit() else None,
            )
        )
        row: list[tuple[int | None, Colour | None, str]] = []
        for r in range(rounds):
            opp_text, colour, code = found[r] if r < len(found) else ("    ", " ", " ")
            number = int(opp_text) if opp_text.strip().isdigit() else 0
            code = code.upper() if code.strip() else "Z"
            if code not in GAME_CODES | BYE_CODES | {"+", "-"}:
                problems.append(f"{name}:{lineno}: round {r + 1}: unknown result code '{code}'")
                code = "Z"
            if number > len(numbers):
                problems.append(
                    f"{name}:{lineno}: round {r + 1}: opponent {number} is not a player"
                )
                number = 0
            col: Colour | None = (
                "w" if colour.lower() == "w" else "b" if colour.lower() == "b" else None
            )
            if number == 0 and code in GAME_CODES:
                problems.append(
                    f"{name}:{lineno}: round {r + 1}: result '{code}' without an opponent"
                )
            row.append((number if number else None, col, code))
        rows.append(row)
    if problems:
        raise CaddyError(problems[0], problems=problems)

    bye_values = _infer_bye_values(players, rows, scoring, score_162)
    results = []
    for row in rows:
        out = []
        for opp, col, code in row:
            if opp is None and code in bye_values:
                points = bye_values[code]
            elif opp is None and code == "+":
                points = scoring.win
            elif opp is None and code == "-":
                points = scoring.zero_bye
            else:
                points = scoring.points(code)
            out.append(
                RoundResult(opponent=opp, colour=col if opp else None, code=code, points=points)
            )
        results.append(tuple(out))
    pre_determined = None
    if type_code:
        pre_determined = any(key in type_code.upper() for key in ROUND_ROBIN_192)
    elif type_text and "SWISS" in type_text.upper():
        pre_determined = False
    event = Event(
        name=title,
        start_date=start,
        players=tuple(players),
        results=tuple(results),
        rounds=rounds,
        scoring=scoring,
        pre_determined=pre_determined,
    )
    from caddy.results import check_consistency

    disagreements = check_consistency(event)
    warnings.extend(f"{name}: {p}" for p in disagreements)
    return TrfFile(event=event, type_text=type_text, type_code=type_code, warnings=tuple(warnings))


def _infer_bye_values(
    players: list[EventPlayer],
    rows: list[list[tuple[int | None, Colour | None, str]]],
    scoring: Scoring,
    score_162: dict[str, float],
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
        {code for row in rows for opp, _, code in row if opp is None and code in defaults}
    )
    if score_162 or not present:
        return defaults
    known = []
    for player, row in zip(players, rows, strict=True):
        if player.stated_points is None:
            continue
        fixed = sum(scoring.points(code) for opp, _, code in row if opp is not None)
        fixed += sum(scoring.win for opp, _, code in row if opp is None and code == "+")
        byes = [code for opp, _, code in row if opp is None and code in defaults]
        known.append((player.stated_points - fixed, byes))
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
