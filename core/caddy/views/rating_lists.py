"""Players found in a rating store (``caddy ratings find``) as a report for
the renderers, and as the ``caddy.rating-list-find`` document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.model.ratings import RATING_TYPES, ListedPlayer
from caddy.model.report import Report, Table

if TYPE_CHECKING:
    from caddy.model.rating_documents import RatingListFindDocument


def _rating(player: ListedPlayer, kind: str) -> str:
    """A rating as the list gives it, ``i`` after an inactive player's; ``-`` if none."""
    rating = player.of(kind)  # type: ignore[arg-type]
    if rating is None or not rating.rating:
        return "-"
    return str(rating.rating) + ("i" if rating.flag and "i" in rating.flag else "")


def find_report(text: str, store: str, players: Sequence[ListedPlayer]) -> Report:
    """The players found: ID, name, federation, title, ratings, birth year; the lists they come from."""
    sources = dict.fromkeys(
        (p.list_name or "") + (f" ({p.list_date.isoformat()})" if p.list_date else "")
        for p in players
    )
    return Report(
        kind="rating-list-find",
        title=f"{store}: '{text}'",
        title_in_text=False,
        tables=(
            Table(
                caption="Players",
                columns=("ID", "Name", "Fed", "Title", "Std", "Rapid", "Blitz", "Born"),
                rows=tuple(
                    (
                        str(p.fide_id),
                        p.name,
                        p.federation or "",
                        p.best_title or "",
                        *(_rating(p, kind) for kind in RATING_TYPES),
                        str(p.birth_year or ""),
                    )
                    for p in players
                ),
                right=frozenset({0, 4, 5, 6, 7}),
            ),
        ),
        notes=tuple(f"list: {source}" for source in sources),
    )


def find_document(text: str, store: str, players: Sequence[ListedPlayer]) -> RatingListFindDocument:
    """The ``caddy.rating-list-find`` document (docs/json.md)."""
    # lazy: the document classes load for --json only
    from caddy.model.rating_documents import RatingListFindDocument

    return RatingListFindDocument(text=text, store=store, players=tuple(players))
