"""The TRF import's fast paths give exactly what the reference paths give (issue 31 item 4).

Reading a file, the player lines are read all at once
(``player_lines.read_player_lines``) when every line is well formed, else line by
line (``lines.read_player_line``, the reference that names each problem); the
import makes its players by setting their slots (``records.players_of``; the
reference is ``TrfPlayer.as_player``); a round's results seen from both sides
(``rounds.rounds_of``) are read in one pass; the replay applies a whole round's
plain results at list speed (``caddy.event.replay``; the reference is one result
at a time). Each test compares a fast path with its reference on tricky input:
byes, blank and unplayed rounds, forfeits, announced absences (``0000 - Z``
written out), a round paired and not played, games whose sides disagree.

Columns: FIDE Handbook C.04 Annex 2 (TRF16), player line ``001``: starting rank in
columns 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE
id 58-68, birth date 70-79, points 81-84, rank 86-89, then ten columns per round
from column 92 (opponent 4, colour, result).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.event import EventFile, RecordResult, new_event, replay
from caddy.model.cells import Cell
from caddy.model.results import WORD_OF_CODES
from caddy.model.schedule import Player
from caddy.plugins.lookup import get_codec
from caddy_plugins.codecs.trf.lines import read_player_line
from caddy_plugins.codecs.trf.player_lines import read_player_lines
from caddy_plugins.codecs.trf.records import CODES, TrfDocument, players_of
from caddy_plugins.codecs.trf.rounds import rounds_of
from caddy_plugins.codecs.trf.scoring import points_without, scoring_of
from caddy_plugins.codecs.trf_document import parse_document
from caddy_plugins.formats.round_robin import RoundRobinOptions
from tests.conftest import DATA

TRF = sorted((DATA / "trf").glob("*.trf"))
#: FIDE's sample: a blank round (line 289, Henrich), ``0000 - -`` (line 297, spielfrei).
SAMPLE = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"


def head(number: int, *, points: str = " 1.0", rank: str = "   1") -> str:
    """Columns 1-91 of a player line (C.04 Annex 2)."""
    return (
        f"001 {number:4d} m  g {'Player ' + str(number):<33} 2100 GER {'12345':>11} "
        f"1990/01/01 {points} {rank}  "
    )


def reference(lines: list[str]) -> list[Any]:
    """Each line as the line-by-line reader reads it: the player, or its problems."""
    out = []
    for lineno, line in enumerate(lines, 1):
        player, problems = read_player_line(line, lineno, "f", CODES)
        out.append(problems if problems else player)
    return out


def batch(lines: list[str]) -> list[Any] | None:
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    return None if read is None else read.players


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_shared_files_read_at_once_as_line_by_line(path: Path) -> None:
    lines = [line for line in path.read_text("utf-8-sig").splitlines() if line[:3] == "001"]
    assert batch(lines) == reference(lines)


def test_sample_blank_rounds_and_forfeit_bye_at_once() -> None:
    """Line 289 has a blank round 1 (no opponent: ``Z``), line 297 blank rounds and ``0000 - -``."""
    lines = SAMPLE.read_text().splitlines()
    henrich, spielfrei = lines[288], lines[296]
    assert henrich.startswith("001  276      Henrich,Gerhard")
    assert spielfrei.startswith("001  284      spielfrei")
    players = batch([henrich, spielfrei])
    assert players == reference([henrich, spielfrei])
    assert players is not None
    assert players[0].cells[:2] == ((None, "-", "Z"), (203, "w", "0"))
    assert players[1].cells == ((None, "-", "Z"),) * 4 + ((None, "-", "-"),)


@pytest.mark.parametrize(
    "rounds",
    [
        "",  # no rounds: the line ends at column 89
        "   2 w 1     3 b =  0000 - H  0000 - Z",  # a half-point bye, then an announced Z
        "   2 w 1  0000 - Z            0000 - Z",  # written-out Z, a blank round, Z again
        "   2 w 1     3 b  ",  # a game with no result (a round paired, not played)
        "   2 - +  0000 - U     3 - -",  # a forfeit without colours, a bye, a double forfeit
        "0002 w W  0003 b D",  # zero-padded opponents, games under one move
        "   2 w 1     3 b =",  # the last cell cut short (no trailing blanks)
    ],
)
def test_tricky_rounds_read_at_once_as_line_by_line(rounds: str) -> None:
    lines = [head(1) + rounds, head(2), head(3)]
    if not rounds:
        lines[0] = lines[0].rstrip()
    assert batch(lines) == reference(lines)


@pytest.mark.parametrize(("players", "rounds"), [(160, 149), (2100, 10)])
def test_many_cells_read_at_once_as_line_by_line(players: int, rounds: int) -> None:
    """Over 20,000 cells the reader looks for repeated cells: many (a round
    robin's 160 x 149, each cell about six times) or few (2,100 x 10)."""
    rng = random.Random(players)
    lines = []
    for number in range(1, players + 1):
        cells = []
        for r in range(rounds):
            opponent = rng.randrange(1, players + 1)
            if opponent == number:  # a written-out Z, a blank round, an unplayed game
                cells.append(("0000 - Z  ", " " * 10, f"{number % players + 1:4d} w    ")[r % 3])
            else:
                cells.append(f"{opponent:4d} {rng.choice('wb-')} {rng.choice('10=+-WDLU')}  ")
        lines.append((head(number) + "".join(cells)).rstrip())
    assert sum(len(line) - 91 for line in lines) > 200_000
    assert batch(lines) == reference(lines)


@pytest.mark.parametrize(
    "rounds",
    [
        "   1 w 1",  # paired with himself: a problem
        "   2 w w",  # a code in lower case: read as W, line by line
        "   2 W 1",  # a colour in upper case: read as w, line by line
        "  1 2 w 1",  # an opponent with a blank inside: a problem
        "   2 x 1",  # an unknown colour: a problem
    ],
)
def test_lines_left_to_the_line_reader(rounds: str) -> None:
    lines = [head(1) + rounds, head(2)]
    assert batch(lines) is None


def test_unreadable_header_left_to_the_line_reader() -> None:
    line = head(1)
    assert batch([line[:48] + "2 1 " + line[52:]]) is None  # rating with a blank inside
    assert batch([line[:80] + " 1x " + line[84:]]) is None  # points not a number
    assert batch([line[:4] + "   0" + line[8:]]) is None  # starting rank 0


def test_highest_opponent_and_unplayed_round() -> None:
    read = read_player_lines([head(1) + "   7 w 1", head(2) + "   1 b  "], [1, 2], CODES)
    assert read is not None
    assert (read.highest, read.unplayed) == (7, True)


_OPPONENTS = st.sampled_from(
    ["   2", "0002", "   3", "    ", "0000", "  1 ", "   1", " 1 2", "2   "]
)
_COLOURS = st.sampled_from(list("wb- WBx"))
_CODES = st.sampled_from(list("1=0+-WDLHFUZ wdx"))
_CELL = st.tuples(_OPPONENTS, _COLOURS, _CODES, st.sampled_from(["  ", "xx"])).map(
    lambda c: f"{c[0]} {c[1]} {c[2]}{c[3]}"
)


@given(
    rows=st.lists(st.lists(_CELL, max_size=4), min_size=1, max_size=3),
    cut=st.integers(0, 9),
    points=st.sampled_from([" 1.0", " 1.5", "  .5", "  1.", "  -1", " 1x ", "    "]),
)
def test_any_lines_read_at_once_as_line_by_line(
    rows: list[list[str]], cut: int, points: str
) -> None:
    """At once, or not at all: then line by line (which names the problems)."""
    lines = [
        (head(number, points=points) + "".join(cells))[: -cut or None].rstrip(" ")
        if cells
        else head(number, points=points)
        for number, cells in enumerate(rows, 1)
    ]
    expected = reference(lines)
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:
        return  # left to the line reader: the reference itself
    assert read.players == expected
    cells = [cell for player in read.players for cell in player.cells]
    assert read.highest == max((cell[0] or 0 for cell in cells), default=0)
    assert read.unplayed == any(cell[0] and cell[2] == " " for cell in cells)


def test_players_of_is_as_player() -> None:
    doc = parse_document(SAMPLE.read_bytes())
    fast = players_of(doc.players)
    slow = tuple(p.as_player() for p in doc.players)
    assert fast == slow
    assert [hash(p) for p in fast] == [hash(p) for p in slow]
    assert [repr(p) for p in fast] == [repr(p) for p in slow]
    # line 14: old title letter 'g' is GM (C.04 Annex 2, TRF16), no sex given
    assert fast[0] == Player(
        name="Vasquez,Rodrigo",
        rating=2558,
        federation="CHI",
        fide_id="3400042",
        title="GM",
        birth="1969.12.06",
    )


def _rounds_reference(doc: TrfDocument) -> list[Any] | None:
    """rounds_of as it read before issue 31 (a pass per question), the reference."""
    empty: Cell = (None, "-", "Z")
    rows = [[*p.cells, *[empty] * (doc.rounds - len(p.cells))] for p in doc.players]
    out = []
    for column in zip(*rows, strict=True):
        games = [(i, c) for i, c in enumerate(column, 1) if c[0] is not None and c[0] > i]
        byes = [(i, c[2]) for i, c in enumerate(column, 1) if c[0] is None and c[2] != "Z"]
        partners = [column[c[0] - 1] for _, c in games]
        if (
            [p[0] for p in partners] != [i for i, _ in games]
            or len(column) - [c[0] for c in column].count(None) != 2 * len(games)
            or not {("w", "b"), ("b", "w"), ("-", "-")}.issuperset(
                zip([c[1] for _, c in games], [p[1] for p in partners], strict=True)
            )
            or not set("UFHZ+-").issuperset(code for _, code in byes)
        ):
            return None
        try:
            results = [
                WORD_OF_CODES[(p[2], c[2])] if c[1] == "b" else WORD_OF_CODES[(c[2], p[2])]
                for (_, c), p in zip(games, partners, strict=True)
            ]
        except KeyError:
            return None
        whites = [c[0] if c[1] == "b" else i for i, c in games]
        blacks = [i if c[1] == "b" else c[0] for i, c in games]
        uncoloured = [k for k, (_, c) in enumerate(games, 1) if c[1] == "-"]
        out.append((whites, blacks, results, uncoloured, byes))
    return out


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_rounds_of_as_the_reference(path: Path) -> None:
    doc = parse_document(path.read_bytes())
    assert rounds_of(doc) == _rounds_reference(doc)


@pytest.mark.parametrize(
    "second",
    [
        "   1 w 0",  # the colours disagree (both White)
        "   1 b 1",  # the results disagree (both won)
        "   3 b 0",  # names someone else
        "0000 - H",  # a bye where player 1 names 2 as opponent
        "   1 b H",  # a bye code on a game
        "   1 - -",  # colours: - against w
    ],
)
def test_rounds_that_disagree_are_none_as_in_the_reference(second: str) -> None:
    text = "\n".join([head(1) + "   2 w 1", head(2) + second, head(3) + "0000 - U"]) + "\n"
    doc = parse_document(text)
    assert rounds_of(doc) is None
    assert _rounds_reference(doc) is None


def test_long_rows_scored_from_their_codes_as_cell_by_cell() -> None:
    """A double round robin of 15 (30 rounds, a rest round ``Z`` each for everyone;
    forfeits ``+ -`` and a double forfeit ``- -`` for six players, added up cell by
    cell), exported by caddy's codec: the bye values and the points from the codes
    alone (rows read by ``rounds_of``) are the cell-by-cell ones."""
    rng = random.Random(15)
    players = [Player(name=f"P{i}") for i in range(1, 16)]
    event = new_event(players, "round-robin", RoundRobinOptions(cycles=2), name="fifteen")
    state = replay(event)
    forfeits = {(1, 1): "+-", (1, 2): "--", (2, 3): "-+"}  # six players; the rest have none
    ops = [
        RecordResult(
            round=r.number,
            board=b,
            result=forfeits.get((r.number, b), rng.choice(["1-0", "0-1", "1/2"])),
        )
        for r in state.rounds
        for b in range(1, len(r.white) + 1)
    ]
    data = (
        get_codec("trf").write(EventFile(tournament=event.tournament, operations=tuple(ops))).data
    )
    doc = parse_document(data)
    assert doc.rounds == 30
    assert rounds_of(doc) is not None  # what makes the rows consistent
    fast = scoring_of(doc, consistent=True)
    assert fast == scoring_of(doc)
    assert points_without(doc, fast, set(), consistent=True) == points_without(doc, fast, set())
    totals = points_without(doc, fast, set())
    assert totals == [p.points for p in doc.players]  # the export wrote these points


def _round_robin(results: list[RecordResult]) -> EventFile:
    players = [Player(name=f"P{i}") for i in range(1, 7)]
    event = new_event(players, "round-robin", RoundRobinOptions(), name="six")
    return EventFile(tournament=event.tournament, operations=tuple(results))


def test_round_results_at_once_as_one_by_one() -> None:
    """Six players, three boards a round: round 1 in board order (the list-speed
    path), round 2 in reverse (one by one), round 3 in part."""
    words = ["1-0", "1/2", "0-1"]
    in_order = [RecordResult(round=1, board=b, result=w) for b, w in enumerate(words, 1)]
    reverse = [
        RecordResult(round=2, board=b, result=w) for b, w in reversed(list(enumerate(words, 1)))
    ]
    part = [RecordResult(round=3, board=b, result=w) for b, w in enumerate(words[:2], 1)]
    state = replay(_round_robin([*in_order, *reverse, *part]))
    assert state.rounds[0].results == [("1-0",), ("1/2",), ("0-1",)]
    assert state.rounds[1].results == [("1-0",), ("1/2",), ("0-1",)]
    assert state.rounds[2].results == [("1-0",), ("1/2",), ()]


def test_a_second_result_is_refused_at_its_index() -> None:
    ops = [
        *(RecordResult(round=1, board=b, result="1-0") for b in (1, 2, 3)),
        RecordResult(round=1, board=2, result="0-1"),
    ]
    with pytest.raises(CaddyError) as exc:
        replay(_round_robin(ops))
    assert str(exc.value) == (
        "$.operations[3]: round 1 board 2 already has a result (1-0); use --force to correct it"
    )


def test_an_unknown_word_in_a_round_is_refused_at_its_index() -> None:
    ops = [
        RecordResult(round=1, board=b, result=w) for b, w in ((1, "1-0"), (2, "2-0"), (3, "1-0"))
    ]
    with pytest.raises(CaddyError) as exc:
        replay(_round_robin(ops))
    assert str(exc.value).startswith("$.operations[1]: unknown result '2-0'")
