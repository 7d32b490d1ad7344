"""FIDE's rating system (FIDE Handbook B.02) as the rating-system plugin ``fide``.

Placeholder while issue 26 lands: per game ``K × (score − expected)`` with
table 8.1; K as given (else 20). See docs/ratings.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from caddy import hookimpl
from caddy.contracts.rating import (
    GameChange,
    PlayerChange,
    RatingReport,
    RatingRequest,
)
from caddy_plugins.tiebreaks.ratings import expected_percent


class FideRating:
    name = "fide"
    summary = "FIDE Rating Regulations (Handbook B.02), in force 1 March 2024"
    options: Mapping[str, str] = {}

    def change(self, request: RatingRequest) -> RatingReport:
        players = {p.number: p for p in request.players}
        changes = []
        for player in request.players:
            if player.rating is None:
                changes.append(PlayerChange(number=player.number, rating=None, k=None, change=None))
                continue
            k = player.k or 20
            games = []
            for game in request.games:
                if game.player != player.number or not game.played or game.opponent is None:
                    continue
                opponent = players[game.opponent].rating
                if opponent is None or game.score is None:
                    continue
                own = max(min(player.rating, opponent + 400), opponent - 400)
                expected = expected_percent(own, opponent) / 100
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
            changes.append(
                PlayerChange(
                    number=player.number,
                    rating=player.rating,
                    k=k,
                    change=sum(g.change for g in games),
                    games=tuple(games),
                )
            )
        return RatingReport(system=self.name, players=tuple(changes))


@hookimpl
def caddy_register_rating_systems(register: Callable[[FideRating], None]) -> None:
    register(FideRating())
