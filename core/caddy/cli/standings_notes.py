"""What ``caddy standings`` adds around its table: ``--round R`` (the event
as it stood after round R) and the note under a DE column that is all 1s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError

if TYPE_CHECKING:
    import argparse


def after_round(ns: argparse.Namespace, state: Any) -> Any:
    """``--round R``: the event as it stood after round R, one of its
    complete rounds (the standings ``caddy publish`` shows after round R)."""
    number = getattr(ns, "round", None)
    if number is None:
        return state
    from caddy.event.results import state_after
    from caddy.publish.pages import complete_rounds

    done = complete_rounds(state)
    if not 1 <= number <= done:
        known = (
            f"rounds 1..{done} are complete"
            if done > 1
            else "only round 1 is complete (--round 1)"
            if done
            else "no round is complete yet"
        )
        raise CaddyError(f"no standings after round {number}: {known}")
    return state_after(state, number)


#: Under a table whose DE column is all 1s: what the column is, and why it separates nobody.
DE_NOTE = "{column} is 1 for everyone: no tie was separated by direct encounter (C.07 Art. 6)"


def de_notes(tables: list[Any]) -> tuple[str, ...]:
    """A note for each DE column (``DE``, ``DE/P``) that is 1 in every row."""
    from caddy.contracts.tiebreak_spec import parse_spec

    columns = dict.fromkeys(
        column
        for table in tables
        for column in table.tiebreaks
        if parse_spec(column).code == "DE"
        and all(row.tiebreaks.get(column) in (1, None) for t in tables for row in t.rows)
    )
    return tuple(DE_NOTE.format(column=column) for column in columns)
