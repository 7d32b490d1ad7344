"""The Burstein system (FIDE Handbook C.04.4.2) as bbpPairings ``--burstein`` pairs it.

Sources:
- tests/data/swiss/burstein (see its SOURCES.md): 407 events paired round by round by
  bbpPairings' Burstein system; a spread of them must be re-paired identically (pairs with
  colours, and the pairing-allocated bye). The whole folder: ``nox -s burstein``.
- The engine's reading (docs/burstein.md, "The engine's reading"): seeding rounds 1-2 with a
  win's worth of virtual points for the top half; the Index (Sonneborn-Berger, Buchholz,
  Median, pairing number) with unplayed games counted by the virtual opponent of the 2009
  FIDE rule (Swiss Pairings Programs Committee, Kallithea Congress 2009); the PAB to the
  lowest player without a PAB or forfeit win.
- Properties (hypothesis) from C.04.1 basic rules 2-7 over random events.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddy_plugins.codecs.trf.dutch_input import (
    expected_round,
    read_pairing_file,
    request_for_round,
)
from caddy_plugins.engines.burstein import pair_round
from caddy_plugins.engines.burstein.index import merge_sort, player_indexes
from caddy_plugins.engines.dutch.model import (
    Colour,
    Entry,
    Kind,
    NoValidPairingError,
    PairingRequest,
    PlayerInput,
)
from tests.conftest import Run

CORPUS = Path(__file__).parent / "data" / "swiss" / "burstein"
ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


def _spread() -> list[Path]:
    """15 files: 5 from each source, spread over the smaller two thirds of its sizes (fast;
    ``nox -s burstein`` re-pairs every file)."""
    picked: list[Path] = []
    for pattern in ("burstein-2*.trf", "burstein-gen-*.trf", "burstein-eng-*.trf"):
        files = sorted(CORPUS.glob(pattern), key=lambda p: (len(p.read_bytes()), p.name))
        files = files[: len(files) * 2 // 3]
        step = len(files) / 5
        picked.extend(files[int(i * step)] for i in range(5))
    return picked


@pytest.mark.parametrize("path", _spread(), ids=lambda p: p.name)
def test_corpus_rounds_identical(path: Path) -> None:
    trf = read_pairing_file(path)
    assert trf.total_rounds is not None
    for r in range(1, trf.total_rounds + 1):
        pairs, bye = expected_round(trf, r)
        got = pair_round(request_for_round(trf, r))
        assert (set(got.pairs), got.bye) == (pairs, bye), f"round {r}"


def test_caddy_pair_reads_the_system_from_the_file(cli: Callable[..., Run]) -> None:
    """``092 FIDE_BURSTEIN`` makes ``caddy pair`` pair by Burstein (the file's round 5)."""
    path = CORPUS / "burstein-eng-00002-58p8r.trf"
    run = cli("pair", str(path), "--round", "5", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    pairs, bye = expected_round(read_pairing_file(path), 5)
    assert {(p["white"], p["black"]) for p in document["pairs"]} == pairs
    assert [b["player"] for b in document["byes"]] == ([bye] if bye else [])


def test_caddy_check_re_pairs_a_burstein_file(cli: Callable[..., Run]) -> None:
    path = CORPUS / "burstein-200003-14p10r.trf"
    run = cli("check", str(path), "--pairings")
    assert (run.code, run.out) == (
        0,
        f"{path}: ok (10 rounds re-paired by the Burstein system (FIDE C.04.4.2): "
        "every pairing identical)\n",
    )


# -- worked examples -----------------------------------------------------------------------


def played(points: Fraction, opponent: int, colour: Colour) -> Entry:
    return Entry(Kind.PLAYED, points, opponent, colour)


def request(rnd: int, histories: dict[int, list[Entry]], total: int = 5) -> PairingRequest:
    return PairingRequest(
        round_number=rnd,
        total_rounds=total,
        players=tuple(
            PlayerInput(tpn=t, points=sum((e.points for e in h), ZERO), history=tuple(h))
            for t, h in sorted(histories.items())
        ),
        initial_colour="w",
    )


#: Round 3 of four players: 1 beat 3 and drew with 2; 2 drew with 4 and 1; 3 lost to 1 and
#: took a half-point bye; 4 drew with 2 and got the pairing-allocated bye.
ROUND_THREE = {
    1: [played(ONE, 3, "w"), played(HALF, 2, "b")],
    2: [played(HALF, 4, "w"), played(HALF, 1, "w")],
    3: [played(ZERO, 1, "b"), Entry(Kind.HALF_BYE, HALF)],
    4: [played(HALF, 2, "b"), Entry(Kind.PAB, ONE)],
}


def test_the_index_by_hand() -> None:
    """Opponents' scores count an unplayed game as a draw: 1 has 1.5, 2 and 4 have 1, 3 has
    0.5. A player's own unplayed round counts a virtual opponent with the player's score
    before it, the round's opposite result, then draws: 3's half-point bye in round 2 faces
    0 + 0.5 = 0.5, 4's PAB faces 0.5 + 0 = 0.5.

    SB: 1 = 0.5x1 + 1x0.5 = 1; 2 = 1x0.5 + 1.5x0.5 = 1.25; 3 = 0 + 0.5x0.5 = 0.25;
    4 = 1x0.5 + 0.5x1 = 1. Buchholz: 1 = 0.5 + 1 = 1.5; 2 = 1 + 1.5 = 2.5;
    3 = 1.5 + 0.5 = 2; 4 = 1 + 0.5 = 1.5. Median: 0 until three rounds are played."""
    keys = player_indexes(request(3, ROUND_THREE), 2, {}, {1: 0, 2: 1, 3: 2, 4: 3})
    # units: scores in halves, products in quarters
    got = {t: (k.score, k.sonneborn_berger, k.buchholz, k.median) for t, k in keys.items()}
    assert got == {1: (3, 4, 3, 0), 2: (2, 5, 5, 0), 3: (1, 1, 4, 0), 4: (3, 4, 3, 0)}


def test_round_three_pairs_and_colours() -> None:
    """1 and 4 (1.5 points) tie on SB and Buchholz: the pairing number puts 1 first; they meet.
    4 (B, strong White) beats 1 (W B, mild White) to White; 2 (W W, absolute Black) meets 3."""
    got = pair_round(request(3, ROUND_THREE))
    assert (got.pairs, got.bye) == (((4, 1), (3, 2)), None)


#: Round 4 of a 6-round event of 8 (docs/burstein.md, "A worked example"): White first.
WORKED = (
    ((1, 5, ONE), (6, 2, ZERO), (3, 7, ONE), (8, 4, ZERO)),
    ((4, 1, ONE), (2, 3, ONE), (5, 8, HALF), (7, 6, HALF)),
    ((1, 8, ZERO), (7, 2, HALF), (3, 5, HALF), (6, 4, HALF)),
)


def test_the_worked_example_of_the_docs() -> None:
    """Scoregroups 2.5 {2, 4}, 1.5 {3, 8}, 1 {1, 5, 6, 7}. In the last, SB orders 6 and 7
    (1.75, Buchholz 6 > 5), then 5 (1.5), then 1 (1); 6 takes the lowest partner the matching
    allows, 1; 7 meets 5. bbpPairings v6.0.0 ``--burstein FILE -p`` on this history prints
    the same four pairs with these colours."""
    histories: dict[int, list[Entry]] = {t: [] for t in range(1, 9)}
    for games in WORKED:
        for white, black, points in games:
            histories[white].append(played(points, black, "w"))
            histories[black].append(played(1 - points, white, "b"))
    got = pair_round(request(4, histories, total=6))
    assert set(got.pairs) == {(2, 4), (8, 3), (1, 6), (5, 7)}


def test_seeding_round_one() -> None:
    """Rounds 1-2: the top half gets a win's worth of virtual points, so each half is a
    scoregroup paired top against bottom; the middle player of an odd half floats down."""
    ten = pair_round(request(1, {t: [] for t in range(1, 11)}))
    assert (set(ten.pairs), ten.bye) == ({(1, 5), (4, 2), (3, 10), (9, 6), (7, 8)}, None)
    eight = pair_round(request(1, {t: [] for t in range(1, 9)}))
    assert set(eight.pairs) == {(1, 4), (3, 2), (5, 8), (7, 6)}  # as burstein-200107 round 1
    eleven = pair_round(request(1, {t: [] for t in range(1, 12)}))
    assert eleven.bye == 11


def test_forbidden_pairs_and_explicit_acceleration() -> None:
    """As for the Dutch system (issue 28): a forbidden pair is an absolute criterion, so 1
    takes the lowest player it may meet, 3; explicit virtual points (the ``acceleration``
    option, TRF ``XXA``) replace the seeding rounds' (bbpPairings reads ``XXA`` so)."""
    plain = request(1, {t: [] for t in range(1, 9)})
    forbidden = attrs.evolve(plain, forbidden_pairs=frozenset({frozenset((1, 4))}))
    assert set(pair_round(forbidden).pairs) == {(1, 3), (4, 2), (5, 8), (7, 6)}
    given = attrs.evolve(plain, acceleration={(1, 1): ONE, (2, 1): ONE})
    got = pair_round(given)
    assert set(got.pairs) == {(1, 2), (3, 8), (7, 4), (5, 6)}
    assert not any("seeding" in line for line in got.explanation.lines())  # type: ignore[attr-defined]


def test_a_forfeit_is_not_a_meeting() -> None:
    """Only games played bar a pairing: 1 and 2, whose game was forfeited, may meet again
    (and must: they are the only players)."""
    histories = {
        1: [Entry(Kind.FORFEIT_WIN, ONE, 2, "w")],
        2: [Entry(Kind.FORFEIT_LOSS, ZERO, 1, "b")],
    }
    assert {frozenset(p) for p in pair_round(request(2, histories)).pairs} == {frozenset((1, 2))}


def test_no_pab_after_a_forfeit_win() -> None:
    """The lowest player has won by forfeit: the PAB goes to the next one up."""
    histories = {
        1: [played(ONE, 2, "w")],
        2: [played(ZERO, 1, "b")],
        3: [Entry(Kind.FORFEIT_LOSS, ZERO, 4, "w")],
        4: [Entry(Kind.FORFEIT_WIN, ONE, 3, "b")],
        5: [Entry(Kind.PAB, ONE)],
    }
    got = pair_round(request(2, histories))
    # scores: 1, 4, 5 on 1; 2, 3 on 0. 3 is the lowest, has no PAB nor forfeit win
    assert got.bye == 3
    del histories[3]
    histories[4] = [Entry(Kind.FORFEIT_WIN, ONE, 6, "b")]
    histories[6] = [Entry(Kind.FORFEIT_LOSS, ZERO, 4, "w")]
    histories[7] = [played(ZERO, 8, "b")]
    histories[8] = [played(ONE, 7, "w")]
    got = pair_round(request(2, histories))
    assert got.bye not in (4, 5)


def test_merge_sort_is_a_stable_sort_for_a_consistent_order() -> None:
    rng = random.Random(7)
    for _ in range(200):
        items = [(rng.randint(0, 5), i) for i in range(rng.randint(0, 40))]
        got = merge_sort(items, lambda a, b: a[0] > b[0])
        assert got == sorted(items, key=lambda x: -x[0])


def test_no_pairing_is_a_clear_error() -> None:
    histories = {1: [played(ONE, 2, "w")], 2: [played(ZERO, 1, "b")]}
    with pytest.raises(NoValidPairingError):
        pair_round(request(2, histories))


# -- through the CLI -------------------------------------------------------------------------


def test_an_event_paired_by_burstein(cli: Callable[..., Run], tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text(
        "name,rating\n" + "".join(f"P{i},{2500 - 50 * i}\n" for i in range(1, 9)),
        encoding="utf-8",
    )
    event = tmp_path / "e.json"
    run = cli(
        "new", str(event), "--format", "swiss", "--option", "system=burstein",
        "--option", "initial_colour=white", "--players", str(players), "--rounds", "4",
    )  # fmt: skip
    assert run.code == 0, run.err
    explained = cli("pair", str(event), "--explain")
    assert explained.code == 0
    assert "Round 1 (Burstein system, FIDE C.04.4.2, as bbpPairings reads it)" in explained.out
    assert "seeding round: virtual points worth a win for 1 2 3 4" in explained.out
    run = cli("pairings", str(event), "--json")
    boards = json.loads(run.out)["boards"]
    assert {(b["white"]["number"], b["black"]["number"]) for b in boards} == {
        (1, 4),
        (3, 2),
        (5, 8),
        (7, 6),
    }


def test_a_system_that_does_not_exist(cli: Callable[..., Run], tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,2000\nB,1900\n", encoding="utf-8")
    run = cli(
        "new", str(tmp_path / "e.json"), "--format", "swiss", "--option", "system=lim",
        "--players", str(players),
    )  # fmt: skip
    assert run.code == 1
    assert run.err == "caddy: error: invalid option system=lim: expected one of dutch, burstein\n"


def test_simulate_writes_a_burstein_file(cli: Callable[..., Run], tmp_path: Path) -> None:
    out = tmp_path / "sim.trf"
    run = cli(
        "simulate", "--players", "11", "--rounds", "5", "--seed", "3", "--system", "burstein",
        "-o", str(out),
    )  # fmt: skip
    assert run.code == 0, run.err
    lines = out.read_text(encoding="ascii").splitlines()
    assert "192 FIDE_BURSTEIN" in lines and "092 Individual: Swiss-System (FIDE Burstein)" in lines
    assert lines[0].endswith("--system burstein")
    run = cli("check", str(out), "--pairings")
    assert run.code == 0 and "every pairing identical" in run.out


# -- properties ------------------------------------------------------------------------------


@st.composite
def events(draw: st.DrawFn) -> tuple[int, int, int]:
    n = draw(st.integers(min_value=4, max_value=16))
    rounds = draw(st.integers(min_value=2, max_value=min(7, n - 1)))
    return n, rounds, draw(st.integers(min_value=0, max_value=10**6))


def _play(n: int, rounds: int, seed: int) -> list[PairingRequest]:
    rng = random.Random(seed)
    hist: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    requests = []
    for r in range(1, rounds + 1):
        req = request(r, hist, rounds)
        requests.append(req)
        try:
            got = pair_round(req)
        except NoValidPairingError:
            break
        if got.bye is not None:
            hist[got.bye].append(Entry(Kind.PAB, ONE))
        for w, b in got.pairs:
            if rng.random() < 0.05:
                hist[w].append(Entry(Kind.FORFEIT_WIN, ONE, b, "w"))
                hist[b].append(Entry(Kind.FORFEIT_LOSS, ZERO, w, "b"))
                continue
            x = rng.choice([ONE, HALF, ZERO])
            hist[w].append(played(x, b, "w"))
            hist[b].append(played(1 - x, w, "b"))
    return requests


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_basic_rules_hold(event: tuple[int, int, int]) -> None:
    """C.04.1: everyone present once, no rematch of a game played, the PAB to an odd
    field's player who has had no PAB, no player with three games of one colour in a row
    nor a colour difference beyond two (Burstein has no last-round exception)."""
    for req in _play(*event):
        try:
            got = pair_round(req)
        except NoValidPairingError:
            continue
        by = {p.tpn: p for p in req.players}
        seen = [t for pair in got.pairs for t in pair] + ([got.bye] if got.bye else [])
        assert sorted(seen) == sorted(by)
        assert (got.bye is not None) == (len(by) % 2 == 1)
        if got.bye is not None:
            assert all(e.kind is not Kind.PAB for e in by[got.bye].history)
        for w, b in got.pairs:
            assert b not in {e.opponent for e in by[w].history if e.kind.played}
            for t, colour in ((w, "w"), (b, "b")):
                seq = [e.colour for e in by[t].history if e.kind.played] + [colour]
                assert abs(seq.count("w") - seq.count("b")) <= 2 and seq[-3:] != [colour] * 3


@settings(max_examples=8, deadline=None)
@given(events())
def test_monotone_renumbering_does_not_matter(event: tuple[int, int, int]) -> None:
    """Only the order of pairing numbers counts, not their values."""

    def f(t: int) -> int:
        return 2 * t + 7

    for req in _play(*event):
        other = PairingRequest(
            round_number=req.round_number,
            total_rounds=req.total_rounds,
            players=tuple(
                PlayerInput(
                    tpn=f(p.tpn),
                    points=p.points,
                    history=tuple(
                        Entry(
                            e.kind,
                            e.points,
                            None if e.opponent is None else f(e.opponent),
                            e.colour,
                        )
                        for e in p.history
                    ),
                )
                for p in reversed(req.players)
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
        assert set(b.pairs) == {(f(w), f(x)) for w, x in a.pairs}
        assert b.bye == (None if a.bye is None else f(a.bye))


def _ten_players(tmp_path: Path) -> str:
    players = tmp_path / "p.csv"
    players.write_text(
        "name,rating\n" + "".join(f"P{i},{2500 - 40 * i}\n" for i in range(1, 11)),
        encoding="utf-8",
    )
    return str(players)


def test_the_2026_reading_survives_a_trf_export(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Record 092 says which reading paired the event, so the file is re-paired by it."""
    event, trf = str(tmp_path / "g.json"), str(tmp_path / "g.trf")
    run = cli(
        "new", event, "--format", "swiss", "--option", "system=burstein",
        "--option", "burstein_rules=fide-2026", "--rounds", "5",
        "--players", _ten_players(tmp_path), "--seed", "4",
    )  # fmt: skip
    assert run.code == 0, run.err
    for number in range(1, 5):
        assert cli("pair", event).code == 0
        assert cli("result", event, str(number), "1-0 1/2 0-1 1-0 1/2").code == 0
    assert cli("export", event, "--trf26", "-o", trf).code == 0
    lines = Path(trf).read_text(encoding="ascii").splitlines()
    assert "092 Individual: Swiss-System (FIDE Burstein, 2026 text)" in lines
    assert "192 FIDE_BURSTEIN" in lines
    run = cli("check", trf, "--pairings")
    assert run.code == 0 and "every pairing identical" in run.out
    run = cli("check", event, "--pairings", "dutch")  # an event file names its system too
    assert (run.code, run.err) == (
        1,
        f"caddy: error: {event} is an individual event: caddy re-pairs it by the Burstein "
        "system (FIDE C.04.4.2) (--pairings burstein), not the Dutch system\n",
    )


def test_a_file_of_another_system_is_refused(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Record 192 (TRF-2026) names the system: a Dubov file is not paired as Dutch."""
    source = CORPUS / "burstein-200003-14p10r.trf"
    text = source.read_text(encoding="ascii").replace("092 FIDE_BURSTEIN", "192 FIDE_DUBOV")
    dubov = tmp_path / "dubov.trf"
    dubov.write_text(text, encoding="ascii")
    run = cli("pair", str(dubov), "--round", "3")
    assert (run.code, run.err) == (
        1,
        f"caddy: error: {dubov}: record 192 names the system 'FIDE_DUBOV'; caddy pairs the "
        "Dutch system (FIDE Handbook C.04.3) and the Burstein system (C.04.4.2): write 192 "
        "FIDE_DUTCH_2026 or FIDE_BURSTEIN to pair it so\n",
    )
