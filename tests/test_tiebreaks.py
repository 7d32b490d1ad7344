"""Hand-worked tie-break examples (FIDE C.07, 2024 and 2026 editions).

The Swiss event below has an unplayed round of every category of C.07
Art. 16.2: a forfeit win and loss (16.2.2, 16.2.4), a pairing-allocated bye
and a full-point bye (16.2.1), a half-point and a zero-point bye followed
by play (16.2.3), and a zero-point bye in the last round (16.2.5).

    R1: 1-2 1-0   3-4 ½-½   5-6 +/- (forfeit)
    R2: 1-3 0-1   2-5 ½-½   4 HPB (½)   6 PAB (1)
    R3: 4-1 0-1   2-6 0-1   3 ZPB (0)   5 FPB (1)
    R4: 5-1 ½-½   3-6 1-0   4 ZPB (0)   2 PAB (1)

Scores (S): 1: 2.5, 2: 1.5, 3: 2.5, 4: 1.0, 5: 3.0, 6: 2.0.
Adjusted scores for opponents (Art. 16.3): player 4's last-round ZPB comes
after their last round of play (16.2.5), so it counts as a draw:
AS(4) = 1.5; every other AS equals S.
"""

from __future__ import annotations

import pytest

from caddy.contracts.tiebreak_spec import parse_spec
from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.model.results import ResultsTable
from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.explain import explain
from caddy.standings.ranking import build_table, standings


def swiss() -> ResultsTable:
    b = ResultsTableBuilder([f"P{i}" for i in range(1, 7)], rounds=4, pre_determined=False)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1/2").game(1, 5, 6, "+-")
    b.game(2, 1, 3, "0-1").game(2, 2, 5, "1/2").bye(2, 4, "half").bye(2, 6, "pab")
    b.game(3, 4, 1, "0-1").game(3, 2, 6, "0-1").bye(3, 3, "zero").bye(3, 5, "full")
    b.game(4, 5, 1, "1/2").game(4, 3, 6, "1-0").bye(4, 4, "zero").bye(4, 2, "pab")
    return b.build()


def values(
    event: ResultsTable, tiebreak: str, edition: str = "2024", **kwargs: object
) -> list[float | None]:
    result = standings(event, [tiebreak], edition, **kwargs)  # type: ignore[arg-type]
    by_number = {row.pairing_number: row.tiebreaks[tiebreak] for row in result.rows}
    return [by_number[n] for n in range(1, len(event.players) + 1)]


def test_scores_and_adjusted_scores() -> None:
    """Art. 16.3: 16.2.5 rounds (requested bye, nothing after) count as draws for opponents."""
    table = build_table(swiss(), edition="2024")
    assert table.score == [2.5, 1.5, 2.5, 1.0, 3.0, 2.0]
    assert table.adjusted == [2.5, 1.5, 2.5, 1.5, 3.0, 2.0]


def test_bh_2024() -> None:
    """Art. 8.1 with Art. 16.4 (2024): own unplayed rounds against a dummy with the own score.
    1: 1.5+2.5+1.5(AS of 4)+3.0 = 8.5      2: 2.5+3.0+2.0+1.5(PAB dummy) = 9.0
    3: 1.5+2.5+2.5(ZPB dummy)+2.0 = 8.5    4: 2.5+1.0(HPB)+2.5+1.0(ZPB) = 7.0
    5: 3.0(forfeit win dummy)+1.5+3.0(FPB)+2.5 = 10.0
    6: 2.0(forfeit loss dummy)+2.0(PAB)+1.5+2.5 = 8.0"""
    assert values(swiss(), "BH") == [8.5, 9.0, 8.5, 7.0, 10.0, 8.0]


def test_bh_2026_caps_the_dummy() -> None:
    """Art. 16.4 (2026): the dummy's score is capped by the scheduled opponent's adjusted score
    for forfeits (16.4.1) and by draw × rounds = 2.0 otherwise (16.4.2).
    3: ZPB dummy min(2.5, 2.0) → 8.0;  5: forfeit min(3.0, AS(6)=2.0) + FPB min(3.0, 2.0) → 2+1.5+2+2.5 = 8.0
    6: forfeit min(2.0, AS(5)=3.0) = 2.0, PAB min(2.0, 2.0) → unchanged 8.0"""
    assert values(swiss(), "BH", "2026") == [8.5, 9.0, 8.0, 7.0, 8.0, 8.0]


def test_bh_cut1() -> None:
    """Art. 14.1 and 16.5: cut the least significant value, but a voluntarily unplayed
    round (requested bye, forfeit loss) first when its contribution is not lower.
    1: cut 1.5 → 7.0;  2: cut PAB dummy 1.5 (not a VUR, just the lowest) → 7.5
    3: LSV 1.5 (opponent 4) vs ZPB 2.5 → the ZPB goes → 8.5-2.5 = 6.0
    4: HPB 1.0 and ZPB 1.0: the first VUR (round 2) goes → 6.0
    5: cut 1.5 → 8.5;  6: LSV 1.5 vs forfeit loss 2.0 → the forfeit loss goes → 6.0"""
    assert values(swiss(), "BH/C1") == [7.0, 7.5, 6.0, 6.0, 8.5, 6.0]
    assert values(swiss(), "BH-C1") == [7.0, 7.5, 6.0, 6.0, 8.5, 6.0]  # the old spelling


def test_bh_median1() -> None:
    """Art. 14.2: /M1 cuts one low (as /C1) and the highest.
    1: [2.5, 1.5, 3.0] → 4.0;  5: [3.0, 3.0, 2.5] → 5.5;  3: [1.5, 2.5, 2.0] → 3.5"""
    result = values(swiss(), "BH/M1")
    assert result[0] == 4.0 and result[4] == 5.5 and result[2] == 3.5


def test_sb() -> None:
    """Art. 9.1: opponent's adjusted score × points scored; dummies for own unplayed rounds.
    1: 1.5(win v 2)+0+1.5(win v 4)+1.5(draw v 5: 3.0×½) = 4.5
    2: 0+1.5(draw v 5)+0+1.5(PAB: dummy 1.5×1) = 3.0
    3: 0.75(draw v 4)+2.5(win v 1)+0(ZPB)+2.0(win v 6) = 5.25
    4: 1.25(draw v 3)+0.5(HPB: 1.0×½)+0+0 = 1.75
    5: 3.0(forfeit win: dummy 3.0×1)+0.75+3.0(FPB)+1.25 = 8.0
    6: 0(forfeit loss)+2.0(PAB)+1.5(win v 2)+0 = 3.5"""
    assert values(swiss(), "SB") == [4.5, 3.0, 5.25, 1.75, 8.0, 3.5]


def test_sb_cut1() -> None:
    """Art. 14.1.1 and 16.5 for SB: the least significant value is the contribution of the
    opponent with the lowest score (then the lower contribution); the lowest VUR contribution
    is cut instead when it is not lower.
    3: LSV 0.75 (opponent 4, 1.5) vs ZPB 0 → 0 < 0.75: the LSV goes → 4.5
    4: LSV is the ZPB itself (score 1.0, contribution 0) → cut → 1.75
    6: LSV 1.5 (opponent 2) vs forfeit loss 0 → the LSV goes → 2.0"""
    result = values(swiss(), "SB/C1")
    assert (result[2], result[3], result[5]) == (4.5, 1.75, 2.0)


def test_fb() -> None:
    """Art. 8.3 Fore Buchholz: every last-round game counts as a draw (3-6 1-0 becomes ½-½);
    last-round byes stay. Fore scores: 3: 2.0, 6: 2.5; others unchanged.
    1: 1.5+2.0+1.5+3.0 = 8.0   2: 2.5+3.0+2.5+1.5 = 9.5   3: 1.5+2.5+2.0(dummy)+2.5 = 8.5
    4: 2.0+1.0+2.5+1.0 = 6.5   5: 3.0+1.5+3.0+2.5 = 10.0  6: 2.5+2.5+1.5+2.0 = 8.5"""
    assert values(swiss(), "FB") == [8.0, 9.5, 8.5, 6.5, 10.0, 8.5]


def test_aob() -> None:
    """Art. 8.2: mean BH of the opponents met over the board, 2 decimals half up.
    BH = 8.5, 9.0, 8.5, 7.0, 10.0, 8.0.
    1: (9.0+8.5+7.0+10.0)/4 = 8.625 → 8.63   2: (8.5+10.0+8.0)/3 = 8.8333 → 8.83
    3: (7.0+8.5+8.0)/3 = 7.8333 → 7.83        4: (8.5+8.5)/2 = 8.5
    5: (9.0+8.5)/2 = 8.75                     6: (9.0+8.5)/2 = 8.75"""
    assert values(swiss(), "AOB") == [8.63, 8.83, 7.83, 8.5, 8.75, 8.75]


def test_aob_fore() -> None:
    """AOB/F averages Fore Buchholz (FB = 8.0, 9.5, 8.5, 6.5, 10.0, 8.5).
    1: (9.5+8.5+6.5+10.0)/4 = 8.625 → 8.63"""
    assert values(swiss(), "AOB/F")[0] == 8.63


def test_counts() -> None:
    """Art. 7.1-7.4 and 7.6.
    WIN counts forfeit wins and byes worth a win; WON only games won over the board;
    BPG/BWG games over the board with Black; REP rounds played or scored as a win."""
    event = swiss()
    assert values(event, "WIN") == [2, 1, 2, 0, 2, 2]
    assert values(event, "WON") == [2, 0, 2, 0, 0, 1]
    assert values(event, "BPG") == [2, 1, 1, 1, 1, 2]
    assert values(event, "BWG") == [1, 0, 1, 0, 0, 1]
    assert values(event, "REP") == [4, 4, 3, 2, 4, 3]
    assert values(event, "GE") == [4, 4, 3, 2, 4, 3]  # the pre-2026 name


def test_ps() -> None:
    """Art. 7.5: running scores added up, whether played or not.
    1: 1+1+2+2.5 = 6.5   2: 0+0.5+0.5+1.5 = 2.5   3: 0.5+1.5+1.5+2.5 = 6.0
    4: 0.5+1+1+1 = 3.5   5: 1+1.5+2.5+3 = 8.0     6: 0+1+2+2 = 5.0
    PS/C1 drops round 1's running score: 5.5, 2.5, 5.5, 3.0, 7.0, 5.0"""
    assert values(swiss(), "PS") == [6.5, 2.5, 6.0, 3.5, 8.0, 5.0]
    assert values(swiss(), "PS/C1") == [5.5, 2.5, 5.5, 3.0, 7.0, 5.0]


def test_ks_and_limits() -> None:
    """Art. 9.2 and 14.5: the line is 50% of the maximum, 4 rounds → 2.0; opponents at
    or above it: 1 (2.5), 3 (2.5), 5 (3.0), 6 (2.0). Forfeits count (5 beat 6 by forfeit).
    1: v3 0 + v5 ½ = 0.5   2: v1 0 + v5 ½ + v6 0 = 0.5   3: v1 1 + v6 1 = 2.0
    4: v3 ½ + v1 0 = 0.5   5: v6 1 (forfeit) + v1 ½ = 1.5   6: v5 0 + v3 0 = 0
    KS/L+1 (line + one half point = 2.5): 3: 1.0, 5: 0.5
    KS/L-1.0 (line 1.0, everyone): 1's KS equals its score 2.5
    KS/L75 (line 3.0: only 5): 1: 0.5, 6: 0"""
    event = swiss()
    assert values(event, "KS") == [0.5, 0.5, 2.0, 0.5, 1.5, 0.0]
    plus = values(event, "KS/L+1")
    assert (plus[2], plus[4]) == (1.0, 0.5)
    assert values(event, "KS/L-1.0")[0] == 2.5
    seventy_five = values(event, "KS/L75")
    assert (seventy_five[0], seventy_five[5]) == (0.5, 0.0)


def test_limit_parsing() -> None:
    """/L+n moves the line by n half points, /L+1.0 by one point, /Lnn is a percentage."""
    assert parse_spec("KS/L+1").limit_shift == 0.5
    assert parse_spec("KS/L+1.0").limit_shift == 1.0
    assert parse_spec("KS/L-2").limit_shift == -1.0
    assert parse_spec("KS/L60").limit_percent == 60.0


def test_de_in_swiss_event() -> None:
    """Art. 6: 1 and 3 are tied on 2.5; 3 beat 1 in round 2, so DE puts 3 first."""
    result = standings(swiss(), ["DE"], "2024")
    places = {row.pairing_number: row.tiebreaks["DE"] for row in result.rows}
    assert (places[3], places[1]) == (1.0, 2.0)
    assert [row.pairing_number for row in result.rows[:3]] == [5, 3, 1]


def test_default_swiss_list() -> None:
    """BH/C1, BH, SB, DE, WIN: 1 (BH/C1 7.0) ahead of 3 (6.0) although 3 won their game."""
    result = standings(swiss(), None, "2024")
    assert result.tiebreaks == ("BH/C1", "BH", "SB", "DE", "WIN")
    assert [row.pairing_number for row in result.rows] == [5, 1, 3, 6, 2, 4]
    assert [row.rank for row in result.rows] == [1, 2, 3, 4, 5, 6]


def test_de_art_6_3_not_all_met() -> None:
    """Art. 6.3: 1, 2, 3 tie on 2 points; 1 beat 2 and 3, who never met. 1 has 2 points in
    the group, 2 and 3 could reach at most 1 whatever their missing game gives: 1 is first.
    2 and 3 stay equal (their game is missing)."""
    b = ResultsTableBuilder(list("ABCDEF"), rounds=3, pre_determined=False)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1-0").game(1, 5, 6, "0-1")
    b.game(2, 1, 3, "1-0").game(2, 2, 5, "1-0").game(2, 4, 6, "1-0")
    b.game(3, 5, 1, "1-0").game(3, 2, 4, "1-0").game(3, 3, 6, "1-0")
    result = standings(b.build(), ["DE"], "2024")
    rows = {row.pairing_number: row for row in result.rows}
    assert (rows[1].tiebreaks["DE"], rows[2].tiebreaks["DE"], rows[3].tiebreaks["DE"]) == (
        1.0,
        2.0,
        2.0,
    )
    assert (rows[1].rank, rows[2].rank, rows[3].rank) == (1, 2, 2)


def round_robin(results: dict[tuple[int, int], str], n: int, cycles: int = 1) -> ResultsTable:
    """A round robin from the FIDE table with the given results (white, black) -> result."""
    from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

    schedule = RoundRobin().schedule(n, RoundRobinOptions(cycles=cycles))
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, n + 1)], rounds=len(schedule.rounds), pre_determined=True
    )
    for rnd in schedule.rounds:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            if (w, k) in results:
                b.game(rnd.number, w, k, results[(w, k)])
            else:
                flipped = {
                    "1-0": "0-1",
                    "0-1": "1-0",
                    "1/2": "1/2",
                    "+-": "-+",
                    "-+": "+-",
                    "--": "--",
                }
                b.game(rnd.number, w, k, flipped[results[(k, w)]])
        for p in rnd.byes:
            b.bye(rnd.number, p, "rest")
    return b.build()


def test_de_recursive_subgroup() -> None:
    """Art. 6: A, B, C, D tie on 2 (6-player round robin). Among them A has 2, B and C
    1.5, D 1: A first, D last; B and C are ranked again among themselves: B beat C."""
    results = {
        (1, 2): "1-0",
        (1, 3): "0-1",
        (1, 4): "1-0",
        (2, 3): "1-0",
        (2, 4): "1/2",
        (3, 4): "1/2",
        (5, 1): "1-0",
        (6, 1): "1-0",
        (2, 5): "1/2",
        (6, 2): "1-0",
        (5, 3): "1-0",
        (3, 6): "1/2",
        (4, 5): "1/2",
        (4, 6): "1/2",
        (5, 6): "1/2",
    }
    # A=1 2 of 3 vs B,C,D: beat B, lost to C, beat D -> 2; B: 0+1+0.5 = 1.5; C: 1+0+0.5 = 1.5; D: 0+0.5+0.5 = 1
    event = round_robin(results, 6)
    assert [event.score(p) for p in (1, 2, 3, 4)] == [2.0, 2.0, 2.0, 2.0]
    result = standings(event, ["DE"], "2024")
    places = {row.pairing_number: row.tiebreaks["DE"] for row in result.rows}
    assert [places[p] for p in (1, 2, 3, 4)] == [1.0, 2.0, 3.0, 4.0]


def test_de_double_round_robin_counts_both_games() -> None:
    """Art. 6 (note): every game between the tied players counts. Double round robin of 4:
    A-B drew in the first cycle, A won the second. A and B both end on 2.5
    (A: ½+1 v B, 0+0 v C, ½+½ v D; B: ½+0 v A, ½+½ v C, ½+½ v D).
    Counting only the first game would leave them tied; both games put A first."""
    from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

    first = {
        frozenset({1, 2}): "=",
        frozenset({1, 3}): "C",
        frozenset({1, 4}): "=",
        frozenset({2, 3}): "=",
        frozenset({2, 4}): "=",
        frozenset({3, 4}): "=",
    }
    second = {**first, frozenset({1, 2}): "A"}
    schedule = RoundRobin().schedule(4, RoundRobinOptions(cycles=2))
    b = ResultsTableBuilder(list("ABCD"), rounds=6, pre_determined=True)
    for rnd in schedule.rounds:
        table = first if rnd.number <= 3 else second
        for w, k in zip(rnd.white, rnd.black, strict=True):
            winner = table[frozenset({w, k})]
            if winner == "=":
                b.game(rnd.number, w, k, "1/2")
            else:
                winner_number = "ABCD".index(winner) + 1
                b.game(rnd.number, w, k, "1-0" if w == winner_number else "0-1")
    event = b.build()
    assert (event.score(1), event.score(2)) == (2.5, 2.5)
    result = standings(event, ["DE"], "2024")
    places = {row.pairing_number: row.tiebreaks["DE"] for row in result.rows}
    assert (places[1], places[2]) == (1.0, 2.0)


def test_rest_round_is_no_round_for_sb() -> None:
    """Rest rounds of an odd round robin are no round at all (as FIDE TEC's reference engine scores them): never in SB.
    5 players, all draws: SB = ½ × 4 opponents × 2 = 4 for everyone."""
    results = {(a, b): "1/2" for a in range(1, 6) for b in range(a + 1, 6)}
    event = round_robin(results, 5)
    assert values(event, "SB") == [4.0] * 5
    assert values(event, "SB/C1") == [3.0] * 5  # a cut removes a real game, never the rest round
    assert values(event, "KS") == [2.0] * 5  # line: half of 4 games = 2.0 (games, not rounds)


def test_round_robin_forfeit_counts_as_game() -> None:
    """Art. 15.2: with pre-determined pairings a forfeit is a game for SB, KS, DE.
    TEC exercise (data/trf rr_fide_tec_exercise_held_6p.trf): 6 beat 5 by forfeit in round 4;
    Helene's SB: 0+0+0.75(draw v 4: 1.5)+1.5(forfeit win v 5: 1.5)+0 = 2.25."""
    from caddy_plugins.codecs.trf_document import read_trf
    from tests.conftest import DATA

    event = read_trf(DATA / "trf/rr_fide_tec_exercise_held_6p.trf").event
    sb = values(event, "SB")
    assert sb == [9.25, 6.25, 6.25, 4.25, 3.25, 2.25]
    assert values(event, "KS") == [2.0, 0.5, 0.5, 1.0, 0.5, 0.0]  # line 2.5 (50% of 5 games)
    assert values(event, "WON")[5] == 0  # the forfeit win is not a game won over the board
    assert values(event, "WON", options=StandingsOptions(rr_forfeits_over_the_board=True))[5] == 1
    assert values(event, "REP")[4] == 4  # the forfeit loss is not a round elected to play
    result = standings(event, None)
    assert result.tiebreaks == ("SB", "DE", "KS")
    assert [r.rank for r in result.rows] == [1, 2, 2, 4, 5, 6]


def test_rr_forfeits_swiss_rules_option() -> None:
    """Option: read a round robin's forfeits under the Swiss rules (dummy opponent)."""
    from caddy_plugins.codecs.trf_document import read_trf
    from tests.conftest import DATA

    event = read_trf(DATA / "trf/rr_fide_tec_exercise_held_6p.trf").event
    options = StandingsOptions(rr_forfeits_are_games=False)
    sb = values(event, "SB", options=options)
    assert sb[5] == 2.25  # the forfeit win: dummy with Helene's own 1.5 x 1 = 1.5, same here
    bh = values(event, "BH", options=options)
    assert bh[4] == 3.5 + 3.5 + 1.5 + 1.5 + 3.5 - 1.5 + 1.5  # Franck: forfeit loss -> dummy 1.5


def test_edition_default_by_date() -> None:
    """2026 rules from 2026-03-01; earlier dates 2024; no date 2026."""
    import datetime

    from caddy.contracts.tiebreak_spec import default_edition

    assert default_edition(datetime.date(2026, 2, 28)) == "2024"
    assert default_edition(datetime.date(2026, 3, 1)) == "2026"
    assert default_edition(None) == "2026"


def test_editions_agree_without_unplayed_rounds() -> None:
    results = {
        (a, b): ("1-0" if (a + b) % 3 else "1/2") for a in range(1, 7) for b in range(a + 1, 7)
    }
    event = round_robin(results, 6)
    for tb in ("SB", "BH", "KS", "PS", "AOB", "FB", "DE", "WIN"):
        assert values(event, tb, "2024") == values(event, tb, "2026"), tb


def test_explain_shows_dummy_and_cut() -> None:
    explanations = explain(swiss(), 3, ["BH/C1"], "2024")
    (bh,) = explanations
    assert bh.value == 6.0
    round3 = next(row for row in bh.rows if row.round == 3)
    assert round3.opponent is None and round3.opponent_score == 2.5
    assert "Art. 16.5" in round3.note
    assert bh.summary == "1.5 + 2.5 + 2 = 6"


def test_unknown_tiebreak_and_modifier() -> None:
    from caddy.errors import CaddyError

    with pytest.raises(CaddyError, match="unknown tie-break 'XYZ'"):
        standings(swiss(), ["XYZ"])
    with pytest.raises(CaddyError, match="does not apply to SB"):
        standings(swiss(), ["SB/L1"])
    with pytest.raises(CaddyError, match="needs a number"):
        standings(swiss(), ["BH/Cx"])


def test_de_p_counts_forfeits_between_tied_players() -> None:
    """Art. 6.1.1 and the /P option: A and B tie on 1; A beat B by forfeit. Without /P the
    forfeit is not a game: they never met, and neither can be placed first (Art. 6.3).
    With DE/P the forfeit counts against the scheduled opponent: A first."""
    b = ResultsTableBuilder(list("ABCD"), rounds=2, pre_determined=False)
    b.game(1, 1, 2, "+-").game(1, 3, 4, "1-0")
    b.game(2, 1, 3, "0-1").game(2, 2, 4, "1-0")
    event = b.build()
    plain = {
        row.pairing_number: row.tiebreaks["DE"] for row in standings(event, ["DE"], "2024").rows
    }
    assert (plain[1], plain[2]) == (1.0, 1.0)
    with_p = {
        row.pairing_number: row.tiebreaks["DE/P"] for row in standings(event, ["DE/P"], "2024").rows
    }
    assert (with_p[1], with_p[2]) == (1.0, 2.0)


def test_fb_cut1_and_sb_median1() -> None:
    """FB/C1 (Art. 8.3, 14.1): 3's values 1.5, 2.5, 2.0 (ZPB dummy, a VUR), 2.5 → the VUR
    (2.0, not lower than the least significant 1.5) goes: 8.5 - 2.0 = 6.5.
    SB/M1 (Art. 14.2): 1's items (score, contribution) (1.5, 1.5), (2.5, 0), (1.5, 1.5),
    (3.0, 1.5) → low cut (1.5, 1.5) of round 1, high cut (3.0, 1.5) → 0 + 1.5 = 1.5."""
    assert values(swiss(), "FB/C1")[2] == 6.5
    assert values(swiss(), "SB/M1")[0] == 1.5


def test_rated_games() -> None:
    """Games of under one move (W, D, L) and forfeits are not rated (TRF16, C.04 Annex 2)."""
    b = ResultsTableBuilder(list("AB"), rounds=2)
    b.game(1, 1, 2, "1-0", short=True).game(2, 2, 1, "1/2")
    event = b.build()
    assert [rr.rated for rr in event.results[0]] == [False, True]
    assert [rr.code for rr in event.results[0]] == ["W", "="]
