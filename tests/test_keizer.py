"""The ``keizer`` format's ranking, values and pairing rules (issue 28 item 2;
docs/keizer.md). Sources, as docs/keizer.md cites them:

- Caissa Amsterdam, "Het Keizer-systeem" (http://www.caissa-amsterdam.nl/het-keizer-systeem/):
  10 players, values 50..41 by place, a win scores the opponent's value, a
  draw half of it, a loss nothing, and the own value is added once ("Dit
  cijfer wordt bij zijn eigen waardecijfer (50) opgeteld"); its round-1
  table is :func:`test_caissa_amsterdam_round_one`.
- De Schaakmaat, "Uitleg keizersysteem" (deschaakmaat.nl): absent → 1/3 of
  the own value; after each round a new ranking and every round recomputed
  with the new values ("herberekening"); pairing top down, 1 against 3 when 1
  and 2 met already; colours as even as possible.
- Kijk Uit (schaakclubkijkuit.nl): absent with notice 1/3 of the own value,
  without notice 0.
- Bornse Damvereniging (bornsedamvereniging.nl/details-keizer/): the bye of
  an odd evening 2/3 of the own value, the own value not counted, no rematch
  within 8 rounds.

The small season of :func:`test_worked_season_by_hand` is computed by hand
in its comments; tests/test_keizer_season.py plays it through the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import HistoryEntry, PairingPlayer, PairingRequest
from caddy.errors import InputError
from caddy.plugins.host import get_host
from caddy_plugins.formats.keizer import Keizer
from caddy_plugins.formats.keizer.options import KeizerOptions
from caddy_plugins.formats.keizer.pairing import bye_player, colours, pair_evening
from caddy_plugins.formats.keizer.ranking import (
    Evening,
    keizer_ranking,
    request_evenings,
    totals_for,
    values_for,
)
from tests.conftest import Run


def game(evenings: dict[int, list[Evening]], white: int, black: int, result: str) -> None:
    """A game of one evening: ``1-0``, ``½`` or ``0-1``."""
    kinds = {"1-0": ("win", "loss"), "½": ("draw", "draw"), "0-1": ("loss", "win")}[result]
    evenings[white].append(Evening(kinds[0], black, "w"))  # type: ignore[arg-type]
    evenings[black].append(Evening(kinds[1], white, "b"))  # type: ignore[arg-type]


def away(evenings: dict[int, list[Evening]], player: int, kind: str) -> None:
    evenings[player].append(Evening(kind))  # type: ignore[arg-type]


def season(rounds: int, players: int = 6) -> dict[int, list[Evening]]:
    """The worked season (docs/keizer.md) after ``rounds`` evenings: six
    players by rating (1 Anna ... 6 Finn), Gus (7) entering before evening 3."""
    ev: dict[int, list[Evening]] = {p: [] for p in range(1, players + 1)}
    # evening 1, all present: 1-2 1-0, 4-3 ½, 5-6 0-1
    game(ev, 1, 2, "1-0")
    game(ev, 4, 3, "½")
    game(ev, 5, 6, "0-1")
    if players == 7:
        away(ev, 7, "absent")  # not entered yet: a zero-point bye
    if rounds == 1:
        return ev
    # evening 2: Ben (2) away with notice; 5 has the bye; 3-1 1-0, 6-4 0-1
    away(ev, 2, "notice")
    away(ev, 5, "bye")
    game(ev, 3, 1, "1-0")
    game(ev, 6, 4, "0-1")
    if players == 7:
        away(ev, 7, "absent")
    if rounds == 2:
        return ev
    # evening 3: Eve (5) on club duty; 2-3 ½, 1-4 1-0, 7-6 0-1
    away(ev, 5, "duty")
    game(ev, 2, 3, "½")
    game(ev, 1, 4, "1-0")
    game(ev, 7, 6, "0-1")
    return ev


def test_worked_season_by_hand() -> None:
    """Default options (top value = players ranked, step 1, own value added,
    win 1, draw ½, loss 0, bye ½, notice ⅓, duty ⅔), by hand:

    After evening 1 (6 players; start: values 6..1 by pairing number):
      pass 1: 1: 6+5=11  2: 5  3: 4+3/2=5.5  4: 3+4/2=5  5: 2  6: 1+2=3
              → 1 3 2 4 6 5 (2 and 4 equal: the initial order)
      pass 2: values 1:6 3:5 2:4 4:3 6:2 5:1
              1: 6+4=10  3: 5+3/2=6.5  2: 4  4: 3+5/2=5.5  6: 2+1=3  5: 1
              → 1 3 4 2 6 5
      pass 3: values 1:6 3:5 4:4 2:3 6:2 5:1
              1: 6+3=9  3: 5+2=7  4: 4+5/2=6.5  2: 3  6: 2+1=3  5: 1
              → 1 3 4 2 6 5, the same: stable after 3 passes.
    After evening 2:
      pass 1: values 6..1: 1: 6+5+0=11  2: 5+0+5/3=20/3  3: 4+3/2+6=11.5
              4: 3+4/2+1=6  5: 2+0+2/2=3  6: 1+2+0=3  → 3 1 2 4 5 6
      pass 2: values 3:6 1:5 2:4 4:3 5:2 6:1
              1: 5+4=9  2: 4+4/3=16/3  3: 6+3/2+5=12.5  4: 3+6/2+1=7
              5: 2+1=3  6: 1+2=3  → 3 1 4 2 5 6
      pass 3: values 3:6 1:5 4:4 2:3 5:2 6:1
              1: 5+3=8  2: 3+1=4  3: 6+2+5=13  4: 4+6/2+1=8  5: 3  6: 3
              → 3 1 4 2 5 6, stable.
    Before evening 3 Gus enters (7 players, top value 7; his two evenings
    missed score 0):
      pass 1: values 7..1: 1: 7+6=13  2: 6+6/3=8  3: 5+2+7=14  4: 4+5/2+2=8.5
              5: 3+3/2=4.5  6: 2+3=5  7: 1  → 3 1 4 2 6 5 7
      pass 2: values 3:7 1:6 4:5 2:4 6:3 5:2 7:1
              1: 6+4=10  2: 4+4/3=16/3  3: 7+5/2+6=15.5  4: 5+7/2+3=11.5
              5: 2+1=3  6: 3+2=5  7: 1  → 3 4 1 2 6 5 7
      pass 3: values 3:7 4:6 1:5 2:4 6:3 5:2 7:1
              1: 5+4=9  2: 4+4/3=16/3  3: 7+3+5=15  4: 6+7/2+3=12.5
              5: 3  6: 5  7: 1  → the same, stable.
    After evening 3:
      pass 1: values 7..1: 1: 7+6+0+4=17  2: 6+0+2+5/2=10.5  3: 5+2+7+3=17
              4: 4+5/2+2+0=8.5  5: 3+0+3/2+2=6.5  6: 2+3+0+1=6  7: 1
              → 1 3 2 4 5 6 7
      pass 2: values 1:7 3:6 2:5 4:4 5:3 6:2 7:1
              1: 7+5+4=16  2: 5+5/3+6/2=29/3  3: 6+4/2+7+5/2=17.5
              4: 4+6/2+2=9  5: 3+3/2+2=6.5  6: 2+3+1=6  7: 1 → 3 1 2 4 5 6 7
      pass 3: values 3:7 1:6 2:5 4:4 5:3 6:2 7:1
              1: 6+5+4=15  2: 5+5/3+7/2=61/6  3: 7+2+6+5/2=17.5
              4: 4+7/2+2=9.5  5: 6.5  6: 6  7: 1 → the same, stable.
    """
    options = KeizerOptions()
    one = keizer_ranking(range(1, 7), season(1), options)
    assert (one.order, one.iterations, one.status) == ((1, 3, 4, 2, 6, 5), 3, "stable")
    assert one.values == {1: 6, 3: 5, 4: 4, 2: 3, 6: 2, 5: 1}
    assert one.totals == {1: 9, 3: 7, 4: F(13, 2), 2: 3, 6: 3, 5: 1}

    two = keizer_ranking(range(1, 7), season(2), options)
    assert (two.order, two.iterations, two.status) == ((3, 1, 4, 2, 5, 6), 3, "stable")
    assert two.totals == {3: 13, 1: 8, 4: 8, 2: 4, 5: 3, 6: 3}

    before = keizer_ranking(range(1, 8), season(2, players=7), options)
    assert (before.order, before.iterations) == ((3, 4, 1, 2, 6, 5, 7), 3)
    assert before.values == {3: 7, 4: 6, 1: 5, 2: 4, 6: 3, 5: 2, 7: 1}
    assert before.totals == {3: 15, 4: F(25, 2), 1: 9, 2: F(16, 3), 6: 5, 5: 3, 7: 1}

    final = keizer_ranking(range(1, 8), season(3, players=7), options)
    assert (final.order, final.iterations, final.status) == ((3, 1, 2, 4, 5, 6, 7), 3, "stable")
    assert final.values == {3: 7, 1: 6, 2: 5, 4: 4, 5: 3, 6: 2, 7: 1}
    assert final.totals == {
        3: F(35, 2),
        1: 15,
        2: F(61, 6),
        4: F(19, 2),
        5: F(13, 2),
        6: 6,
        7: 1,
    }


def test_worked_season_pairs_by_hand() -> None:
    """Evening 3 of the worked season: present 3 4 1 2 6 7 in ranking order
    (5 on duty). 3 met 4 (evening 1) and 1 (evening 2): 3-2; 4 and 1 have not
    met: 4-1; then 6-7. Colours: 2 had Black, 3 one of each → 2 White; 4 and
    1 one of each, both Black last → board 2 (even): the lower-ranked, 1,
    White; 6 had White last, 7 no game → 7 White."""
    pairing = pair_evening(
        (3, 4, 1, 2, 6, 5, 7), frozenset({1, 2, 3, 4, 6, 7}), season(2, 7), None, 3
    )
    assert pairing.pairs == ((2, 3), (1, 4), (7, 6))
    assert (pairing.bye, pairing.window) == (None, None)


def test_caissa_amsterdam_round_one() -> None:
    """Caissa Amsterdam's "Het Keizer-systeem", table "Waardering" after round
    1: values 50..41 (top value 50, step 1), own value added; Jansen 1-0
    Pietersen, Bakker ½ Slager, de Vries 0-1 de Zeeuw, de Jonge ½ de Oude,
    de Wit 0-1 de Bruin: totals 99, 49, 71½, 71, 46, 91, 65½, 65, 42, 83."""
    options = KeizerOptions(top_value=50)
    ev: dict[int, list[Evening]] = {p: [] for p in range(1, 11)}
    for white, black, result in (
        (1, 2, "1-0"),
        (3, 4, "½"),
        (5, 6, "0-1"),
        (7, 8, "½"),
        (9, 10, "0-1"),
    ):
        game(ev, white, black, result)
    values = values_for(range(1, 11), options)
    assert values == {n: 51 - n for n in range(1, 11)}
    totals = totals_for(values, ev, options)
    assert [totals[n] for n in range(1, 11)] == [
        99, 49, F(143, 2), 71, 46, 91, F(131, 2), 65, 42, 83
    ]  # fmt: skip


def test_options_change_the_scores() -> None:
    """The club variants: no own value (Bornse Damvereniging), a bye worth ⅔
    (idem), a loss worth ⅙ of the opponent's value (Pijpers, a variant), a
    top value of 100 (Kijk Uit) and a step of 2. Evening 1 of the worked
    season, values 6..1 unless said: Anna beat Ben (value 5)."""
    ev = season(1)
    plain = totals_for(values_for(range(1, 7), KeizerOptions()), ev, KeizerOptions(own_value=False))
    assert plain == {1: 5, 2: 0, 3: F(3, 2), 4: 2, 5: 0, 6: 2}
    loss = KeizerOptions(own_value=False, loss=1 / 6)
    assert totals_for(values_for(range(1, 7), loss), ev, loss)[2] == 1  # 6 / 6
    club = KeizerOptions(top_value=100, step=2)
    assert values_for(range(1, 7), club) == {1: 100, 2: 98, 3: 96, 4: 94, 5: 92, 6: 90}
    low = KeizerOptions(top_value=3, step=2)
    assert values_for(range(1, 5), low) == {1: 3, 2: 1, 3: 0, 4: 0}  # never below 0
    bye = KeizerOptions(bye=2 / 3, own_value=False)
    assert totals_for({1: 6}, {1: [Evening("bye")]}, bye) == {1: 4}


def test_a_cycle_takes_the_values_of_its_first_ranking() -> None:
    """Three players, each absent once: 1 beat 2, 2 beat 3, 3 beat 1. By hand
    (own value added, values 3 2 1):
      [1 2 3]: 1: 3+2=5  2: 2+1=3  3: 1+3=4 → [1 3 2]
      [1 3 2]: values 1:3 3:2 2:1: 1: 3+1=4  2: 1+2=3  3: 2+3=5 → [3 1 2]
      [3 1 2]: 1: 2+1=3  2: 1+3=4  3: 3+2=5 → [3 2 1]
      [3 2 1]: 1: 1+2=3  2: 2+3=5  3: 3+1=4 → [2 3 1]
      [2 3 1]: 1: 1+3=4  2: 3+2=5  3: 2+1=3 → [2 1 3]
      [2 1 3]: 1: 2+3=5  2: 3+1=4  3: 1+2=3 → [1 2 3], met at pass 1: a cycle.
    The rule: the values of the cycle's first ranking ([1 2 3]: 3 2 1), the
    totals they give (5 3 4), ranked by them: 1 3 2."""
    ev: dict[int, list[Evening]] = {1: [], 2: [], 3: []}
    away(ev, 1, "absent")
    game(ev, 2, 3, "1-0")
    away(ev, 2, "absent")
    game(ev, 3, 1, "1-0")
    away(ev, 3, "absent")
    game(ev, 1, 2, "1-0")
    ranking = keizer_ranking((1, 2, 3), ev, KeizerOptions())
    assert (ranking.status, ranking.iterations) == ("cycle", 6)
    assert ranking.values == {1: 3, 2: 2, 3: 1}
    assert ranking.totals == {1: 5, 2: 3, 3: 4}
    assert ranking.order == (1, 3, 2)
    capped = keizer_ranking((1, 2, 3), ev, KeizerOptions(max_iterations=2))
    assert (capped.status, capped.iterations) == ("cap", 2)  # the values of pass 2: [1 3 2]
    assert capped.values == {1: 3, 3: 2, 2: 1} and capped.order == (3, 1, 2)


def _next(
    order: Sequence[int], ev: Mapping[int, Sequence[Evening]], options: KeizerOptions
) -> tuple[int, ...]:
    totals = totals_for(values_for(order, options), ev, options)
    first = sorted(order)
    return tuple(sorted(first, key=lambda n: (-totals[n], first.index(n))))


@st.composite
def seasons(draw: st.DrawFn) -> tuple[int, dict[int, list[Evening]], KeizerOptions]:
    players = draw(st.integers(2, 12))
    ev: dict[int, list[Evening]] = {p: [] for p in range(1, players + 1)}
    for _ in range(draw(st.integers(1, 8))):
        order = draw(st.permutations(range(1, players + 1)))
        games = draw(st.integers(0, players // 2))
        for k in range(games):
            game(ev, order[2 * k], order[2 * k + 1], draw(st.sampled_from(("1-0", "½", "0-1"))))
        for player in order[2 * games :]:
            away(ev, player, draw(st.sampled_from(("bye", "notice", "duty", "absent"))))
    options = KeizerOptions(
        own_value=draw(st.booleans()),
        top_value=draw(st.sampled_from((0, 3 * players))),
        step=draw(st.sampled_from((1, 2))),
    )
    if options.top_value == 0:
        options = KeizerOptions(own_value=options.own_value)
    return players, ev, options


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_re_ranking_converges_or_the_cycle_rule_applies(
    drawn: tuple[int, dict[int, list[Evening]], KeizerOptions],
) -> None:
    """Any season: the iteration ends within the cap; a stable ranking is a
    fixed point (its values give totals that rank it again); a cycle's values
    are those of a ranking the iteration comes back to."""
    players, ev, options = drawn
    ranking = keizer_ranking(range(1, players + 1), ev, options)
    assert ranking.iterations <= options.max_iterations
    assert ranking.status in ("stable", "cycle")
    assert ranking.totals == totals_for(ranking.values, ev, options)
    by_value = tuple(sorted(ranking.values, key=lambda n: -ranking.values[n]))
    assert values_for(by_value, options) == ranking.values  # values by place, distinct
    if ranking.status == "stable":
        assert _next(ranking.order, ev, options) == ranking.order
        assert by_value == ranking.order
    else:
        order, back = _next(by_value, ev, options), False
        for _ in range(options.max_iterations):
            back = back or order == by_value
            order = _next(order, ev, options)
        assert back and by_value != _next(by_value, ev, options)


def test_the_bye_goes_to_the_lowest_ranked_without_one() -> None:
    """Odd evening: the lowest-ranked present player with the fewest byes; a
    second bye only when everyone present has had one."""
    assert bye_player((1, 2, 3), {}) == 3
    assert bye_player((1, 2, 3), {3: 1}) == 2
    assert bye_player((1, 2, 3), {1: 1, 2: 1, 3: 1}) == 3
    assert bye_player((1, 2, 3, 4), {}) is None


def test_no_rematch_within_the_window_then_narrowed() -> None:
    """Four players, 1-2 and 3-4 met on evening 1, 1-3 and 2-4 on evening 2.
    Evening 3, ranking 1 2 3 4: the whole season (``none``) leaves 1-4, 2-3;
    a window of 1 evening allows 1-2 again (met 2 evenings ago); on evening 3
    with 1-4 and 2-3 also played, no pairing keeps the window: it narrows."""
    ev: dict[int, list[Evening]] = {p: [] for p in range(1, 5)}
    game(ev, 1, 2, "1-0")
    game(ev, 3, 4, "½")
    game(ev, 3, 1, "0-1")
    game(ev, 2, 4, "½")
    order = (1, 2, 3, 4)
    everyone = frozenset(order)
    whole = pair_evening(order, everyone, ev, None, 3)
    assert sorted(tuple(sorted(p)) for p in whole.pairs) == [(1, 4), (2, 3)]
    one = pair_evening(order, everyone, ev, 1, 3)
    assert sorted(tuple(sorted(p)) for p in one.pairs) == [(1, 2), (3, 4)]
    game(ev, 1, 4, "1-0")
    game(ev, 2, 3, "1-0")
    fourth = pair_evening(order, everyone, ev, None, 4)
    assert fourth.window == 2  # every pair met; 1-2 and 3-4 not within the last 2 evenings
    assert sorted(tuple(sorted(p)) for p in fourth.pairs) == [(1, 2), (3, 4)]


def test_colours_by_balance_then_last_colour_then_board() -> None:
    ev: dict[int, list[Evening]] = {p: [] for p in range(1, 7)}
    assert colours(1, 2, 1, ev) == (1, 2) and colours(1, 2, 2, ev) == (2, 1)  # no games
    game(ev, 1, 2, "1-0")
    assert colours(1, 2, 1, ev) == (2, 1)  # 2 has fewer Whites
    game(ev, 3, 4, "1-0")
    game(ev, 4, 3, "1-0")  # 3: W B, 4: B W; equal balance, 3 had Black last
    assert colours(4, 3, 1, ev) == (3, 4)
    game(ev, 5, 6, "1-0")
    game(ev, 6, 5, "1-0")
    game(ev, 1, 5, "½")  # 5: W B B; 1: W W → 5 is -1, White
    assert colours(1, 5, 1, ev) == (5, 1)


def _request(
    players: int, histories: dict[int, list[HistoryEntry]], absent: set[int]
) -> PairingRequest:
    rounds = max((len(h) for h in histories.values()), default=0)
    return PairingRequest(
        round=rounds + 1,
        planned_rounds=5,
        players=tuple(
            PairingPlayer(
                number=n,
                rating=None,
                points=sum(h.points for h in histories.get(n, [])),
                history=tuple(histories.get(n, [])),
                absent=n in absent,
            )
            for n in range(1, players + 1)
        ),
        options=KeizerOptions(),
    )


def test_histories_give_the_evenings() -> None:
    """A request's history kinds: a game's result from both players' points
    (any scoring: 3-1-0 here), the pairing's bye, a half-point bye (notice), a
    full-point bye (duty), a zero-point bye and an absence (no notice), a
    forfeit win (not a game: no colour, not met; scored as a win), a forfeit
    loss (no notice)."""

    def entry(
        kind: str, points: float, opponent: int | None = None, colour: str | None = None
    ) -> HistoryEntry:
        return HistoryEntry(round=1, opponent=opponent, colour=colour, kind=kind, points=points)  # type: ignore[arg-type]

    histories = {
        1: [entry("played", 3, 2, "w")],
        2: [entry("played", 0, 1, "b")],
        3: [entry("played", 1, 4, "w")],
        4: [entry("played", 1, 3, "b")],
        5: [entry("pab", 3)],
        6: [entry("half-bye", 1)],
        7: [entry("full-bye", 3)],
        8: [entry("zero-bye", 0)],
        9: [entry("forfeit-win", 3, 10, None)],
        10: [entry("forfeit-loss", 0, 9, None)],
        11: [entry("absent", 0)],
    }
    ev = request_evenings(_request(11, histories, set()), KeizerOptions())
    assert ev == {
        1: [Evening("win", 2, "w")],
        2: [Evening("loss", 1, "b")],
        3: [Evening("draw", 4, "w")],
        4: [Evening("draw", 3, "b")],
        5: [Evening("bye")],
        6: [Evening("notice")],
        7: [Evening("duty")],
        8: [Evening("absent")],
        9: [Evening("forfeit-win", 10, None)],
        10: [Evening("absent")],
        11: [Evening("absent")],
    }


def test_only_the_players_present_are_paired() -> None:
    """Absent players (announced byes, late entrants not entered) are left
    out; an evening with one player present gives that player the bye, and
    one with nobody present has no board (issue 28 review item 5)."""
    fmt = Keizer()
    rnd = fmt.next_round(_request(5, {}, {2}))
    assert rnd is not None
    # 1 3 4 5 present: 1-3 (board 1: the higher-ranked White), 4-5 (board 2: the lower)
    assert (rnd.white, rnd.black, rnd.byes) == ((1, 5), (3, 4), ())
    lone = fmt.next_round(_request(3, {}, {1, 2}))
    assert lone is not None
    assert (lone.white, lone.black, lone.byes) == ((), (), (3,))
    nobody = fmt.next_round(_request(3, {}, {1, 2, 3}))
    assert nobody is not None
    assert (nobody.white, nobody.black, nobody.byes) == ((), (), ())


def test_arithmetic_for_calc_and_plan() -> None:
    """Evenings as the rounds option (default: as many as a round robin),
    floor(N/2) games an evening."""
    fmt = get_host().format("keizer")
    a = fmt.arithmetic(20, KeizerOptions(rounds=10))
    assert (a.rounds, a.games, a.boards, a.games_per_player, a.byes_per_round) == (
        10,
        100,
        10,
        10,
        0,
    )
    b = fmt.arithmetic(7, KeizerOptions())
    assert (b.rounds, b.games, b.boards, b.games_per_player, b.byes_per_round) == (7, 21, 3, 6, 1)
    with pytest.raises(InputError, match="at least 2 players"):
        fmt.arithmetic(1, KeizerOptions())


def test_calc_and_bad_options(cli: Callable[..., Run]) -> None:
    run = cli("calc", "20", "--format", "keizer", "--rounds", "10")
    assert run.code == 0 and run.err == ""
    assert run.out.splitlines()[:3] == [
        "keizer, 20 players",
        "  10 rounds, 100 games, 10 boards, 10 games per player",
        "  10 evenings (the rounds option), 10 games an evening when all 20 players are present",
    ]
    bad = cli("calc", "8", "--format", "keizer", "--option", "notice=-1")
    assert bad.code == 1 and bad.out == ""
    assert bad.err == (
        "caddy: error: invalid option notice=-1: notice must be a share from 0 to 10 "
        "(1 = the whole value)\n"
    )
