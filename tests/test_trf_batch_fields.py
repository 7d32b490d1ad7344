"""The TRF batch reader's newest shortcuts give exactly what their references give (issue 31 item 4).

- ``player_lines.read_player_lines`` takes starting ranks written ``1, 2, ...``
  as TRF writers write them (``%4d``) without reading each one, and looks
  ranks written so up among them (a rank written otherwise, blank, 0 or past
  the lines is read); the reference is the line-by-line reader
  (``lines.read_player_line``).
- It checks the points (columns 81-84) once per different value; the
  reference is the line-by-line reader.
- It hands over the longest row (a row's trailing blank cells dropped), the
  document's ``rounds``; the reference is the longest of the players' rows.
- ``records.players_of`` makes the import's players from the columns the
  batch reader read (``TrfDocument.fields``, used only for the players they
  were read for), not from the players' tuples turned back into columns; the
  reference is ``TrfPlayer.as_player``, one player at a time.

Columns: FIDE Handbook C.04 Annex 2 (TRF16), player line ``001``: starting rank
in columns 5-8, points 81-84, rank 86-89, ten columns per round from column 92.
The sample is FIDE's own (``tests/data/trf/swiss_fide_example1_karl_mala_2005.trf``).
"""

from __future__ import annotations

import tracemalloc
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.plugins.lookup import get_codec
from caddy_plugins.codecs.trf import document
from caddy_plugins.codecs.trf.importing import import_document
from caddy_plugins.codecs.trf.player_lines import read_player_lines
from caddy_plugins.codecs.trf.records import CODES, PlayerFields, TrfPlayer, players_of
from caddy_plugins.codecs.trf_document import parse_document
from tests.conftest import DATA
from tests.test_trf_import_fast import by_line

SAMPLE = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"


def _line(number: str, rank: str, points: str = " 1.0", rounds: str = "  99 w 1") -> str:
    """A player line with its starting rank and rank written as given (C.04 Annex 2 columns)."""
    return (
        f"001 {number} m  g {'Player':<33} 2100 GER {'12345':>11} 1990/01/01 {points} {rank}  "
        + rounds
    )


#: Four columns as a starting rank or a rank may be written: as TRF writers
#: write them, with zeros, blank, 0, with a blank inside, past any field.
_WRITTEN = st.one_of(
    st.integers(1, 12).map(lambda k: f"{k:4d}"),
    st.integers(0, 12).map(lambda k: f"{k:04d}"),
    st.sampled_from(["    ", "   0", " 1 2", "9999", " 12 ", "12  "]),
)


@settings(max_examples=300, deadline=None)
@given(
    numbers=st.lists(_WRITTEN, min_size=1, max_size=8),
    ranks=st.lists(_WRITTEN, min_size=8, max_size=8),
)
def test_starting_ranks_and_ranks_read_at_once_as_line_by_line(
    numbers: list[str], ranks: list[str]
) -> None:
    lines = [_line(number, rank) for number, rank in zip(numbers, ranks, strict=False)]
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:  # some line has a problem: the line reader names it
        assert any(isinstance(p, list) for p in by_line(lines))
        return
    assert read.players == by_line(lines)
    assert read.numbers == [p.number for p in read.players]


def test_starting_ranks_in_order_read_at_once() -> None:
    """1, 2, ... written ``%4d`` (the common case) and ranks written so, in any
    order, up to the field and past it (read), blank and 0 (read)."""
    for count in (1, 3, 12, 40):
        ranks = [f"{count + 1 - k:4d}" for k in range(1, count + 1)]
        for changed in ({}, {0: "    "}, {count - 1: "   0"}, {0: f"{count + 5:4d}"}):
            written = [changed.get(k, rank) for k, rank in enumerate(ranks)]
            lines = [_line(f"{k:4d}", written[k - 1]) for k in range(1, count + 1)]
            read = read_player_lines(lines, list(range(1, count + 1)), CODES)
            assert read is not None
            assert read.players == by_line(lines)
            assert read.numbers == list(range(1, count + 1))
            expected = [None if text == "    " else int(text) for text in written]
            assert [p.rank for p in read.players] == expected


def test_points_checked_once_per_value() -> None:
    """Points every line repeats, one bad value among them (what ``float``
    reads but TRF does not write) leaves the lines to the line reader."""
    lines = [_line(f"{k:4d}", f"{k:4d}", points=" 1.5") for k in range(1, 30)]
    assert read_player_lines(lines, list(range(1, 30)), CODES) is not None
    for bad in ("+1.5", "1_5 ", " nan", "1e-1"):
        changed = [line[:80] + bad + line[84:] if k % 2 else line for k, line in enumerate(lines)]
        assert read_player_lines(changed, list(range(1, 30)), CODES) is None
        assert by_line(changed)[1] == [
            f"f:2: points '{bad.strip()}' (columns 81-84) is not a number"
        ]


#: Rounds of a line: games (against numbers past the field: the batch reader
#: leaves that to the document), then cells left blank or written out as a
#: zero-point bye (``0000 - Z``, dropped from the row and kept as an announced round).
_ROWS = [
    "  99 w 1  ",
    "  99 w 1            ",
    "  99 w 1  0000 - Z",
    "  99 w 1            0000 - Z  ",
    "",
    "          ",
    "0000 - Z  ",
    "  99 w 1  0000 - U    98 b 0",
]


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.sampled_from(_ROWS), min_size=1, max_size=6))
def test_longest_row_as_the_players_rows(rows: list[str]) -> None:
    lines = [_line(f"{k:4d}", f"{k:4d}", rounds=row) for k, row in enumerate(rows, 1)]
    read = read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
    if read is None:
        # declined only when padding every line to the longest would make the
        # rounds' text more than 4 times as long (player_lines._PADDED_AT_MOST):
        # five blank rows beside one of three cells; the line reader reads it
        rests = [line[91:].rstrip(" ") for line in lines]
        width = -(-max(map(len, rests)) // 10) * 10
        assert width * len(rests) > 4 * sum(map(len, rests)) + 10 * len(rests)
        return
    assert read.players == by_line(lines)
    assert read.longest == max(len(p.cells) for p in read.players)


def test_the_sample_rounds_are_its_longest_row() -> None:
    doc = parse_document(SAMPLE.read_bytes())
    assert doc.rounds == max(len(p.cells) for p in doc.players) == 7
    # rows that end early (line 289: a blank last round) do not make it shorter
    assert min(len(p.cells) for p in doc.players) < 7


def _as_players(players: tuple[TrfPlayer, ...]) -> list[tuple[Any, ...]]:
    made = [p.as_player() for p in players]
    return [(m, repr(m), hash(m), type(m)) for m in made]


def test_the_sample_players_made_from_the_fields() -> None:
    doc = parse_document(SAMPLE.read_bytes())
    assert doc.fields is not None
    assert doc.fields.players is doc.players
    made = players_of(doc.players, doc.fields)
    assert [(m, repr(m), hash(m), type(m)) for m in made] == _as_players(doc.players)
    assert made == players_of(doc.players)
    # the columns are the ones used: a name changed there is the player's name
    n = len(doc.players)
    planted = PlayerFields(doc.players, {**doc.fields.columns, "name": ["X"] * n})
    assert {p.name for p in players_of(doc.players, planted)} == {"X"}
    # and only for the players they were read for (equal ones are not those)
    other = PlayerFields(tuple(list(doc.players)), planted.columns)
    assert other.players == doc.players and other.players is not doc.players
    assert players_of(doc.players, other) == made


def test_the_import_takes_the_players_from_the_fields() -> None:
    """The import's players come from ``doc.fields`` (planted names show it)."""
    doc = parse_document(SAMPLE.read_bytes())
    assert doc.fields is not None
    plain = import_document(doc).event.tournament.players
    assert list(plain) == [p.as_player() for p in doc.players]
    n = len(doc.players)
    names = [f"Planted {k}" for k in range(n)]
    planted = attrs.evolve(
        doc, fields=PlayerFields(doc.players, {**doc.fields.columns, "name": names})
    )
    assert [p.name for p in import_document(planted).event.tournament.players] == names
    # fields of other players (a document whose players were replaced) are not used
    replaced = attrs.evolve(planted, players=tuple(list(doc.players)))
    assert list(import_document(replaced).event.tournament.players) == list(plain)


def test_no_fields_unless_the_lines_are_the_players_in_order() -> None:
    """Lines numbered out of order, read one by one, a round paired and not
    played (its cells leave the rows): no fields; the players as made one by one."""
    lines = [
        _line(f"{k:4d}", f"{k:4d}", rounds=f"{3 - k:4d} {'wb'[k - 1]} {'10'[k - 1]}")
        for k in (1, 2)
    ]
    swapped = "\n".join(reversed(lines)).encode()
    pending = "\n".join(line[:-1] + " " for line in lines).encode()
    in_order = parse_document("\n".join(lines).encode())
    assert in_order.fields is not None
    for data in (swapped, pending):
        doc = parse_document(data)
        assert doc.fields is None
        assert [p.as_player() for p in doc.players] == list(players_of(doc.players, doc.fields))
    assert [p._replace(line=0) for p in parse_document(swapped).players] == [
        p._replace(line=0) for p in in_order.players
    ]
    assert parse_document(pending).pending_round == 1


def test_the_points_column_is_the_players() -> None:
    """``TrfDocument.column``: from the fields read while they are the players',
    else from the players (a document whose players were replaced)."""
    doc = parse_document(SAMPLE.read_bytes())
    assert doc.column("points") == [p.points for p in doc.players]
    assert doc.column("name") == [p.name for p in doc.players]
    assert doc.column("rank") == [p.rank for p in doc.players]  # not among the fields
    changed = tuple(p._replace(points=(p.points or 0.0) + 1.0) for p in doc.players)
    other = attrs.evolve(doc, players=changed)
    assert other.column("points") == [p.points for p in changed]
    # the import compares the stated points with the results: every player's differs now
    warnings = import_document(other).warnings
    assert sum("stated points" in w for w in warnings) == len(changed)


def test_cells_with_no_opponent_among_many() -> None:
    """A few cells with no opponent written ``0000`` or blank among many games:
    found in the text, read as the line reader reads them (no opponent)."""
    n = 40
    lines = [
        _line(f"{k:4d}", f"{k:4d}", rounds="".join(f"{(k + r) % n + 1:4d} w 1  " for r in range(4)))
        for k in range(1, n + 1)
    ]
    lines[3] = lines[3][:91] + "     - H  " + lines[3][101:]
    lines[7] = lines[7][:101] + "0000 - U  " + lines[7][111:]
    lines[9] = lines[9][:91] + "     -    " + lines[9][101:]
    read = read_player_lines(lines, list(range(1, n + 1)), CODES)
    assert read is not None
    assert read.players == by_line(lines)
    assert read.players[3].cells[0] == (None, "-", "H")
    assert read.players[7].cells[1] == (None, "-", "U")
    assert read.players[9].cells[0] == (None, "-", "Z")


@pytest.mark.parametrize(
    ("middle", "written"),
    [("   1", "   1"), ("   4", "   4"), ("0002", "0002"), ("  2 ", "  2 "), ("   0", "   0")],
)
def test_starting_ranks_in_order_but_one_read_as_line_by_line(middle: str, written: str) -> None:
    """1, 2, ... with one starting rank in the middle changed (a duplicate, a
    number out of order, leading zeros, a blank inside, zero): the first and
    the last as in order, so only a look at every one tells them apart."""
    numbers = [f"{k:4d}" for k in range(1, 8)]
    numbers[3] = middle
    lines = [_line(number, f"{k:4d}") for k, number in enumerate(numbers, 1)]
    read = read_player_lines(lines, list(range(1, 8)), CODES)
    if read is None:  # the line reader names the problem
        assert any(isinstance(p, list) for p in by_line(lines))
    else:
        assert read.players == by_line(lines)
        assert read.numbers[3] == int(written)
    text = "\n".join(["012 Ranks", *lines]).encode()
    assert _outcome(text) == _outcome_line_by_line(text)


def _outcome(data: bytes) -> object:
    """The import's event, or its error's text."""
    try:
        return get_codec("trf").read(data, source="f").event
    except CaddyError as exc:
        return str(exc)


def _outcome_line_by_line(data: bytes) -> object:
    """The same with every player line read one by one (the reference)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(document, "read_player_lines", lambda *args: None)
        return _outcome(data)


def _padded_peak(lines: list[str]) -> int:
    """The most memory reading ``lines`` at once took (bytes)."""
    tracemalloc.start()
    try:
        read_player_lines(lines, list(range(1, len(lines) + 1)), CODES)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_one_line_trailing_blanks_pad_no_other_line() -> None:
    """A line ending in 100,000 blanks (the rounds' text) is read at once as
    without them, and no other line is padded to its length (300 lines so
    padded would take 30 MB)."""
    lines = [_line(f"{k:4d}", f"{k:4d}", rounds=f"{k % 300 + 1:4d} w 1") for k in range(1, 301)]
    blanks = [*lines[:3], lines[3] + " " * 100_000, *lines[4:]]
    read = read_player_lines(blanks, list(range(1, 301)), CODES)
    assert read is not None and read == read_player_lines(lines, list(range(1, 301)), CODES)
    assert _padded_peak(blanks) < 3_000_000


def test_one_line_far_longer_than_the_others_is_read_line_by_line() -> None:
    """A line of 5,000 rounds among lines of one (a corrupt or hostile file)
    is left to the line reader, which names its problem, not padded into
    every other line."""
    lines = [_line(f"{k:4d}", f"{k:4d}", rounds=f"{k % 300 + 1:4d} w 1  ") for k in range(1, 301)]
    lines[3] += "   9 b 0  " * 5_000
    assert read_player_lines(lines, list(range(1, 301)), CODES) is None
    assert _padded_peak(lines) < 3_000_000
    text = "\n".join(["012 Long", *lines]).encode()
    assert _outcome(text) == _outcome_line_by_line(text)
