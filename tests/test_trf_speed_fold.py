"""The TRF import's passes over the cells folded into one give what the passes gave (issue 31 item 4).

- ``rounds.read_rounds`` reads the rounds row by row (each game from its lower
  side, where the partner's cell is checked), and on the way gathers each game's
  pair and each row's points and byes. The references: the rounds read column by
  column (:func:`_rounds_by_column`, ``rounds_of`` as it read before), the pairs
  counted from those rounds, and each row summed cell by cell as the bye values'
  inference summed it (:func:`_summed_by_cell`).
- ``rounds.meets_too_often_read`` counts the pairs ``read_rounds`` gathered; the
  reference is ``rounds.meets_too_often`` over the rounds.
- ``bye_values.bye_values_and_rows`` and ``scoring.scoring_with_points`` take
  those sums instead of summing the rows again; the reference is the same call
  without them.
- ``checks.stated_problems`` says at once that every stated points (columns
  81-84) equal the results; the reference compares player by player.
- ``records.players_of`` sets each slot of every player at once (a column of
  values per slot); the reference is ``TrfPlayer.as_player``.
- ``importing.import_document`` uses all of them; the reference is the import
  with the rounds read column by column and summed cell by cell.

Columns: FIDE Handbook C.04 Annex 2 (TRF16), player line ``001``: points in columns
81-84, then ten columns per round from column 92 (opponent, colour, result);
``0000`` or blanks for no opponent, a blank result with no opponent read as ``Z``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.event.store import dumps
from caddy.model.cells import Cell
from caddy.model.results import GAME_POINTS, WORD_OF_CODES, Scoring
from caddy_plugins.codecs.trf import importing, rounds
from caddy_plugins.codecs.trf.bye_values import bye_values_and_rows
from caddy_plugins.codecs.trf.checks import stated_problems
from caddy_plugins.codecs.trf.records import CODES, TrfDocument, TrfPlayer, players_of
from caddy_plugins.codecs.trf.rounds import (
    LONG,
    RoundsRead,
    meets_too_often,
    meets_too_often_read,
    read_rounds,
)
from caddy_plugins.codecs.trf.scoring import scoring_with_points
from caddy_plugins.codecs.trf_document import parse_document
from tests import texts
from tests.conftest import DATA
from tests.test_trf_import_fast import drawn_document

TRF = sorted((DATA / "trf").glob("*.trf"))
#: FIDE's sample: 284 players, 9 rounds, rows cut short, ``Z`` cells inside rows,
#: forfeits over the board and ``0000 - +`` / ``0000 - -`` with no opponent.
SAMPLE = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"

#: (colour, the opponent's colour, code, the opponent's code) of a game's lower side → word.
_WORDS = {
    **{
        (colour, theirs, white, black): word
        for colour, theirs in (("w", "b"), ("-", "-"))
        for (white, black), word in WORD_OF_CODES.items()
    },
    **{("b", "w", black, white): word for (white, black), word in WORD_OF_CODES.items()},
}
_FORFEIT_WORDS = {"+-", "-+", "--"}


def _rounds_by_column(doc: TrfDocument) -> list[Any] | None:
    """The rounds read column by column, a round's cells in turn (``rounds_of``
    before the fold, as it read in main 6a2cafd): the reference."""
    empty: Cell = (None, "-", "Z")
    rows = [[*p.cells, *[empty] * (doc.rounds - len(p.cells))] for p in doc.players]
    out = []
    for column in zip(*rows, strict=True):
        whites: list[int] = []
        blacks: list[int] = []
        results: list[str] = []
        uncoloured: list[int] = []
        byes: list[tuple[int, str]] = []
        alone = 0
        i = 0
        for opponent, colour, code in column:
            i += 1
            if opponent is None:
                alone += 1
                if code != "Z":
                    byes.append((i, code))
            elif opponent > i:
                partner, their_colour, their_code = column[opponent - 1]
                word = _WORDS.get((colour, their_colour, code, their_code))
                if partner != i or word is None:
                    return None
                results.append(word)
                if colour == "b":
                    whites.append(opponent)
                    blacks.append(i)
                else:
                    whites.append(i)
                    blacks.append(opponent)
                    if colour == "-":
                        uncoloured.append(len(whites))
        # a player who names himself is not a game: the count of named cells says so
        if i - alone != 2 * len(whites) or not set("UFHZ+-").issuperset(c for _, c in byes):
            return None
        out.append((whites, blacks, results, uncoloured, byes))
    return out


def _pairs(rounds: list[Any], n: int) -> tuple[list[int], list[int]]:
    """Each game's pair ``a * (n + 1) + b`` (``a < b``), round by round: the
    games over the board, and the forfeits."""
    played: list[int] = []
    forfeits: list[int] = []
    for whites, blacks, words, _, _ in rounds:
        for w, b, word in zip(whites, blacks, words, strict=True):
            key = min(w, b) * (n + 1) + max(w, b)
            (forfeits if word in _FORFEIT_WORDS else played).append(key)
    return sorted(played), sorted(forfeits)


def _summed_by_cell(doc: TrfDocument) -> list[tuple[float, list[str]]]:
    """Each row's games at 1 / ½ / 0 (a forfeit won with no opponent a win, one
    lost nothing) and its byes, cell by cell as the bye values' inference summed them."""
    out = []
    for p in doc.players:
        fixed = 0.0
        byes = []
        for opponent, _, code in p.cells:
            if opponent is not None:
                fixed += GAME_POINTS.get(code, 0.0)
            elif code == "+":
                fixed += 1.0
            elif code in "UFHZ":
                byes.append(code)
        out.append((fixed, byes))
    return out


def _check_read(doc: TrfDocument) -> RoundsRead | None:
    """``read_rounds`` against the references (the same answer, or the same exception)."""
    try:
        expected = _rounds_by_column(doc)
    except (IndexError, TypeError, ValueError) as exc:
        with pytest.raises(type(exc)):
            read_rounds(doc)
        return None
    read = read_rounds(doc)
    if expected is None:
        assert read is None
        return None
    assert read is not None
    assert read.rounds == expected
    n = len(doc.players)
    if doc.rounds > LONG:  # read column by column: nothing gathered
        assert read.pairs is None
        assert read.forfeit_pairs is None
        assert read.summed is None
    else:
        assert read.pairs is not None and read.forfeit_pairs is not None
        assert read.summed is not None
        assert (sorted(read.pairs), sorted(read.forfeit_pairs)) == _pairs(expected, n)
        assert [(fixed, list(byes)) for fixed, byes in read.summed] == _summed_by_cell(doc)
    for cycles in range(4):
        assert meets_too_often_read(read, n, cycles) == meets_too_often(expected, n, cycles)
    return read


@st.composite
def _rows(draw: st.DrawFn) -> list[list[Cell]]:
    """Rounds paired at random (pairs that meet again, byes of every code, games
    of every result and colouring), then some cells changed to anything (a
    partner who does not name the player back, colours or results that
    disagree, a bye code on a game, someone paired with himself or with a
    number past the field) and some rows cut short."""
    n = draw(st.integers(1, 9))
    rounds = draw(st.integers(0, 5))
    rows: list[list[Cell]] = [[] for _ in range(n)]
    for _ in range(rounds):
        order = draw(st.permutations(range(1, n + 1)))
        resting = draw(st.integers(0, min(2, n)))
        for player in order[:resting]:
            rows[player - 1].append(
                (None, draw(st.sampled_from("-wb")), draw(st.sampled_from("UFHZ+-")))
            )
        playing = order[resting:]
        if len(playing) % 2:
            rows[playing[-1] - 1].append((None, "-", "Z"))
            playing = playing[:-1]
        for a, b in zip(playing[::2], playing[1::2], strict=True):
            white_code, black_code = draw(st.sampled_from(sorted(WORD_OF_CODES)))
            colours = draw(st.sampled_from([("w", "b"), ("-", "-"), ("b", "w")]))
            if colours == ("b", "w"):
                white_code, black_code = black_code, white_code
            rows[a - 1].append((b, colours[0], white_code))
            rows[b - 1].append((a, colours[1], black_code))
    changes = draw(
        st.lists(
            st.tuples(
                st.integers(0, n - 1),
                st.integers(0, max(rounds - 1, 0)),
                st.one_of(st.none(), st.integers(1, n + 1)),
                st.sampled_from("wb-"),
                st.sampled_from(sorted(CODES)),
            ),
            max_size=2 if rounds else 0,
        )
    )
    for player, rnd, opponent, colour, code in changes:
        rows[player][rnd] = (opponent, colour, code)
    cuts = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, rounds)), max_size=3))
    for player, length in cuts:
        del rows[player][length:]
    return rows


@settings(max_examples=400)
@given(rows=_rows(), extra=st.one_of(st.integers(-1, 2), st.just(LONG + 1)))
def test_read_rounds_as_read_column_by_column(rows: list[list[Cell]], extra: int) -> None:
    """Any rows, ``doc.rounds`` as long as the longest row or not (a round past
    every row, or a row longer than the file's rounds: the column reader raises;
    more rounds than :data:`LONG`: read column by column)."""
    longest = max((len(r) for r in rows), default=0)
    _check_read(drawn_document(rows, rounds=max(longest + extra, 0)))


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_read_rounds_of_shared_files(path: Path) -> None:
    _check_read(parse_document(path.read_bytes()))


def test_the_sample_read_row_by_row() -> None:
    """FIDE's sample: ``Z`` cells inside two rows (line 289, a blank round; line
    297, four), a forfeit won with no opponent (line 295, ``0000 - +``) and one
    lost (line 297, ``0000 - -``), forfeits over the board."""
    doc = parse_document(SAMPLE.read_bytes())
    read = _check_read(doc)
    assert read is not None
    assert read.summed is not None
    with_byes = {k + 1: list(byes) for k, (_, byes) in enumerate(read.summed) if byes}
    assert with_byes == {276: ["Z"], 284: ["Z", "Z", "Z", "Z"]}
    assert read.forfeit_pairs
    # the players' points at 1 / ½ / 0 are those the file states (columns 81-84)
    assert [fixed for fixed, _ in read.summed] == [p.points for p in doc.players]


@pytest.mark.parametrize(
    "path", [p for p in TRF if "teamswiss" not in p.name], ids=lambda p: p.name
)
def test_well_formed_files_take_the_one_pass(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A well-formed file's rounds are read in the one pass, never by the
    column-by-column fallback (which gives the same answer, so only this shows
    the one pass is the path taken): the shared files of up to 12 rounds."""
    doc = parse_document(path.read_bytes())
    if doc.rounds > LONG:
        pytest.skip("long rows are read column by column by design")
    expected = read_rounds(doc)

    def fallback(doc: TrfDocument) -> None:
        raise AssertionError("the rounds were read column by column")

    monkeypatch.setattr(rounds, "_fallback", fallback)
    assert read_rounds(doc) == expected


@pytest.mark.parametrize("code", ["1", "=", "0", "W", "D", "L"])
def test_a_game_code_with_no_opponent_is_no_round(code: str) -> None:
    """A result of a game (C.04 Annex 2: ``1 = 0 W D L``) in a cell with no
    opponent: the two readers say the rounds cannot be read."""
    rows: list[list[Cell]] = [[(2, "w", "1")], [(1, "b", "0")], [(None, "-", code)]]
    doc = drawn_document(rows)
    assert _rounds_by_column(doc) is None
    assert read_rounds(doc) is None


#: Four players, three rounds: 1-2 and 3-4 play every round but one, where
#: player 1 has a half-point bye (``H``), 2 a pairing-allocated bye (``U``), 3 an
#: absence (``Z``) and 4 a full-point bye (``F``); a forfeit (``+ -``) in round 3.
_BYE_ROWS: list[list[Cell]] = [
    [(2, "w", "1"), (None, "-", "H"), (2, "b", "+")],
    [(1, "b", "0"), (None, "-", "U"), (1, "w", "-")],
    [(4, "w", "="), (4, "b", "1"), (None, "-", "Z")],
    [(3, "b", "="), (3, "w", "0"), (None, "-", "F")],
]


@pytest.mark.parametrize(
    ("stated", "values"),
    [
        # the stated points of the file: H worth a win, U a draw, Z a draw, F nothing
        ([3.0, 0.5, 2.0, 0.5], {"U": 0.5, "F": 0.0, "H": 1.0, "Z": 0.5}),
        # the defaults (U and F a win, H a draw, Z nothing)
        ([2.5, 1.0, 1.5, 1.5], {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}),
        # points no values explain, and one player without points: the defaults
        ([9.0, None, 1.5, 1.5], {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}),
    ],
)
def test_bye_values_from_the_read_sums(
    stated: list[float | None], values: dict[str, float]
) -> None:
    doc = drawn_document(_BYE_ROWS, stated)
    read = _check_read(doc)
    assert read is not None
    scoring = Scoring()
    fast = bye_values_and_rows(doc, scoring, {}, consistent=True, summed=read.summed)
    assert fast[0] == values
    assert _same(fast, bye_values_and_rows(doc, scoring, {}, consistent=True))
    scored, totals = scoring_with_points(doc, summed=read.summed)
    assert (scored, totals) == scoring_with_points(doc)
    assert totals == [
        1.0 + 1.0 + values["H"],
        values["U"],
        0.5 + 1.0 + values["Z"],
        0.5 + values["F"],
    ]


def _same(one: tuple[Any, Any], other: tuple[Any, Any]) -> bool:
    """Two answers of ``bye_values_and_rows`` alike (a row's byes a list or a tuple)."""
    rows = [None if s is None else [(f, list(b)) for f, b in s] for s in (one[1], other[1])]
    return bool(one[0] == other[0] and rows[0] == rows[1])


def test_bye_values_from_the_read_sums_with_rows_without_byes() -> None:
    """Players 5 and 6 meet in every round (no bye: their stated points count
    for every choice of bye values) beside the four of :data:`_BYE_ROWS`."""
    rows: list[list[Cell]] = [
        *_BYE_ROWS,
        [(6, "w", "1"), (6, "b", "="), (6, "w", "0")],
        [(5, "b", "0"), (5, "w", "="), (5, "b", "1")],
    ]
    doc = drawn_document(rows, [3.0, 0.5, 2.0, 0.5, 1.5, 1.5])
    read = _check_read(doc)
    assert read is not None
    fast = bye_values_and_rows(doc, Scoring(), {}, consistent=True, summed=read.summed)
    assert fast[0] == {"U": 0.5, "F": 0.0, "H": 1.0, "Z": 0.5}
    assert _same(fast, bye_values_and_rows(doc, Scoring(), {}, consistent=True))
    # one stated points that no values explain: the defaults, as summed again
    doc = drawn_document(rows, [3.0, 0.5, 2.0, 0.5, 1.5, 2.5])
    read = _check_read(doc)
    assert read is not None
    fast = bye_values_and_rows(doc, Scoring(), {}, consistent=True, summed=read.summed)
    assert fast[0] == {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}
    assert _same(fast, bye_values_and_rows(doc, Scoring(), {}, consistent=True))


@pytest.mark.parametrize(
    "scoring",
    [Scoring.three_one_zero(), Scoring(forfeit_loss=-1.0), Scoring(forfeit_win=0.5)],
    ids=["3-1-0", "forfeit-loss", "forfeit-win"],
)
def test_the_read_sums_are_not_taken_for_another_scoring(scoring: Scoring) -> None:
    """The sums at 1 / ½ / 0 are not those of another scoring: the rows are summed again."""
    doc = drawn_document(_BYE_ROWS, [9.0, 3.0, 4.0, 1.0])
    read = read_rounds(doc)
    assert read is not None
    assert read.summed is not None
    fast = bye_values_and_rows(doc, scoring, {}, consistent=True, summed=read.summed)
    assert _same(fast, bye_values_and_rows(doc, scoring, {}, consistent=True))


@settings(max_examples=300)
@given(
    rows=_rows(),
    stated=st.lists(st.one_of(st.none(), st.integers(0, 20).map(lambda q: q / 2)), max_size=9),
)
def test_bye_values_and_points_from_the_read_sums(
    rows: list[list[Cell]], stated: list[float | None]
) -> None:
    """The bye values and each player's points from the sums ``read_rounds``
    gathered are those of the rows summed again (stated points that fit some
    bye values, some none, some missing)."""
    points = [stated[k] if k < len(stated) else None for k in range(len(rows))]
    doc = drawn_document(rows, points)
    try:
        if _rounds_by_column(doc) is None:
            return
    except IndexError:  # an opponent past the field: the import stops at reading
        return
    read = read_rounds(doc)
    assert read is not None
    scoring = Scoring()
    fast = bye_values_and_rows(doc, scoring, {}, consistent=True, summed=read.summed)
    slow = bye_values_and_rows(doc, scoring, {}, consistent=True)
    assert fast[0] == slow[0]
    assert fast[1] is not None and slow[1] is not None
    assert [(f, list(b)) for f, b in fast[1]] == [(f, list(b)) for f, b in slow[1]]
    assert scoring_with_points(doc, summed=read.summed) == scoring_with_points(doc)


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_scoring_with_the_read_sums_of_shared_files(path: Path) -> None:
    doc = parse_document(path.read_bytes())
    read = read_rounds(doc)
    if read is None:
        pytest.skip("some game's two sides disagree: the import stops before scoring")
    assert scoring_with_points(doc, summed=read.summed) == scoring_with_points(doc)


def _stated_one_by_one(doc: TrfDocument, totals: Sequence[float]) -> list[str]:
    """``stated_problems`` player by player: the reference."""
    problems = []
    for p, total in zip(doc.players, totals, strict=True):
        if p.points is None or abs(total - p.points) < 1e-9:
            continue
        if total >= 99.5 and abs(total - p.points) == 0.5:
            continue
        problems.append(
            f"player {p.number} ({p.name}): stated points {p.points:g}, the results give {total:g}"
        )
    return problems


@given(
    pairs=st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(0, 250).map(lambda q: q / 2)),
            st.one_of(st.integers(0, 250).map(lambda q: q / 2), st.floats(-5, 200)),
        ),
        max_size=8,
    ),
    same=st.booleans(),
)
def test_stated_problems_as_one_by_one(pairs: list[tuple[float | None, float]], same: bool) -> None:
    """Equal lists (no problem at once), points that differ, a half left out past
    99.5 (columns 81-84), players without stated points."""
    if same:
        pairs = [(total, total) for _, total in pairs]
    doc = drawn_document([[] for _ in pairs], [stated for stated, _ in pairs])
    totals = [total for _, total in pairs]
    assert stated_problems(doc, totals) == _stated_one_by_one(doc, totals)


def test_stated_problems_of_the_sample() -> None:
    doc = parse_document(SAMPLE.read_bytes())
    totals = [p.points or 0.0 for p in doc.players]
    assert stated_problems(doc, totals) == []
    totals[3] += 1.0
    assert stated_problems(doc, totals) == _stated_one_by_one(doc, totals)
    assert len(stated_problems(doc, totals)) == 1


@settings(max_examples=100)
@given(
    fields=st.lists(
        st.tuples(
            texts.text(max_size=5),
            st.one_of(st.none(), st.integers(0, 3000)),
            st.one_of(st.none(), texts.text(max_size=3)),
            st.one_of(st.none(), st.sampled_from(["m", "w"])),
        ),
        max_size=6,
    )
)
def test_players_of_as_player(fields: list[tuple[str, int | None, str | None, str | None]]) -> None:
    players = tuple(
        TrfPlayer(
            number=k,
            line=k,
            name=name,
            rating=rating,
            federation=fed,
            title=fed and fed[:1],
            sex=sex,
            fide_id=str(rating) if rating is not None else None,
            birth=name[::-1] or None,
        )
        for k, (name, rating, fed, sex) in enumerate(fields, 1)
    )
    fast = players_of(players)
    slow = tuple(p.as_player() for p in players)
    assert fast == slow
    assert [repr(p) for p in fast] == [repr(p) for p in slow]
    assert [hash(p) for p in fast] == [hash(p) for p in slow]


def _read_by_column(doc: TrfDocument) -> RoundsRead | None:
    """``read_rounds`` made of the references."""
    rounds = _rounds_by_column(doc)
    if rounds is None:
        return None
    played, forfeits = _pairs(rounds, len(doc.players))
    return RoundsRead(rounds, played, forfeits, [(f, b) for f, b in _summed_by_cell(doc)])


def _imported(data: bytes) -> Any:
    try:
        imported = importing.import_document(parse_document(data, "in.trf"))
    except CaddyError as exc:
        return ("error", str(exc), exc.problems)
    return (dumps(imported.event), imported.warnings)


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_import_as_with_the_references(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The import's event, warnings and errors, with the rounds read row by row
    and with them read column by column and summed cell by cell."""
    data = path.read_bytes()
    fast = _imported(data)
    monkeypatch.setattr(importing, "read_rounds", _read_by_column)
    assert _imported(data) == fast
