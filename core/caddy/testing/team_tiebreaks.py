"""The team tie-break contract suite (re-exported from :mod:`caddy.testing`).

:class:`TeamTieBreakContract` is a pytest base class, the team counterpart
of :class:`caddy.testing.TieBreakContract`. Subclass it and name the
tie-break (its registered acronym)::

    from caddy.testing import TeamTieBreakContract

    class TestMyTeamTieBreak(TeamTieBreakContract):
        tiebreak_name = "MYTB"
        specs = ("MYTB", "MYTB/C1", "MYTB:GP")   # default: the name, and one use of each modifier

On small team events drawn by hypothesis (:func:`small_team_events`:
Swiss-like events with pairing-allocated and requested byes, forfeited
matches and forfeited boards, and team round robins with rest rounds),
played through the event file with :func:`caddy.testing.teams.build_team_event`,
it checks for every spec:

* determinism: the same event ranked twice (and the event built again)
  gives the same values;
* relabelling invariance: the teams listed in another order (other team
  numbers, the same matches) give each team the value it had;
* the explanation agrees with the value: what
  :func:`caddy.standings.teams.team_explain` reports for each team is the
  value in the standings (a tie-break of the tied group, such as EDE,
  through its group explanation);
* the order of a tie-break list changes no value: the tie-break listed with
  :attr:`TeamTieBreakContract.companions` first, last and in between gives
  every tie-break the same values (a tie-break of the tied group is compared
  only where the tie-breaks before it are the same).

Values come from :func:`caddy.standings.teams.team_standings`. Each check is
also a method taking the host, the spec and a drawn event
(``check_deterministic`` ...), which raises :class:`AssertionError`.
hypothesis is imported when a test runs, not when this module is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from caddy.contracts import TieBreak
from caddy.plugins.host import PluginHost
from caddy.standings.teams import team_explain, team_standings
from caddy.testing.teams import build_team_event
from caddy.testing.tiebreaks import TieBreakSuiteBase

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from caddy.model.team_results import TeamResultsTable
    from caddy.standings.teams import TeamStandings

__all__ = ["DrawnTeamEvent", "TeamTieBreakContract", "small_team_events"]

#: Board results drawn (from the first-named team's side), forfeited boards included.
BOARD_RESULTS = ("1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-", "-+")
#: Whole-match forfeits drawn now and then.
MATCH_FORFEITS = ("+-", "-+", "--")


@attrs.frozen
class DrawnTeamEvent:
    """A drawn team event, as :func:`caddy.testing.teams.build_team_event` takes it."""

    teams: tuple[str, ...]
    boards: int
    #: Per round: (first team, other team, results text).
    rounds: tuple[tuple[tuple[str, str, str], ...], ...]
    #: Round (1-based) → (team, bye kind).
    byes: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = ()
    pre_determined: bool = False

    def build(
        self, order: Sequence[str] | None = None, host: PluginHost | None = None
    ) -> TeamResultsTable:
        """The event, its teams listed in ``order`` (default: as drawn)."""

        return build_team_event(
            list(order or self.teams),
            self.boards,
            [list(matches) for matches in self.rounds],
            byes={r: list(b) for r, b in self.byes},
            pre_determined=self.pre_determined,
            host=host,
        )


def _circle(n: int) -> list[list[tuple[int, int]]]:
    """A single round robin of ``n`` teams by the circle method (0-based; a
    dummy ``n`` for an odd field: meeting it is the rest round)."""
    m = n + n % 2
    order = list(range(m))
    rounds = []
    for r in range(m - 1):
        rounds.append(
            [
                (order[k], order[m - 1 - k]) if (r + k) % 2 == 0 else (order[m - 1 - k], order[k])
                for k in range(m // 2)
            ]
        )
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def small_team_events(
    max_teams: int = 5, max_rounds: int = 3, max_boards: int = 3
) -> SearchStrategy[DrawnTeamEvent]:
    """A hypothesis strategy of small finished team events: Swiss-like events
    (random pairings, a pairing-allocated bye for the odd team out, requested
    byes, forfeited matches and boards) and team round robins (pre-determined
    pairings, rest rounds for an odd field)."""
    from hypothesis import strategies as st

    @st.composite
    def build(draw: st.DrawFn) -> DrawnTeamEvent:
        n = draw(st.integers(2, max_teams))
        boards = draw(st.integers(1, max_boards))
        names = tuple(f"T{k}" for k in range(1, n + 1))

        def match(first: int, other: int) -> tuple[str, str, str]:
            if draw(st.integers(0, 9)) == 0:
                text = draw(st.sampled_from(MATCH_FORFEITS))
            else:
                text = " ".join(draw(st.sampled_from(BOARD_RESULTS)) for _ in range(boards))
                if text in MATCH_FORFEITS:  # one board: read as a forfeited match
                    text = draw(st.sampled_from(("1-0", "0-1", "1/2")))
            return names[first], names[other], text

        if draw(st.booleans()) and n - 1 + n % 2 <= max_rounds:
            schedule = [
                tuple(match(a, b) for a, b in pairs if a < n and b < n) for pairs in _circle(n)
            ]
            return DrawnTeamEvent(names, boards, tuple(schedule), pre_determined=True)
        rounds = draw(st.integers(1, max_rounds))
        schedule = []
        byes = []
        for number in range(1, rounds + 1):
            order = draw(st.permutations(list(range(n))))
            resting = draw(st.integers(0, max(0, min(1, n - 2))))
            round_byes = [
                (names[t], draw(st.sampled_from(("half", "zero", "full")))) for t in order[:resting]
            ]
            playing = list(order[resting:])
            if len(playing) % 2:
                round_byes.append((names[playing.pop()], "pab"))
            schedule.append(
                tuple(match(playing[k], playing[k + 1]) for k in range(0, len(playing), 2))
            )
            if round_byes:
                byes.append((number, tuple(round_byes)))
        return DrawnTeamEvent(names, boards, tuple(schedule), tuple(byes))

    return build()


def _values(result: TeamStandings) -> dict[str, dict[str, float | None]]:
    """Each tie-break's values by team name."""
    return {
        text: {row.name: row.tiebreaks[text] for row in result.rows} for text in result.tiebreaks
    }


class TeamTieBreakContract(TieBreakSuiteBase):
    """Base class of the team tie-break contract suite (see the module docstring).

    :attr:`companions` empty: every other tie-break of the host that team
    events take (scope ``teams`` or ``both``)."""

    #: Events hypothesis draws per check.
    max_examples: ClassVar[int] = 10
    #: The largest event drawn.
    max_teams: ClassVar[int] = 5
    max_rounds: ClassVar[int] = 3
    max_boards: ClassVar[int] = 3

    def events(self) -> SearchStrategy[DrawnTeamEvent]:
        """The events to check on (default: :func:`small_team_events`)."""
        return small_team_events(self.max_teams, self.max_rounds, self.max_boards)

    def prepare(self, host: PluginHost, drawn: DrawnTeamEvent) -> TeamResultsTable:
        """The drawn event played through the event file."""
        return drawn.build(host=host)

    def _standings(
        self, host: PluginHost, tevent: TeamResultsTable, texts: Sequence[str]
    ) -> TeamStandings:

        return team_standings(tevent, list(texts), host=host)

    def values(self, result: TeamStandings) -> dict[str, dict[str, float | None]]:
        return _values(result)

    def suits(self, plugin: TieBreak) -> bool:
        """A tie-break team events take (scope ``teams`` or ``both``)."""
        return plugin.scope in ("teams", "both")

    def check_scope(self, tiebreak: TieBreak) -> None:
        assert self.suits(tiebreak), f"scope {tiebreak.scope!r} ranks no teams"

    # -- the checks, on one event ---------------------------------------------

    def check_deterministic(self, host: PluginHost, text: str, drawn: DrawnTeamEvent) -> None:
        """The same event twice, and the event built again, give the same values."""
        tevent = drawn.build(host=host)
        first = _values(self._standings(host, tevent, [text]))
        assert _values(self._standings(host, tevent, [text])) == first, (
            f"{text}: a second ranking of the same event gives other values"
        )
        assert _values(self._standings(host, drawn.build(host=host), [text])) == first, (
            f"{text}: the event built again gives other values"
        )

    def check_relabelling(
        self, host: PluginHost, text: str, drawn: DrawnTeamEvent, order: Sequence[str]
    ) -> None:
        """The teams listed in ``order`` (other team numbers) keep their values."""
        before = _values(self._standings(host, drawn.build(host=host), [text]))[text]
        after = _values(self._standings(host, drawn.build(order, host=host), [text]))[text]
        wrong = [
            f"team {name}: {before[name]} before, {after[name]} after"
            for name in before
            if after[name] != before[name]
        ]
        assert not wrong, (
            f"{text}: listing the teams as {', '.join(order)} changes values: "
            + "; ".join(wrong[:3])
        )

    def check_explain_agrees(self, host: PluginHost, text: str, drawn: DrawnTeamEvent) -> None:
        """Every team's explanation gives the value in the standings."""

        tevent = drawn.build(host=host)
        result = self._standings(host, tevent, [text])
        for row in result.rows:
            (explanation,) = team_explain(tevent, row.pairing_number, result, host=host)
            assert explanation.tiebreak == text, (text, explanation.tiebreak)
            assert explanation.player == row.pairing_number, (text, explanation.player)
            assert explanation.value == row.tiebreaks[text], (
                f"{text}: team {row.name}'s explanation gives {explanation.value}, "
                f"the standings {row.tiebreaks[text]}"
            )

    def test_relabelling_invariant(self, caddy_host: PluginHost, tiebreak: TieBreak) -> None:
        from hypothesis import strategies as st

        texts = self.spec_texts(tiebreak)
        relabellings = self.events().flatmap(
            lambda drawn: st.tuples(st.just(drawn), st.permutations(drawn.teams))
        )

        def check(pair: tuple[DrawnTeamEvent, Sequence[str]]) -> None:
            drawn, order = pair
            for text in texts:
                self.check_relabelling(caddy_host, text, drawn, order)

        self._each_event(check, relabellings)
