"""The TRF import's newest fast paths give exactly what their references give (issue 31 item 4).

- ``rounds.rounds_of`` reads each round in one loop that looks at a game's
  higher-numbered side only to count it; the reference is the loop as it read
  before (every cell with an opponent counted, the lower side checked against
  its partner), kept here as :func:`_rounds_cell_by_cell`.
- ``rounds.meets_too_often`` counts the meetings of a manual event from the
  rounds ``rounds_of`` read (each game once); the import asks
  ``caddy.model.cells.check_rows`` (``pairings=False, complete=False``), the
  reference, for its lines only when it says some pair meets too often, so it
  must say so exactly when that check finds a problem.
- ``row_points.codes_total`` counts a long row's codes commonest first and stops
  when every round is counted; the reference adds the codes one by one.
- ``TrfDocument.results_cycles`` answers 0 at once when some player has fewer
  rounds than others to meet, and tells a player who met someone every round
  from the set of their opponents alone; the reference is
  ``caddy.model.results.round_robin_cycles``.
- ``scoring.infer_bye_values`` (through ``scoring_of``) returns the default bye
  values at once when no row of codes has a bye (``U F H Z``); the reference
  is the same call without the rows of codes (each cell looked at).
- ``player_lines.read_player_lines`` checks every line's points (columns 81-84)
  with one search over them all; the reference is the line-by-line reader.
- ``player_lines.read_player_lines`` finds the few cells with no opponent or a
  blank result one after the other (in C) instead of rewriting every cell; the
  reference is the line-by-line reader (``lines.read_player_line``).
- ``player_lines.read_player_lines`` reads a column with few different values
  (sex, title, federation, points) once per value, and the numbers of a column
  without blanks at once; the reference is the line-by-line reader.
- ``importing.import_document`` does not replay an event it built from the
  file's rounds alone (``manual`` or ``swiss``, no team matches, withdrawals,
  byes announced for rounds not paired or a round paired and not played) when
  the format takes the field and does not fix the schedule
  (``replay_check.checked_as_built``); the reference is the import that replays
  every event (the same event, warnings and errors).
- ``scoring.scoring_with_points`` adds up each player's points from what the bye
  values' inference summed per row (the games' points and the byes), instead of
  a second pass over the cells; the reference is ``scoring.points_without``
  (and ``scoring.scoring_of`` for the scoring).
- ``player_lines.read_player_lines`` cuts every cell's opponent columns out at
  once (``struct``) and looks them up among the numbers as TRF writers write them
  (``%4d``, ``0000`` or blanks for none), the colours and codes checked as sets;
  a cell written any other way (``0042``, a number past the field, a character
  outside ASCII, a code or colour not allowed) is left to the pattern; and cuts
  the rows out of all the cells at once. The reference is the line-by-line reader.

Columns: FIDE Handbook C.04 Annex 2 (TRF16), player line ``001``: ten columns per
round from column 92 (opponent in columns 92-95, colour 97, result 99); ``0000``
or blanks for no opponent, a blank result with no opponent read as ``Z``.
Round robins: FIDE Handbook C.05 Annex 1 (every pair meets once per cycle).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import add
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.event import RecordBye
from caddy.model.cells import Cell, check_rows
from caddy.model.results import WORD_OF_CODES, round_robin_cycles
from caddy_plugins.codecs.trf import replay_check
from caddy_plugins.codecs.trf.importing import import_document
from caddy_plugins.codecs.trf.lines import read_player_line
from caddy_plugins.codecs.trf.player_lines import read_player_lines
from caddy_plugins.codecs.trf.records import CODES, TrfDocument, TrfPlayer
from caddy_plugins.codecs.trf.rounds import meets_too_often, rounds_of
from caddy_plugins.codecs.trf.row_points import codes_total, exact_sums, row_codes
from caddy_plugins.codecs.trf.scoring import points_without, scoring_of, scoring_with_points
from caddy_plugins.codecs.trf_document import parse_document
from tests.conftest import DATA

TRF = sorted((DATA / "trf").glob("*.trf"))

#: (colour, the opponent's colour, code, the opponent's code) of a game's lower side → word.
_WORDS = {
    **{
        (colour, theirs, white, black): word
        for colour, theirs in (("w", "b"), ("-", "-"))
        for (white, black), word in WORD_OF_CODES.items()
    },
    **{("b", "w", black, white): word for (white, black), word in WORD_OF_CODES.items()},
}


def _rounds_cell_by_cell(doc: TrfDocument) -> list[Any] | None:
    """``rounds_of`` as it read before this change: the reference."""
    empty: Cell = (None, "-", "Z")
    rounds = doc.rounds
    rows = [[*p.cells, *[empty] * (rounds - len(p.cells))] for p in doc.players]
    out = []
    for column in zip(*rows, strict=True):
        whites: list[int] = []
        blacks: list[int] = []
        results: list[str] = []
        uncoloured: list[int] = []
        byes: list[tuple[int, str]] = []
        named = 0
        for i, (opponent, colour, code) in enumerate(column, 1):
            if opponent is None:
                if code != "Z":
                    byes.append((i, code))
                continue
            named += 1
            if opponent < i:
                continue
            partner, their_colour, their_code = column[opponent - 1]
            word = _WORDS.get((colour, their_colour, code, their_code))
            if partner != i or word is None:
                return None
            if colour == "b":
                whites.append(opponent)
                blacks.append(i)
            else:
                whites.append(i)
                blacks.append(opponent)
                if colour == "-":
                    uncoloured.append(len(whites))
            results.append(word)
        if named != 2 * len(whites) or not set("UFHZ+-").issuperset(code for _, code in byes):
            return None
        out.append((whites, blacks, results, uncoloured, byes))
    return out


def drawn_document(
    rows: list[list[Cell]], points: Sequence[float | None] | None = None, rounds: int | None = None
) -> TrfDocument:
    """A TRF document of these rows of cells (player ``k`` the ``k``-th row,
    named ``Pk``, stating ``points[k - 1]``); ``rounds``: the longest row's
    length unless given."""
    players = tuple(
        TrfPlayer(
            number=k,
            line=k,
            name=f"P{k}",
            cells=tuple(row),
            points=points[k - 1] if points else None,
        )
        for k, row in enumerate(rows, 1)
    )
    longest = max((len(r) for r in rows), default=0)
    return TrfDocument(
        source="drawn", players=players, rounds=longest if rounds is None else rounds
    )


@st.composite
def _rows(draw: st.DrawFn) -> list[list[Cell]]:
    """Rows of cells: rounds paired at random (pairs that meet again, byes of
    every code, games of every result word and colouring), then some cells
    changed to anything (a partner who does not name the player back, colours
    or results that disagree, a bye code on a game, someone paired with himself)
    and some rows cut short."""
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 4))
    rows: list[list[Cell]] = [[] for _ in range(n)]
    for _ in range(rounds):
        order = draw(st.permutations(range(1, n + 1)))
        resting = draw(st.integers(0, min(2, n)))
        for player in order[:resting]:
            rows[player - 1].append((None, "-", draw(st.sampled_from("UFHZ+-"))))
        playing = order[resting:]
        if len(playing) % 2:
            rows[playing[-1] - 1].append((None, "-", "Z"))
            playing = playing[:-1]
        for a, b in zip(playing[::2], playing[1::2], strict=True):
            white_code, black_code = draw(st.sampled_from(sorted(WORD_OF_CODES)))
            colours = draw(st.sampled_from([("w", "b"), ("-", "-")]))
            rows[a - 1].append((b, colours[0], white_code))
            rows[b - 1].append((a, colours[1], black_code))
    # each row has a cell per round now (by pairing number order: fill the round's cells)
    changes = draw(
        st.lists(
            st.tuples(
                st.integers(0, n - 1),
                st.integers(0, rounds - 1),
                st.one_of(st.none(), st.integers(1, n)),
                st.sampled_from("wb-"),
                st.sampled_from(sorted(CODES)),
            ),
            max_size=2,
        )
    )
    for player, rnd, opponent, colour, code in changes:
        rows[player][rnd] = (opponent, colour, code)
    cuts = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, rounds)), max_size=2))
    for player, length in cuts:
        if all(cell == (None, "-", "Z") for cell in rows[player][length:]):
            del rows[player][length:]  # the reader drops a row's trailing Z cells
    return rows


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_rounds_of_shared_files_as_cell_by_cell(path: Path) -> None:
    doc = parse_document(path.read_bytes())
    assert rounds_of(doc) == _rounds_cell_by_cell(doc)


@settings(max_examples=300)
@given(rows=_rows())
def test_rounds_of_any_rows_as_cell_by_cell(rows: list[list[Cell]]) -> None:
    doc = drawn_document(rows)
    if any(cell[0] == k for k, row in enumerate(rows, 1) for cell in row):
        # someone paired with himself: no file gets here (the line reader refuses
        # the line: "player 3 names himself as opponent"); rounds_of answers None,
        # where the old loop could read a game of his with himself and let a
        # player naming him go unchecked (3-3, 4-3)
        assert rounds_of(doc) is None
    else:
        assert rounds_of(doc) == _rounds_cell_by_cell(doc)


def test_rounds_of_both_sides_disagreeing_is_none() -> None:
    """Players 1-2 and 3-4 meet in round 1; each change makes the reference say None."""
    good: list[list[Cell]] = [[(2, "w", "1")], [(1, "b", "0")], [(4, "-", "=")], [(3, "-", "=")]]
    assert rounds_of(drawn_document(good)) == [([1, 3], [2, 4], ["1-0", "1/2"], [2], [])]
    for player, cell in [
        (1, (1, "b", "1")),  # both won
        (1, (3, "b", "0")),  # names someone else
        (3, (4, "b", "=")),  # colours: b against -
        (1, (2, "b", "0")),  # paired with himself
        (1, (1, "w", "U")),  # a bye code on a game
        (0, (None, "-", "1")),  # a game code without an opponent
    ]:
        rows = [list(row) for row in good]
        rows[player][0] = cell
        assert _rounds_cell_by_cell(drawn_document(rows)) is None
        assert rounds_of(drawn_document(rows)) is None


@settings(max_examples=300)
@given(rows=_rows(), cycles=st.integers(0, 3))
def test_meets_too_often_exactly_when_check_rows_finds_a_problem(
    rows: list[list[Cell]], cycles: int
) -> None:
    doc = drawn_document(rows)
    rounds = rounds_of(doc)
    if rounds is None:
        return  # the import refuses the file before counting meetings
    problems = check_rows(
        [p.cells for p in doc.players], cycles=cycles, pairings=False, complete=False
    )
    assert meets_too_often(rounds, len(rows), cycles) == bool(problems)


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
@pytest.mark.parametrize("cycles", [0, 1, 2])
def test_meets_too_often_shared_files(path: Path, cycles: int) -> None:
    doc = parse_document(path.read_bytes())
    rounds = rounds_of(doc)
    if rounds is None:
        pytest.skip("some game's two sides disagree: no rounds to count")
    rows = [p.cells for p in doc.players]
    problems = check_rows(rows, cycles=cycles, pairings=False, complete=False)
    assert meets_too_often(rounds, len(rows), cycles) == bool(problems)


def test_a_pair_met_twice_over_the_board_not_by_forfeit() -> None:
    """Two meetings of 1 and 2: too often in a Swiss (cycles 0) when both were
    games; a forfeit (``+ -``) does not count there (C.04 lets a Swiss pair them
    again); in a double round robin (cycles 2) twice is allowed."""
    twice: list[list[Cell]] = [[(2, "w", "1"), (2, "b", "=")], [(1, "b", "0"), (1, "w", "=")]]
    forfeit: list[list[Cell]] = [[(2, "w", "+"), (2, "b", "=")], [(1, "b", "-"), (1, "w", "=")]]
    for rows, cycles, expected in [
        (twice, 0, True),
        (twice, 1, True),
        (twice, 2, False),
        (forfeit, 0, False),
        (forfeit, 1, True),
    ]:
        rounds = rounds_of(drawn_document(rows))
        assert rounds is not None
        assert meets_too_often(rounds, 2, cycles) is expected
        assert bool(check_rows(rows, cycles=cycles, pairings=False, complete=False)) is expected


_POINTS = st.fixed_dictionaries(
    {code: st.integers(-8, 12).map(lambda q: q / 4) for code in "10=+-WDLUFHZ"}
)


@given(row=st.text(alphabet="10=+-WDLUFHZ", max_size=80), points=_POINTS, unknown=st.booleans())
def test_codes_total_as_one_by_one(row: str, points: dict[str, float], unknown: bool) -> None:
    if unknown:
        row += "?"
    assert exact_sums(points)
    try:
        expected = reduce(add, map(points.__getitem__, row), 0.0)
    except KeyError:
        with pytest.raises(KeyError):
            codes_total(row, points)
        return
    assert codes_total(row, points) == expected


def test_codes_total_of_a_round_robin_row() -> None:
    """Wins, losses and draws only: counted without looking for the other codes."""
    points = {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0, "1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0}
    assert codes_total("1=0" * 333, points) == 499.5
    assert codes_total("", points) == 0.0


def _head(number: int) -> str:
    return f"001 {number:4d} m  g {'Player ' + str(number):<33} 2100 GER {'12345':>11} 1990/01/01  1.0    1  "


def by_line(lines: list[str]) -> list[Any]:
    """Each line as the line-by-line reader reads it: the player, or its problems."""
    out = []
    for lineno, line in enumerate(lines, 1):
        player, problems = read_player_line(line, lineno, "f", CODES)
        out.append(problems if problems else player)
    return out


_CELLS = st.sampled_from(
    [
        "   2 w 1  ",
        "   3 b 0  ",
        "   1 - =  ",
        "   2 w    ",  # a game with no result yet
        "0000 - U  ",
        "0000 -    ",  # no opponent, blank result: Z
        "     -    ",  # no opponent written blank, blank result: Z
        "          ",  # a blank round
        "     - H  ",  # no opponent written blank
        "0000 - Z  ",
        "  00 - Z  ",  # no opponent, written with two digits
        "0003 b =  ",  # a zero-padded opponent
    ]
)


@settings(max_examples=300)
@given(rows=st.lists(st.lists(_CELLS, max_size=30), min_size=1, max_size=4))
def test_blank_cells_read_at_once_as_line_by_line(rows: list[list[str]]) -> None:
    """Rows of a few or many cells with no opponent or no result: a few of them
    are found one by one, many rewritten in one pass; either as the line reader."""
    lines = [(_head(k) + "".join(cells)).rstrip() for k, cells in enumerate(rows, 1)]
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:
        return  # left to the line reader: the reference itself
    assert read.players == by_line(lines)
    cells = [cell for player in read.players for cell in player.cells]
    assert read.unplayed == any(cell[0] and cell[2] == " " for cell in cells)


def test_one_blank_result_among_many_cells() -> None:
    """Forty cells, one with no result against an opponent (a round paired, not
    played) and one with no opponent and a blank result (``Z``)."""
    cells = ["   2 w 1  "] * 38 + ["   2 w    ", "0000 -    "]
    lines = [_head(1) + "".join(cells), _head(2)]
    read = read_player_lines(lines, [1, 2], CODES)
    assert read is not None
    assert read.unplayed
    assert read.players == by_line(lines)
    # the trailing Z is dropped: 38 games and the one not played
    assert read.players[0].cells[-2:] == ((2, "w", "1"), (2, "w", " "))
    assert len(read.players[0].cells) == 39


@settings(max_examples=300)
@given(rows=_rows())
def test_results_cycles_as_round_robin_cycles(rows: list[list[Cell]]) -> None:
    """Short rows (fewer rounds than opponents to meet) and whole round robins
    (small fields: four rounds make a round robin of up to five)."""
    doc = drawn_document(rows)
    assert doc.results_cycles() == round_robin_cycles(len(rows), doc.opponents())


def test_results_cycles_of_a_round_robin_and_a_short_row() -> None:
    """Three players, three rounds (C.05 Annex 1, a rest round each): every pair once."""
    rows: list[list[Cell]] = [
        [(2, "w", "1"), (None, "-", "Z"), (3, "b", "0")],
        [(1, "b", "0"), (3, "w", "="), (None, "-", "Z")],
        [(None, "-", "Z"), (2, "b", "="), (1, "w", "1")],
    ]
    assert drawn_document(rows).results_cycles() == 1
    assert drawn_document([rows[0], rows[1], rows[2][:1]]).results_cycles() == 0


def _berger_four(last: list[Cell]) -> list[list[Cell]]:
    """Four players, three rounds (C.05 Annex 1's table for 4: 1-4 2-3, 4-3 1-2,
    2-4 3-1), player 4's row replaced by ``last``."""
    rows: list[list[Cell]] = [
        [(4, "w", "1"), (2, "w", "="), (3, "b", "0")],
        [(3, "w", "0"), (1, "b", "="), (4, "w", "1")],
        [(2, "b", "1"), (4, "b", "="), (1, "w", "1")],
        last,
    ]
    return rows


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        ([(1, "b", "0"), (3, "w", "="), (2, "b", "0")], 1),  # every pair once: 1
        ([(1, "b", "0"), (3, "w", "="), (3, "b", "0")], 0),  # 4 meets 3 twice, never 2
        ([(1, "b", "0"), (3, "w", "="), (4, "b", "0")], 0),  # 4 paired with himself
        ([(1, "b", "0"), (3, "w", "="), (2, "b", "0"), (1, "w", "1")], 0),  # 1 twice
    ],
)
def test_results_cycles_of_a_full_round_robin(last: list[Cell], expected: int) -> None:
    doc = drawn_document(_berger_four(last))
    assert doc.results_cycles() == expected
    assert round_robin_cycles(4, doc.opponents()) == expected


_GAME_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "+": 1.0, "-": 0.0}


@settings(max_examples=300)
@given(
    rows=_rows(),
    byes=st.tuples(*[st.sampled_from([0.0, 0.5, 1.0])] * 4),
    unstated=st.lists(st.integers(0, 8), max_size=2),
)
def test_bye_values_from_rows_of_codes_as_cell_by_cell(
    rows: list[list[Cell]], byes: tuple[float, ...], unstated: list[int]
) -> None:
    """Stated points made with drawn bye values (``U F H Z``), some left out:
    the bye values found from the rows of codes are those found cell by cell."""
    values = {**_GAME_POINTS, **dict(zip("UFHZ", byes, strict=True))}
    points: list[float | None] = [sum(values[cell[2]] for cell in row) for row in rows]
    for k in unstated:
        if k < len(points):
            points[k] = None
    doc = drawn_document(rows, points)
    if rounds_of(doc) is None:
        return  # rows of codes are read only for rounds whose games agree
    assert scoring_of(doc, consistent=True, codes=row_codes(doc)) == scoring_of(doc)


def test_no_bye_in_any_row_gives_the_default_values() -> None:
    rows: list[list[Cell]] = [[(2, "w", "1")], [(1, "b", "0")]]
    doc = drawn_document(rows, [1.0, 0.0])
    _, byes = scoring_of(doc, consistent=True, codes=row_codes(doc))
    assert byes == {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}


@settings(max_examples=300)
@given(
    points=st.lists(
        st.text(alphabet="0123456789.-+e_naif ٣x\t", min_size=4, max_size=4), max_size=5
    )
)
def test_points_columns_read_at_once_as_line_by_line(points: list[str]) -> None:
    """Points as numbers, blanks, or not numbers ('1x', '1-2', '..'; and what
    ``float`` reads but TRF does not write: '+1.0', '1e-1', '1_0', 'nan', '٣'):
    read at once exactly when every line reads, as the line reader reads them."""
    lines = [_head(k)[:80] + text + _head(k)[84:] + "   2 w 1" for k, text in enumerate(points, 1)]
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:
        return  # left to the line reader: the reference itself
    assert read.players == by_line(lines)


def test_points_columns_one_bad_among_many() -> None:
    lines = [_head(k) for k in range(1, 30)]
    assert read_player_lines(lines, list(range(1, 30)), CODES) is not None
    for bad in (" 1-2", "+1.0", "1e-1", " nan", "   ٣"):
        changed = [*lines[:17], lines[17][:80] + bad + lines[17][84:], *lines[18:]]
        assert read_player_lines(changed, list(range(1, 30)), CODES) is None
        message = f"f:18: points '{bad.strip()}' (columns 81-84) is not a number"
        assert by_line(changed)[17] == [message]


@st.composite
def _written_rows(draw: st.DrawFn) -> list[list[str]]:
    """Rows of cells as TRF writers write them: games against another player
    (any colour, any game code, no result yet), byes of every code, blank and
    written-out rest rounds (both sides of a game need not agree: the lines are
    read, not checked)."""
    n = draw(st.integers(2, 6))
    rows = []
    for k in range(1, n + 1):
        others = [j for j in range(1, n + 1) if j != k]
        game = st.builds(
            "{:4d} {} {}  ".format,
            st.sampled_from(others),
            st.sampled_from("wb-"),
            st.sampled_from("10=+-WDL "),
        )
        bye = st.sampled_from(
            ["0000 - U  ", "0000 - H  ", "0000 - F  ", "0000 - Z  ", "0000 -    ", "     - +  "]
        )
        rest = st.just(" " * 10)
        rows.append(draw(st.lists(st.one_of(game, game, bye, rest), max_size=8)))
    return rows


#: Cells as they are not written: opponents past the field, zero-padded, with a
#: blank inside, not ASCII; colours and codes not allowed (lower case too).
_UNUSUAL_CELLS = [
    "   9 w 1  ",
    "  99 b 0  ",
    "0002 w 1  ",
    " 3 1 w 1  ",
    "   ٣ w 1  ",
    "   2 x 1  ",
    "   2 W 1  ",
    "   1 B =  ",
    "   1 . 0  ",
    "   1 w 1  ",  # in line 1: paired with himself
    "   2 b 0  ",  # in line 2: paired with himself
    "   2 w 7  ",
    "   2 w d  ",
    "   2   1  ",  # a blank colour
    "   0 - Z  ",  # no opponent, written as a one-digit zero
    "   3 - Zé ",
]
_UNUSUAL = st.sampled_from(_UNUSUAL_CELLS)


@settings(max_examples=400)
@given(
    rows=_written_rows(),
    changes=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7), _UNUSUAL), max_size=2),
    tail=st.sampled_from(["", " ", "  ", "0", "   2 w 1", "0000 - Z"]),
)
def test_cells_cut_out_at_once_as_line_by_line(
    rows: list[list[str]], changes: list[tuple[int, int, str]], tail: str
) -> None:
    """Rows of cells as written, a few changed to a cell written otherwise, a
    line's last cell cut short or not: read at once exactly as the line reader
    reads each line, or left to it."""
    for row, index, cell in changes:
        cells = rows[row % len(rows)]
        if cells:
            cells[index % len(cells)] = cell
    lines = [(_head(k) + "".join(cells)).rstrip() for k, cells in enumerate(rows, 1)]
    lines[-1] = (lines[-1] + tail).rstrip()
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:
        return  # left to the line reader: the reference itself
    assert read.players == by_line(lines)
    read_cells = [cell for player in read.players for cell in player.cells]
    assert read.highest == max((cell[0] or 0 for cell in read_cells), default=0)
    assert read.unplayed == any(cell[0] and cell[2] == " " for cell in read_cells)


def test_a_sample_file_read_at_once_as_line_by_line() -> None:
    """FIDE's sample (every cell as writers write it): read at once, as the line
    reader reads each line; a cell zero-padded or past the field gives the same."""
    path = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"
    lines = [line for line in path.read_text().splitlines() if line[:3] == "001"]
    numbers = list(range(1, len(lines) + 1))
    read = read_player_lines(lines, numbers, CODES)
    assert read is not None
    assert read.players == by_line(lines)
    for cell in ("0141", " 141"):
        changed = [lines[0][:91] + cell + lines[0][95:], *lines[1:]]
        again = read_player_lines(changed, numbers, CODES)
        assert again is not None
        assert again.players == read.players
    past = [lines[0][:91] + " 999" + lines[0][95:], *lines[1:]]
    beyond = read_player_lines(past, numbers, CODES)
    assert beyond is not None
    assert beyond.highest == 999
    assert beyond.players[0].cells[0] == (999, "w", "1")


@pytest.mark.parametrize("cell", _UNUSUAL_CELLS)
@pytest.mark.parametrize(("line", "round"), [(0, 0), (1, 3), (283, 6)])
def test_each_unusual_cell_in_a_written_file(cell: str, line: int, round: int) -> None:
    """Each cell written otherwise, in FIDE's sample (all its other cells as writers
    write them) at a line's first, middle or last round: the lines read at once
    as the line reader reads each (or left to it)."""
    path = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"
    lines = [text for text in path.read_text().splitlines() if text[:3] == "001"]
    at = 91 + 10 * round
    text = lines[line]
    lines[line] = (text[:at] + cell + text[at + 10 :]).rstrip()
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is not None:
        assert read.players == by_line(lines)


def _summed_as_points_without(doc: TrfDocument, codes: list[str] | None) -> bool:
    """Whether ``scoring_with_points`` gives ``scoring_of``'s scoring and, when it
    adds the points up, ``points_without``'s points; and whether it added them."""
    scored, summed = scoring_with_points(doc, codes=codes)
    assert scored == scoring_of(doc, consistent=True, codes=codes)
    if summed is not None:
        assert summed == points_without(doc, scored, set(), consistent=True, codes=codes)
    return summed is not None


@settings(max_examples=300)
@given(
    rows=_rows(),
    byes=st.tuples(*[st.sampled_from([0.0, 0.5, 1.0])] * 4),
    unstated=st.lists(st.integers(0, 8), max_size=2),
    off=st.lists(st.integers(0, 8), max_size=2),
)
def test_points_summed_by_the_bye_inference_as_points_without(
    rows: list[list[Cell]], byes: tuple[float, ...], unstated: list[int], off: list[int]
) -> None:
    """Stated points made with drawn bye values (``U F H Z``), some left out or
    off by a point (no bye values then explain every player)."""
    values = {**_GAME_POINTS, **dict(zip("UFHZ", byes, strict=True))}
    points: list[float | None] = [sum(values[cell[2]] for cell in row) for row in rows]
    for k in off:
        if k < len(points):
            points[k] = (points[k] or 0.0) + 1.0
    for k in unstated:
        if k < len(points):
            points[k] = None
    doc = drawn_document(rows, points)
    if rounds_of(doc) is None:
        return  # the import reads the points only of rounds whose games agree
    _summed_as_points_without(doc, None)
    _summed_as_points_without(doc, row_codes(doc))


def test_points_summed_with_byes_worth_something() -> None:
    """Player 3 had a bye worth a win (``U``), player 4 a half-point bye (``H``)
    and a forfeit won with no opponent (``+``): the points the inference adds up
    count them."""
    rows: list[list[Cell]] = [
        [(2, "w", "1"), (2, "b", "=")],
        [(1, "b", "0"), (1, "w", "=")],
        [(None, "-", "U"), (4, "w", "0")],
        [(None, "-", "H"), (3, "b", "1")],
        [(None, "-", "+"), (None, "-", "Z")],
    ]
    doc = drawn_document(rows, [1.5, 0.5, 1.0, 1.5, 1.0])
    scored, summed = scoring_with_points(doc)
    assert scored[1] == {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}
    assert summed == [1.5, 0.5, 1.0, 1.5, 1.0]
    assert summed == points_without(doc, scored, set(), consistent=True)


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_points_summed_of_shared_files_as_points_without(path: Path) -> None:
    doc = parse_document(path.read_bytes())
    if rounds_of(doc) is None:
        pytest.skip("some game's two sides disagree: the import refuses the file")
    _summed_as_points_without(doc, None)
    _summed_as_points_without(doc, row_codes(doc))


@settings(max_examples=400)
@given(
    fields=st.lists(
        st.tuples(
            st.sampled_from([" ", "m", "w", "f", "é"]),
            st.sampled_from(["   ", "  g", "  m", " wg", " GM", " IM", "WGM", "  x", " Gm"]),
            st.sampled_from(["    ", "0000", "2100", "   0", " 999", "1 00"]),
            st.sampled_from(["   ", "GER", "HUN", " FR", "ÖST"]),
            st.sampled_from(["           ", "     12345", "123456789  ", "   0"]),
            st.sampled_from(["          ", "1990/01/01", "1990      ", "  ab  "]),
            st.sampled_from(["    ", " 1.0", " 1.0", "10.5", " 0.0", "   0"]),
            st.sampled_from(["    ", "   1", "   0", "  12", "1 2 "]),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_header_columns_read_at_once_as_line_by_line(
    fields: list[tuple[str, str, str, str, str, str, str, str]],
) -> None:
    """Sex, title (old letters too), rating, federation, FIDE id, birth, points
    and rank, blank or not, zero or not (and a blank inside a number): read at
    once exactly as the line reader reads each line, or left to it."""
    lines = [
        f"001 {k:4d} {sex}{title} {'Player ' + str(k):<33} {rating} {fed} {fide_id:>11} "
        f"{birth} {points} {rank}  "
        for k, (sex, title, rating, fed, fide_id, birth, points, rank) in enumerate(fields, 1)
    ]
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:
        return  # left to the line reader: the reference itself
    assert read.players == by_line(lines)


def _imported(doc: TrfDocument) -> tuple[str, Any, Any]:
    """What the import makes of ``doc``: the event and its warnings, or the error."""
    try:
        imported = import_document(doc)
    except CaddyError as exc:
        return ("error", str(exc), exc.problems)
    return ("event", imported.event, imported.warnings)


def _as_when_replayed(doc: TrfDocument) -> bool:
    """Whether the import gives what it gives when it replays every event (the
    reference); and whether it left the replay out."""
    left_out = []

    def spy(event: Any) -> bool:
        left_out.append(checked(event))
        return left_out[-1]

    checked = replay_check.checked_as_built
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay_check, "checked_as_built", spy)
        fast = _imported(doc)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay_check, "checked_as_built", lambda event: False)
        reference = _imported(doc)
    assert fast == reference
    return any(left_out)


#: Records that choose the format (092, 192: a Swiss, a round robin; XXC: an
#: initial colour, with which a Swiss is continued by the swiss format) and the rounds.
_HEADS = st.sampled_from(
    [
        (),
        ("092 Individual: Swiss-System",),
        ("092 Individual: Swiss-System", "XXC white1"),
        ("192 FIDE_DUTCH_2025", "XXR 9"),
        ("192 FIDE_DUTCH_2025", "XXR 1"),
        ("092 Round Robin",),
        ("192 STANDARD_ROUNDROBIN",),
    ]
)


@settings(max_examples=300, deadline=None)
@given(rows=_rows(), head=_HEADS)
def test_import_without_the_replay_as_with_it(
    rows: list[list[Cell]], head: tuple[str, ...]
) -> None:
    """Drawn rounds (games of every result, byes of every code, sides that
    disagree, cut rows) under records that make a manual event, a Swiss (whose
    rounds its field may not hold) or a round robin."""
    doc = attrs.evolve(drawn_document(rows), head=head)
    _as_when_replayed(doc)


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_import_of_shared_files_without_the_replay_as_with_it(path: Path) -> None:
    _as_when_replayed(parse_document(path.read_bytes()))


def test_the_sample_is_imported_without_the_replay() -> None:
    """FIDE's sample (a Swiss paired elsewhere: manual) is checked as built."""
    path = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"
    assert _as_when_replayed(parse_document(path.read_bytes()))


def test_a_swiss_its_field_cannot_hold_is_replayed() -> None:
    """Two players, a Dutch Swiss of nine rounds (record 192, XXR 9): the swiss
    format cannot run that field, so the event is replayed, and the import reads
    it as paired elsewhere (manual), as it did with every event replayed."""
    rows: list[list[Cell]] = [[(2, "w", "1")], [(1, "b", "0")]]
    doc = attrs.evolve(drawn_document(rows), head=("192 FIDE_DUTCH_2025", "XXR 9"))
    assert not _as_when_replayed(doc)
    imported = import_document(doc)
    assert imported.event.tournament.format.name == "manual"


def test_a_swiss_with_a_bye_announced_is_replayed() -> None:
    """A Dutch Swiss (192, XXC) whose file announces a half-point bye for round 2,
    not paired yet (``0000 - H``, C.04.2 3.3): the announced bye is the replay's
    to check (C.04.2 3.2: only a full, half or zero bye, a round the event has)."""
    rows: list[list[Cell]] = [[(2, "w", "1"), (None, "-", "H")], [(1, "b", "0")], []]
    doc = attrs.evolve(drawn_document(rows), head=("192 FIDE_DUTCH_2025", "XXR 3", "XXC white1"))
    assert not _as_when_replayed(doc)
    assert import_document(doc).event.operations[-1] == RecordBye(round=2, player=1, kind="half")


def test_a_round_paired_and_not_played_is_replayed() -> None:
    """Round 2 paired, its results blank (what ``caddy pair -o`` writes): its
    pairing is the replay's to check."""
    cells = ["   2 w 1     3 b", "   1 b 0     4 w", "   4 w =     1 w", "   3 b =     2 b"]
    points = [" 1.0", " 0.0", " 0.5", " 0.5"]
    lines = [_head(k)[:80] + points[k - 1] + _head(k)[84:] + cells[k - 1] for k in range(1, 5)]
    doc = parse_document("\n".join(lines) + "\n")
    assert doc.pending_round == 2
    assert not _as_when_replayed(doc)
    assert import_document(doc).event.tournament.format.name == "manual"


def test_a_team_event_is_replayed() -> None:
    """FIDE's team sample (TRF-2026 records 310 ...): its team matches are the
    replay's to check."""
    path = DATA / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"
    assert not _as_when_replayed(parse_document(path.read_bytes()))
