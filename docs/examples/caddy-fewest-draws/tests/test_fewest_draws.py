"""The plugin's own tests: caddy's contract suite, and the values on a small event."""

from __future__ import annotations

from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.explain import explain
from caddy.standings.ranking import standings
from caddy.testing import TieBreakContract


class TestFewestDrawsContract(TieBreakContract):
    tiebreak_name = "DRAWS"
    companions = ("BH", "SB")  # listed first, last and between: no value changes


def small_event() -> ResultsTableBuilder:
    """Four players, three rounds: Ann and Cal score 2, Ann with no draw; Ben and
    Dan score 1 with two draws each."""
    event = ResultsTableBuilder(["Ann", "Ben", "Cal", "Dan"], rounds=3)
    event.game(1, 1, 4, "1-0").game(1, 2, 3, "1/2")
    event.game(2, 3, 1, "1-0").game(2, 4, 2, "1/2")
    event.game(3, 1, 2, "+-").game(3, 3, 4, "1/2")
    return event


def test_values_and_ranking() -> None:
    table = standings(small_event().build(), ["DRAWS"])
    assert [(row.rank, row.name, row.score, row.tiebreaks["DRAWS"]) for row in table.rows] == [
        (1, "Ann", 2.0, 0.0),  # the forfeit win in round 3 is no game
        (2, "Cal", 2.0, 2.0),
        (3, "Ben", 1.0, 2.0),  # still tied: a shared place
        (3, "Dan", 1.0, 2.0),
    ]


def test_explain_by_pairing_number() -> None:
    """`caddy.standings.explain.explain` takes a pairing number (or a name)."""
    (working,) = explain(small_event().build(), 3, ["DRAWS"])
    assert (working.player, working.value) == (3, 2.0)
    assert [(row.round, row.opponent, row.contribution) for row in working.rows] == [
        (1, 2, 1.0),
        (2, 1, 0.0),
        (3, 4, 1.0),
    ]
