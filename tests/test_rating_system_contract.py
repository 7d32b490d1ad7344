"""The rating-system contract suite (caddy.testing.rating_systems, issue 26):
the built-in ``fide`` passes it, so does the small example system a
federation would copy (docs/ratings.md shows it), and each check fails a
system that breaks its promise."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

import attrs
import pytest

from caddy.contracts.rating import (
    GameChange,
    PlayerChange,
    RatedPlayer,
    RatingGame,
    RatingReport,
    RatingRequest,
    RatingSystem,
)
from caddy.errors import InputError
from caddy.testing.rating_systems import RatingSystemContract, relabelled_request

# -- the example a federation would copy (docs/ratings.md, "A federation's system") -----------


class FlatElo:
    """Elo with one K for everyone and the logistic expectation 1 / (1 + 10^(−D/400)):
    games over the board against rated opponents, with a result."""

    name = "flat-elo"
    summary = "Elo, K 32 for everyone, logistic expected score"
    options: Mapping[str, str] = {"k": "the K for every player (default 32)"}

    def change(self, request: RatingRequest) -> RatingReport:
        unknown = sorted(set(request.options) - set(self.options))
        if unknown:
            raise InputError(f"flat-elo: unknown option {unknown[0]!r} (known: k)")
        try:
            k = int(request.options.get("k", "32"))
        except ValueError:
            raise InputError(f"flat-elo: option k={request.options['k']!r}: not a number") from None
        rating = {p.number: p.rating for p in request.players}
        changes = []
        for player in request.players:
            own = player.rating
            games = []
            for game in request.games:
                if game.player != player.number or own is None or not self.rates(game):
                    continue
                assert game.opponent is not None and game.score is not None
                opponent = rating[game.opponent]
                if opponent is None:
                    continue
                expected = 1 / (1 + 10 ** ((opponent - own) / 400))
                games.append(
                    GameChange(
                        round=game.round,
                        opponent=game.opponent,
                        opponent_rating=opponent,
                        score=game.score,
                        expected=expected,
                        change=k * (game.score - expected),
                    )
                )
            total = sum(g.change for g in games) if own is not None else None
            changes.append(
                PlayerChange(
                    number=player.number,
                    rating=own,
                    k=k if games else None,
                    change=total,
                    games=tuple(games),
                )
            )
        return RatingReport(system=self.name, players=tuple(changes))

    def rates(self, game: RatingGame) -> bool:
        return game.played and game.opponent is not None and game.score is not None


class TestFide(RatingSystemContract):
    system_name = "fide"
    option_sets = ({}, {"cap": "off", "junior": "yes"}, {"rapid_2650": "yes", "date": "2024-05-01"})


class TestFlatElo(RatingSystemContract):
    system = FlatElo()
    option_sets = ({}, {"k": "16"})


# -- each check fails a system that breaks its promise -------------------------------------------


class RatesForfeits(FlatElo):
    """Rates a forfeit as if it were played."""

    def rates(self, game: RatingGame) -> bool:
        return game.opponent is not None and game.score is not None


class RoundsTheTotal(FlatElo):
    """Reports the total rounded, its games unrounded."""

    def change(self, request: RatingRequest) -> RatingReport:
        report = super().change(request)
        rounded = tuple(
            attrs.evolve(p, change=None if p.change is None else float(round(p.change)))
            for p in report.players
        )
        return attrs.evolve(report, players=rounded)


class ListsByRating(FlatElo):
    """Returns the players best first, not in the request's order."""

    def change(self, request: RatingRequest) -> RatingReport:
        report = super().change(request)
        rating = {p.number: p.rating or 0 for p in request.players}
        ordered = sorted(report.players, key=lambda p: -rating[p.number])
        return attrs.evolve(report, players=tuple(ordered))


class ChokesOnOptions(FlatElo):
    """Reads every option as a number: an unknown one is a KeyError or a ValueError."""

    def change(self, request: RatingRequest) -> RatingReport:
        for name, value in request.options.items():
            {"k": int}[name](value)
        return super().change(attrs.evolve(request, options={}))


class FavoursNumberOne(FlatElo):
    """Gives pairing number 1 K 40: a figure that follows the pairing number."""

    def change(self, request: RatingRequest) -> RatingReport:
        report = super().change(request)
        players = tuple(
            attrs.evolve(
                p,
                change=p.change * 1.25,
                games=tuple(attrs.evolve(g, change=g.change * 1.25) for g in p.games),
            )
            if p.number == 1 and p.change is not None
            else p
            for p in report.players
        )
        return attrs.evolve(report, players=players)


class Flaky(FlatElo):
    """Another K every call."""

    calls = 0

    def change(self, request: RatingRequest) -> RatingReport:
        Flaky.calls += 1
        return super().change(attrs.evolve(request, options={"k": str(30 + Flaky.calls % 3)}))


def request() -> RatingRequest:
    """Three rated players and an unrated one: a game, a forfeit, a draw, a bye."""
    players = (
        RatedPlayer(number=1, name="A", rating=2000),
        RatedPlayer(number=2, name="B", rating=1900),
        RatedPlayer(number=3, name="C", rating=2100),
        RatedPlayer(number=4, name="D", rating=None),
    )
    games = (
        RatingGame(round=1, player=1, opponent=2, score=1.0, played=True),
        RatingGame(round=1, player=2, opponent=1, score=0.0, played=True),
        RatingGame(round=1, player=3, opponent=4, score=1.0, played=False),
        RatingGame(round=1, player=4, opponent=3, score=0.0, played=False),
        RatingGame(round=2, player=1, opponent=3, score=1.0, played=False),
        RatingGame(round=2, player=3, opponent=1, score=0.0, played=False),
        RatingGame(round=2, player=2, opponent=None, score=1.0, played=False),
        RatingGame(round=3, player=1, opponent=3, score=0.5, played=True),
        RatingGame(round=3, player=3, opponent=1, score=0.5, played=True),
    )
    return RatingRequest(
        type="standard", date=datetime.date(2026, 5, 1), players=players, games=games
    )


SUITE = RatingSystemContract()


def test_the_example_passes_every_check_on_the_sample() -> None:
    system = FlatElo()
    SUITE.check_conformance(system)
    for check in (
        SUITE.check_shape,
        SUITE.check_sums,
        SUITE.check_unplayed_not_rated,
        SUITE.check_unknown_option,
        SUITE.check_deterministic,
    ):
        check(system, request())
    SUITE.check_relabelling(system, request(), (3, 1, 4, 2))


@pytest.mark.parametrize(
    ("broken", "check", "message"),
    [
        pytest.param(RatesForfeits(), "check_unplayed_not_rated", "was not played", id="forfeit"),
        pytest.param(RoundsTheTotal(), "check_sums", "its games sum to", id="sums"),
        pytest.param(ListsByRating(), "check_shape", "the request's order", id="order"),
        pytest.param(
            ChokesOnOptions(), "check_unknown_option", "KeyError, not CaddyError", id="option"
        ),
        pytest.param(Flaky(), "check_deterministic", "a second call", id="flaky"),
    ],
)
def test_each_check_fails_a_broken_system(broken: RatingSystem, check: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        getattr(SUITE, check)(broken, request())


def test_relabelling_check_fails_a_system_that_follows_pairing_numbers() -> None:
    with pytest.raises(AssertionError, match=r"player 1 \(now 3\): other figures"):
        SUITE.check_relabelling(FavoursNumberOne(), request(), (3, 1, 4, 2))


class TestSuiteFailsAForfeitRater(RatingSystemContract):
    """The drawn checks find the forfeit rater too (the test expects the suite's failure)."""

    system = RatesForfeits()
    max_examples = 12
    shrink = False

    def test_unplayed_games_never_rated(self, rating_system: RatingSystem) -> None:
        with pytest.raises(AssertionError, match="was not played"):
            super().test_unplayed_games_never_rated(rating_system)


def test_relabelled_request_renumbers_every_side() -> None:
    moved = relabelled_request(request(), (3, 1, 4, 2))
    assert [p.number for p in moved.players] == [3, 1, 4, 2]
    assert moved.games[0].player == 3 and moved.games[0].opponent == 1
    assert moved.games[6].opponent is None
