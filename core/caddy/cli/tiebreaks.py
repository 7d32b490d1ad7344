"""``caddy tiebreaks``: the tie-breaks caddy knows (FIDE Handbook C.07 and
the registered plugins), as a table or a ``caddy.contracts.tiebreak_table`` document."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def cmd_tiebreaks(ns: argparse.Namespace) -> int:
    from caddy.plugins.host import resolve

    plugins = sorted(resolve(None).tiebreaks(), key=lambda t: t.name)
    if ns.json:
        import json

        from caddy.model.documents import TieBreakData, TieBreaksDocument, data

        print(
            json.dumps(
                data(
                    TieBreaksDocument(
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
                ),
                indent=2,
                ensure_ascii=False,
                allow_nan=False,
            )
        )
        return 0
    from caddy.model.report import Table, aligned

    table = Table(
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
    print("\n".join(aligned(table)))
    return 0
