"""The ``fide`` rating system: each player's change in one event by FIDE
Handbook B.02 (see :mod:`caddy_plugins.ratings.fide.rules` for the articles)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

import attrs

from caddy.contracts.rating import (
    FirstRating,
    GameChange,
    PlayerChange,
    RatedPlayer,
    RatingGame,
    RatingReport,
    RatingRequest,
)
from caddy.errors import InputError
from caddy_plugins.ratings.fide import rules
from caddy_plugins.ratings.fide.options import OPTIONS, Settings, read


@attrs.frozen(kw_only=True)
class _Rules:
    """The rules in force at the date read."""

    date: datetime.date
    rapid: bool
    #: 8.3.1 as amended on 1 October 2025 (players 2650+ use the real difference).
    exempt_2650: bool
    #: Rapid and blitz 7.3.1 from 1 December 2024 (600 points apart, one above 2600).
    rapid_600: bool


def _rules(request: RatingRequest, settings: Settings) -> tuple[_Rules, list[str]]:
    notes = []
    date = request.date
    if date is None:
        date = settings.date or rules.AMENDED_8_3_1
        notes.append(
            f"no event date: the rules in force on {date.isoformat()} "
            + ("(option date)" if settings.date else "(the latest; option date=YYYY-MM-DD)")
        )
    rapid = request.type != "standard"
    if date < rules.IN_FORCE:
        notes.append(
            f"{date.isoformat()} is before 1 March 2024: the regulations of 1 March 2024 "
            "are applied (the earlier ones are not implemented)"
        )
    amended = date >= rules.AMENDED_8_3_1
    exempt = amended and (not rapid or settings.rapid_2650)
    if exempt:
        notes.append("8.3.1 (from 1 October 2025): the 400-point rule for players below 2650 only")
    else:
        notes.append("8.3.1: a difference over 400 points counts as 400 for every player")
    rapid_600 = rapid and date >= rules.RAPID_600
    if rapid_600:
        notes.append(
            "rapid and blitz 7.3.1 (from 1 December 2024): games 600 or more points "
            "apart are not rated when a player is rated above 2600"
        )
    return _Rules(date=date, rapid=rapid, exempt_2650=exempt, rapid_600=rapid_600), notes


def _why_not_rated(
    game: RatingGame, players: Mapping[int, RatedPlayer], own: int | None, law: _Rules
) -> str | None:
    """Why a side of a round is not rated (``None``: it is)."""
    if game.opponent is None:
        return "bye"
    if game.score is None:
        return "no result yet"
    if not game.played:
        return "not played (5.1)"
    opponent = players[game.opponent].rating
    if opponent is None:
        return "unrated opponent (8.3.1)"
    if own is not None and law.rapid_600 and rules.not_rated_600(own, opponent):
        return "600 or more points apart, a player above 2600 (rapid and blitz 7.3.1)"
    return None


def _score(game: RatingGame) -> int:
    assert game.score is not None
    try:
        return rules.score_hundredths(game.score)
    except ValueError:
        raise InputError(
            f"fide: round {game.round}, player {game.player}: a score of {game.score:g} "
            "(a rated game scores 1, 0.5 or 0: B.02 8.3.2 b)"
        ) from None


def _k(player: RatedPlayer, rating: int, law: _Rules, settings: Settings) -> tuple[int, list[str]]:
    """The player's K before the 700 cap (8.3.3), and what was assumed."""
    if player.k is not None:
        return player.k, []
    notes = []
    if settings.new_player != "auto":
        new = settings.new_player == "yes"
        notes.append(f"new to the list: {settings.new_player} (option new_player)")
    elif player.games is None:
        new = False
        notes.append("games unknown: taken as 30 or more (option new_player=yes for K 40)")
    else:
        new = player.games < 30
    if settings.junior != "auto":
        junior = settings.junior == "yes"
        notes.append(f"junior: {settings.junior} (option junior)")
    elif player.birth_year is None:
        junior = False
        if rating < 2300:
            notes.append("birth year unknown: taken as not a junior (option junior=yes for K 40)")
    else:
        junior = rules.is_junior(player.birth_year, law.date.year)
    if rating < 2400:
        if settings.ever_2400:
            notes.append("rated 2400 or more before (option ever_2400)")
        else:
            notes.append("taken as never rated 2400 or more (option ever_2400=yes for K 10)")
    k, why = rules.derived_k(rating, new_player=new, junior=junior, ever_2400=settings.ever_2400)
    return k, [f"K derived: {why}", *notes]


def _first_rating(
    player: RatedPlayer, games: list[tuple[RatingGame, int]]
) -> tuple[FirstRating | None, list[str]]:
    """An unrated player's first rating from their games against rated opponents (8.2)."""
    if not games:
        return None, ["no game against a rated opponent: no first rating (8.2)"]
    half_points = sum(_score(game) for game, _ in games) // 50
    if half_points == 0:
        return None, ["scored zero: disregarded if this is the player's first event (8.2.1)"]
    opponents = [rating for _, rating in games]
    ru, percent, diff, total = rules.first_rating(opponents, half_points)
    n = len(opponents)
    rating = min(ru, rules.FIRST_MAX)
    notes = [
        f"first rating (8.2): Ra = ({sum(opponents)} + 2 × 1800) / {n + 2} = "
        f"{total / (n + 2):.2f}; p = {half_points / 2 + 1:g} / {n + 2} = {percent / 100:.2f}, "
        f"dp = {diff}; Ru = {ru}"
    ]
    if ru > rules.FIRST_MAX:
        notes.append("the highest first rating is 2200 (8.2.3)")
    if n < rules.FIRST_GAMES:
        notes.append(
            f"{n} game(s) against rated opponents: published from 5, pooled over "
            "consecutive rating periods up to 26 months (7.1.4)"
        )
    if rating < rules.FLOOR:
        notes.append("below 1400: not published (7.1.4)")
    first = FirstRating(
        rating=float(rating), games=n, score=half_points / 2, average=sum(opponents) / n
    )
    return first, notes


def _player(
    player: RatedPlayer,
    games: list[RatingGame],
    players: Mapping[int, RatedPlayer],
    law: _Rules,
    settings: Settings,
) -> PlayerChange:
    own = player.rating
    rated: list[tuple[RatingGame, int]] = []
    skipped: list[str] = []
    for game in games:
        why = _why_not_rated(game, players, own, law)
        if why is None:
            opponent = players[game.opponent].rating if game.opponent is not None else None
            assert opponent is not None
            rated.append((game, opponent))
        else:
            skipped.append(f"round {game.round}: {why}")
    notes = [f"not rated: {'; '.join(skipped)}"] if skipped else []
    if own is None:
        first, more = _first_rating(player, rated)
        return PlayerChange(
            number=player.number,
            rating=None,
            k=None,
            change=None,
            notes=(*notes, *more),
            first_rating=first,
        )
    if not rated:
        return PlayerChange(
            number=player.number, rating=own, k=None, change=0.0, notes=tuple(notes), published=0.0
        )
    k, k_notes = _k(player, own, law, settings)
    notes.extend(k_notes)
    if settings.cap and rules.capped_k(k, len(rated)) != k:
        capped = rules.capped_k(k, len(rated))
        notes.append(
            f"K {k} reduced to {capped}: {len(rated)} rated games × {k} exceed 700 (8.3.3; "
            "FIDE counts the games of the whole rating period)"
        )
        k = capped
    capped_rule = not law.exempt_2650 or rules.capped_for(own, amended=True)
    changes = []
    total = 0
    for game, opponent in rated:
        score = _score(game)
        pd = rules.expected(own, opponent, capped=capped_rule)
        hundredths = k * (score - pd)
        total += hundredths
        changes.append(
            GameChange(
                round=game.round,
                opponent=game.opponent if game.opponent is not None else 0,
                opponent_rating=opponent,
                score=score / 100,
                expected=pd / 100,
                change=hundredths / 100,
            )
        )
    return PlayerChange(
        number=player.number,
        rating=own,
        k=k,
        change=total / 100,
        games=tuple(changes),
        notes=tuple(notes),
        published=float(rules.round_away(total)),
    )


class FideRating:
    """FIDE's rating system (Handbook B.02, 1 March 2024; 8.3.1 as amended on 1 October 2025)."""

    name = "fide"
    summary = "FIDE Rating Regulations (Handbook B.02, 1 March 2024; 8.3.1 from 1 October 2025)"
    options: Mapping[str, str] = OPTIONS

    def change(self, request: RatingRequest) -> RatingReport:
        settings = read(request.options)
        players = {p.number: p for p in request.players}
        if len(players) != len(request.players):
            raise InputError("fide: two players have the same pairing number")
        by_player: dict[int, list[RatingGame]] = {number: [] for number in players}
        for game in request.games:
            if game.player not in players or (
                game.opponent is not None and game.opponent not in players
            ):
                raise InputError(f"fide: round {game.round}: a game of a player not in the event")
            by_player[game.player].append(game)
        law, notes = _rules(request, settings)
        notes.append(
            "published: the change rounded to the nearest whole number, 0.5 away from zero "
            "(8.3.4 rounds a rating period's change)"
        )
        changes = tuple(
            _player(p, sorted(by_player[p.number], key=lambda g: g.round), players, law, settings)
            for p in request.players
        )
        return RatingReport(system=self.name, players=changes, notes=tuple(notes))
