"""Standings: rank by score, then by an ordered list of tie-breaks.

:func:`standings` is deterministic and does no I/O. Players equal on
everything share the place (ranks 1, 1, 3) unless the options ask for a
seeded, repeatable drawing of lots (C.07 4.2). Players whose results were
annulled by the round-robin 50% rule are listed after the ranked players,
without a rank.

Tie-break lists by name, and the default lists for pre-determined and other
events, are presets the plugins register (hook
``caddy_register_tiebreak_presets``; the built-ins ``rr``, ``swiss`` and
``c02`` are in ``caddy_plugins/tiebreaks/presets.py``, docs/standings.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING

import attrs

import caddy.contracts.tiebreak_table
from caddy.contracts import TieBreak
from caddy.contracts.tiebreak_spec import TieBreakSpec, parse_spec, standings_edition
from caddy.contracts.tiebreak_table import StandingsOptions, TieBreakTable
from caddy.errors import CaddyError, PluginError
from caddy.model.collector import paused
from caddy.model.results import ResultsTable, RoundResult, is_round_robin

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost
from caddy.plugins.host import resolve
from caddy.standings.scoring import FormatScoring, checked_scores
from caddy.standings.table import (
    Standings,
    StandingsRow,
    break_ties,
    checked_values,
    split_tied,
)


def tiebreak_texts(
    texts: str | None, pre_determined: bool, host: PluginHost | None = None
) -> list[str]:
    """A tie-break list as texts: a registered preset's (hook
    ``caddy_register_tiebreak_presets``; any case), else the comma-separated
    texts; ``None``: the default preset for the kind of event."""
    host = resolve(host)
    presets = host.tiebreak_presets()
    if texts is None:
        kind = "pre-determined" if pre_determined else "other"
        for preset in presets:
            if kind in preset.default_for:
                return list(preset.tiebreaks)
        raise CaddyError(f"no tie-break preset is the default for {kind} events; give --tiebreaks")
    name = texts.lower()
    if name in presets:
        return list(presets.get(name).tiebreaks)
    return [t.strip() for t in texts.split(",") if t.strip()]


def resolve_tiebreaks(
    texts: Sequence[str] | str | None, pre_determined: bool, host: PluginHost | None = None
) -> list[tuple[TieBreakSpec, TieBreak]]:
    """Parse a tie-break list (or a preset name) against the registered plugins."""
    host = resolve(host)
    if texts is None or isinstance(texts, str):
        texts = tiebreak_texts(texts, pre_determined, host)

    def refuse(text: str, spec: TieBreakSpec, plugin: TieBreak) -> str | None:
        if plugin.scope == "teams" or spec.score is not None:
            return f"tie-break '{text}' ranks teams (C.07 Arts. 12-13); this ranks players"
        return None

    return resolve_specs(texts, host, refuse)


def resolve_specs(
    texts: Sequence[str],
    host: PluginHost,
    refuse: Callable[[str, TieBreakSpec, TieBreak], str | None],
) -> list[tuple[TieBreakSpec, TieBreak]]:
    """Parse tie-break texts against the registered plugins; ``refuse`` says
    why a parsed one does not apply here (``None``: it does). Every problem is
    one line of the :class:`CaddyError` raised."""
    registry = host.tiebreaks()
    resolved = []
    problems: list[str] = []
    for text in texts:
        try:
            code = parse_spec(text).code
            plugin: TieBreak = registry.get(code)
            spec = parse_spec(text, plugin.modifiers)
            why = refuse(text, spec, plugin)
            if why is not None:
                raise CaddyError(why)
            resolved.append((spec, plugin))
        except PluginError:  # two plugins claim the code: exit 3, not bad input
            raise
        except CaddyError as exc:
            problems.extend(exc.problems)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return resolved


def build_table(
    event: ResultsTable,
    *,
    edition: str | None = None,
    pre_determined: bool | None = None,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
) -> (
    caddy.contracts.tiebreak_table.TieBreakTable
):  # qualified: the docs also know caddy.model.report.Table
    """Fold the event once for the tie-breaks (see :class:`caddy.contracts.tiebreak_table.TieBreakTable`)."""
    if pre_determined is None:
        pre_determined = (
            event.pre_determined if event.pre_determined is not None else is_round_robin(event)
        )
    return TieBreakTable(
        event,
        edition=standings_edition(event, edition),
        pre_determined=pre_determined,
        options=options,
        host=host,
    )


@paused()  # thousands of rows, lists and dicts, no cycle among them
def standings(
    event: ResultsTable,
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    pre_determined: bool | None = None,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
    scores: Sequence[float] | None = None,
    scoring: FormatScoring | None = None,
) -> Standings:
    """Rank the event.

    :param tiebreaks: tie-break texts in order (``["SB", "BH/C1"]``), a
        comma-separated string, or a preset name; ``None``: the default list
        for the kind of event.
    :param edition: ``"2024"`` or ``"2026"``; ``None``: by the start date
        (2026 rules from 2026-03-01; no date → 2026).
    :param pre_determined: round-robin rules for unplayed rounds; ``None``:
        the event's own setting, else whether every pair met once per cycle.
    :param scores: each player's score to rank by instead of the points, by
        pairing number (a format's own, :meth:`~caddy.contracts.Format.standings_scores`);
        the tie-breaks rank equal scores.
    :param scoring: the event's format, asked for those scores when
        ``scores`` is not given (:class:`~caddy.standings.scoring.FormatScoring`:
        every ranking of an event passes it).
    """
    options = options or StandingsOptions()
    if scores is None and scoring is not None:
        scores = scoring.scores(event)
    elif scores is not None:
        scores = checked_scores(scores, len(event.players), "the format")
    table = build_table(
        event, edition=edition, pre_determined=pre_determined, options=options, host=host
    )
    resolved = resolve_tiebreaks(tiebreaks, table.rr, host)
    warnings = []
    if table.rr:
        for spec, plugin in resolved:
            if not plugin.separates_round_robin:  # the plugin says so (BH, FB, AOB)
                warnings.append(
                    f"{spec.text} separates nobody in a complete round robin: every player's opponents are "
                    "everyone else (consider SB, DE, KS)"
                )
    for spec, plugin in resolved:
        if table.edition not in plugin.editions:
            warnings.append(
                f"{spec.text} is a tie-break of the {'/'.join(plugin.editions)} edition, "
                f"not {table.edition}; computed anyway"
            )
    values: dict[str, list[float | None]] = {}

    for spec, plugin in resolved:
        values[spec.text] = checked_values(plugin, spec.text, plugin.compute(table, spec), table.n)

    active = [i for i in range(table.n) if table.active[i]]
    score = table.score if scores is None else list(scores)
    groups: list[list[int]] = split_tied(active, [-s for s in score].__getitem__)
    groups = break_ties(
        groups, [(spec, plugin, table, values[spec.text]) for spec, plugin in resolved]
    )

    lots_seed = None
    by_lot: set[int] = set()
    if options.draw_lots and any(len(g) > 1 for g in groups):
        import random

        # lazy: start-up: the schedule model loads only for a drawing of lots
        from caddy.model.schedule import draw_seed

        lots_seed = draw_seed() if options.lots_seed is None else options.lots_seed
        rng = random.Random(lots_seed)
        drawn: list[list[int]] = []
        for group in groups:
            if len(group) > 1:
                members = sorted(group, key=lambda i: table.numbers[i])
                rng.shuffle(members)
                by_lot.update(members)
                drawn.extend([i] for i in members)
            else:
                drawn.append(group)
        groups = drawn

    rows = _rows(event, score, groups, values, by_lot)
    for i in range(table.n):
        if not table.active[i]:
            rows.append(_row(event, score, i, None, values, False, annulled=True))
    return Standings(
        edition=table.edition,
        pre_determined=table.rr,
        tiebreaks=tuple(spec.text for spec, _ in resolved),
        rows=tuple(rows),
        warnings=tuple(warnings),
        lots_seed=lots_seed,
    )


def _row(
    event: ResultsTable,
    score: Sequence[float],
    i: int,
    rank: int | None,
    values: dict[str, list[float | None]],
    by_lot: bool,
    *,
    annulled: bool = False,
) -> StandingsRow:
    player = event.players[i]
    return StandingsRow(
        rank=rank,
        pairing_number=player.number,
        name=player.name,
        score=score[i],
        tiebreaks={text: (None if annulled else column[i]) for text, column in values.items()},
        annulled=annulled,
        by_lot=by_lot,
    )


def _rows(
    event: ResultsTable,
    score: Sequence[float],
    groups: list[list[int]],
    values: dict[str, list[float | None]],
    by_lot: set[int],
) -> list[StandingsRow]:
    """The ranked players' rows, group by group (a shared place's players by
    pairing number): as :func:`_row` makes them, each player's tie-break values
    read from one transposed table."""
    order: list[int] = []
    ranks: list[int] = []
    number = [p.number for p in event.players].__getitem__
    position = 1
    for group in groups:
        order.extend(sorted(group, key=number) if len(group) > 1 else group)
        ranks.extend([position] * len(group))
        position += len(group)
    # each row's tie-break values: the columns transposed, zipped with their texts (C speed)
    texts = tuple(values)
    columns = list(values.values())
    by_player = list(zip(*columns, strict=True)) if columns else [()] * len(event.players)
    tiebreaks = map(dict, map(zip, repeat(texts), map(by_player.__getitem__, order)))
    players = event.players
    # rank, pairing number, name, score, tie-breaks, annulled, by lot
    return [
        StandingsRow(
            rank,
            (player := players[i]).number,
            player.name,
            score[i],
            values_of,
            False,
            i in by_lot,
        )
        for i, rank, values_of in zip(order, ranks, tiebreaks, strict=True)
    ]


def section_event(event: ResultsTable, members: Sequence[int]) -> ResultsTable:
    """One section's or group's own event: its members' games among themselves,
    the member ``members[k - 1]`` numbered ``k``. Rounds where no member has a
    game (a section that has finished while a larger one plays on) are left
    out; withdrawals come along."""

    local = {number: i for i, number in enumerate(members, 1)}
    rounds = [
        r
        for r in range(event.rounds)
        if any(event.results[n - 1][r].opponent in local for n in members)
        or any(event.results[n - 1][r].code in ("Z", "U", "F", "H") for n in members)
    ]
    players = [
        attrs.evolve(event.players[n - 1], number=local[n], stated_points=None, stated_rank=None)
        for n in members
    ]
    rows = []
    for n in members:
        row = []
        for r in rounds:
            rr = event.results[n - 1][r]
            opponent = local.get(rr.opponent) if rr.opponent is not None else None
            if rr.opponent is not None and opponent is None:
                raise CaddyError(f"player {n} meets {rr.opponent}, who is not in the section")
            row.append(
                rr._replace(opponent=opponent)
                if opponent
                else (rr if rr.opponent is None else RoundResult(code="R", points=rr.points))
            )
        rows.append(tuple(row))
    return ResultsTable(
        name=event.name,
        start_date=event.start_date,
        players=tuple(players),
        results=tuple(rows),
        rounds=len(rounds),
        scoring=event.scoring,
        pre_determined=True,
        format=event.format,
        withdrawals=tuple(
            attrs.evolve(w, player=local[w.player]) for w in event.withdrawals if w.player in local
        ),
    )


def _renumbered(result: Standings, members: Sequence[int]) -> Standings:
    return attrs.evolve(
        result,
        rows=tuple(
            attrs.evolve(row, pairing_number=members[row.pairing_number - 1]) for row in result.rows
        ),
    )


def standings_for(
    event: ResultsTable,
    members: Sequence[int],
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
    scoring: FormatScoring | None = None,
) -> Standings:
    """Standings of one section or group: its members' games among themselves
    (prizes per section in quads, group order in groups-knockout). Rows keep the
    players' pairing numbers in the whole event. ``scoring``: the event's
    format, asked for the scores of the section's own results."""
    sub = section_event(event, members)
    return _renumbered(
        standings(sub, tiebreaks, edition, options=options, host=host, scoring=scoring), members
    )
