"""Round-robin schedules: FIDE Berger tables (Handbook C.05 Annex 1), circle,
Crenshaw, the US Chess quad table, double round robins (issue 3 §6).

Tables for more than 16 players are FIDE's construction
(docs/schedules.md, FIDE TEC's generator), not a published table: the handbook text seen
publishes 3 to 16 players. Properties are checked on the construction for
every size up to 40.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.model.schedule import Schedule
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions
from caddy_plugins.formats.round_robin.tables import berger_rounds

RR = RoundRobin()

# FIDE Handbook C.05 Annex 1, the table for 5 or 6 players: white–black by board
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
# FIDE Handbook C.05 Annex 1, the table for 7 or 8 players
FIDE_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
# FIDE Handbook C.05 Annex 1: the FIDE 4-player table
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
# docs/schedules.md, style circle, for 6 players (pairings; colours are the Berger table's)
CIRCLE_6 = [
    [{1, 6}, {2, 5}, {3, 4}],
    [{1, 5}, {6, 4}, {2, 3}],
    [{1, 4}, {5, 3}, {6, 2}],
    [{1, 3}, {4, 2}, {5, 6}],
    [{1, 2}, {3, 6}, {4, 5}],
]


def games(schedule: Schedule) -> list[list[tuple[int, int]]]:
    return [list(zip(r.white, r.black, strict=True)) for r in schedule.rounds]


def schedule(n: int, seed: int = 1, **options: object) -> Schedule:
    return RR.schedule(n, RoundRobinOptions(**options), seed=seed)  # type: ignore[arg-type]


def colour_sequences(s: Schedule) -> dict[int, list[str]]:
    """Each player's colours over the games they play (byes skipped)."""
    seqs: dict[int, list[str]] = {p: [] for p in range(1, s.players + 1)}
    for rnd in s.rounds:
        for w, b in zip(rnd.white, rnd.black, strict=True):
            seqs[w].append("W")
            seqs[b].append("B")
    return seqs


def longest_run(seq: list[str]) -> int:
    best = run = 0
    for i, colour in enumerate(seq):
        run = run + 1 if i and seq[i - 1] == colour else 1
        best = max(best, run)
    return best


def cases() -> Iterator[tuple[str, int]]:
    for n in range(3, 41):
        yield "fide", n
        yield "circle", n
        if n >= 7:
            yield "crenshaw", n
    yield "us-quad", 4


CASES = list(cases())


def test_fide_6_and_8_exact() -> None:
    """FIDE Handbook C.05 Annex 1 tables, board order and colours exactly."""
    assert games(schedule(6)) == FIDE_6
    assert games(schedule(8)) == FIDE_8
    assert games(schedule(4)) == FIDE_4


def test_odd_fields_use_the_next_table() -> None:
    """Odd N: the N+1 table; whoever meets N+1 has the bye; boards renumbered from 1 (C.05 Annex 1)."""
    s5, s7 = schedule(5), schedule(7)
    for odd, table in ((s5, FIDE_6), (s7, FIDE_8)):
        phantom = odd.players + 1
        for rnd, full in zip(odd.rounds, table, strict=True):
            kept = [g for g in full if phantom not in g]
            (bye,) = [w if b == phantom else b for w, b in full if phantom in (w, b)]
            assert list(zip(rnd.white, rnd.black, strict=True)) == kept
            assert rnd.byes == (bye,)
    assert [r.byes for r in s7.rounds] == [(1,), (5,), (2,), (6,), (3,), (7,), (4,)]


def test_us_crenshaw_misprint_reports() -> None:
    """US Chess forum misprint reports (forum.uschess.org thread 5826): US round 1 for 13/14 players starts 7-14 and for
    15/16 ends 15-1, i.e. the FIDE last round: Crenshaw = FIDE in reverse order."""
    assert games(schedule(14, table="crenshaw"))[0][0] == (7, 14)
    assert games(schedule(16, table="crenshaw"))[0][-1] == (15, 1)


def test_circle_matches_spec_pairings() -> None:
    """docs/schedules.md, style circle, for 6 players, pairings in column order."""
    assert [[set(g) for g in rnd] for rnd in games(schedule(6, table="circle"))] == CIRCLE_6


@pytest.mark.parametrize(("style", "n"), CASES)
def test_every_pair_meets_once_and_everyone_plays(style: str, n: int) -> None:
    s = schedule(n, table=style)
    met = Counter(frozenset(g) for rnd in games(s) for g in rnd)
    assert len(met) == n * (n - 1) // 2
    assert set(met.values()) == {1}
    byes: Counter[int] = Counter()
    for rnd in s.rounds:
        present = list(rnd.white) + list(rnd.black) + list(rnd.byes)
        assert sorted(present) == list(range(1, n + 1))  # every player, once, every round
        byes.update(rnd.byes)
    assert all(count <= 1 for count in byes.values())
    assert sum(byes.values()) == (n if n % 2 else 0)


@pytest.mark.parametrize(("style", "n"), CASES)
def test_colour_balance_and_no_three_in_a_row(style: str, n: int) -> None:
    """Even N: everyone within ±1; odd N: exactly balanced (games only); never three in a row."""
    for seed in range(4 if style == "us-quad" else 1):
        for player, seq in colour_sequences(schedule(n, seed, table=style)).items():
            difference = abs(seq.count("W") - seq.count("B"))
            assert difference == (1 if n % 2 == 0 else 0), (player, seq)
            assert longest_run(seq) <= 2, (player, seq)


@pytest.mark.parametrize("n", range(4, 41, 2))
def test_fide_highest_number_alternates(n: int) -> None:
    """The highest number alternates perfectly (FIDE C.05 Annex 1 table for 8: 8 is B W B W B W B)."""
    seq = colour_sequences(schedule(n))[n]
    assert all(a != b for a, b in itertools.pairwise(seq))
    assert seq[0] == "B"


def test_fide_8_highest_number_sequence() -> None:
    assert "".join(colour_sequences(schedule(8))[8]) == "BWBWBWB"


@pytest.mark.parametrize(("style", "n"), CASES)
def test_double_with_swap_never_three_in_a_row(style: str, n: int) -> None:
    """Double round robin with the swap: no three in a row anywhere, seam included;
    every pair meets twice, once with each colour; everyone balanced."""
    for seed in range(4 if style == "us-quad" else 1):
        s = schedule(n, seed, table=style, cycles=2)
        assert len(s.rounds) == 2 * (n - 1 + n % 2)
        for player, seq in colour_sequences(s).items():
            assert longest_run(seq) <= 2, (style, n, player, seq)
            assert seq.count("W") == seq.count("B")
        oriented = Counter(g for rnd in games(s) for g in rnd)
        assert set(oriented.values()) == {1}  # (a, b) and (b, a) once each
        assert len(oriented) == n * (n - 1)


@pytest.mark.parametrize("n", range(4, 41, 2))
def test_double_without_swap_has_three_in_a_row(n: int) -> None:
    """Why the option exists: without the swap someone plays one colour three
    times running at the seam, for every even N (FIDE C.05 Annex 1 recommendation)."""
    s = schedule(n, cycles=2, swap_last_two=False)
    assert max(longest_run(seq) for seq in colour_sequences(s).values()) >= 3


def test_double_6_shows_the_swap() -> None:
    """FIDE's layout (C.05 Annex 1; FIDE TEC's BergerTables): cycle 1 = R1 R2 R3 R5 R4, cycle 2 = R1..R5 reversed."""
    s = games(schedule(6, cycles=2))
    assert s[:5] == [FIDE_6[0], FIDE_6[1], FIDE_6[2], FIDE_6[4], FIDE_6[3]]
    assert s[5:] == [[(b, w) for w, b in rnd] for rnd in FIDE_6]


def test_crenshaw_double_is_fide_double_backwards() -> None:
    """The crenshaw seam swap is the mirror of FIDE's: the FIDE double read backwards, colours reversed."""
    for n in (8, 9, 14):
        fide = games(schedule(n, cycles=2))
        crenshaw = games(schedule(n, table="crenshaw", cycles=2))
        assert crenshaw == [[(b, w) for w, b in rnd] for rnd in reversed(fide)]


@pytest.mark.parametrize(("style", "n"), CASES)
def test_reverse_colours_flips_every_game_and_nothing_else(style: str, n: int) -> None:
    for cycles in (1, 2):
        plain = schedule(n, table=style, cycles=cycles)
        flipped = schedule(n, table=style, cycles=cycles, reverse_colours=True)
        assert len(plain.rounds) == len(flipped.rounds)
        for a, b in zip(plain.rounds, flipped.rounds, strict=True):
            assert (a.white, a.black, a.byes) == (b.black, b.white, b.byes)


@pytest.mark.parametrize("n", range(7, 41))
def test_crenshaw_is_fide_in_reverse_round_order(n: int) -> None:
    """docs/schedules.md, style crenshaw: Crenshaw–Berger = Berger with the rounds reversed (N >= 7)."""
    fide = schedule(n)
    crenshaw = schedule(n, table="crenshaw")
    assert [(r.white, r.black, r.byes) for r in crenshaw.rounds] == [
        (r.white, r.black, r.byes) for r in reversed(fide.rounds)
    ]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_crenshaw_small_fields_are_refused(n: int) -> None:
    from caddy.errors import CaddyError

    with pytest.raises(CaddyError, match="not known here"):
        schedule(n, table="crenshaw")


def test_us_quad_table() -> None:
    """US Chess quad table (US Chess Rulebook, quads; docs/schedules.md): 1-4 2-3 / 3-1 4-2 / 1-2 3-4, round 3 by toss."""
    seen_round3 = set()
    for seed in range(40):
        s = games(schedule(4, seed, table="us-quad"))
        assert s[0] == [(1, 4), (2, 3)]
        assert s[1] == [(3, 1), (4, 2)]
        assert {frozenset(g) for g in s[2]} == {frozenset({1, 2}), frozenset({3, 4})}
        seen_round3.add(tuple(s[2]))
    assert len(seen_round3) == 4  # every toss outcome occurs
    assert games(schedule(4, 7, table="us-quad")) == games(schedule(4, 7, table="us-quad"))


def test_us_quad_other_sizes_refused() -> None:
    from caddy.errors import CaddyError

    with pytest.raises(CaddyError, match="for 4 players"):
        schedule(5, table="us-quad")


def test_two_players() -> None:
    assert games(schedule(2)) == [[(1, 2)]]
    assert games(schedule(2, cycles=2)) == [[(1, 2)], [(2, 1)]]


@given(st.integers(min_value=2, max_value=200), st.sampled_from(["fide", "circle"]))
def test_any_size_rounds_are_perfect_matchings(n: int, style: str) -> None:
    """Construction for any size: every round is a perfect matching of the field (less the bye)."""
    s = schedule(n, table=style)
    for rnd in s.rounds:
        assert len(rnd.white) == n // 2
        assert len(set(rnd.white) | set(rnd.black) | set(rnd.byes)) == n


def test_berger_rounds_round_one() -> None:
    """docs/schedules.md, How the FIDE table is built, step 1: board b is b–(n+1−b)."""
    for n in range(4, 50, 2):
        whites, blacks = berger_rounds(n)[0]
        assert list(whites) == list(range(1, n // 2 + 1))
        assert list(blacks) == [n + 1 - b for b in range(1, n // 2 + 1)]
