"""Plugins that satisfy every Protocol yet break a promise, one each: the
contract suites of caddy.testing must fail every one (tests/test_contract_suites.py).

Formats: ``white-for-one`` (player 1 has White every round).
Tie-breaks: ``FLAKY`` (another value every call), ``BYNUM`` (the pairing
number, undeclared), ``MISEX`` (explains another value), ``MEDDLE`` (changes
the scores the tie-breaks after it read).
Codecs: ``forgetful`` (reads back an event without its operations).
Renderers: ``naive-html``, ``naive-csv``, ``naive-md``, ``naive-text`` (cells
written as they are), ``partial`` (the title only).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, ClassVar

import caddy
from caddy.contracts.codecs import Exported, Imported
from caddy.contracts.explanation import Explanation
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy.model.report import Report
from caddy.model.schedule import Round, Schedule
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

# -- a format -------------------------------------------------------------------------


class WhiteForOne(RoundRobin):
    """The round robin, with player 1 given White on every board they play."""

    name: ClassVar[str] = "white-for-one"
    summary: ClassVar[str] = "a round robin where player 1 always has White"

    def schedule(
        self, players: int, options: RoundRobinOptions, *, seed: int | None = None
    ) -> Schedule:
        good = super().schedule(players, options, seed=seed)
        rounds = []
        for rnd in good.rounds:
            white, black = list(rnd.white), list(rnd.black)
            for board, player in enumerate(black):
                if player == 1:
                    white[board], black[board] = 1, white[board]
            rounds.append(
                Round(number=rnd.number, white=tuple(white), black=tuple(black), byes=rnd.byes)
            )
        return Schedule(format=self.name, players=players, rounds=tuple(rounds))


# -- tie-breaks -----------------------------------------------------------------------


class _Score:
    """The player's own score: a well-behaved base the broken ones bend."""

    name: ClassVar[str] = "SCORE"
    title: ClassVar[str] = "Score"
    article: ClassVar[str] = "none"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = "the player's own score"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def value(self, table: TieBreakTable, i: int) -> float:
        return float(table.score[i])

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [self.value(table, i) for i in range(table.n)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        value = self.value(table, player)
        return Explanation(
            tiebreak=spec.text, player=table.numbers[player], value=value, summary=str(value)
        )


class Flaky(_Score):
    """Another value on every call: not deterministic."""

    name: ClassVar[str] = "FLAKY"

    def __init__(self) -> None:
        self.calls = itertools.count()

    def value(self, table: TieBreakTable, i: int) -> float:
        return float(table.score[i] + next(self.calls) % 2)


class ByNumber(_Score):
    """The pairing number, without saying so: relabelling changes it."""

    name: ClassVar[str] = "BYNUM"

    def value(self, table: TieBreakTable, i: int) -> float:
        return float(table.numbers[i])


class Misexplained(_Score):
    """Its explanation gives one more than its value."""

    name: ClassVar[str] = "MISEX"

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        value = self.value(table, player) + 1
        return Explanation(
            tiebreak=spec.text, player=table.numbers[player], value=value, summary=str(value)
        )


class Meddling(_Score):
    """Adds a point to every score in the shared table as it computes: every
    tie-break computed after it reads other scores."""

    name: ClassVar[str] = "MEDDLE"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        values = super().compute(table, spec)
        table.score[:] = [score + 1 for score in table.score]
        table.adjusted[:] = [score + 1 for score in table.adjusted]
        return values


# -- a codec ----------------------------------------------------------------------------


class Forgetful:
    """caddy's JSON event file, read back without its operations."""

    name: ClassVar[str] = "forgetful"
    summary: ClassVar[str] = "the event file, forgetting every result when read"
    suffixes: ClassVar[tuple[str, ...]] = (".forgetful",)

    def sniff(self, data: bytes) -> bool:
        return data.lstrip()[:1] == b"{"

    def read(self, data: bytes, *, source: str, strict: bool = False) -> Imported:
        import attrs

        from caddy.event.store import loads

        event = loads(data, source)
        return Imported(event=attrs.evolve(event, operations=()))

    def write(self, event: Any, *, flavour: str | None = None) -> Exported:
        from caddy.event.store import dumps

        return Exported(data=dumps(event))


# -- renderers ----------------------------------------------------------------------------


class Naive:
    """Every text written as it is, cells joined by a separator."""

    summary: ClassVar[str] = "cells written as they are"

    def __init__(self, name: str, suffix: str, separator: str) -> None:
        self.name = name
        self.suffix = suffix
        self.separator = separator

    def render(self, report: Report) -> str:
        lines = [report.title, *report.intro]
        for table in report.tables:
            lines.append(table.caption)
            lines.extend(self.separator.join(row) for row in (table.columns, *table.rows))
        lines.extend(report.notes)
        return "\n".join(lines) + "\n"


class Partial:
    """Only the title: the tables are lost."""

    name: ClassVar[str] = "partial"
    summary: ClassVar[str] = "the title only"
    suffix: ClassVar[str] = ".txt"

    def render(self, report: Report) -> str:
        return report.title.replace("<", "(").replace("\n", " ")[:10] + "\n"


@caddy.hookimpl
def caddy_register_formats(register: Callable[[Any], None]) -> None:
    register(WhiteForOne())


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    for plugin in (Flaky(), ByNumber(), Misexplained(), Meddling()):
        register(plugin)


@caddy.hookimpl
def caddy_register_codecs(register: Callable[[Any], None]) -> None:
    register(Forgetful())


@caddy.hookimpl
def caddy_register_renderers(register: Callable[[Any], None]) -> None:
    register(Naive("naive-html", ".html", "</td><td>"))
    register(Naive("naive-csv", ".csv", ","))
    register(Naive("naive-md", ".md", " | "))
    register(Naive("naive-text", ".txt", "  "))
    register(Partial())
