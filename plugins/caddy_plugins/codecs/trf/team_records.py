"""The team records of a TRF-2026 file, read (and written) by their columns.

TRF-2026 (FIDE Handbook C.02.03, Annexure A) adds to the individual records
of FIDE Handbook C.04 Annex 2 the records of a team event:

===== ======================================================================
``310`` a team: number 5-7, name 9-40, code 42-46, strength 48-53, match
        points 55-60, game points 62-67, rank 69-71, members (start ranks,
        board order) at 74-77, 79-82, ... (it replaces TRF16's ``013``: name
        5-36, members from 37, read only when no ``310`` exists)
``300`` a round's line-up: round 5-7, team 9-11, opponent 13-15, start rank
        per board at 17-20, 22-25, ... (``0``: the board is left empty)
``320`` pairing-allocated byes: MP 5-8, GP 10-13, then the team that got it
        in round r at 15+4(r-1)..17+4(r-1)
``330`` a forfeited match: ``+-``, ``-+`` or ``--`` at 5-6, round 8-10,
        first team 12-14, other team 16-18
``240`` requested team byes: ``F``, ``H`` or ``Z`` at 5, round 7-9, teams
        at 11-14, 16-19, ...
``250`` acceleration: MP 5-8, GP 10-13, rounds 15-17 to 19-21, teams 23-26
        to 28-31
``260`` teams that must not meet: rounds 5-7 to 9-11, teams at 13-16, ...
``352`` the board colours of the team with White on board 1 (``WBWB``)
``362`` match points: ``TW``, ``TD``, ``TL`` with their values (162's grid)
``192`` the system; a suffix ``_MP_GP``, ``_GP_MP``, ``_MP`` or ``_GP``
        names the primary score, then the secondary one (C.04.6 1.2)
``299`` abnormal points: not read (skipped with a warning, kept in the file)
``801`` a team's rounds summarised (informative): a full- or half-point bye
        it shows where no 240 gives one is read only with ``byes_801``
        (a warning either way)
===== ======================================================================
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from caddy.errors import CaddyError
from caddy.model.teams import Team, TeamScoring
from caddy_plugins.formats.team_swiss import TeamAcceleration

if TYPE_CHECKING:
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = [
    "BYES_801_FLAG",
    "READING_801_BYES",
    "TEAM_RECORDS",
    "TeamRecords",
    "has_teams",
    "read_team_records",
    "says_team_round_robin",
    "says_team_swiss",
]

#: Records this module reads (and the export writes from the event).
TEAM_RECORDS = ("310", "300", "320", "330", "240", "250", "260", "352", "362")
#: The reading (``Codec.read(readings=...)``) and the command-line flag that
#: read a team bye only an 801 record shows.
READING_801_BYES = "801-byes"
BYES_801_FLAG = "--trf-801-byes"
#: Requested team byes of record 240 → the team bye kind.
BYE_240 = {"F": "full", "H": "half", "Z": "zero"}


@attrs.frozen(kw_only=True)
class TeamRecords:
    """What a file's team records say."""

    teams: tuple[Team, ...]
    boards: int
    #: Record 352 (``""``: none).
    colours: str
    scoring: TeamScoring
    #: ``(round, team)`` → (opponent, start ranks by board) from 300.
    lineups: dict[tuple[int, int], tuple[int, tuple[int, ...]]]
    #: Round → [(team, MP, GP)] from 320.
    #: (team, MP, GP; ``None`` where the record leaves the column blank).
    pabs: dict[int, list[tuple[int, float | None, float | None]]]
    #: Round → [(forfeit, first team, other team)] from 330.
    forfeits: dict[int, list[tuple[str, int, int]]]
    #: Round → [(team, bye kind)] from 240.
    byes: dict[int, list[tuple[int, str]]]
    acceleration: tuple[TeamAcceleration, ...]
    #: (first round, last round, teams) from 260.
    forbidden: tuple[tuple[int, int, tuple[int, ...]], ...]
    #: Team number → (MP, GP, rank) as 310 states them (informative).
    stated: dict[int, tuple[float | None, float | None, int | None]]
    #: Whether the teams came from 013 (no 310).
    from_013: bool = False


def has_teams(doc: TrfDocument) -> bool:
    """A team event: the file has 310 records, or 013 records and a system
    (192, else 092) that names a team event."""
    if doc.records("310"):
        return True
    return bool(doc.records("013")) and "TEAM" in _system(doc)


def _system(doc: TrfDocument) -> str:
    return re.sub(r"[\s-]", "_", (doc.record("192") or doc.record("092") or "").upper())


def says_team_round_robin(doc: TrfDocument) -> bool:
    """192 (else 092) names a team round robin (``FIDE_TEAM_ROUNDROBIN``,
    ``BERGER_TEAM_DOUBLEROUNDROBIN`` ...) or a Scheveningen."""
    text = _system(doc).replace("_", "")
    return "ROUNDROBIN" in text or "SCHEVENINGEN" in text


def says_team_swiss(doc: TrfDocument) -> bool:
    """192 (else 092) names a team Swiss (``FIDE_TEAM_BAKU``, ``FIDE-TEAM-BAKU``,
    ``FIDE_TEAM_MP_GP``, a ``SWISS`` with ``TEAM``)."""
    text = _system(doc)
    return "TEAM" in text and not says_team_round_robin(doc)


def _number(text: str, what: str) -> float | None:
    text = text.strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        raise CaddyError(f"{what}: '{text}' is not a number") from None


def _ints(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.split()]
    except ValueError:
        raise CaddyError(f"{what}: '{text.strip()}' is not numbers") from None


def _teams(doc: TrfDocument) -> tuple[tuple[Team, ...], dict[int, tuple[float | None, ...]], bool]:
    src = doc.source
    teams: dict[int, Team] = {}
    stated: dict[int, tuple[float | None, ...]] = {}
    lines = [line for line in (*doc.head, *doc.tail) if line[:3] == "310"]
    for line in lines:
        what = f"{src}: record 310 '{line[:40].rstrip()}'"
        number = int(_number(line[4:7], what) or 0)
        if number < 1 or number in teams:
            raise CaddyError(f"{what}: team number must be 1, 2, ... once each")
        strength = _number(line[47:53], what)
        teams[number] = Team(
            name=line[8:40].strip(),
            code=line[41:46].strip(),
            rating=None if strength is None else int(strength),
            members=tuple(_ints(line[73:], what)),
        )
        rank = _number(line[68:71], what)
        stated[number] = (
            _number(line[54:60], what),
            _number(line[61:67], what),
            None if rank is None else int(rank),
        )
    from_013 = not lines
    if from_013:
        for number, line in enumerate((x for x in (*doc.head, *doc.tail) if x[:3] == "013"), 1):
            what = f"{src}: record 013 '{line[:40].rstrip()}'"
            teams[number] = Team(name=line[4:36].strip(), members=tuple(_ints(line[36:], what)))
    if sorted(teams) != list(range(1, len(teams) + 1)):
        raise CaddyError(f"{src}: team numbers (record 310) must run 1..{len(teams)} without gaps")
    return tuple(teams[k] for k in sorted(teams)), stated, from_013


def _scoring(doc: TrfDocument) -> TeamScoring:
    values = {
        symbol.upper(): float(points)
        for text in doc.records("362")
        for symbol, points in re.findall(r"(?i)T([WDLP])\s*([0-9]+(?:\.[0-9]+)?)", text)
    }
    system = _system(doc)
    primary: Literal["MP", "GP"] = "MP"
    secondary: Literal["MP", "GP"] | None = "GP"
    suffix = re.search(r"_(MP|GP)(?:_(MP|GP))?$", system)
    if suffix:
        primary = "GP" if suffix[1] == "GP" else "MP"
        secondary = None if suffix[2] is None else "GP" if suffix[2] == "GP" else "MP"
    return TeamScoring(
        win=values.get("W", 2.0),
        draw=values.get("D", 1.0),
        loss=values.get("L", 0.0),
        primary=primary,
        secondary=secondary,
        pab_mp=values.get("P"),  # 362 TP: the pairing-allocated bye's match points
    )


#: Record 801's letters of a round without a match (one per board): requested byes.
_LETTERS_801 = {"F": "full", "H": "half"}


def boards_played(doc: TrfDocument, teams: Sequence[Team]) -> int:
    """The most games two teams played each other in one round: a match's
    boards, for a file that states them nowhere else (TRF16's ``013``, with
    no 352 or 300); 0 when no team met another."""
    team_of = {p: number for number, team in enumerate(teams, 1) for p in team.members}
    games: Counter[tuple[int, int, int]] = Counter()
    for player in doc.players:
        mine = team_of.get(player.number)
        for rnd, (opponent, _, _) in enumerate(player.cells, 1):
            theirs = team_of.get(opponent or 0)
            if mine is not None and theirs is not None and player.number < (opponent or 0):
                games[(rnd, min(mine, theirs), max(mine, theirs))] += 1
    return max(games.values(), default=0)


def informative_byes(lines: Iterable[str], boards: int) -> list[tuple[int, int, str]]:
    """(round, team, kind) of the full- and half-point byes the 801 lines among
    ``lines`` show (informative; blocks ``" TTT C RRRR BBBB"`` per round from column 21)."""
    out = []
    width = 8 + 2 * boards
    for line in lines:
        number = line[4:6].strip()
        if not line.startswith("801") or not number.isdigit():
            continue
        for k, start in enumerate(range(20, len(line), width), 1):
            block = line[start : start + width]
            letters = block[7 : 7 + boards]
            if block[1:4].strip() or len(letters) != boards or len(set(letters)) != 1:
                continue
            kind = _LETTERS_801.get(letters[0])
            if kind is not None:
                out.append((k, int(number), kind))
    return out


def read_team_records(
    doc: TrfDocument, warn: Callable[[str], None], *, byes_801: bool = False
) -> TeamRecords:
    """The team records of ``doc`` (see the module docstring). A full- or
    half-point bye that only a team's 801 record shows (no 240 gives it) is
    not read, as FIDE's reference engine ignores 801 (a warning); with
    ``byes_801`` it is read as the team's requested bye (a warning too).

    :raises CaddyError: a team record that is not numbers where numbers belong.
    """
    src = doc.source
    teams, stated, from_013 = _teams(doc)
    lineups: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
    for text in doc.records("300"):
        numbers = _ints(text, f"{src}: record 300")
        if len(numbers) < 4:
            raise CaddyError(f"{src}: record 300 '{text.strip()}' is not 'RRR TTT OOO PPPP ...'")
        lineups[(numbers[0], numbers[1])] = (numbers[2], tuple(numbers[3:]))
    pabs: dict[int, list[tuple[int, float | None, float | None]]] = {}
    for text in doc.records("320"):
        line = f"320 {text}"
        what = f"{src}: record 320"
        mp, gp = _number(line[4:8], what), _number(line[9:13], what)
        for k in range(14, len(line), 4):
            cell = line[k : k + 3].strip()
            if cell:
                rnd = (k - 14) // 4 + 1
                pabs.setdefault(rnd, []).append((int(_number(cell, what) or 0), mp, gp))
    forfeits: dict[int, list[tuple[str, int, int]]] = {}
    for text in doc.records("330"):
        parts = text.split()
        kind = {"10": "+-", "01": "-+", "00": "--", "WL": "+-", "LW": "-+", "LL": "--"}.get(
            parts[0].upper() if parts else "", parts[0] if parts else ""
        )
        if kind not in ("+-", "-+", "--") or len(parts) != 4:
            raise CaddyError(f"{src}: record 330 '{text.strip()}' is not 'TT RRR WWW BBB'")
        rnd, first, other = _ints(" ".join(parts[1:]), f"{src}: record 330")
        forfeits.setdefault(rnd, []).append((kind, first, other))
    byes: dict[int, list[tuple[int, str]]] = {}
    for text in doc.records("240"):
        parts = text.split()
        if not parts or parts[0].upper() not in BYE_240 or len(parts) < 3:
            raise CaddyError(f"{src}: record 240 '{text.strip()}' is not 'T RRR TTTT ...'")
        rnd, *numbers = _ints(" ".join(parts[1:]), f"{src}: record 240")
        byes.setdefault(rnd, []).extend((t, BYE_240[parts[0].upper()]) for t in numbers)
    for rnd, given in pabs.items():  # a requested bye the pairing answered with its PAB
        for team, _, _ in given:
            if any(t == team for t, _ in byes.get(rnd, [])):
                warn(
                    f"round {rnd}: team {team} has a requested bye (240) and the "
                    "pairing-allocated bye (320): read as the pairing-allocated bye"
                )
                byes[rnd] = [(t, k) for t, k in byes[rnd] if t != team]
    boards_352 = len((doc.record("352") or "").strip()) or 4
    lines_801 = [f"801 {text}" for text in doc.records("801")]
    for rnd, team, kind in informative_byes(lines_801, boards_352):  # 801 where 240 is silent
        if any(t == team for t, _, _ in pabs.get(rnd, [])) or any(
            t == team for t, _ in byes.get(rnd, [])
        ):
            continue
        reading = "read as one" if byes_801 else f"not read ({BYES_801_FLAG} reads it)"
        warn(
            f"round {rnd}: team {team}'s record 801 shows a {kind} bye that no record 240 "
            f"gives: {reading}"
        )
        if byes_801:
            byes.setdefault(rnd, []).append((team, kind))
    acceleration = []
    for text in doc.records("250"):
        line = f"250 {text}".ljust(31)
        what = f"{src}: record 250"
        fields = [_number(line[a:b], what) for a, b in ((14, 17), (18, 21), (22, 26), (27, 31))]
        if None in fields:
            raise CaddyError(f"{what} '{text.strip()}' is not 'MMMM GGGG RRR RRR TTTT TTTT'")
        acceleration.append(
            TeamAcceleration(
                mp=_number(line[4:8], what) or 0.0,
                gp=_number(line[9:13], what),
                first_round=int(fields[0] or 0),
                last_round=int(fields[1] or 0),
                first_team=int(fields[2] or 0),
                last_team=int(fields[3] or 0),
            )
        )
    forbidden = []
    for text in doc.records("260"):
        numbers = _ints(text, f"{src}: record 260")
        if len(numbers) < 4:
            raise CaddyError(f"{src}: record 260 '{text.strip()}' is not 'RRR RRR TTTT TTTT ...'")
        forbidden.append((numbers[0], numbers[1], tuple(numbers[2:])))
    colours = (doc.record("352") or "").upper()
    boards = (
        len(colours)
        or max((len(p) for _, p in lineups.values()), default=0)
        or boards_played(doc, teams)
        or 4
    )
    abnormal = doc.records("299")
    if abnormal:
        warn(
            f"record 299 (abnormal points) is not read: {len(abnormal)} line"
            f"{'s' if len(abnormal) > 1 else ''} skipped (kept in the file)"
        )
    return TeamRecords(
        teams=teams,
        boards=boards,
        colours=colours,
        scoring=_scoring(doc),
        lineups=lineups,
        pabs=pabs,
        forfeits=forfeits,
        byes=byes,
        acceleration=tuple(acceleration),
        forbidden=tuple(forbidden),
        stated={t: (s[0], s[1], None if s[2] is None else int(s[2])) for t, s in stated.items()},
        from_013=from_013,
    )
