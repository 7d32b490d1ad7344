"""Which voluntarily unplayed round a cut takes: the one with the lowest
*contribution* (FIDE Handbook C.07, 2026 edition, Art. 16.5.1: "the
lowest contribution coming from such rounds shall be cut, as long as such
contribution is not lower than the least significant value"; for SB the
handbook says to "cut the higher of these two values"), not the one whose
dummy has the lowest score.

The two orders differ only when the 2026 caps (Art. 16.4) give the two
rounds' dummies different scores. Player 1 below has a forfeit loss and a
half-point bye:

    R1: 1-2 1-0   3-4 0-1   5-6 ½-½   7-8 1-0
    R2: 1-3 1-0   2-5 ½-½   4-8 1-0   6-7 1-0
    R3: 1-4 -/+ (forfeit)   2-6 0-1   3-7 1-0   5-8 0-1
    R4: 1 HPB (½)   2-7 0-1   3-5 ½-½   4-6 0-1   8 PAB (1)

Scores: 1: 2.5, 2: 0.5, 3: 1.5, 4: 3.0, 5: 1.5, 6: 3.5, 7: 2.0, 8: 2.0
(the adjusted scores the same: player 1's last-round HPB, Art. 16.2.5,
counts as the draw it is).

Player 1's items, 2026 (score, SB contribution):
- R1 win against 2: (0.5, 0.5);
- R2 win against 3: (1.5, 1.5);
- R3 forfeit loss (a VUR): the dummy's score min(own 2.5, AS(4) = 3.0) =
  2.5 (Art. 16.4.1), contribution 2.5 × 0 = 0;
- R4 HPB (a VUR): the dummy's score min(own 2.5, ½ × 4 rounds = 2.0) = 2.0
  (Art. 16.4.2), contribution 2.0 × ½ = 1.0.

The lowest VUR contribution is the forfeit loss's 0, lower than the least
significant value (0.5, opponent 2), so the least significant value goes.
Taking the VUR whose dummy scores least (the HPB, 2.0 < 2.5) would cut its
1.0 instead.
"""

from __future__ import annotations

from typing import Any

import pytest

import caddy_plugins.tiebreaks.values as values
from caddy.model.results import ResultsTable
from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.explain import explain
from caddy.standings.ranking import build_table, standings


def event() -> ResultsTable:
    b = ResultsTableBuilder([f"P{i}" for i in range(1, 9)], rounds=4, pre_determined=False)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "0-1").game(1, 5, 6, "1/2").game(1, 7, 8, "1-0")
    b.game(2, 1, 3, "1-0").game(2, 2, 5, "1/2").game(2, 4, 8, "1-0").game(2, 6, 7, "1-0")
    b.game(3, 1, 4, "-+").game(3, 2, 6, "0-1").game(3, 3, 7, "1-0").game(3, 5, 8, "0-1")
    b.bye(4, 1, "half").game(4, 2, 7, "0-1").game(4, 3, 5, "1/2").game(4, 4, 6, "0-1")
    b.bye(4, 8, "pab")
    return b.build()


def first_players(tiebreak: str, edition: str) -> float | None:
    rows = standings(event(), [tiebreak], edition).rows
    return next(row.tiebreaks[tiebreak] for row in rows if row.pairing_number == 1)


def test_scores() -> None:
    table = build_table(event(), edition="2026")
    assert table.score == [2.5, 0.5, 1.5, 3.0, 1.5, 3.5, 2.0, 2.0]
    assert table.adjusted == table.score


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        # 0.5 + 1.5 + 0 + 1.0
        ("SB", 3.0),
        # the forfeit loss's 0 < LSV 0.5: the LSV goes (the HPB first would give 2.0)
        ("SB/C1", 2.5),
        # again (Art. 16.5.2): FL 0 < LSV 1.5, the LSV goes: 0 + 1.0 (the HPB first: 1.5)
        ("SB/C2", 1.0),
        # 0.5 + 1.5 + 2.5 + 2.0
        ("BH", 6.5),
        # a Buchholz's contribution is the score: the HPB's 2.0 >= LSV 0.5 goes
        ("BH/C1", 4.5),
    ],
)
def test_2026_the_lowest_contribution_is_cut_first(tiebreak: str, expected: float) -> None:
    assert first_players(tiebreak, "2026") == expected


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        # both dummies score the own 2.5 (Art. 16.4, 2024): 0.5 + 1.5 + 0 + 1.25
        ("SB", 3.25),
        ("SB/C1", 2.75),
        ("SB/C2", 1.25),
        ("BH", 7.0),
        # both VURs contribute 2.5: the earlier (R3) goes
        ("BH/C1", 4.5),
    ],
)
def test_2024_the_same_event(tiebreak: str, expected: float) -> None:
    assert first_players(tiebreak, "2024") == expected


@pytest.mark.parametrize(("tiebreak", "expected"), [("SB/C1", 2.5), ("SB/C2", 1.0)])
def test_the_explanation_cuts_the_same_rounds(tiebreak: str, expected: float) -> None:
    """``caddy standings --explain 1`` (its own path, round by round) agrees;
    the forfeit loss (round 3) is kept, and opponent 2's round 1 is cut."""
    (explanation,) = explain(event(), 1, [tiebreak], "2026")
    assert explanation.value == expected
    assert [row.round for row in explanation.rows if row.note.startswith("cut")] == (
        [1] if tiebreak == "SB/C1" else [1, 2]
    )


def test_a_single_cut_is_found_by_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ranking's /C1 values take the by-index path (``values._cut_one``),
    whose values the tests above pin; none of them is left to the items'
    general loop, which would give the same values more slowly."""
    made = values._cut_one
    calls: list[bool] = []

    def spy(*args: Any) -> float:
        calls.append(args[3])  # whether the row has a voluntarily unplayed round
        return made(*args)

    monkeypatch.setattr(values, "_cut_one", spy)
    assert first_players("SB/C1", "2026") == 2.5
    assert first_players("BH/C1", "2026") == 4.5
    assert len(calls) == 16 and calls.count(True) == 2  # 8 players, twice; player 1's rows
