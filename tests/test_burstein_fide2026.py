"""``swiss --option system=burstein --option burstein_rules=fide-2026``: the
Burstein system by the text applied from 1 February 2026 (FIDE Handbook
C.04.4.2, C040402202602), in :mod:`caddy_plugins.engines.burstein.fide2026`.

The worked example is the research draft's (docs/burstein.md section 5, computed
by hand from the article digest); the article tests are small hand-made cases.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy_plugins.engines.burstein.fide2026 import pair_round
from caddy_plugins.engines.burstein.fide2026_index import indexes, seeding_rounds
from caddy_plugins.engines.dutch.dutch import pair_round as dutch_pair_round
from caddy_plugins.engines.dutch.model import (
    Entry,
    Kind,
    NoValidPairingError,
    PairingRequest,
    PlayerInput,
)
from caddy_plugins.formats.swiss.options import SwissOptions, engine_for
from tests.conftest import Run

Cli = Callable[..., Run]
HALF = Fraction(1, 2)
RESULTS = {"1": (Fraction(1), Fraction(0)), "0": (Fraction(0), Fraction(1)), "=": (HALF, HALF)}


def request_from(
    rounds: list[list[tuple[int, int, str]]],
    players: int,
    total_rounds: int,
    unplayed: dict[int, list[Entry]] | None = None,
    absent: frozenset[int] = frozenset(),
) -> PairingRequest:
    """A request for the round after ``rounds`` (each ``(white, black, result)``);
    ``unplayed[tpn]`` holds that player's unplayed rounds in order, used where
    the player is in no game of a round."""
    history: dict[int, list[Entry]] = {t: [] for t in range(1, players + 1)}
    spare = {t: list(e) for t, e in (unplayed or {}).items()}
    for games in rounds:
        seen: set[int] = set()
        for white, black, result in games:
            pw, pb = RESULTS[result]
            history[white].append(Entry(Kind.PLAYED, pw, black, "w"))
            history[black].append(Entry(Kind.PLAYED, pb, white, "b"))
            seen |= {white, black}
        for t in history:
            if t not in seen:
                history[t].append(spare[t].pop(0))
    return PairingRequest(
        round_number=len(rounds) + 1,
        total_rounds=total_rounds,
        players=tuple(
            PlayerInput(
                tpn=t,
                points=sum((e.points for e in h), Fraction(0)),
                history=tuple(h),
                present=t not in absent,
            )
            for t, h in history.items()
        ),
    )


#: docs/burstein.md section 5: rounds 1-3 of a 6-round, 8-player event (White first).
EXAMPLE = [
    [(1, 5, "1"), (6, 2, "0"), (3, 7, "1"), (8, 4, "0")],
    [(4, 1, "1"), (2, 3, "1"), (5, 8, "="), (7, 6, "=")],
    [(1, 8, "0"), (7, 2, "="), (3, 5, "="), (6, 4, "=")],
]


def test_worked_example_round_4() -> None:
    """docs/burstein.md section 5, the FIDE 2026 column: 2-4, 8-3, 5-6, 1-7.
    FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 1.8 (Buchholz
    puts 1 above 5 in the 1-point group), art. 4.3 (6, BSN 1, takes 5, the
    largest BSN) and art. 5.2.2-5.2.5 (colours). Boards by C.04.2 (score, then
    the higher player's number)."""
    pairing = pair_round(request_from(EXAMPLE, 8, 6))
    assert pairing.pairs == ((2, 4), (8, 3), (1, 7), (5, 6))
    assert pairing.bye is None
    lines = pairing.explanation.lines()  # type: ignore[attr-defined]
    assert (
        "  bracket 1: 6 (Bh 6, SB 1.75), 7 (Bh 5, SB 1.75), 1 (Bh 5, SB 1), 5 (Bh 4, SB 1.5); pairs 6-5 7-1"
        in lines
    )
    assert "  colours 1-7: 5.2.3 stronger preference granted" in lines
    assert "  colours 2-4: 5.2.5 the higher ranked player's preference" in lines


def test_seeding_rounds_count() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 1.6.2: half
    the rounds rounded down, at most 4; art. 1.6.1: those rounds are paired by
    the FIDE (Dutch) system."""
    assert [seeding_rounds(r) for r in (3, 5, 6, 7, 9, 11)] == [1, 2, 3, 3, 4, 4]
    request = request_from(EXAMPLE[:2], 8, 6)  # round 3 of 6: a seeding round
    seeded = pair_round(request)
    assert seeded.pairs == dutch_pair_round(request).pairs
    lines = seeded.explanation.lines()  # type: ignore[attr-defined]
    assert lines[0].endswith("art. 1.6: rounds 1-3 are paired by the FIDE Dutch system)")
    assert lines[1] == "Round 3 (FIDE Dutch system, C.04.3)"
    assert (
        pair_round(request_from(EXAMPLE, 8, 6)).pairs
        != dutch_pair_round(request_from(EXAMPLE, 8, 6)).pairs
    )


def test_index_order() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 1.7.1 and
    1.8: Buchholz (the opponents' current scores), then Sonneborn-Berger, then
    the TPN; the worked example's values (docs/burstein.md section 5)."""
    index = indexes(request_from(EXAMPLE, 8, 6))
    assert {t: (i.buchholz, i.sonneborn_berger) for t, i in index.items()} == {
        1: (5, 1),
        2: (Fraction(7, 2), 3),
        3: (Fraction(9, 2), Fraction(3, 2)),
        4: (Fraction(7, 2), 3),
        5: (4, Fraction(3, 2)),
        6: (6, Fraction(7, 4)),
        7: (5, Fraction(7, 4)),
        8: (Fraction(9, 2), Fraction(3, 2)),
    }
    assert sorted(index, key=lambda t: index[t].key, reverse=True) == [6, 7, 1, 3, 8, 5, 2, 4]


def test_unplayed_rounds_are_games_against_oneself() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 1.7.2: an
    unplayed round counts as a game against the player themself (own current
    score, the round's points); item 3: a run of zero-point byes reaching the
    current round counts as draws for the player's over-the-board opponents."""
    games = [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "1")]]
    unplayed = {
        2: [Entry(Kind.HALF_BYE, HALF)],
        4: [Entry(Kind.ZERO_BYE, Fraction(0))],
    }
    index = indexes(request_from(games, 4, 6, unplayed))
    # 2: lost to 1 (2 points), then a half-point bye against itself (1/2 point).
    assert (index[2].buchholz, index[2].sonneborn_berger) == (Fraction(5, 2), Fraction(1, 4))
    # 3 met 4 (1/2 point, present in round 3: no exception) and 1 (2 points).
    assert (index[3].buchholz, index[3].sonneborn_berger) == (Fraction(5, 2), Fraction(1, 4))
    absent = indexes(request_from(games, 4, 6, unplayed, absent=frozenset({4})))
    # 4 absent again: its zero-point bye of round 2 counts as a draw for 3.
    assert absent[3].buchholz == 3
    assert absent[3].sonneborn_berger == Fraction(1, 2)


def test_pab_goes_to_the_lowest_score_with_most_games() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 3.1: the PAB
    is assigned first, among the lowest scores to the player with the most
    games played (2 and 4, not the absent 5), then the lowest in the art. 1.8
    ranking (equal Index: the higher TPN, 4)."""
    games = [[(1, 2, "1"), (3, 4, "1")]]
    unplayed = {5: [Entry(Kind.ZERO_BYE, Fraction(0))]}
    pairing = pair_round(request_from(games, 5, 2, unplayed))
    assert pairing.bye == 4
    assert pairing.pairs == ((3, 1), (2, 5))


def test_a_full_point_bye_bars_the_pab() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 3.1.1 and
    [C2] (art. 2.1.2, Basic Rules for Swiss art. 4): a player who scored a
    win's points in a round without playing (3, a full-point bye) may not get
    the PAB, though 3 has the most games among the lowest scores (3.1.4); of 4
    and 5 (two half-point byes each, equal Index) the lower ranked, 5, gets it."""
    games = [[(1, 2, "1")], [(3, 1, "0")]]
    half = Entry(Kind.HALF_BYE, HALF)
    unplayed = {
        2: [Entry(Kind.PAB, Fraction(1))],
        3: [Entry(Kind.FULL_BYE, Fraction(1))],
        4: [half, half],
        5: [half, half],
    }
    pairing = pair_round(request_from(games, 5, 4, unplayed))
    assert pairing.bye == 5
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((1, 4)), frozenset((2, 3))}


def test_fold_order_takes_the_largest_bsn() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 4.3: BSN 1
    gets the opponent with the largest BSN, then BSN 2, ..., among the pairings
    best by C8 (art. 2.3.4, colour preferences, which comes first: art. 3.2.2).
    Eight players drew round 1 (White: 1, 6, 3, 8): all on one score with
    equal Index, so BSN = TPN; 1 (wants Black) takes 7, the largest BSN that
    wants White and has not met it; then 2 takes 8, 3 takes 5, 4-6."""
    games = [[(1, 5, "="), (6, 2, "="), (3, 7, "="), (8, 4, "=")]]
    request = request_from(games, 8, 2)
    index = indexes(request)
    assert sorted(index, key=lambda t: index[t].key, reverse=True) == list(range(1, 9))
    pairing = pair_round(request)
    assert pairing.pairs == ((7, 1), (2, 8), (5, 3), (4, 6))
    lines = pairing.explanation.lines()  # type: ignore[attr-defined]
    assert lines[1].endswith("; pairs 1-7 2-8 3-5 4-6")


def test_c6_keeps_the_higher_score_from_floating_again() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 2.3.2 [C6]:
    minimise the scores of the outgoing floaters. Round 2 after 1-6, 2-7, 3-8
    won and 4-9, 5-10 drawn: 2 floats from the 1-point bracket (1 takes 3, the
    largest BSN, art. 4.3); in the half-point bracket 5 (BSN 2) could take 9
    (both get their colours), but then 2 (1 point) would float again, so 2
    meets 9 and 5 (half a point) floats."""
    games = [[(1, 6, "1"), (2, 7, "1"), (3, 8, "1"), (4, 9, "="), (5, 10, "=")]]
    pairing = pair_round(request_from(games, 10, 2))
    assert pairing.pairs == ((3, 1), (9, 2), (10, 4), (6, 5), (7, 8))
    lines = pairing.explanation.lines()  # type: ignore[attr-defined]
    assert lines[1].endswith("pairs 1-3; float down 2")
    assert lines[2].endswith("floaters from above 2; pairs 4-10 9-2; float down 5")


def test_c7_floats_the_player_the_next_bracket_can_pair() -> None:
    """FIDE Handbook C.04.4.2 (applied from 1 February 2026), art. 2.3.3 [C7]
    before art. 2.3.4 [C8]: in the 2½ bracket {9 (floater from 3), 7, 4} one
    player floats to the 2-point bracket {5}; 9 (3 points) must not (C6); 4
    met 5, so floating 7 lets the next bracket pair 5-7, though 9-7 would give
    both their colours (9 absolute White, 4 strong White, 7 mild Black)."""
    games = [
        [(2, 1, "0"), (6, 3, "="), (5, 4, "="), (8, 7, "=")],
        [(1, 5, "="), (3, 9, "0"), (8, 4, "0"), (7, 6, "1")],
        [(1, 9, "0"), (2, 5, "0"), (4, 3, "1"), (6, 8, "1")],
    ]
    pab = Entry(Kind.PAB, Fraction(1))
    pairing = pair_round(request_from(games, 9, 6, {9: [pab], 2: [pab], 7: [pab]}))
    assert pairing.bye == 8
    assert pairing.pairs == ((9, 4), (5, 7), (6, 1), (3, 2))
    lines = pairing.explanation.lines()  # type: ignore[attr-defined]
    assert lines[2].endswith("floaters from above 9; pairs 9-4; float down 7")


def test_option_validation() -> None:
    """``burstein_rules`` belongs to ``system=burstein``; ``engine_for`` picks the 2026 engine."""
    with pytest.raises(ValueError, match=r"^burstein_rules is an option of system=burstein$"):
        SwissOptions(burstein_rules="fide-2026")
    with pytest.raises(ValueError, match="burstein_rules must be 'engine' or 'fide-2026'"):
        SwissOptions(system="burstein", burstein_rules="fide-2025")  # type: ignore[arg-type]
    assert engine_for(SwissOptions(system="burstein", burstein_rules="fide-2026")) is pair_round
    assert engine_for(SwissOptions(system="burstein")) is not pair_round


def test_cli_new_and_pair(cli: Cli, tmp_path: Path) -> None:
    """``caddy new --option system=burstein --option burstein_rules=fide-2026``:
    round 1 is a seeding round (Dutch: 1-4, 2-5, 3-6 with 7 the PAB, FIDE
    Handbook C.04.3), round 2 the first Index round (FIDE Handbook C.04.4.2
    (applied from 1 February 2026), art. 1.6-1.8; the PAB by art. 3.1 to 4,
    who with 3 has the lowest score and Index, and the higher TPN)."""
    players = tmp_path / "players.csv"
    rows = [f"P{i},{2400 - 10 * i}" for i in range(1, 8)]
    players.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    event = str(tmp_path / "e.json")
    options = ["--option", "system=burstein", "--option", "burstein_rules=fide-2026"]
    more = ["--option", "rounds=2", "--option", "initial_colour=white"]
    run = cli("new", event, "--format", "swiss", "--players", str(players), *options, *more)
    assert run.code == 0, run.err
    assert cli("pair", event).code == 0
    assert cli("result", event, "1", "1-0 1/2 0-1").code == 0
    run = cli("pair", event, "--explain")
    assert run.code == 0, run.err
    assert "Burstein system, FIDE Handbook C.04.4.2 applied from 1 February 2026" in run.out
    assert "bye (pab): P4 (4)" in run.out
    boards = [line.split()[1:6:4] for line in run.out.splitlines() if line.startswith("    ")]
    assert ["P6", "P7"] in boards and ["P2", "P1"] in boards and ["P5", "P3"] in boards
    bad = cli(
        "new",
        str(tmp_path / "f.json"),
        "--format",
        "swiss",
        "--players",
        str(players),
        "--option",
        "burstein_rules=fide-2026",
    )
    assert bad.code != 0
    assert bad.err.strip().endswith("burstein_rules is an option of system=burstein")
    assert "Traceback" not in bad.err


@settings(max_examples=20, deadline=None)
@given(
    n=st.integers(min_value=5, max_value=12),
    total=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_property_absolute_criteria(n: int, total: int, seed: int) -> None:
    """Over random events paired with fide-2026: no rematch ([C1]), no two
    players with the same absolute colour preference meet ([C3]), at most one
    PAB per player ([C2]); FIDE Handbook C.04.4.2 (applied from 1 February
    2026), art. 2.1."""
    import random

    rng = random.Random(seed)
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for rnd in range(1, min(total, n - 1) + 1):
        request = PairingRequest(
            round_number=rnd,
            total_rounds=total,
            players=tuple(
                PlayerInput(tpn=t, points=sum((e.points for e in h), Fraction(0)), history=tuple(h))
                for t, h in history.items()
            ),
        )
        try:
            pairing = pair_round(request)
        except NoValidPairingError:
            break
        for white, black in pairing.pairs:
            assert white not in {e.opponent for e in history[black]}
            w_cols: list[str | None] = [e.colour for e in history[white] if e.kind.played]
            b_cols: list[str | None] = [e.colour for e in history[black] if e.kind.played]
            w_abs = _absolute(w_cols)
            b_abs = _absolute(b_cols)
            assert w_abs is None or w_abs != b_abs
            result = rng.choice(["1", "0", "="])
            pw, pb = RESULTS[result]
            history[white].append(Entry(Kind.PLAYED, pw, black, "w"))
            history[black].append(Entry(Kind.PLAYED, pb, white, "b"))
        if pairing.bye is not None:
            assert all(e.kind is not Kind.PAB for e in history[pairing.bye])
            history[pairing.bye].append(Entry(Kind.PAB, Fraction(1)))


def _absolute(colours: list[str | None]) -> str | None:
    """The absolute colour preference (art. 1.5.1), or None."""
    whites = colours.count("w")
    blacks = len(colours) - whites
    if whites - blacks > 1 or colours[-2:] == ["w", "w"]:
        return "b"
    if blacks - whites > 1 or colours[-2:] == ["b", "b"]:
        return "w"
    return None
