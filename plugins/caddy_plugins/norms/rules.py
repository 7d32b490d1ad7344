"""FIDE Title Regulations (FIDE Handbook B.01, in force from 1 January 2024,
https://handbook.fide.com/chapter/B012024), the norm articles 1.4.1 to 1.4.9:
the figures and the check of one selection of games (docs/norms.md).

Ratings and percentages are rounded half up exactly (1.4.7b, 1.4.9), with
the dp table of 1.4.9 (identical to B.02 table 8.1, shipped as
``caddy_plugins/tiebreaks/data/fide_rating_tables.json``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from caddy.contracts.norms import NormGame, NormPlayer, NormRound
from caddy.model.titles import OLD_TITLES
from caddy_plugins.tiebreaks.ratings import dp, round_half_up


@attrs.frozen(kw_only=True)
class Title:
    """One title's norm figures (B.01 0.5, 1.4.5, 1.4.6b, 1.4.8)."""

    name: str
    #: Minimum performance after rounding (1.4.8).
    performance: int
    #: Minimum average rating of the opponents (1.4.8a).
    average: int
    #: Adjusted rating floor (1.4.6b).
    floor: int
    #: Titles an opponent holds to count for 1.4.5b-e.
    holders: frozenset[str]
    #: The article naming the holders (1.4.5b-e).
    article: str


TITLES = (
    Title(
        name="GM",
        performance=2600,
        average=2380,
        floor=2200,
        holders=frozenset({"GM"}),
        article="1.4.5b",
    ),
    Title(
        name="IM",
        performance=2450,
        average=2230,
        floor=2050,
        holders=frozenset({"GM", "IM"}),
        article="1.4.5c",
    ),
    Title(
        name="WGM",
        performance=2400,
        average=2180,
        floor=2000,
        holders=frozenset({"GM", "IM", "WGM"}),
        article="1.4.5d",
    ),
    Title(
        name="WIM",
        performance=2250,
        average=2030,
        floor=1850,
        holders=frozenset({"GM", "IM", "WGM", "WIM"}),
        article="1.4.5e",
    ),
)


#: Titles that count as titleholders for 1.4.5a (CM and WCM do not).
TITLEHOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})


#: An unrated opponent's rating (1.4.6d).
UNRATED = 1400


#: The minimum score (1.4.8b): 35%, as a fraction of the games.
MINIMUM_SHARE = (35, 100)


#: Games beyond which a norm counts only as 13 (1.7).
MOST_GAMES = 13


#: The federation code of players under the FIDE flag: accepted as opponents,
#: never one of the foreign federations (QC clarification, docs/norms.md).
FIDE_FLAG = "FID"


def title_code(text: str | None) -> str | None:
    """A title as the rating list spells it, upper case (TRF's old ``g`` → ``GM``)."""
    if not text:
        return None
    code = text.strip()
    return OLD_TITLES.get(code.lower(), code.upper()) or None


def floored(ratings: Sequence[int], floor: int) -> list[int]:
    """The ratings with the lowest raised to the floor, if it is under it: no
    more than one opponent is raised (1.4.6c). Unrated opponents come in at
    :data:`UNRATED` (1.4.6d)."""
    used = list(ratings)
    if used:
        low = min(range(len(used)), key=used.__getitem__)
        used[low] = max(used[low], floor)
    return used


def rating_of(opponent: NormPlayer | None) -> int:
    """The rating an opponent counts with: theirs, or :data:`UNRATED` (1.4.6d)."""
    return opponent.rating if opponent is not None and opponent.rating else UNRATED


def name_of(opponent: NormPlayer | None) -> str:
    return opponent.name if opponent is not None else "no one"


def percent(half_points: int, games: int) -> int:
    """The score percentage rounded half up (1.4.9: 0.5% is rounded up)."""
    return round_half_up(50 * half_points, games)


def needed_score(average: int, games: int, title: Title) -> float | None:
    """The least score (in half points) whose performance reaches the title's
    level over ``games`` games against ``average``, and at least 35% (1.4.8);
    ``None`` when even a full score does not."""
    least = -(-MINIMUM_SHARE[0] * 2 * games // MINIMUM_SHARE[1])  # 35% in half points, up
    for half in range(least, 2 * games + 1):
        if average + dp(percent(half, games)) >= title.performance:
            return half / 2
    return None


@attrs.frozen(kw_only=True)
class Figures:
    """What one selection of games makes for one title."""

    games: tuple[NormGame, ...]
    average: int | None
    performance: int | None
    score: float
    needed: float | None
    missing: tuple[str, ...]


def game_of(rnd: NormRound, rating: int) -> NormGame:
    assert rnd.opponent is not None
    result = {"1": "1", "=": "½", "0": "0"}.get(rnd.code, rnd.code)
    return NormGame(
        round=rnd.round,
        opponent=rnd.opponent,
        result=result,
        points=rnd.points,
        rating_used=rating,
    )


def ratings_used(rounds: Sequence[NormRound], title: Title) -> list[int]:
    return floored([rating_of(r.opponent) for r in rounds if r.opponent], title.floor)


def figures(rounds: Sequence[NormRound], title: Title, least_games: int, mix: list[str]) -> Figures:
    """The figures of the games ``rounds`` for ``title``; ``mix``: what the
    opponents' titles and federations lack (1.4.3 to 1.4.5)."""
    n = len(rounds)
    used = ratings_used(rounds, title)
    games = tuple(map(game_of, rounds, used))
    half = sum(round(2 * r.points) for r in rounds)
    missing = [*(games_short(n, least_games)), *mix]
    if not n:
        return Figures(
            games=(), average=None, performance=None, score=0.0, needed=None, missing=tuple(missing)
        )
    average = round_half_up(sum(used), n)
    performance = average + dp(percent(half, n))
    needed = needed_score(average, n, title)
    if average < title.average:
        missing.append(
            f"average rating {average}, at least {title.average} needed for "
            f"{'an' if title.name == 'IM' else 'a'} {title.name} norm (1.4.8a)"
        )
    if half * MINIMUM_SHARE[1] < MINIMUM_SHARE[0] * 2 * n:
        missing.append(f"score {half / 2:g} of {n} is under 35% (1.4.8b)")
    if performance < title.performance:
        missing.append(
            f"performance {performance}, at least {title.performance} needed (1.4.8): "
            f"{'no score is enough' if needed is None else f'{needed:g} points needed'}"
        )
    return Figures(
        games=games,
        average=average,
        performance=performance,
        score=half / 2,
        needed=needed,
        missing=tuple(missing),
    )


def mix_figures(opponents: Sequence[NormPlayer], title: Title, own: str | None) -> dict[str, int]:
    """The counts the mix rules read (1.4.3 to 1.4.5), for the report."""
    titles = [title_code(o.title) for o in opponents]
    federations = Counter(
        o.federation.upper()
        for o in opponents
        if o.federation and o.federation.upper() != FIDE_FLAG
    )
    mine = (own or "").upper()
    return {
        "titled": sum(t in TITLEHOLDERS for t in titles),
        "holders": sum(t in title.holders for t in titles),
        "federations": len(set(federations) - {mine}),
        "own_federation": federations[mine] if mine else 0,
        "most_from_one": max((c for f, c in federations.items() if f != mine), default=0),
    }


def games_short(games: int, least: int) -> list[str]:
    if games >= least:
        return []
    return [f"{games} games counted, at least {least} needed (1.4.1)"]


def share_up(count: int, numerator: int, denominator: int) -> int:
    """A minimum share of ``count``, rounded up (1.4.4: minimums up)."""
    return -(-count * numerator // denominator)


def share_down(count: int, numerator: int, denominator: int) -> int:
    """A maximum share of ``count``, rounded down (1.4.4: maximums down)."""
    return count * numerator // denominator


def title_mix(
    opponents: Sequence[NormPlayer], title: Title, double_round_robin: bool, players: int
) -> list[str]:
    """What the opponents' titles lack (1.4.5): half of them titleholders,
    a third (at least 3) holding the norm's title or a higher one. In a
    double round robin (1.4.5): at least 6 players, and half the opponents,
    rounded up, holding the norm's title."""
    n = len(opponents)
    titles = [title_code(o.title) for o in opponents]
    missing = []
    titled = sum(t in TITLEHOLDERS for t in titles)
    if titled < share_up(n, 1, 2):
        missing.append(
            f"{titled} titled opponents of {n}, at least {share_up(n, 1, 2)} needed "
            "(1.4.5a; CM and WCM do not count)"
        )
    if double_round_robin:
        if players < 6:
            missing.append(f"a double round robin of {players} players, at least 6 needed (1.4.5)")
        distinct = {o.number: title_code(o.title) for o in opponents}
        holders = sum(t in title.holders for t in distinct.values())
        least = share_up(len(distinct), 1, 2)
        what = "opponents"
    else:
        holders = sum(t in title.holders for t in titles)
        least = max(3, share_up(n, 1, 3))
        what = "opponents"
    if holders < least:
        missing.append(
            f"{holders} {what} holding {'/'.join(sorted(title.holders))}, at least {least} "
            f"needed ({title.article})"
        )
    return missing


def federation_mix(opponents: Sequence[NormPlayer], own: str | None) -> list[str]:
    """What the opponents' federations lack (1.4.3, 1.4.4): two federations
    other than the player's; at most 3/5 from the player's, at most 2/3 from
    any one. ``FID`` and unknown federations are no federation."""
    n = len(opponents)
    if not own:
        return ["the player's federation is not known (1.4.3)"]
    federations = [
        o.federation.upper()
        for o in opponents
        if o.federation and o.federation.upper() != FIDE_FLAG
    ]
    own = own.upper()
    missing = []
    foreign = sorted({f for f in federations if f != own})
    if len(foreign) < 2:
        missing.append(
            f"{len(foreign)} federation{'s' if len(foreign) != 1 else ''} other than {own} "
            f"({', '.join(foreign) or 'none'}), at least 2 needed (1.4.3)"
        )
    counts = Counter(federations)
    if counts[own] > share_down(n, 3, 5):
        missing.append(
            f"{counts[own]} opponents from {own}, at most {share_down(n, 3, 5)} allowed (1.4.4)"
        )
    for federation, count in sorted(counts.items()):
        if federation != own and count > share_down(n, 2, 3):
            missing.append(
                f"{count} opponents from {federation}, at most {share_down(n, 2, 3)} "
                "from one federation (1.4.4)"
            )
    return missing
