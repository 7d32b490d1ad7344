"""``caddy calc --format swiss``: the recommended rounds and why, boards, games,
byes, hours and club nights, exact (docs/calculator.md, "Swiss").

Sources of the figures:

- one game per player per round, two players never meeting twice, and the
  pairing-allocated bye for the odd player out: FIDE Handbook C.04.1 rules 2
  and 3, so ``boards = N // 2``, ``byes = N % 2``, ``games = rounds × boards``
  and at most ``N - 1`` rounds (even ``N``) or ``N`` (odd);
- the recommended rounds, ``⌈log₂ N⌉ + 1`` and at most ``N // 2``: docs/swiss.md
  (the ``rounds`` option) — after ``k`` rounds at most ``⌈N / 2^k⌉`` players
  can have a perfect score, so ``⌈log₂ N⌉`` rounds are the fewest that can
  leave one, plus the customary round more;
- the time estimate: docs/calculator.md, "What it computes" (minutes per
  player by US Chess rule 5C, worst-case game twice that, 15 minutes'
  turnover, hours to the nearest quarter, 3-hour club nights).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.schedule.calculator import calculate
from tests.conftest import Run


def fewest_rounds_for_one_perfect_score(n: int) -> int:
    """Rounds until at most one of ``n`` players can have won every round: each
    round the perfect scores meet among themselves, so at best half (rounded
    up: the odd one out floats down or takes the bye) keep a perfect score."""
    perfect, rounds = n, 0
    while perfect > 1:
        perfect = (perfect + 1) // 2
        rounds += 1
    return rounds


def expected_rounds(n: int) -> int:
    """docs/swiss.md: ⌈log₂ N⌉ + 1, at most N // 2, at least 1."""
    return max(1, min(fewest_rounds_for_one_perfect_score(n) + 1, n // 2))


# players, rounds, boards, games, byes per round (C.04.1 rules 2 and 3; docs/swiss.md)
ARITHMETIC = [
    (2, 1, 1, 1, 0),
    (3, 1, 1, 1, 1),
    (4, 2, 2, 4, 0),
    (5, 2, 2, 4, 1),
    (6, 3, 3, 9, 0),
    (7, 3, 3, 9, 1),
    (8, 4, 4, 16, 0),
    (9, 4, 4, 16, 1),
    (10, 5, 5, 25, 0),
    (12, 5, 6, 30, 0),
    (16, 5, 8, 40, 0),
    (17, 6, 8, 48, 1),
    (40, 7, 20, 140, 0),
    (41, 7, 20, 140, 1),
    (64, 7, 32, 224, 0),
    (65, 8, 32, 256, 1),
    (120, 8, 60, 480, 0),
    (150, 9, 75, 675, 0),
    (500, 10, 250, 2500, 0),
]


@pytest.mark.parametrize(("n", "rounds", "boards", "games", "byes"), ARITHMETIC)
def test_swiss_arithmetic(n: int, rounds: int, boards: int, games: int, byes: int) -> None:
    result = calculate(n, format="swiss")
    assert (result.rounds, result.boards, result.games, result.byes_per_round) == (
        rounds,
        boards,
        games,
        byes,
    )
    assert result.rounds == expected_rounds(n)
    assert result.advice is None


@given(st.integers(min_value=2, max_value=100_000))
def test_swiss_arithmetic_property(n: int) -> None:
    """Every field: the recommended rounds, N // 2 boards, rounds × boards games, N % 2 byes."""
    result = calculate(n, format="swiss")
    assert result.rounds == expected_rounds(n)
    assert result.boards == n // 2
    assert result.games == result.rounds * (n // 2)
    assert result.byes_per_round == n % 2
    assert 1 <= result.rounds <= (n - 1 if n % 2 == 0 else n)


@given(st.integers(min_value=2, max_value=100_000))
def test_swiss_rounds_reason_property(n: int) -> None:
    """The reason names the rounds, ⌈log₂ N⌉ and the halving chain down to one perfect score."""
    reason = calculate(n, format="swiss").details
    log = fewest_rounds_for_one_perfect_score(n)
    rounds = expected_rounds(n)
    assert reason[0].startswith(f"{rounds} round")
    assert reason[1].startswith(f"⌈log₂ {n}⌉ = {log} round") and "separate" in reason[1]
    chain = [int(x) for x in reason[1].rsplit("(", 1)[1].rstrip(")").split(" → ")]
    assert chain[0] == n and chain[-1] == 1 and len(chain) == log + 1
    assert all(b == (a + 1) // 2 for a, b in pairwise(chain))
    capped = rounds < log + 1
    assert ("small-field cap" in reason[0]) is capped
    bye = "1 pairing-allocated bye each round (FIDE Handbook C.04.1 rule 3)"
    assert reason[3:] == ((bye,) if n % 2 else ())


# The exact reason lines (docs/calculator.md, "Swiss").
REASON_40 = (
    "7 rounds = ⌈log₂ 40⌉ + 1 = 6 + 1",
    "⌈log₂ 40⌉ = 6 rounds separate a single winner: after k rounds at most ⌈40/2^k⌉ "
    "players can have a perfect score (40 → 20 → 10 → 5 → 3 → 2 → 1)",
    "+ 1 round, the common practice, lets the leaders meet",
)
REASON_6 = (
    "3 rounds = 6 // 2, the small-field cap (⌈log₂ 6⌉ + 1 = 4)",
    "⌈log₂ 6⌉ = 3 rounds separate a single winner: after k rounds at most ⌈6/2^k⌉ "
    "players can have a perfect score (6 → 3 → 2 → 1)",
    "+ 1 round is the common practice, but a field of 6 plays at most 6 // 2 = 3 rounds, "
    "so the Dutch rules can pair every round without a rematch (FIDE Handbook C.04.1 rule 2)",
)


def test_rounds_reason_lines() -> None:
    assert calculate(40, format="swiss").details == REASON_40
    assert calculate(6, format="swiss").details == REASON_6
    assert calculate(2, format="swiss").details[:2] == (
        "1 round = 2 // 2, the small-field cap (⌈log₂ 2⌉ + 1 = 2)",
        "⌈log₂ 2⌉ = 1 round separates a single winner: after k rounds at most ⌈2/2^k⌉ "
        "players can have a perfect score (2 → 1)",
    )


def test_swiss_40_at_90_30() -> None:
    """40 players at 90+30: 120 min per player (90 + 30, rule 5C), 240 min
    worst-case game, 255 min a round with 15 min turnover; 7 rounds: 1785 min,
    29¾ h; a round is longer than a 3-hour night: 7 nights, one round each."""
    r = calculate(40, format="swiss", time_control="90+30")
    assert (r.rounds, r.boards, r.games, r.byes_per_round, r.games_per_player) == (7, 20, 140, 0, 7)
    assert (r.minutes_per_player, r.worst_case_game_minutes, r.round_minutes) == (120, 240, 255)
    assert (r.total_minutes, r.total_hours) == (7 * 255, 29.75)
    assert (r.rounds_per_night, r.club_nights, r.round_fits_night) == (0, 7, False)


SUMMARY_40 = """\
90+30 read as: 90 min + 30 s increment
swiss, 40 players
  7 rounds, 140 games, 20 boards, 7 games per player
  7 rounds = ⌈log₂ 40⌉ + 1 = 6 + 1
  ⌈log₂ 40⌉ = 6 rounds separate a single winner: after k rounds at most ⌈40/2^k⌉ players can have a perfect score (40 → 20 → 10 → 5 → 3 → 2 → 1)
  + 1 round, the common practice, lets the leaders meet
Time control G/90+30 (US Chess: regular; FIDE: standard)
  120 min per player, 240 min worst-case game, 255 min per round with 15 min turnover
  29¾ h in all (1785 min)
  a round (255 min) does not fit in one 3 h night: 7 club nights, one round each and over time
"""


def test_cli_summary_40_players(cli: Callable[..., Run]) -> None:
    run = cli("calc", "40", "--format", "swiss", "--tc", "90+30")
    assert (run.code, run.err) == (0, "")
    assert run.out == SUMMARY_40


def test_cli_summary_150_players_without_tc(cli: Callable[..., Run]) -> None:
    """docs/swiss.md's example: 150 players, 9 rounds, 75 boards, 675 games, no time."""
    run = cli("calc", "--format", "swiss", "150")
    assert run.code == 0
    assert run.out.splitlines()[:3] == [
        "swiss, 150 players",
        "  9 rounds, 675 games, 75 boards, 9 games per player",
        "  9 rounds = ⌈log₂ 150⌉ + 1 = 8 + 1",
    ]
    assert "min" not in run.out and "club nights" not in run.out


def test_cli_odd_field_has_one_bye_a_round(cli: Callable[..., Run]) -> None:
    """41 players: 20 boards and one pairing-allocated bye each round (C.04.1 rule 3)."""
    run = cli("calc", "41", "--format", "swiss")
    assert run.code == 0
    assert "  7 rounds, 140 games, 20 boards, 7 games per player\n" in run.out
    assert "  1 pairing-allocated bye each round (FIDE Handbook C.04.1 rule 3)\n" in run.out


def test_cli_rounds_option_overrides(cli: Callable[..., Run]) -> None:
    """9 rounds for 40 players: 180 games, 9 × 255 = 2295 min (38¼ h), 9 nights."""
    run = cli("calc", "40", "--format", "swiss", "--option", "rounds=9", "--tc", "90+30")
    assert (run.code, run.err) == (0, "")
    assert "  9 rounds, 180 games, 20 boards, 9 games per player\n" in run.out
    assert "  9 rounds, as set by the rounds option (recommended: 7)\n" in run.out
    assert (
        "  at most 39 rounds for 40 players: no two players meet twice "
        "(FIDE Handbook C.04.1 rule 2)\n"
    ) in run.out
    assert "  38¼ h in all (2295 min)\n" in run.out
    assert "9 club nights, one round each and over time" in run.out
    odd = cli("calc", "41", "--format", "swiss", "--option", "rounds=41")
    assert odd.code == 0
    assert "at most 41 rounds for 41 players" in odd.out and "rules 2 and 4" in odd.out


def test_cli_too_many_rounds_is_one_error_line(cli: Callable[..., Run]) -> None:
    """More rounds than opponents would force a rematch (C.04.1 rule 2)."""
    run = cli("calc", "40", "--format", "swiss", "--option", "rounds=40")
    assert run.code == 1 and run.out == ""
    assert run.err == (
        "caddy: error: a Swiss of 40 players can have at most 39 rounds without a rematch "
        "(FIDE Handbook C.04.1), not 40\n"
    )


TABLE = """\
G/25d5 read as: 25 min + 5 s delay
swiss; 15 min turnover; club nights of 3 h
                                G/25 d5
players  rounds  games  boards    hours  nights
      8       4     16       4      5 h       2
     12       5     30       6     6¼ h       3
     40       7    140      20     8¾ h       4
    120       8    480      60     10 h       4
"""


def test_cli_table_of_fields(cli: Callable[..., Run]) -> None:
    """G/25 d5: 30 min per player, 75 min a round, 2 rounds a 3-hour night;
    8 players 4 × 75 = 300 min (5 h, 2 nights), 12: 375 (6¼ h, 3), 40: 525
    (8¾ h, 4), 120: 600 (10 h, 4)."""
    run = cli("calc", "8", "12", "40", "120", "--format", "swiss", "--tc", "G/25d5")
    assert (run.code, run.err) == (0, "")
    assert run.out == TABLE
    api = [calculate(n, format="swiss", time_control="G/25d5") for n in (8, 12, 40, 120)]
    assert [(r.total_minutes, r.total_hours, r.club_nights) for r in api] == [
        (300, 5.0, 2),
        (375, 6.25, 3),
        (525, 8.75, 4),
        (600, 10.0, 4),
    ]


def test_cli_json(cli: Callable[..., Run]) -> None:
    run = cli("calc", "40", "41", "--format", "swiss", "--tc", "90+30", "--json")
    assert run.code == 0, run.err
    results = json.loads(run.out)["results"]
    assert [
        (r["players"], r["rounds"], r["boards"], r["games"], r["byes_per_round"]) for r in results
    ] == [(40, 7, 20, 140, 0), (41, 7, 20, 140, 1)]
    assert results[0]["details"] == list(REASON_40)
    assert results[0]["options"]["rounds"] == 0
    assert (results[0]["total_minutes"], results[0]["club_nights"]) == (1785, 7)
