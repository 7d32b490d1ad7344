"""How each tie-break value of one player was computed
(``caddy standings --explain PLAYER``): each tie-break plugin's own working
(``explain(table, spec, player)``) on the very table :func:`caddy.standings.ranking.standings`
ranked, within a section for a sectioned event (:func:`explain_for`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from caddy.contracts.explanation import Explanation
from caddy.contracts.tiebreak_table import StandingsOptions, TieBreakTable
from caddy.model.results import ResultsTable
from caddy.plugins.registry import explanation
from caddy.standings.ranking import build_table, resolve_tiebreaks, section_event, standings

if TYPE_CHECKING:
    from caddy.contracts import GroupTieBreak
    from caddy.plugins.host import PluginHost
    from caddy.standings.scoring import FormatScoring
    from caddy.standings.table import Standings


def explain(
    event: ResultsTable,
    player: str | int,
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    pre_determined: bool | None = None,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
    result: Standings | None = None,
    scoring: FormatScoring | None = None,
) -> list[Explanation]:
    """How every tie-break value of one player was computed.

    :param player: the player's pairing number (``int``), or a ``str``: the
        number as text or the exact name (``caddy standings --explain PLAYER``).
        Each plugin's ``explain(table, spec, player)`` is then called with the
        player's index, the pairing number minus one.
    :param result: the standings these explanations are for, when the caller
        has them (``caddy standings --explain``): one computation for both.
    :param scoring: the event's format, when the standings are computed here
        (:class:`~caddy.standings.scoring.FormatScoring`).
    """
    target = event.find(str(player)) if not isinstance(player, int) else event.player(player)
    options = options or StandingsOptions()
    table = build_table(event, edition=edition, pre_determined=pre_determined, options=options)
    if result is None:
        result = standings(
            event,
            tiebreaks,
            edition,
            pre_determined=table.rr,
            options=options,
            host=host,
            scoring=scoring,
        )
    resolved = resolve_tiebreaks(list(result.tiebreaks), table.rr, host)
    i = target.number - 1

    explanations = []
    for index, (spec, plugin) in enumerate(resolved):
        if plugin.group_dependent:
            group = _tied_group(result, table, index, i)
            grouped = cast("GroupTieBreak", plugin)
            explained = grouped.explain_group(table, spec, group, i) if len(group) > 1 else None
            if explained is not None:
                explanations.append(explained)
                continue
            explanations.append(
                Explanation(
                    tiebreak=spec.text,
                    player=target.number,
                    value=1.0,
                    summary="not tied with anyone when this tie-break was applied",
                )
            )
        else:
            explanations.append(explanation(plugin, spec.text, plugin.explain(table, spec, i)))
    return explanations


def _tied_group(result: Standings, table: TieBreakTable, index: int, i: int) -> list[int]:
    """Who was tied with player index ``i`` when tie-break ``index`` was applied."""
    rows = {row.pairing_number - 1: row for row in result.rows if not row.annulled}
    if i not in rows:
        return [i]
    keys = result.tiebreaks[:index]

    def signature(j: int) -> tuple[Any, ...]:
        row = rows[j]
        return (row.score, *(row.tiebreaks[k] for k in keys))

    mine = signature(i)
    return sorted(j for j in rows if signature(j) == mine)


def explain_for(
    event: ResultsTable,
    members: Sequence[int],
    player: int,
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
    result: Standings | None = None,
    scoring: FormatScoring | None = None,
) -> list[Explanation]:
    """:func:`explain` within one section (``result``: :func:`standings_for`'s
    table of that section); numbers are the players' numbers in the whole event."""
    sub = section_event(event, members)
    local = {number: i for i, number in enumerate(members, 1)}
    mine = None
    if result is not None:
        mine = attrs.evolve(
            result,
            rows=tuple(
                attrs.evolve(row, pairing_number=local[row.pairing_number]) for row in result.rows
            ),
        )
    explanations = explain(
        sub,
        local[player],
        tiebreaks,
        edition,
        options=options,
        host=host,
        result=mine,
        scoring=scoring,
    )

    def back(number: int | None) -> int | None:
        return None if number is None else members[number - 1]

    def summary(text: str) -> str:
        # DE names the tied group by pairing number: the section's become the event's
        head, sep, tail = text.partition(":")
        if sep and head.startswith("tied group "):
            listed = head.removeprefix("tied group ").split(", ")
            if all(item.isdigit() for item in listed):
                names = ", ".join(str(members[int(item) - 1]) for item in listed)
                return f"tied group {names}:{tail}"
        return text

    return [
        attrs.evolve(
            e,
            player=player,
            summary=summary(e.summary),
            rows=tuple(attrs.evolve(line, opponent=back(line.opponent)) for line in e.rows),
        )
        for e in explanations
    ]
