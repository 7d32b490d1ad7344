"""``fide``: the norms of FIDE's titles GM, IM, WGM and WIM (FIDE Handbook B.01,
Title Regulations in force from 1 January 2024, articles 1.4.1 to 1.4.9;
docs/norms.md), registered as any third party's norm rules are.

Which games count (1.4.1, 1.4.2): games played over the board; forfeits,
byes and games of under one move do not, nor (in a round robin) the games
of an unrated opponent who scored nothing against rated ones. A player may
leave out games against opponents they beat (1.4.1f) and, in a Swiss, the
rounds after a title result (1.4.1e); the check tries those selections in
order (all games first; then the lowest-rated wins left out one by one; in
a Swiss, then shorter runs of rounds) and reports the first that makes the
norm, else what the whole event lacks. A 9-round event's 8 games with a
forfeit win or a pairing-allocated bye count as 9 (1.4.1c).

Options (``caddy norms --option name=value``): ``exemption`` =
``national-championship`` (1.4.3a), ``national-team`` (1.4.3b), ``zonal``
(1.4.3c) or ``swiss-foreigners`` (1.4.3d): the federation requirements
(1.4.3, 1.4.4) are waived; ``host`` = the federation that registered a
national championship or team championship (the exemption is its players'
only); ``least-games`` = 7 or 8 (1.4.1b: the team championships and World
Cups named there).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

import attrs

from caddy import hookimpl
from caddy.contracts.norms import NormPlayer, NormRequest, NormResult, NormRound
from caddy.errors import InputError
from caddy_plugins.norms.rules import (
    MOST_GAMES,
    TITLES,
    Figures,
    Title,
    federation_mix,
    figures,
    floored,
    mix_figures,
    name_of,
    needed_score,
    rating_of,
    title_code,
    title_mix,
)
from caddy_plugins.tiebreaks.ratings import round_half_up

EXEMPTIONS = {
    "national-championship": "1.4.3a",
    "national-team": "1.4.3b",
    "zonal": "1.4.3c",
    "swiss-foreigners": "1.4.3d",
}


#: The titles a title holder gains nothing from (a GM needs no IM norm).
HELD = {
    "GM": {"GM", "IM", "WGM", "WIM"},
    "IM": {"IM", "WIM"},
    "WGM": {"WGM", "WIM"},
    "WIM": {"WIM"},
}


def titles_for(player: NormPlayer) -> list[Title]:
    """The titles checked for ``player``: not one they hold (or one below it);
    the women's titles not for a player recorded as a man."""
    held = HELD.get(title_code(player.title) or "", set())
    man = (player.sex or "").strip().lower() in ("m", "male")
    return [t for t in TITLES if t.name not in held and not (man and t.name in ("WGM", "WIM"))]


def counted_rounds(request: NormRequest) -> tuple[list[NormRound], list[str]]:
    """The rounds that are games for norms, and why the others are not (1.4.2)."""
    counted, notes = [], []
    for rnd in request.rounds:
        opponent = rnd.opponent
        if rnd.code in ("W", "D", "L"):
            notes.append(f"round {rnd.round}: a game of under one move does not count (1.4.2c)")
        elif rnd.code in ("+", "-"):
            notes.append(f"round {rnd.round}: a forfeit does not count (1.4.2c)")
        elif rnd.code not in ("1", "=", "0") or opponent is None:
            notes.append(f"round {rnd.round}: a bye is not a game (1.4.1)")
        elif request.pre_determined and not opponent.rating and not opponent.score_vs_rated:
            notes.append(
                f"round {rnd.round}: {opponent.name} is unrated and scored nothing against "
                "rated opponents (1.4.2b)"
            )
        else:
            counted.append(rnd)
    return counted, notes


def least_games(request: NormRequest, counted: Sequence[NormRound]) -> tuple[int, str | None]:
    """The games a norm needs (1.4.1a, 1.4.1b) and, for a 9-round event's 8
    games with a forfeit win or a pairing-allocated bye (1.4.1c), 8 and the note."""
    stated = request.options.get("least-games")
    if stated is not None:
        if stated not in ("7", "8"):
            raise InputError(f"least-games={stated}: 1.4.1b allows 7 or 8")
        return int(stated), None
    if request.scheduled_rounds == 9 and len(request.rounds) == 9 and len(counted) == 8:
        played = {r.round for r in counted}
        other = next(r for r in request.rounds if r.round not in played)
        if other.code in ("+", "U"):
            kind = "a forfeit win" if other.code == "+" else "a pairing-allocated bye"
            return 8, f"8 games and {kind} in round {other.round} count as 9 (1.4.1c)"
    return 9, None


def exempt(request: NormRequest) -> str | None:
    """The article exempting the player from 1.4.3 and 1.4.4, if any."""
    name = request.options.get("exemption")
    if name is None:
        return None
    article = EXEMPTIONS.get(name)
    if article is None:
        raise InputError(f"exemption={name}: expected one of {', '.join(EXEMPTIONS)}")
    host = request.options.get("host")
    own = (request.player.federation or "").upper()
    if article in ("1.4.3a", "1.4.3b") and host and host.upper() != own:
        return None
    return article


def mix(
    request: NormRequest, rounds: Sequence[NormRound], title: Title, waived: str | None
) -> list[str]:
    """What the opponents of ``rounds`` lack (1.4.3 to 1.4.5)."""
    opponents = [r.opponent for r in rounds if r.opponent is not None]
    lacks = title_mix(opponents, title, request.cycles == 2, request.players)
    if waived is None:
        lacks += federation_mix(opponents, request.player.federation)
    return lacks


def selections(
    request: NormRequest, counted: list[NormRound]
) -> Iterator[tuple[list[NormRound], tuple[str, ...]]]:
    """The selections of games a player may submit, all games first (1.4.1e, 1.4.1f)."""
    last_rounds = [len(request.rounds)]
    if not request.pre_determined:
        last_rounds += range(len(request.rounds) - 1, 0, -1)
    for last in last_rounds:
        base = [r for r in counted if r.round <= last]
        cut: tuple[str, ...] = ()
        if last < len(request.rounds):
            cut = (f"rounds after {last} left out (1.4.1e)",)
        wins = sorted(
            (r for r in base if r.code == "1"), key=lambda r: (rating_of(r.opponent), r.round)
        )
        most = max(0, len(base) - LEAST_EVER)  # fewer games than that are never a norm
        for k in range(min(len(wins), most) + 1):
            # every k wins, the lowest-rated first (1.4.1f names no order: a
            # norm any choice makes is a norm)
            for dropped_wins in itertools.combinations(wins, k):
                dropped = {r.round for r in dropped_wins}
                left_out = tuple(
                    f"round {r.round}: the win against {name_of(r.opponent)} left out (1.4.1f)"
                    for r in dropped_wins
                )
                yield [r for r in base if r.round not in dropped], cut + left_out


#: The fewest games any norm counts (B.01 1.4.1b: 7 in some events).
LEAST_EVER = 7


def check_title(request: NormRequest, title: Title) -> NormResult:
    """The check of one title over the rounds so far (no forecast)."""
    counted, excluded = counted_rounds(request)
    least, note_c = least_games(request, counted)
    waived = exempt(request)
    whole = mix(request, counted, title, waived)
    pending = _pending(request)
    first: tuple[Figures, tuple[str, ...]] | None = None
    for chosen, notes in selections(request, counted):
        need = 9 if note_c and len(chosen) != len(counted) else least
        if first is not None and len(chosen) < need:  # too few games: no norm
            continue
        lacks = mix(request, chosen, title, waived)
        if request.pre_determined:  # 1.4.1f: the mix of the whole round robin too
            lacks += [m for m in whole if m not in lacks]
        found = figures(chosen, title, need, [*pending, *lacks])
        if first is None:
            first = (found, ())
        if not found.missing:
            done = _result(title, found, (*excluded, *notes), note_c, waived, as_nine=need == 8)
            return _with_figures(done, chosen, title, request)
    assert first is not None
    failed = _result(title, first[0], tuple(excluded), None, waived, norm=False)
    return _with_figures(failed, counted, title, request)


def _with_figures(
    result: NormResult, rounds: Sequence[NormRound], title: Title, request: NormRequest
) -> NormResult:
    opponents = [r.opponent for r in rounds if r.opponent is not None]
    return attrs.evolve(result, figures=mix_figures(opponents, title, request.player.federation))


def _pending(request: NormRequest) -> list[str]:
    left = request.scheduled_rounds - len(request.rounds)
    if left > 0 and request.pre_determined:
        return [
            f"a round robin's norm counts all {request.scheduled_rounds} rounds; "
            f"{left} still to play (1.4.1e)"
        ]
    return []


def _result(
    title: Title,
    found: Figures,
    notes: tuple[str, ...],
    note_c: str | None,
    waived: str | None,
    *,
    norm: bool = True,
    as_nine: bool = False,
) -> NormResult:
    """The result of the selection ``found``; ``as_nine``: 8 games that count
    as 9 (1.4.1b's World Cups, 1.4.1c), before the overscore's games (1.4.1d)."""
    games = len(found.games)
    counts = 0
    if norm and found.needed is not None:
        counts = min(MOST_GAMES, max(games, 9 * as_nine) + int(found.score - found.needed))
    note_c = note_c if as_nine else None
    extra = (note_c,) if note_c else ()
    waiver = (f"federation requirements waived ({waived})",) if waived else ()
    return NormResult(
        title=title.name,
        norm=norm,
        missing=found.missing,
        games=games,
        average_rating=found.average,
        performance=found.performance,
        score=found.score,
        needed=found.needed,
        counted=found.games,
        notes=(*notes, *extra, *waiver),
        counts_as=counts,
    )


def forecast_title(request: NormRequest, title: Title, now: NormResult) -> NormResult:
    """``now`` with what the rounds to come need: the points still needed,
    with the known opponents to come (a round robin's) and, for an opponent
    not known yet, one rated at the average so far."""
    left = request.scheduled_rounds - len(request.rounds)
    if left <= 0:
        return now
    counted, _ = counted_rounds(request)
    paired = request.upcoming[:left]  # the rounds to come that are paired already
    known = [o for o in paired if o is not None]
    rests = len(paired) - len(known)  # a rest round (an odd round robin's) is no game
    unknown = left - len(paired)
    games_left = left - rests
    raw = [rating_of(r.opponent) for r in counted]
    raw += [rating_of(o) for o in known]
    guess = round_half_up(sum(raw), len(raw)) if raw else title.average
    raw += [guess] * unknown
    games = len(raw)
    average = round_half_up(sum(floored(raw, title.floor)), games)
    needed = needed_score(average, games, title)
    score = sum(r.points for r in counted)
    lacks = [f"{left} round{'s' if left > 1 else ''} still to play"]
    if not unknown:
        future = [*counted, *(NormRound(round=0, code="0", points=0.0, opponent=o) for o in known)]
        lacks += mix(request, future, title, exempt(request))
    else:
        lacks.append("the opponents of the rounds to come are not known: their mix is not checked")
    still = None if needed is None else max(0.0, needed - score)
    if still is None:
        lacks.append(f"no score in the {left} rounds to come reaches a {title.name} norm")
    elif still > games_left:
        games_word = "game" if games_left == 1 else "games"
        lacks.append(f"{still:g} points needed from {games_left} {games_word}: out of reach")
    if average < title.average:
        lacks.append(f"average rating {average} expected, at least {title.average} needed (1.4.8a)")
    return attrs.evolve(
        now,
        norm=now.norm and not request.pre_determined,
        missing=tuple(lacks) if not now.norm else now.missing,
        needed=needed,
        still_needed=still,
        remaining_rounds=left,
    )


#: The options the FIDE rules read (``caddy norms --option NAME=VALUE``; docs/norms.md).
OPTIONS = ("exemption", "host", "least-games")


class FideNorms:
    name = "fide"
    summary = "FIDE title norms: GM, IM, WGM, WIM (Handbook B.01, from 1 January 2024)"
    titles = tuple(t.name for t in TITLES)

    def check(self, request: NormRequest, forecast: bool) -> tuple[NormResult, ...]:
        unknown = sorted(set(request.options) - set(OPTIONS))
        if unknown:
            raise InputError(
                f"--option {unknown[0]}: the fide norm rules take {', '.join(OPTIONS)}"
            )
        results = []
        for title in titles_for(request.player):
            now = check_title(request, title)
            results.append(forecast_title(request, title, now) if forecast else now)
        return tuple(results)


@hookimpl
def caddy_register_norms(register: Callable[[FideNorms], None]) -> None:
    register(FideNorms())
