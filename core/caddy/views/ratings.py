"""An event's rating change as reports (``caddy ratings EVENT``): the table
of every player, a player's card (their games, expected scores and changes),
and the ``caddy.ratings`` document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.model.numbers import points
from caddy.model.report import Report, Table

if TYPE_CHECKING:
    from caddy.contracts.rating import PlayerChange, RatingReport, RatingRequest
    from caddy.model.rating_documents import RatingsDocument
    from caddy.model.schedule import Player


def signed(value: float | None, places: int = 1) -> str:
    """A change as FIDE prints it: ``+13.2``, ``-26.4``, ``0.0`` (``-`` if none)."""
    if value is None:
        return "-"
    text = f"{value:+.{places}f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def _rating(value: int | None) -> str:
    return "unrated" if value is None else str(value)


def _k(value: float | None) -> str:
    return "-" if value is None else points(value)


def ratings_table(
    request: RatingRequest, report: RatingReport, players: tuple[Player, ...]
) -> Table:
    """One row per player: rating, K, rated games, score, expected, change (an
    unrated player: the games against rated opponents, and in brackets the
    provisional first rating; no rated game: ``-``)."""
    rows = []
    for change in report.players:
        player = players[change.number - 1]
        score = sum(g.score for g in change.games)
        expected = sum(g.expected for g in change.games)
        first = change.first_rating
        if first is not None:  # an unrated player: the games of the first rating
            games, scored, shown = str(first.games), points(first.score), f"({first.rating:.0f})"
        else:
            games = str(len(change.games))
            scored = points(score) if change.games else "-"
            shown = signed(change.change) if change.games else "-"
        rows.append(
            (
                str(change.number),
                player.name,
                player.fide_id or "",
                _rating(change.rating),
                _k(change.k),
                games,
                scored,
                f"{expected:.2f}" if change.games else "-",
                shown,
            )
        )
    return Table(
        caption=f"Rating change ({report.system}, {request.type})",
        columns=("No", "Name", "FIDE ID", "Rtg", "K", "Games", "Score", "Exp.", "Change"),
        rows=tuple(rows),
        right=frozenset({0, 3, 4, 5, 6, 7, 8}),
    )


def card_table(change: PlayerChange, players: tuple[Player, ...]) -> Table:
    """A player's card: each rated game and the total."""
    rows = [
        (
            str(g.round),
            f"{players[g.opponent - 1].name} ({g.opponent})",
            str(g.opponent_rating),
            points(g.score),
            f"{g.expected:.2f}",
            signed(g.change),
        )
        for g in change.games
    ]
    if change.games:
        rows.append(
            (
                "",
                "total",
                "",
                points(sum(g.score for g in change.games)),
                f"{sum(g.expected for g in change.games):.2f}",
                signed(change.change),
            )
        )
    return Table(
        caption="Rated games",
        columns=("Rd", "Opponent", "Rtg", "Score", "Exp.", "Change"),
        rows=tuple(rows),
        right=frozenset({0, 2, 3, 4, 5}),
    )


def card_lines(change: PlayerChange, player: Player) -> tuple[str, ...]:
    """The card's heading lines: rating, K, list, what was assumed."""
    lines = [f"Rating {_rating(change.rating)}, K {_k(change.k)}"]
    if player.listed is not None and player.listed.list_date is not None:
        lines.append(f"Rating list of {player.listed.list_date.isoformat()}")
    if change.change is not None:
        published = "" if change.published is None else f"; published {change.published:+.0f}"
        lines.append(f"Change {signed(change.change)} ({change.change:+.4f} unrounded{published})")
    first = change.first_rating
    if first is not None:
        lines.append(
            f"First rating {first.rating:.0f} from {first.games} game(s) against rated "
            f"opponents (average {first.average:.0f}, score {points(first.score)}): {first.note}"
        )
    return (*lines, *change.notes)


def ratings_report(
    title: str,
    request: RatingRequest,
    report: RatingReport,
    players: tuple[Player, ...],
    player: int | None = None,
) -> Report:
    """The table of every player, or ``player``'s card."""
    if player is None:
        return Report(
            kind="ratings",
            title=title,
            subtitle="Rating change",
            tables=(ratings_table(request, report, players),),
            notes=report.notes,
        )
    change = report.players[player - 1]
    chosen = players[player - 1]
    return Report(
        kind="rating-card",
        title=title,
        subtitle=f"{chosen.name} ({player}): rating change",
        intro=card_lines(change, chosen),
        tables=(card_table(change, players),),
        notes=report.notes,
    )


def ratings_document(
    title: str, request: RatingRequest, report: RatingReport, players: tuple[Player, ...]
) -> RatingsDocument:
    """The ``caddy.ratings`` document (docs/json.md)."""
    # lazy: the document classes load for --json only, not for the table
    from caddy.model.rating_documents import (
        FirstRatingData,
        RatingGameData,
        RatingPlayerData,
        RatingsDocument,
    )

    return RatingsDocument(
        event=title,
        system=report.system,
        type=request.type,
        date=request.date.isoformat() if request.date else None,
        notes=report.notes,
        players=tuple(
            RatingPlayerData(
                pairing_number=c.number,
                name=players[c.number - 1].name,
                fide_id=players[c.number - 1].fide_id,
                rating=c.rating,
                k=c.k,
                change=c.change,
                published=c.published,
                games=tuple(
                    RatingGameData(
                        round=g.round,
                        opponent=g.opponent,
                        opponent_name=players[g.opponent - 1].name,
                        opponent_rating=g.opponent_rating,
                        score=g.score,
                        expected=g.expected,
                        change=g.change,
                    )
                    for g in c.games
                ),
                notes=c.notes,
                first_rating=None
                if c.first_rating is None
                else FirstRatingData(
                    rating=c.first_rating.rating,
                    games=c.first_rating.games,
                    score=c.first_rating.score,
                    average=c.first_rating.average,
                    note=c.first_rating.note,
                ),
            )
            for c in report.players
        ),
    )
