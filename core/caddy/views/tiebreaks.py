"""The tie-breaks caddy knows (``caddy tiebreaks``): FIDE Handbook C.07's and
the registered plugins', as a table or a ``caddy.contracts.tiebreak_table``
document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.model.report import Table

if TYPE_CHECKING:
    from caddy.contracts import TieBreak
    from caddy.model.documents import TieBreaksDocument


def tiebreaks_document(plugins: Sequence[TieBreak]) -> TieBreaksDocument:
    """The ``caddy.tiebreaks`` document of ``plugins``."""
    # lazy: the document classes (caddy.model.documents) load for --json only, not for the table
    from caddy.model.documents import TieBreakData, TieBreaksDocument

    return TieBreaksDocument(
        tiebreaks=tuple(
            TieBreakData(
                code=t.name,
                name=t.title,
                article=t.article,
                type=t.kind,
                modifiers=tuple("/" + m for m in t.modifiers),
                editions=tuple(t.editions),
                definition=t.summary,
            )
            for t in plugins
        )
    )


def tiebreaks_table(plugins: Sequence[TieBreak]) -> Table:
    """One row per tie-break: code, name, C.07 article, type, modifiers, definition."""
    return Table(
        caption="Tie-breaks",
        max_width=None,  # a reference list: its definitions are prose
        columns=("code", "name", "C.07", "type", "modifiers", "definition"),
        rows=tuple(
            (
                t.name,
                t.title,
                t.article,
                t.kind,
                " ".join("/" + m for m in t.modifiers) or "-",
                t.summary,
            )
            for t in plugins
        ),
    )
