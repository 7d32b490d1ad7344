"""FIDE's rating rules (Handbook B.02), one function per article.

The texts are the FIDE Rating Regulations effective from 1 March 2024
(https://handbook.fide.com/chapter/B022024, with the amendment of 8.3.1 in
force from 1 October 2025) and the FIDE Rapid and Blitz Rating Regulations
effective from 1 March 2024 (https://handbook.fide.com/chapter/B02RBRegulations2024),
whose articles are the standard ones numbered one lower from 6 on (rapid and
blitz 7.3.1 is standard 8.3.1). Table 8.1 is caddy's shipped copy
(``caddy_plugins/tiebreaks/data/fide_rating_tables.json``).

Everything is integer arithmetic in hundredths: an expected score is a whole
percentage of table 8.1.2, a score is 0, 50 or 100, so a game's change
``K × (score − expected)`` is ``K × (score% − expected%) / 100`` and a sum of
changes is exact before the one division.
"""

from __future__ import annotations

import datetime

from caddy_plugins.tiebreaks.ratings import dp, expected_percent, round_half_up, score_percent

#: The regulations these rules are (standard and rapid/blitz): 1 March 2024.
IN_FORCE = datetime.date(2024, 3, 1)
#: Standard 8.3.1 as amended: no 400-point rule for players rated 2650 and above.
AMENDED_8_3_1 = datetime.date(2025, 10, 1)
#: Rapid and blitz 7.3.1: games 600 points or more apart not rated when a player is above 2600.
RAPID_600 = datetime.date(2024, 12, 1)

#: 8.3.1: a difference over this counts as this.
CAP = 400
#: 8.3.1 (from 1 October 2025): players rated this or more use the real difference.
EXEMPT_FROM = 2650
#: 8.3.3: K × n may not exceed this.
K_TIMES_N = 700
#: 8.2.2: the two hypothetical opponents' rating (each game a draw).
HYPOTHETICAL = 1800
#: 8.2.3: the highest first rating.
FIRST_MAX = 2200
#: 7.1.4: a first rating is published from this many games against rated opponents ...
FIRST_GAMES = 5
#: ... and when it is at least this (7.1.4; 7.2.1: the floor of the list).
FLOOR = 1400


def difference(own: int, opponent: int, *, capped: bool) -> int:
    """The rating difference D the player's expected score is read at (8.3.1):
    more than 400 counts as 400 when ``capped``."""
    real = own - opponent
    return max(-CAP, min(CAP, real)) if capped else real


def capped_for(rating: int, *, amended: bool) -> bool:
    """Whether the 400-point rule applies to a player of ``rating`` (8.3.1):
    to everyone before the amendment, to players below 2650 after it."""
    return not amended or rating < EXEMPT_FROM


def expected(own: int, opponent: int, *, capped: bool) -> int:
    """The player's scoring probability PD in whole percent (8.3.2 a, table
    8.1.2; a difference over 735 is 1.0 and .00, the table's last row)."""
    d = difference(own, opponent, capped=capped)
    return expected_percent(opponent + d, opponent)


def not_rated_600(own: int, opponent: int) -> bool:
    """Rapid and blitz 7.3.1 (effective from 1 December 2024): a game between
    players 600 or more points apart is not rated if either is rated above 2600."""
    return abs(own - opponent) >= 600 and max(own, opponent) > 2600


def score_hundredths(score: float) -> int:
    """A game's score in hundredths (8.3.2 b: 1, 0.5 or 0); ``ValueError`` otherwise."""
    hundredths = round(score * 100)
    if hundredths not in (0, 50, 100) or abs(score * 100 - hundredths) > 1e-9:
        raise ValueError(score)
    return hundredths


def derived_k(rating: int, *, new_player: bool, junior: bool, ever_2400: bool) -> tuple[int, str]:
    """K by 8.3.3, with the clause it comes from:

    - 40 for a player new to the rating list until they have completed events
      with at least 30 games;
    - 20 as long as a player's rating remains under 2400;
    - 10 once a player's published rating has reached 2400 and remains at that
      level subsequently, even if the rating drops below 2400;
    - 40 for all players until the end of the year of their 18th birthday, as
      long as their rating remains under 2300.

    Once 2400 has been reached K stays 10 (it is read first: the article
    lists no order, FIDE's lists never raise such a player's K again)."""
    if ever_2400 or rating >= 2400:
        return 10, "10: rated 2400 or more, now or before (8.3.3)"
    if new_player:
        return 40, "40: new to the list, fewer than 30 games (8.3.3)"
    if junior and rating < 2300:
        return 40, "40: a junior (to the end of the year of the 18th birthday) under 2300 (8.3.3)"
    return 20, "20: rated under 2400 (8.3.3)"


def is_junior(birth_year: int, year: int) -> bool:
    """Until the end of the year of the 18th birthday (8.3.3)."""
    return year - birth_year <= 18


def capped_k(k: int, games: int) -> int:
    """8.3.3: if the number of games n multiplied by K exceeds 700, K is the
    largest whole number such that K × n does not exceed 700."""
    if games and k * games > K_TIMES_N:
        return K_TIMES_N // games
    return k


def round_away(hundredths: int) -> int:
    """8.3.4: the rating change rounded to the nearest whole number, 0.5 away
    from zero (from the change in hundredths, exactly)."""
    whole = (abs(hundredths) + 50) // 100
    return whole if hundredths >= 0 else -whole


def first_rating(opponents: list[int], half_points: int) -> tuple[int, int, int, int]:
    """The initial rating Ru (8.2.2, 8.2.3) from the ratings of the rated
    opponents and the score against them in half points:

    Ra is the average rating of the rated opponents plus two hypothetical
    opponents rated 1800, the results against those two counted as draws;
    Ru = Ra + dp, dp from table 8.1.1 at the score percentage p (over the
    games with the two draws), rounded to the nearest whole number, at most 2200.

    Returns (Ru before the 2200 maximum, the percentage p, dp, Ra × (n + 2)).
    p is rounded half up to a whole percent (table 8.1.1 is in hundredths);
    Ra is not rounded before dp is added: Ru is the one rounding 8.2.3 names."""
    games = len(opponents) + 2
    total = sum(opponents) + 2 * HYPOTHETICAL
    percent = score_percent(half_points + 2, games)
    diff = dp(percent)
    return round_half_up(total + diff * games, games), percent, diff, total
