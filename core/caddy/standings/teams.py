"""Team standings: teams ranked by their primary score (match points or game
points, C.07 Art. 11; C.04.6 1.2), then by a list of tie-breaks.

A tie-break text names a registered tie-break plugin whose ``scope`` is
``teams`` (a team tie-break of C.07 Arts. 12-13: ``EDE``, ``EMGSB``, ``BC``
...) or ``both`` (an individual tie-break run on the teams' MP or GP:
``BH:MP``, ``PS:GP``; without ``:MP``/``:GP`` the primary score, C.07 Art. 13
preamble). Each plugin is handed a :class:`caddy.contracts.tiebreak_table.TieBreakTable` whose
players are the teams scored in that score, with ``table.teams`` the
:class:`caddy.model.team_results.TeamResultsTable` and ``table.score_kind`` the score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any, cast

import attrs

from caddy.contracts import TieBreak
from caddy.contracts.explanation import Explanation
from caddy.contracts.team_tiebreak_table import TeamTieBreakTable
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import StandingsOptions, TieBreakTable
from caddy.errors import CaddyError
from caddy.model.collector import paused
from caddy.model.team_documents import TeamStandingsDocument, TeamStandingsRowData
from caddy.model.tournament import EdeReadings
from caddy.plugins.host import resolve
from caddy.plugins.registry import explanation
from caddy.standings.ranking import resolve_specs
from caddy.standings.table import break_ties, checked_values, group_values, split_tied

if TYPE_CHECKING:
    from caddy.contracts import GroupTieBreak
    from caddy.model.team_results import TeamResultsTable
    from caddy.model.tournament import EdeReadings, Tournament
    from caddy.plugins.host import PluginHost


@attrs.frozen(kw_only=True)
class TeamStandingsRow:
    """One team's line."""

    rank: int
    #: The team number.
    pairing_number: int
    name: str
    match_points: float
    game_points: float
    #: Tie-break values keyed exactly as the list was written.
    tiebreaks: dict[str, float | None]
    code: str = ""


@attrs.frozen(kw_only=True)
class TeamStandings:
    """The ranked teams."""

    edition: str
    pre_determined: bool
    #: ``MP`` or ``GP``: the score that ranks the teams.
    primary: str
    tiebreaks: tuple[str, ...]
    rows: tuple[TeamStandingsRow, ...]
    warnings: tuple[str, ...] = ()

    def row_of(self, number: int) -> TeamStandingsRow:
        for row in self.rows:
            if row.pairing_number == number:
                return row
        raise CaddyError(f"team {number} is not in these standings")

    def document(self, after_round: int | None = None) -> TeamStandingsDocument:
        """The ``caddy.team-standings`` document (``pairing_number`` is the team
        number); ``after_round`` as :meth:`caddy.standings.table.Standings.document`."""
        return TeamStandingsDocument(
            after_round=after_round,
            edition=self.edition,
            pre_determined=self.pre_determined,
            primary=self.primary,
            tiebreaks=self.tiebreaks,
            rows=tuple(
                TeamStandingsRowData(
                    rank=row.rank,
                    pairing_number=row.pairing_number,
                    name=row.name,
                    code=row.code,
                    match_points=row.match_points,
                    game_points=row.game_points,
                    tiebreaks=dict(row.tiebreaks),
                )
                for row in self.rows
            ),
            warnings=self.warnings,
        )


def event_ede_readings(tournament: Tournament, **given: Any) -> EdeReadings:
    """The event's readings of C.07 13.3 (``caddy new --ede-*``), each one
    ``given`` (not ``None``) replacing the event's (``caddy standings --ede-*``)."""

    readings = tournament.ede or EdeReadings()
    return attrs.evolve(readings, **{k: v for k, v in given.items() if v is not None})


def ede_options(options: StandingsOptions, readings: EdeReadings | None) -> StandingsOptions:
    """``options`` ranking the EDE family with ``readings`` (``None``: the defaults)."""
    if readings is None:
        return options
    return attrs.evolve(
        options,
        ede_secondary=readings.secondary,
        ede_board_tiebreaks_scope=readings.boards,
        ede_board_count_lower_first=readings.board_count == "lower",
        ede_unseparated=readings.unseparated,
    )


def team_tiebreak_texts(
    texts: Sequence[str] | str | None, pre_determined: bool, host: PluginHost
) -> list[str]:
    """A team tie-break list: the texts, a preset's, or the default preset
    for team events (``teams-rr`` / ``teams-swiss``)."""
    presets = host.tiebreak_presets()
    if texts is None:
        kind = "teams-pre-determined" if pre_determined else "teams-other"
        for preset in presets:
            if kind in preset.default_for:
                return list(preset.tiebreaks)
        raise CaddyError(f"no tie-break preset is the default for {kind} events; give --tiebreaks")
    if isinstance(texts, str):
        if texts.lower() in presets:
            return list(presets.get(texts.lower()).tiebreaks)
        return [t.strip() for t in texts.split(",") if t.strip()]
    return list(texts)


def resolve_team_tiebreaks(
    texts: Sequence[str], host: PluginHost
) -> list[tuple[TieBreakSpec, TieBreak]]:
    """Parse team tie-break texts against the registered plugins: scope
    ``teams`` or ``both``; ``:MP``/``:GP`` only where the plugin takes a score."""

    registry = host.tiebreaks()

    def listed(keep: Callable[[TieBreak], bool]) -> str:
        return ", ".join(sorted(p.name for p in registry if keep(p)))

    def refuse(text: str, spec: TieBreakSpec, plugin: TieBreak) -> str | None:
        if plugin.scope == "players":
            both = listed(lambda p: p.scope == "both")
            return (
                f"tie-break '{text}' ranks players, not teams (C.07 gives teams "
                f"Arts. 12-13 and {both} on MP or GP)"
            )
        if spec.score is not None and not plugin.takes_score:
            takers = listed(lambda p: p.takes_score and p.scope == "both")
            return (
                f"tie-break '{text}': :MP and :GP choose the score of an individual "
                f"tie-break run on teams ({takers}; C.07 Art. 13); "
                f"{plugin.name} reads the scores its article names"
            )
        return None

    return resolve_specs(texts, host, refuse)


def team_tables(
    tevent: TeamResultsTable,
    *,
    edition: str | None = None,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
) -> dict[str, TieBreakTable]:
    """The teams folded for the tie-breaks, once per score (``MP``, ``GP``)."""
    tables = {
        kind: _score_table(tevent, kind, edition=edition, options=options, host=host)
        for kind in ("MP", "GP")
    }
    for table in tables.values():
        table.by_score.update(tables)
    return tables


def _score_table(
    tevent: TeamResultsTable,
    kind: str,
    *,
    edition: str | None,
    options: StandingsOptions | None,
    host: PluginHost | None,
) -> TieBreakTable:
    """The teams folded for the tie-breaks in score ``kind``."""
    table = TeamTieBreakTable(
        tevent, kind, edition=edition, pre_determined=tevent.pre_determined, options=options
    )
    table.host = host
    return table


class _ScoreTables(dict[str, TieBreakTable]):
    """A team event's tables by score (``MP``, ``GP``), each built when first
    asked for and shared with the other through ``by_score``: the standings
    build only the tables their tie-breaks read."""

    def __init__(self, build: Callable[[str], TieBreakTable]) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, kind: str) -> TieBreakTable:
        if kind not in ("MP", "GP"):
            raise KeyError(kind)
        table = self[kind] = self._build(kind)
        table.by_score = self
        return table


@paused()  # the tables, columns and rows: small objects, no collector pass over them
def team_standings(
    tevent: TeamResultsTable,
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
) -> TeamStandings:
    """Rank the teams by the primary score, then by the tie-breaks in order."""

    host = resolve(host)
    options = options or StandingsOptions()
    tables = _ScoreTables(
        lambda kind: _score_table(tevent, kind, edition=edition, options=options, host=host)
    )
    primary = tevent.primary
    main = tables[primary]
    texts = team_tiebreak_texts(tiebreaks, tevent.pre_determined, host)
    resolved = resolve_team_tiebreaks(texts, host)
    warnings = []
    for spec, plugin in resolved:
        if main.edition not in plugin.editions:
            warnings.append(
                f"{spec.text} is a tie-break of the {'/'.join(plugin.editions)} edition, "
                f"not {main.edition}; computed anyway"
            )
        if main.rr and not plugin.separates_round_robin and _complete(tevent):
            warnings.append(
                f"{spec.text} separates nobody in a complete round robin (C.07 Art. 15.2: "
                "the Buchholz family is not for round robins)"
            )
    values: dict[str, list[float | None]] = {}
    for spec, plugin in resolved:
        table = tables[spec.score or primary]
        values[spec.text] = checked_values(plugin, spec.text, plugin.compute(table, spec), table.n)
    groups = break_ties(
        split_tied(list(range(tevent.count)), [-s for s in main.score].__getitem__),
        [
            (spec, plugin, tables[spec.score or primary], values[spec.text])
            for spec, plugin in resolved
        ],
    )
    # the primary score's totals are its table's (the same sums of the same rows)
    mp = main.score if primary == "MP" else tevent.mp
    gp = main.score if primary == "GP" else tevent.gp
    teams = tevent.setup.teams
    # each team's tie-break values keyed as the list was written, made at C speed
    keys = list(values)
    by_team = (
        list(map(dict, map(zip, repeat(keys), zip(*values.values(), strict=True))))
        if keys
        else [{} for _ in range(tevent.count)]
    )
    rows = []
    position = 1
    for group in groups:
        for i in sorted(group):
            team = teams[i]
            rows.append(
                TeamStandingsRow(
                    rank=position,
                    pairing_number=i + 1,
                    name=team.name,
                    code=team.code,
                    match_points=mp[i],
                    game_points=gp[i],
                    tiebreaks=by_team[i],
                )
            )
        position += len(group)
    return TeamStandings(
        edition=main.edition,
        pre_determined=main.rr,
        primary=primary,
        tiebreaks=tuple(spec.text for spec, _ in resolved),
        rows=tuple(rows),
        warnings=tuple(warnings),
    )


def team_explain(
    tevent: TeamResultsTable,
    team: int,
    result: TeamStandings,
    *,
    edition: str | None = None,
    options: StandingsOptions | None = None,
    host: PluginHost | None = None,
) -> list[Explanation]:
    """How every tie-break value of team ``team`` (its number) was computed."""
    host = resolve(host)
    tables = team_tables(tevent, edition=edition, options=options, host=host)
    resolved = resolve_team_tiebreaks(list(result.tiebreaks), host)
    i = team - 1
    rows = {row.pairing_number - 1: row for row in result.rows}
    primary_score = tevent.score(tevent.primary)

    explanations = []
    for index, (spec, plugin) in enumerate(resolved):
        table = tables[spec.score or tevent.primary]
        if plugin.group_dependent:
            keys = result.tiebreaks[:index]

            def signature(
                j: int, keys: tuple[str, ...] = keys, score: list[float] = primary_score
            ) -> tuple[Any, ...]:
                return (score[j], *(rows[j].tiebreaks[k] for k in keys))

            group = sorted(j for j in rows if signature(j) == signature(i))
            grouped = cast("GroupTieBreak", plugin)
            explained = grouped.explain_group(table, spec, group, i) if len(group) > 1 else None
            explanations.append(
                explained
                or Explanation(
                    tiebreak=spec.text,
                    player=team,
                    value=group_values(plugin, table, spec, [1])[0],
                    summary="not tied with any team when this tie-break was applied",
                )
            )
        else:
            explanations.append(explanation(plugin, spec.text, plugin.explain(table, spec, i)))
    return explanations


def _complete(tevent: TeamResultsTable) -> bool:
    """Every team has met every other (a whole round-robin cycle played)."""
    return all(
        len({r.opponent for r in row if r.opponent is not None}) == tevent.count - 1
        for row in tevent.results
    )
