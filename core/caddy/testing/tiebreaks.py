"""The tie-break contract suite (re-exported from :mod:`caddy.testing`).

:class:`TieBreakContract` is a pytest base class. Subclass it and name the
tie-break (its registered acronym)::

    from caddy.testing import TieBreakContract

    class TestMyTieBreak(TieBreakContract):
        tiebreak_name = "MYTB"
        specs = ("MYTB", "MYTB/C1")     # default: the name, and one use of each modifier

On small events drawn by hypothesis (:func:`caddy.testing.events.small_events`: Swiss-like events
with byes and forfeits, and round robins; rated and unrated players), built
with :class:`caddy.model.results_table.ResultsTableBuilder`, it checks for every spec:

* determinism: the same event ranked twice (and an equal copy of it) gives
  the same values;
* relabelling invariance: giving the players other pairing numbers gives
  each player the value they had — unless the tie-break depends on the
  pairing number itself (``TPN``): such a suite sets
  :attr:`TieBreakContract.depends_on_pairing_number`;
* the explanation agrees with the value: what
  :func:`caddy.standings.explain.explain` reports for each player is the value in the
  standings (a tie-break of the tied group, such as DE, through its group
  explanation);
* the order of a tie-break list changes no value: the tie-break listed with
  :attr:`TieBreakContract.companions` first, last and in between gives every
  tie-break the same values (a tie-break of the tied group depends on the
  ones before it by design: it is compared only where it comes first).

Values come from :func:`caddy.standings.ranking.standings`, the path ``caddy
standings`` takes. Each check is also a method taking the host, the spec and
an event (``check_deterministic`` ...), which raises :class:`AssertionError`.
hypothesis is imported when a test runs, not when this module is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pytest

from caddy.contracts import TieBreak
from caddy.contracts.conformance import conformance
from caddy.contracts.tiebreak_spec import parse_spec
from caddy.model.results import ResultsTable
from caddy.plugins.host import PluginHost, resolve
from caddy.standings.explain import explain
from caddy.standings.ranking import standings
from caddy.testing.drawing import suite_settings
from caddy.testing.events import copied, relabelled, small_events

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from caddy.standings.table import Standings

__all__ = ["TieBreakContract", "TieBreakSuiteBase"]

#: One use of each modifier letter, for the default specs.
MODIFIER_EXAMPLES = {
    "C": "/C1",
    "M": "/M1",
    "L": "/L+1",
    "P": "/P",
    "F": "/F",
    "R": "/R",
    "K": "/K3",
}


def _values(result: Standings) -> dict[str, dict[int, float | None]]:
    """Each tie-break's values by pairing number."""
    return {
        text: {row.pairing_number: row.tiebreaks[text] for row in result.rows}
        for text in result.tiebreaks
    }


class TieBreakSuiteBase:
    """What the individual and the team tie-break suites share: the host and
    tie-break fixtures, the specs, hypothesis runs, the order check, the
    metadata check and the tests built on them. A suite says how an event is
    drawn (:meth:`events`), made ready (:meth:`prepare`), ranked
    (:meth:`_standings`) and read (:meth:`values`), and which tie-breaks keep
    it company (:meth:`companion_names`)."""

    #: The registered name (acronym) of the tie-break under test.
    tiebreak_name: ClassVar[str]
    #: Tie-break texts to check; empty: the name, and the name with one use
    #: of each modifier it accepts (``/C1``, ``/L+1``, ``/K3`` ...).
    specs: ClassVar[Sequence[str]] = ()
    #: Other tie-breaks listed with it in the order check (those the host
    #: knows); empty: :meth:`companion_names`.
    companions: ClassVar[Sequence[str]] = ()
    #: Events hypothesis draws per check.
    max_examples: ClassVar[int] = 20
    #: Shrink a failing event to a smallest one (off: fail at once).
    shrink: ClassVar[bool] = True

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host to look the tie-break up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def tiebreak(self, caddy_host: PluginHost) -> TieBreak:
        plugin: TieBreak = caddy_host.tiebreaks().get(parse_spec(self.tiebreak_name).code)
        return plugin

    # -- hooks for subclasses -----------------------------------------------

    def spec_texts(self, tiebreak: TieBreak) -> list[str]:
        """The tie-break texts to check (see :attr:`specs`)."""
        if self.specs:
            return list(self.specs)
        return [tiebreak.name] + [
            tiebreak.name + MODIFIER_EXAMPLES[letter]
            for letter in tiebreak.modifiers
            if letter in MODIFIER_EXAMPLES
        ]

    def events(self) -> SearchStrategy[Any]:
        """The events to check on."""
        raise NotImplementedError

    def prepare(self, host: PluginHost, drawn: Any) -> Any:
        """A drawn event as :meth:`_standings` ranks it (default: as drawn)."""
        return drawn

    def _standings(self, host: PluginHost, event: Any, texts: Sequence[str]) -> Any:
        raise NotImplementedError

    def values(self, result: Any) -> dict[str, dict[Any, float | None]]:
        """Each tie-break's values by whom they rank."""
        return _values(result)

    def suits(self, plugin: TieBreak) -> bool:
        """Whether a tie-break ranks what this suite ranks (its ``scope``)."""
        return True

    def companion_names(self, known: Any, tiebreak: TieBreak) -> list[str]:
        """The tie-breaks listed with it when :attr:`companions` is empty."""
        return list(known.names())

    def check_scope(self, tiebreak: TieBreak) -> None:
        """What the suite asks of the tie-break's ``scope`` (default: nothing)."""

    def _each_event(
        self, check: Callable[[Any], None], strategy: SearchStrategy[Any] | None = None
    ) -> None:
        """Run ``check`` on what hypothesis draws (default: :meth:`events`)."""
        from hypothesis import given

        @suite_settings(self.max_examples, self.shrink)
        @given(self.events() if strategy is None else strategy)
        def run(drawn: Any) -> None:
            check(drawn)

        run()

    # -- the checks shared by both suites ---------------------------------------

    def check_order_independent(
        self, host: PluginHost, text: str, drawn: Any, others: Sequence[str]
    ) -> None:
        """Listed first, last or in between, no tie-break's values change
        (a tie-break of the tied group only where the ones before it are the same)."""
        registry = host.tiebreaks()

        def group_dependent(spec: str) -> bool:
            return bool(registry.get(parse_spec(spec).code).group_dependent)

        event = self.prepare(host, drawn)
        orders = [[text, *others], [text, *reversed(others)], [*others, text]]
        if others:
            orders.append([others[0], text, *others[1:]])
        results = [self.values(self._standings(host, event, order)) for order in orders]
        base, first = results[0], orders[0]
        for order, values in zip(orders[1:], results[1:], strict=True):
            for spec in first:
                before, before_base = order[: order.index(spec)], first[: first.index(spec)]
                if group_dependent(spec) and before != before_base:
                    continue  # ranks the group the tie-breaks before it leave: by design
                assert values[spec] == base[spec], (
                    f"{spec}: the list {', '.join(order)} gives other values than "
                    f"{', '.join(first)}"
                )

    def check_metadata(self, tiebreak: TieBreak) -> None:
        """The plugin conforms to :class:`caddy.contracts.TieBreak`, its scope
        suits the suite, and its descriptive members have the types the
        contract gives them."""
        assert conformance("tiebreaks", tiebreak) == []
        self.check_scope(tiebreak)
        for field in ("title", "article", "summary", "kind"):
            assert isinstance(getattr(tiebreak, field), str), field
        assert tiebreak.summary, "summary is empty"
        assert isinstance(tiebreak.modifiers, str)
        assert isinstance(tiebreak.editions, tuple) and tiebreak.editions
        assert isinstance(tiebreak.group_dependent, bool)
        for text in self.spec_texts(tiebreak):
            assert parse_spec(text, tiebreak.modifiers).code == tiebreak.name, text

    def check_deterministic(self, host: PluginHost, text: str, drawn: Any) -> None:
        raise NotImplementedError

    def check_explain_agrees(self, host: PluginHost, text: str, drawn: Any) -> None:
        raise NotImplementedError

    # -- the tests ----------------------------------------------------------------

    def test_has_metadata(self, tiebreak: TieBreak) -> None:
        assert tiebreak.name == parse_spec(self.tiebreak_name).code
        self.check_metadata(tiebreak)

    def test_deterministic(self, caddy_host: PluginHost, tiebreak: TieBreak) -> None:
        texts = self.spec_texts(tiebreak)

        def check(drawn: Any) -> None:
            for text in texts:
                self.check_deterministic(caddy_host, text, drawn)

        self._each_event(check)

    def test_explain_agrees_with_value(self, caddy_host: PluginHost, tiebreak: TieBreak) -> None:
        texts = self.spec_texts(tiebreak)

        def check(drawn: Any) -> None:
            for text in texts:
                self.check_explain_agrees(caddy_host, text, drawn)

        self._each_event(check)

    def test_order_of_list_changes_no_value(
        self, caddy_host: PluginHost, tiebreak: TieBreak
    ) -> None:
        known = caddy_host.tiebreaks()
        others = [
            text
            for text in (self.companions or self.companion_names(known, tiebreak))
            if parse_spec(text).code in known
            and parse_spec(text).code != tiebreak.name
            and self.suits(known.get(parse_spec(text).code))
        ]
        texts = self.spec_texts(tiebreak)

        def check(drawn: Any) -> None:
            for text in texts:
                self.check_order_independent(caddy_host, text, drawn, others)

        self._each_event(check)


class TieBreakContract(TieBreakSuiteBase):
    """Base class of the tie-break contract suite (see the module docstring)."""

    #: The value is the pairing number's (TPN): no relabelling invariance.
    depends_on_pairing_number: ClassVar[bool] = False
    #: The largest event drawn.
    max_players: ClassVar[int] = 8
    max_rounds: ClassVar[int] = 5

    def pairing_number_dependent(self, tiebreak: TieBreak) -> bool:
        """Whether the values follow the pairing numbers (default: :attr:`depends_on_pairing_number`)."""
        return self.depends_on_pairing_number

    def events(self) -> SearchStrategy[ResultsTable]:
        """The events to check on (default: :func:`small_events`)."""
        return small_events(self.max_players, self.max_rounds)

    def _standings(self, host: PluginHost, event: ResultsTable, texts: Sequence[str]) -> Standings:

        return standings(event, list(texts), host=host)

    def suits(self, plugin: TieBreak) -> bool:
        """A tie-break that ranks players (scope not ``teams``)."""
        return plugin.scope != "teams"

    # -- the checks, on one event ---------------------------------------------

    def check_deterministic(self, host: PluginHost, text: str, event: ResultsTable) -> None:
        """The same event twice, and an equal copy, give the same values."""
        first = _values(self._standings(host, event, [text]))
        assert _values(self._standings(host, event, [text])) == first, (
            f"{text}: a second ranking of the same event gives other values"
        )
        assert _values(self._standings(host, copied(event), [text])) == first, (
            f"{text}: an equal copy of the event gives other values"
        )

    def check_relabelling(
        self, host: PluginHost, text: str, event: ResultsTable, numbers: Sequence[int]
    ) -> None:
        """Player ``i`` renumbered ``numbers[i - 1]`` keeps their value."""
        before = _values(self._standings(host, event, [text]))[text]
        after = _values(self._standings(host, relabelled(event, numbers), [text]))[text]
        moved = {numbers[old - 1]: value for old, value in before.items()}
        wrong = [
            f"player {old} (now {numbers[old - 1]}): {before[old]} before, {after[numbers[old - 1]]} after"
            for old in before
            if after[numbers[old - 1]] != moved[numbers[old - 1]]
        ]
        assert not wrong, f"{text}: relabelling the players changes values: " + "; ".join(wrong[:3])

    def check_explain_agrees(self, host: PluginHost, text: str, event: ResultsTable) -> None:
        """Every player's explanation gives the value in the standings."""

        result = self._standings(host, event, [text])
        for row in result.rows:
            (explanation,) = explain(event, row.pairing_number, [text], host=host, result=result)
            assert explanation.tiebreak == text, (text, explanation.tiebreak)
            assert explanation.player == row.pairing_number, (text, explanation.player)
            assert explanation.value == row.tiebreaks[text], (
                f"{text}: player {row.pairing_number}'s explanation gives {explanation.value}, "
                f"the standings {row.tiebreaks[text]}"
            )

    def test_relabelling_invariant(self, caddy_host: PluginHost, tiebreak: TieBreak) -> None:
        if self.pairing_number_dependent(tiebreak):
            pytest.skip(f"{tiebreak.name} depends on the pairing number")
        from hypothesis import strategies as st

        texts = self.spec_texts(tiebreak)
        relabellings = self.events().flatmap(
            lambda event: st.tuples(
                st.just(event), st.permutations(range(1, len(event.players) + 1))
            )
        )

        def check(drawn: tuple[ResultsTable, Sequence[int]]) -> None:
            event, numbers = drawn
            for text in texts:
                self.check_relabelling(caddy_host, text, event, numbers)

        self._each_event(check, relabellings)
