"""More fast paths of TRF reading, each compared with its reference (issue 31 item 4).

- The standings' reader (``caddy standings FILE.trf``: ``results.trf_file_of``)
  reads a file whose every game's two sides agree as the import does
  (``rounds.rounds_of`` checks them in one pass; the bye values and the points
  then follow from each round's code, every round's result is made at list
  speed, and only the meetings are left to ``check_rows``). The reference is
  the reader as it was before: every cell scored on its own, both sides of every
  game checked by ``caddy.model.cells.check_rows``.
- Whether every pair met equally often (``TrfDocument.results_cycles``): a
  single round robin is told with a set per player, anything else counted by
  ``caddy.model.results.round_robin_cycles``, the reference.
- A long row's points from its codes (``row_points.codes_total``: each code's
  count times its points) when every such sum is exact in any order (points in
  quarters); the reference adds the codes one by one.
- The collector paused while a file is read (``caddy.model.collector.paused``):
  tests/test_collector.py, each check in a fresh interpreter.
- The round-robin format's check of a given table (``table=given``, what a
  TRF import of a round robin fills in) tells a table where no pair meets
  twice with one set; a table where some pair does is searched as before, and
  its first such round named.

Columns: FIDE Handbook C.04 Annex 2 (TRF16), player line ``001``: ten columns per
round from column 92 (opponent 4, colour, result). Round robins: FIDE Handbook
C.05 Annex 1 (every pair meets once per cycle; N - 1 rounds for an even field).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.model.cells import check_rows
from caddy.model.results import RoundResult, round_robin_cycles
from caddy_plugins.codecs.trf.records import TrfDocument, TrfPlayer
from caddy_plugins.codecs.trf.results import event_of, trf_file_of
from caddy_plugins.codecs.trf.rounds import rounds_of
from caddy_plugins.codecs.trf.row_points import codes_total, exact_sums, row_codes
from caddy_plugins.codecs.trf.scoring import (
    annulled_withdrawals,
    point_tables,
    points_without,
    scoring_of,
)
from caddy_plugins.codecs.trf_document import parse_document
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions
from tests.conftest import DATA

TRF = sorted((DATA / "trf").glob("*.trf"))
#: FIDE's sample: 284 players, 11 rounds, byes (``0000 - -``, line 297) and a blank round.
SAMPLE = DATA / "trf" / "swiss_fide_example1_karl_mala_2005.trf"


def _reference(doc: TrfDocument) -> tuple[Any, ...]:
    """What the standings' reader made of a file before issue 31: each cell
    scored on its own, both sides of every game checked cell by cell."""
    scored = scoring_of(doc)
    game, bye = point_tables(*scored)
    rounds = max(doc.rounds, 1)
    results = tuple(
        tuple(
            RoundResult(
                opponent=opp,
                colour=colour if opp is not None and colour in ("w", "b") else None,  # type: ignore[arg-type]
                code=code,
                points=(game if opp is not None else bye).get(code, 0.0),
            )
            for opp, colour, code in (*p.cells, *[(None, "-", "Z")] * (rounds - len(p.cells)))
        )
        for p in doc.players
    )
    rows = [p.cells for p in doc.players]
    n = len(rows)
    cycles = doc.round_robin()
    complete = round_robin_cycles(n, doc.opponents()) > 0 or doc.rounds >= (
        (n - 1 if n % 2 == 0 else n) * cycles
    )
    problems = check_rows(
        rows, cycles=cycles, complete=complete, names=[p.name for p in doc.players]
    )
    return (
        results,
        annulled_withdrawals(doc, scored),
        scored[0],
        cycles > 0,
        [*doc.warnings, *(f"{doc.source}: {p}" for p in problems)],
    )


def _fast(doc: TrfDocument) -> tuple[Any, ...]:
    read = trf_file_of(doc)
    event = read.event
    assert event_of(doc) == event
    return (
        event.results,
        event.withdrawals,
        event.scoring,
        event.pre_determined,
        list(read.warnings),
    )


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_standings_reader_as_the_reference(path: Path) -> None:
    doc = parse_document(path.read_bytes(), path.name)
    assert _fast(doc) == _reference(doc)


def _mutant(lines: list[str], seed: int) -> str:
    """The sample with one to three cells changed (a code, a colour, an
    opponent, a bye in place of a game, the stated points), and maybe a
    record that changes the points of a code (bbpPairings' ``BBF``, ``BBU``;
    TRF26's 162) or says the file is a round robin (092)."""
    rng = random.Random(seed)
    players = [k for k, line in enumerate(lines) if line[:3] == "001"]
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        k = rng.choice(players)
        line = lines[k]
        cell = 91 + 10 * rng.randrange((len(line) - 91) // 10)
        kind = rng.randrange(5)
        if kind == 0:
            line = line[: cell + 7] + rng.choice("1=0+-WDLHFUZ") + line[cell + 8 :]
        elif kind == 1:
            line = line[: cell + 5] + rng.choice("wb- ") + line[cell + 6 :]
        elif kind == 2:
            line = line[:cell] + f"{rng.randint(0, len(players)):4d}" + line[cell + 4 :]
        elif kind == 3:
            line = line[:cell] + "0000 - " + rng.choice("UFHZ+-") + line[cell + 8 :]
        else:
            line = line[:80] + f"{rng.choice([0, 0.5, 1, 3.5, 6]):4.1f}" + line[84:]
        lines[k] = line
    if seed % 3 == 0:
        lines.insert(0, rng.choice(["BBF 0.5", "BBU 0.5", "162 W 3.0 D 1.0 L 0.0", "092 RR"]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(40))
def test_changed_sample_read_for_the_standings_as_the_reference(seed: int) -> None:
    """Games whose sides disagree (the reference path, each problem named), byes
    where games were, other points: the same event and the same warnings."""
    text = _mutant(SAMPLE.read_text("utf-8").splitlines(), seed)
    try:
        doc = parse_document(text, "mutant.trf")
    except CaddyError:
        return  # not readable at all: nothing to compare (the reader is the same)
    assert _fast(doc) == _reference(doc)


def test_one_sided_game_named_by_the_standings_reader() -> None:
    """Round 1 of the sample with player 1's game (against 141, line 14) turned
    into a half-point bye: 141 still names 1, and the warning says so."""
    lines = SAMPLE.read_text("utf-8").splitlines()
    k = next(k for k, line in enumerate(lines) if line.startswith("001    1 "))
    assert lines[k][91:99] == " 141 w 1"
    lines[k] = lines[k][:91] + "0000 - H" + lines[k][99:]
    doc = parse_document("\n".join(lines) + "\n", "one-sided.trf")
    read = trf_file_of(doc)
    assert (
        "one-sided.trf: round 1: player 141 (Storkebaum,Ulrike) names 1 (Vasquez,Rodrigo) "
        "as opponent, but 1's line has no opponent"
    ) in read.warnings
    assert _fast(doc) == _reference(doc)


def _check(players: int, given: Any, cycles: int = 1) -> None:
    options = RoundRobinOptions(table="given", given=given, cycles=cycles)
    RoundRobin().check(players, options)


#: FIDE's Berger table for four players (C.05 Annex 1): 1-4 2-3, 4-3 1-2, 2-4 3-1.
_BERGER_4 = (((1, 2), (4, 3)), ((4, 1), (3, 2)), ((2, 3), (4, 1)))


def test_given_table_where_no_pair_meets_twice() -> None:
    _check(4, _BERGER_4)
    _check(4, _BERGER_4 + tuple((b, w) for w, b in _BERGER_4), cycles=2)


@pytest.mark.parametrize(
    ("given", "cycles", "message"),
    [
        # round 3 pairs 1 and 4 again, colours reversed
        (
            (((1, 2), (4, 3)), ((1, 3), (2, 4)), ((4, 3), (1, 2))),
            1,
            "given round 3: players 1 and 4 meet more than once",
        ),
        # a double round robin where 1 and 4 meet a third time in round 5
        (
            (*_BERGER_4, ((4, 3), (1, 2)), ((1, 2), (4, 3))),
            2,
            "given round 5: players 1 and 4 meet more than twice",
        ),
        ((((1, 2), (4, 3)), ((1, 5), (2, 3))), 1, "given round 2: pairing numbers run 1..4"),
        ((((1, 2), (4, 3)), ((0, 2), (3, 4))), 1, "given round 2: pairing numbers run 1..4"),
        ((((1, 2), (4, 1)),), 1, "given round 1: a player is paired twice"),
    ],
)
def test_given_table_refused(given: Any, cycles: int, message: str) -> None:
    with pytest.raises(CaddyError) as exc:
        _check(4, given, cycles)
    assert str(exc.value) == message


@pytest.mark.parametrize("path", TRF, ids=lambda p: p.stem)
def test_results_cycles_of_shared_files_as_the_reference(path: Path) -> None:
    doc = parse_document(path.read_bytes(), path.name)
    assert doc.results_cycles() == round_robin_cycles(len(doc.players), doc.opponents())


def _document(rows: list[list[int | None]]) -> TrfDocument:
    players = tuple(
        TrfPlayer(number=k, line=k, cells=tuple((opp, "w", "1") for opp in row))
        for k, row in enumerate(rows, 1)
    )
    return TrfDocument(source="t", players=players, rounds=max(map(len, rows)))


@given(
    st.integers(1, 5).flatmap(
        lambda n: st.lists(
            st.lists(st.one_of(st.none(), st.integers(1, n)), max_size=2 * n),
            min_size=n,
            max_size=n,
        )
    )
)
def test_results_cycles_as_the_reference(rows: list[list[int | None]]) -> None:
    """Any opponents (one-sided, repeated, oneself, missing): as counted."""
    assert _document(rows).results_cycles() == round_robin_cycles(len(rows), rows)


@pytest.mark.parametrize(
    ("rows", "cycles"),
    [
        ([[2, 3], [1, 3], [1, 2]], 1),  # everyone once (one side each)
        ([[2, 3, None], [None, 3, 1], [1, None, 2]], 1),  # with rest rounds
        ([[2, 3, 2, 3], [1, 3, 1, 3], [1, 2, 1, 2]], 2),  # a double round robin
        ([[2, 2], [1, 3], [1, 2]], 0),  # player 1 met 2 twice, 3 never
        ([[2, 3, 1], [1, 3], [1, 2]], 0),  # player 1 named himself
        ([[2, 3, 3], [1, 3], [1, 2, 1]], 0),  # 1 and 3 met twice, the others once
    ],
)
def test_results_cycles_examples(rows: list[list[int | None]], cycles: int) -> None:
    assert _document(rows).results_cycles() == cycles


_TABLE = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
_TABLE |= {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}


@given(
    row=st.text(alphabet="1=0+-WDLUFHZ", max_size=300),
    values=st.lists(
        st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0]), min_size=12, max_size=12
    ),
)
def test_codes_total_as_one_by_one(row: str, values: list[float]) -> None:
    points = dict(zip(_TABLE, values, strict=True))
    assert exact_sums(points)
    one_by_one = 0.0
    for code in row:
        one_by_one += points[code]
    assert codes_total(row, points) == one_by_one == sum(map(points.__getitem__, row))


def test_codes_total_of_an_unknown_code_raises_as_one_by_one() -> None:
    with pytest.raises(KeyError):
        codes_total("1=0?", _TABLE)


def test_points_not_in_quarters_are_not_summed_by_count() -> None:
    """Ten times 0.1 added one by one is not 10 * 0.1 in floats: such points are
    added one by one."""
    total = 0.0
    for _ in range(10):
        total += 0.1
    assert total != 10 * 0.1
    assert not exact_sums({**_TABLE, "W": 0.1})
    assert exact_sums(_TABLE)


@pytest.mark.parametrize("win", ["1.0", "0.3", "3.0"])
def test_long_rows_with_record_points_as_cell_by_cell(win: str) -> None:
    """A 15-round line per player (bbpPairings' ``BBW`` sets a win's points:
    3.0, or 0.3, not a sum exact in any order): the bye values and the
    points from the codes are the cell-by-cell ones."""
    lines = [f"BBW {win}"]
    for number in range(1, 5):
        cells = []
        for r in range(15):
            opponent = [2, 1, 4, 3][number - 1] if r % 3 else [3, 4, 1, 2][number - 1]
            code = "1" if number < opponent else "0"
            cells.append(f"{opponent:4d} {'w' if number < opponent else 'b'} {code}  ")
        if number > 2:  # rounds 6 and 15 of 3 and 4 (paired together): byes
            cells[5] = "0000 - H  "
            cells[14] = "0000 - U  "
        lines.append(
            f"001 {number:4d} m    {'P' + str(number):<33} 2000 GER {'1':>11} "
            f"{'':<10} 10.0 {number:4d}  " + "".join(cells).rstrip()
        )
    doc = parse_document("\n".join(lines) + "\n", "long.trf")
    assert doc.rounds == 15
    assert rounds_of(doc) is not None  # what makes the rows consistent
    consistent = scoring_of(doc, consistent=True, codes=row_codes(doc))
    assert consistent == scoring_of(doc)
    fast = points_without(doc, consistent, set(), consistent=True, codes=row_codes(doc))
    assert fast == points_without(doc, consistent, set())


def test_players_built_by_slots_only_while_they_equal_attrs_own() -> None:
    """The import sets a Player's slots itself only while that makes what attrs's
    ``__init__`` makes (equal, same hash and repr): a class whose ``__init__``
    fills a cached hash, or a builder leaving a field out, is built by
    ``__init__`` instead (review of issue 31)."""
    import attrs

    from caddy.model.schedule import Player
    from caddy_plugins.codecs.trf import records

    assert records._player_builder() is not None  # today's Player: slots, no validator

    def by_slots(cls: type[Any], *, leave_out: str = "") -> Callable[[Any], Any]:
        def build(p: Any) -> Any:
            made = object.__new__(cls)
            for field in attrs.fields(cls):
                if field.name != leave_out:
                    object.__setattr__(made, field.name, getattr(p, field.name, None))
            return made

        return build

    assert records._builds_as_init(by_slots(Player), Player)
    assert not records._builds_as_init(by_slots(Player, leave_out="birth"), Player)

    @attrs.frozen(cache_hash=True)
    class Cached:
        name: str
        rating: int | None = None
        federation: str | None = None
        fide_id: str | None = None
        title: str | None = None
        sex: str | None = None
        birth: str | None = None

    assert not records._builds_as_init(by_slots(Cached), Cached)  # type: ignore[arg-type]
