"""The FIDE Dutch pairing engine (FIDE Handbook C.04.3, rules applied from 1 February 2026).

Sources:
- tests/data/swiss/dutch-2026 (see its SOURCES.md): events paired round by round by
  bbpPairings, the FIDE-endorsed engine; a subset of the smaller files must be re-paired
  identically (pairs with colours, and the pairing-allocated bye).
- Hand-made worked examples, each citing the C.04.3 / C.04.2 articles that decide it.
- Properties (hypothesis) from C.04.1 basic rules 2-7 over random events.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddy_plugins.codecs.trf.dutch_input import (
    TrfError,
    expected_round,
    pair_trf,
    parse_pairing_file,
    read_pairing_file,
    request_for_round,
)
from caddy_plugins.engines.dutch import bracket, pairing_as_dict
from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.matching import max_weight_matching
from caddy_plugins.engines.dutch.model import (
    Colour,
    Entry,
    Kind,
    NoValidPairingError,
    Pairing,
    PairingRequest,
    PlayerInput,
)

CORPUS = Path(__file__).parent / "data" / "swiss" / "dutch-2026"
ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


def _players(path: Path) -> int:
    return int(path.name.split("-")[2].split("p")[0])


def _small_files() -> list[Path]:
    """40 files of at most 40 players, evenly spread over sizes 7 to 40 (fast)."""
    files = sorted(
        (p for p in CORPUS.glob("*.trf") if _players(p) <= 40), key=lambda p: (_players(p), p.name)
    )
    step = len(files) / 40
    return [files[int(i * step)] for i in range(40)]


@pytest.mark.parametrize("path", _small_files(), ids=lambda p: p.name)
def test_corpus_rounds_identical(path: Path) -> None:
    trf = read_pairing_file(path)
    for r in range(1, trf.rounds_recorded + 1):
        pairs, bye = expected_round(trf, r)
        got = pair_round(request_for_round(trf, r))
        assert (set(got.pairs), got.bye) == (pairs, bye), f"round {r}"


# -- hand-made worked examples --------------------------------------------------------------


def W(opp: int, colour: Colour) -> Entry:
    return Entry(Kind.PLAYED, ONE, opp, colour)


def D(opp: int, colour: Colour) -> Entry:
    return Entry(Kind.PLAYED, HALF, opp, colour)


def L(opp: int, colour: Colour) -> Entry:
    return Entry(Kind.PLAYED, ZERO, opp, colour)


def request(
    rnd: int,
    total: int,
    histories: dict[int, list[Entry]],
    absent: frozenset[int] = frozenset(),
    initial: Colour = "w",
) -> PairingRequest:
    players = tuple(
        PlayerInput(
            tpn=t,
            points=sum((e.points for e in h), ZERO),
            history=tuple(h),
            present=t not in absent,
        )
        for t, h in sorted(histories.items())
    )
    return PairingRequest(
        round_number=rnd,
        total_rounds=total,
        players=players,
        initial_colour=initial,
    )


def test_round_one_odd_field() -> None:
    """C.04.3 3.2-3.3: S1 = {1,2,3} meets S2 = {4,5,6}; 7 is left over and gets the PAB
    (C.04.1 rule 3). Colours by 5.2.5: 1 (odd) takes the initial colour, 2 (even) the other."""
    hist: dict[int, list[Entry]] = {t: [] for t in range(1, 8)}
    got = pair_round(request(1, 5, hist))
    assert got.pairs == ((1, 4), (5, 2), (3, 6))
    assert got.bye == 7
    got = pair_round(request(1, 5, hist, initial="b"))
    assert got.pairs == ((4, 1), (2, 5), (6, 3))


def test_round_two_transposition_for_colours() -> None:
    """C.04.3 4.2 and C12/C13: 1-3 and 2-4 would each leave one strong preference unmet;
    the first transposition 1-4, 2-3 meets them all (perfect, 3.4)."""
    hist = {
        1: [W(5, "w")],
        2: [W(6, "b")],
        3: [W(7, "w")],
        4: [W(8, "b")],
        5: [L(1, "b")],
        6: [L(2, "w")],
        7: [L(3, "b")],
        8: [L(4, "w")],
    }
    got = pair_round(request(2, 5, hist))
    assert got.pairs == ((4, 1), (2, 3), (5, 8), (7, 6))
    assert got.bye is None
    # If 3-7 was drawn: brackets {1,2,4}, {3,7}, {5,6,8}; 4 floats to 3, 7 floats to 6.
    hist[3] = [D(7, "w")]
    hist[7] = [D(3, "b")]
    got = pair_round(request(2, 5, hist))
    assert got.pairs == ((2, 1), (4, 3), (7, 6), (5, 8))


def test_pab_score_beats_the_top_bracket() -> None:
    """C5 (2.3.1) sits above every quality criterion: the 0-point player gets the PAB, so
    {1,3} must float (C4: 2-5 already met) and meet 5 and 2 (colours 5.2.4 and 5.2.1)."""
    hist = {
        1: [W(4, "w"), W(2, "b")],
        2: [W(5, "b"), L(1, "w")],
        3: [W(6, "w"), W(4, "b")],
        4: [L(1, "b"), L(3, "w")],
        5: [L(2, "w"), W(6, "b")],
        6: [L(3, "b"), L(5, "w")],
    }
    got = pair_round(request(3, 3, hist, absent=frozenset({4})))
    assert got.pairs == ((1, 5), (3, 2))
    assert got.bye == 6


def test_pab_to_fewest_unplayed_games() -> None:
    """C9 (2.4.4): in bracket 0 = {3,4,5} the PAB goes to 4 (no unplayed game), not to 5
    (absent in round 1), so the second transposition 3-5 is chosen."""
    hist = {
        1: [W(3, "w")],
        2: [W(4, "b")],
        3: [L(1, "b")],
        4: [L(2, "w")],
        5: [Entry(Kind.ZERO_BYE, ZERO)],
    }
    got = pair_round(request(2, 5, hist))
    assert got.pairs == ((2, 1), (3, 5))
    assert got.bye == 4


def test_last_round_topscorers() -> None:
    """C.04.3 1.8 and C3 (2.1.3): in the final round the topscorers 1 and 2 (2.5 of 3) may
    meet although both must have White; 5.2.2 gives it to the wider colour difference (2).
    In 1.5, 3-6 is barred (non-topscorers with the same absolute preference), 4-6 met."""
    hist = {
        1: [D(3, "w"), W(4, "b"), W(5, "b")],
        2: [Entry(Kind.HALF_BYE, HALF), W(6, "b"), W(3, "b")],
        3: [D(1, "b"), W(5, "w"), L(2, "w")],
        4: [W(5, "w"), L(1, "w"), D(6, "b")],
        5: [L(4, "b"), L(3, "b"), L(1, "w")],
        6: [Entry(Kind.PAB, ONE), L(2, "w"), D(4, "w")],
    }
    got = pair_round(request(4, 4, hist))
    assert got.pairs == ((2, 1), (4, 3), (5, 6))
    assert got.bye is None


def test_forfeit_is_not_a_game_and_float_history() -> None:
    """C.04.2 3.5: 1 and 4 did not play (forfeit), so they have no colours. 1 (forfeit win)
    and 3 (PAB) both downfloated in round 1 (1.4.3), so C14 (2.4.9) floats 2 instead; 2-5 is
    a rematch, so 2-4, and 5 gets the PAB."""
    hist = {
        1: [Entry(Kind.FORFEIT_WIN, ONE, 4, "w")],
        2: [W(5, "b")],
        3: [Entry(Kind.PAB, ONE)],
        4: [Entry(Kind.FORFEIT_LOSS, ZERO, 1, "b")],
        5: [L(2, "w")],
    }
    got = pair_round(request(2, 5, hist))
    assert got.pairs == ((1, 3), (2, 4))
    assert got.bye == 5


def test_absent_newcomer_is_skipped_for_colour_parity() -> None:
    """C.04.2 2.4 (paired only once arrived): 2 is absent in round 1 and never took part, so
    3 is the second participant for the 5.2.5 parity and gets Black."""
    hist: dict[int, list[Entry]] = {t: [] for t in range(1, 7)}
    got = pair_round(request(1, 5, hist, absent=frozenset({2})))
    assert got.pairs == ((1, 4), (5, 3))
    assert got.bye == 6


def test_no_legal_pairing_is_a_clear_error() -> None:
    """C.04.3 1.9.3: two players who already met cannot be paired again (C1)."""
    hist = {1: [W(2, "w")], 2: [L(1, "b")]}
    with pytest.raises(NoValidPairingError, match=r"round 2 cannot be paired"):
        pair_round(request(2, 3, hist))


def test_explanation_renders() -> None:
    hist: dict[int, list[Entry]] = {t: [] for t in range(1, 6)}
    got = pair_round(request(1, 3, hist))
    lines = got.explanation.lines()  # type: ignore[attr-defined]
    assert lines[0] == "Round 1 (FIDE Dutch system, C.04.3)"
    assert "  PAB score (C5): lowest possible is 0" in lines


# -- TRF reading ------------------------------------------------------------------------------


def _line(tpn: int, cells: list[str]) -> str:
    head = f"001 {tpn:4d}      {'Name' + str(tpn):<33} 2000".ljust(80) + " 0.0".ljust(11)
    return head + "".join(c.ljust(10) for c in cells)


def test_trf_columns_and_absences() -> None:
    """TRF16/TRF-2026 player lines: round cells of 10 characters from column 92."""
    text = "\n".join(
        [
            _line(1, ["   2 w 1", "0000 - H"]),
            _line(2, ["   1 b 0", "   3 w 1"]),
            _line(3, ["0000 - U", "   2 b 0"]),
            "XXR 4",
            "XXC black1",
        ]
    )
    trf = parse_pairing_file(text)
    assert trf.total_rounds == 4 and trf.initial_colour == "b"
    assert expected_round(trf, 2) == ({(2, 3)}, None)
    req = request_for_round(trf, 2)
    by = {p.tpn: p for p in req.players}
    assert not by[1].present and by[2].present and by[3].present
    assert by[1].points == 1 and by[3].history[0].kind is Kind.PAB


def test_trf_initial_colour_read_back_from_round_one() -> None:
    """Without XXC/152 the initial colour is what the first participant of round 1 had
    (reversed when the first with a colour is the 2nd, 4th, ... participant). Here 1 was
    absent, so 2 was the first participant and had Black. Trailing blanks after the last
    round are not an absence."""
    text = "\n".join(
        [
            _line(1, ["0000 - H"]),
            _line(2, ["   3 b 1"]) + "    ",
            _line(3, ["   2 w 0"]),
            "XXR 3",
        ]
    )
    trf = parse_pairing_file(text)
    req = request_for_round(trf, 2)
    assert req.initial_colour == "b"
    assert all(p.present for p in req.players)


def test_pair_trf_next_round_and_json(tmp_path: Path) -> None:
    """The round after the last one paired; absences in that column are honoured."""
    text = "\n".join(
        [
            _line(1, ["   2 w 1", "0000 - Z"]),
            _line(2, ["   1 b 0"]),
            _line(
                3,
                [
                    "   4 w =",
                ],
            ),
            _line(4, ["   3 b ="]),
            "XXR 3",
            "XXC white1",
        ]
    )
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    got = pair_trf(path)
    # Round 2: 1 is absent; 3 and 4 (½) and 2 (0) are paired: 3 and 4 already met.
    assert got.bye is not None
    data = pairing_as_dict(got)
    assert data["round"] == 2
    assert [b["board"] for b in data["boards"]] == [1]
    assert {data["boards"][0]["white"], data["boards"][0]["black"], data["bye"]} == {2, 3, 4}


def test_pair_trf_refuses_a_round_beyond_the_plan() -> None:
    text = "\n".join([_line(1, ["   2 w 1"]), _line(2, ["   1 b 0"]), "XXR 1", "XXC white1"])
    with pytest.raises(TrfError, match="round 2 is outside the 1 planned rounds"):
        pair_trf(parse_pairing_file(text))


# -- properties --------------------------------------------------------------------------------


@st.composite
def events(draw: st.DrawFn) -> tuple[int, int, int]:
    n = draw(st.integers(min_value=2, max_value=16))
    rounds = draw(st.integers(min_value=1, max_value=min(7, n - 1)))
    seed = draw(st.integers(min_value=0, max_value=10**6))
    return n, rounds, seed


def _play(n: int, rounds: int, seed: int, shuffle: bool = False) -> list[PairingRequest]:
    """A random event played with the engine; returns the request of every round paired."""
    rng = random.Random(seed)
    hist: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    requests = []
    for r in range(1, rounds + 1):
        absent = frozenset(t for t in hist if rng.random() < 0.1)
        req = request(r, rounds, hist, absent=absent)
        requests.append(req)
        try:
            got = pair_round(req)
        except NoValidPairingError:
            break
        for t in absent:
            hist[t].append(Entry(Kind.HALF_BYE, HALF))
        if got.bye is not None:
            hist[got.bye].append(Entry(Kind.PAB, ONE))
        for w, b in got.pairs:
            x = rng.choice([ONE, HALF, ZERO])
            if rng.random() < 0.05:
                hist[w].append(Entry(Kind.FORFEIT_WIN, ONE, b, "w"))
                hist[b].append(Entry(Kind.FORFEIT_LOSS, ZERO, w, "b"))
            else:
                hist[w].append(Entry(Kind.PLAYED, x, b, "w"))
                hist[b].append(Entry(Kind.PLAYED, 1 - x, w, "b"))
    return requests


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_basic_rules_hold(event: tuple[int, int, int]) -> None:
    """C.04.1 rules 2-7 for every round of a random event."""
    for req in _play(*event):
        try:
            got = pair_round(req)
        except NoValidPairingError:
            continue
        by = {p.tpn: p for p in req.players}
        present = {p.tpn for p in req.players if p.present}
        seen = [t for pair in got.pairs for t in pair] + ([got.bye] if got.bye else [])
        assert sorted(seen) == sorted(present)  # everyone present, once
        assert (got.bye is not None) == (len(present) % 2 == 1)  # rule 3
        if got.bye is not None:  # rule 4 (C2)
            assert all(e.kind.played or e.points < 1 for e in by[got.bye].history), (
                "PAB to an ineligible player"
            )
        last = req.round_number == req.total_rounds
        top = Fraction(req.round_number - 1, 2)
        for w, b in got.pairs:
            met = {e.opponent for e in by[w].history if e.kind.played}
            assert b not in met  # rule 2 (C1)
            for t, colour in ((w, "w"), (b, "b")):
                seq = [e.colour for e in by[t].history if e.kind.played] + [colour]
                cd = seq.count("w") - seq.count("b")
                ok = abs(cd) <= 2 and seq[-3:] != [colour] * 3  # rules 6-7
                if not ok:
                    # C.04.3 C3 exception: only in the last round, a topscorer involved.
                    assert last and (by[w].points > top or by[b].points > top)


@settings(max_examples=15, deadline=None)
@given(events())
def test_input_order_does_not_matter(event: tuple[int, int, int]) -> None:
    """Pairings depend on TPNs, scores and histories, not on the order players are given."""
    for req in _play(*event):
        shuffled = list(req.players)
        random.Random(event[2]).shuffle(shuffled)
        other = PairingRequest(
            round_number=req.round_number,
            total_rounds=req.total_rounds,
            players=tuple(shuffled),
            initial_colour=req.initial_colour,
        )
        try:
            a = pair_round(req)
        except NoValidPairingError:
            with pytest.raises(NoValidPairingError):
                pair_round(other)
            continue
        assert a == pair_round(other)


@settings(max_examples=15, deadline=None)
@given(events())
def test_monotone_renumbering_does_not_matter(event: tuple[int, int, int]) -> None:
    """Only the order of pairing numbers counts (C.04.2 2.3), not their values."""

    def f(t: int) -> int:
        return 3 * t + 5

    def moved(e: Entry) -> Entry:
        return Entry(e.kind, e.points, None if e.opponent is None else f(e.opponent), e.colour)

    for req in _play(*event):
        other = PairingRequest(
            round_number=req.round_number,
            total_rounds=req.total_rounds,
            players=tuple(
                PlayerInput(
                    tpn=f(p.tpn),
                    points=p.points,
                    history=tuple(moved(e) for e in p.history),
                    present=p.present,
                )
                for p in req.players
            ),
            initial_colour=req.initial_colour,
        )
        try:
            a = pair_round(req)
        except NoValidPairingError:
            with pytest.raises(NoValidPairingError):
                pair_round(other)
            continue
        b = pair_round(other)
        assert b.pairs == tuple((f(w), f(x)) for w, x in a.pairs)
        assert b.bye == (None if a.bye is None else f(a.bye))


def by_matchings_alone(request: PairingRequest) -> Pairing:
    """``request`` paired with the speed-ups off (``bracket.SHORTCUTS``): every
    bracket by the matchings, the answer the speed-ups must give too."""
    bracket.SHORTCUTS = False
    try:
        return pair_round(request)
    finally:
        bracket.SHORTCUTS = True


@settings(max_examples=20, deadline=None)  # each example pairs whole events twice
@given(events())
def test_shortcuts_change_nothing(event: tuple[int, int, int]) -> None:
    """The perfect-candidate and bracket-only speed-ups give the full matching's answer."""
    for req in _play(*event):
        try:
            fast = pair_round(req)
        except NoValidPairingError:
            continue
        slow = by_matchings_alone(req)
        assert (fast.pairs, fast.bye) == (slow.pairs, slow.bye)


@pytest.mark.parametrize("name", ["dutch2026-000056-39p10r.trf", "dutch2026-000002-27p7r.trf"])
def test_shortcuts_change_nothing_on_corpus(name: str) -> None:
    trf = read_pairing_file(CORPUS / name)
    for r in range(1, trf.rounds_recorded + 1):
        fast = pair_round(request_for_round(trf, r))
        slow = by_matchings_alone(request_for_round(trf, r))
        assert (fast.pairs, fast.bye) == (slow.pairs, slow.bye), f"round {r}"


def _brute_force(n: int, edges: list[tuple[int, int, int]]) -> int:
    weight = {(i, j): w for i, j, w in edges} | {(j, i): w for i, j, w in edges}
    best = 0

    def go(v: int, used: frozenset[int], total: int) -> None:
        nonlocal best
        while v < n and v in used:
            v += 1
        if v >= n:
            best = max(best, total)
            return
        go(v + 1, used | {v}, total)
        for u in range(v + 1, n):
            if u not in used and (v, u) in weight:
                go(v + 1, used | {v, u}, total + weight[(v, u)])

    go(0, frozenset(), 0)
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=1, max_value=8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(
                    st.integers(0, n - 1),
                    st.integers(0, n - 1),
                    st.sampled_from([1, 2, 3, 7, 100, 2**80 + 1, 2**80 + 3]),
                ),
                max_size=20,
            ),
        )
    )
)
def test_matching_is_maximum(case: tuple[int, list[tuple[int, int, int]]]) -> None:
    """Edmonds' algorithm against brute force, with big-int weights like the engine's."""
    n, raw = case
    edges = list(
        {(min(i, j), max(i, j)): (min(i, j), max(i, j), w) for i, j, w in raw if i != j}.values()
    )
    mate = max_weight_matching(n, edges)
    weight = {(i, j): w for i, j, w in edges}
    total = 0
    for v, m in enumerate(mate):
        if m >= 0:
            assert mate[m] == v
            if v < m:
                total += weight[(v, m)]
    assert total == _brute_force(n, edges)
