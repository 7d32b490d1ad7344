"""Quads, Scheveningen, knockout, group stage then knockout (docs/formats.md; issue 5)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from caddy.contracts import PlayedRound
from caddy.model.results_table import ResultsTableBuilder
from caddy.schedule.calculator import calculate
from caddy_plugins.formats.groups_knockout import GroupsKnockout
from caddy_plugins.formats.groups_knockout.draw import snake
from caddy_plugins.formats.groups_knockout.options import GroupsKnockoutOptions
from caddy_plugins.formats.knockout import Knockout, bracket_order
from caddy_plugins.formats.knockout.match import KnockoutOptions, Match
from caddy_plugins.formats.quads import Quads, QuadsOptions, section_sizes
from caddy_plugins.formats.scheveningen import Scheveningen, ScheveningenOptions, team_scores
from tests.conftest import Run

# -- quads ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(4, 42))
def test_quads_never_a_section_of_three(n: int) -> None:
    """docs/formats.md, Quads: never a section of three; everyone in exactly one section."""
    for remainder in ("swiss", "round-robin"):
        for policy in ("auto", "5+6", "7"):
            sizes = section_sizes(n, policy, remainder)
            assert 3 not in sizes and sum(sizes) == n
            assert all(size in (4, 5, 6, 7) for size in sizes)
            options = QuadsOptions(remainder=remainder, remainder3=policy)
            members = [p for section in Quads().sections(n, options) for p in section.players]
            assert members == list(range(1, n + 1))


def test_quads_remainders() -> None:
    """1 or 2 over: the bottom 5 or 6 form one section; 3 over: with a Swiss (the
    default) the bottom 7, with a round robin 5 above 6 (from 11), else 7."""
    assert section_sizes(16) == [4, 4, 4, 4]
    assert section_sizes(17) == [4, 4, 4, 5]
    assert section_sizes(18) == [4, 4, 4, 6]
    assert section_sizes(19) == [4, 4, 4, 7]
    assert section_sizes(19, "5+6") == [4, 4, 5, 6]
    assert section_sizes(19, remainder="round-robin") == [4, 4, 5, 6]
    assert section_sizes(19, "7", "round-robin") == [4, 4, 4, 7]
    assert section_sizes(7) == [7]
    assert section_sizes(11, remainder="round-robin") == [5, 6]
    assert section_sizes(11) == [4, 7]
    assert section_sizes(3) == [3]


@pytest.mark.parametrize("n", [16, 40])
def test_quads_three_rounds(cli: Callable[..., Run], n: int) -> None:
    """docs/formats.md, Quads (US Chess rule 30G): 16 players or 40 players, three rounds."""
    result = json.loads(cli("calc", str(n), "--format", "quads", "--tc", "G/25d5", "--json").out)[
        "results"
    ][0]
    assert result["rounds"] == 3 and result["games"] == n // 4 * 6
    assert result["total_hours"] == 3.75  # "three rounds at G/25 d5 fit in under four hours"


def test_quads_calc_reports_larger_sections(cli: Callable[..., Run]) -> None:
    run = cli(
        "calc", "19", "--format", "quads", "--tc", "G/25d5", "--option", "remainder=round-robin"
    )
    assert "2 quads: 3 rounds each" in run.out
    assert "1 section of 5: 5 rounds" in run.out and "1 section of 6: 5 rounds" in run.out
    assert "5 rounds" in run.out.splitlines()[2]  # hours from the longest section


def test_quads_table_by_rating(cli: Callable[..., Run], tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "p.csv"
    rows = "\n".join(f"P{i},{2000 - 10 * i}" for i in range(9))
    path.write_text("name,rating\n" + rows + "\n")
    run = cli("table", "--format", "quads", "--players", str(path), "--seed", "3")
    assert run.code == 0, run.err
    assert "Pairing numbers (by rating)" in run.out
    assert "Section 1: P0 (1) P1 (2) P2 (3) P3 (4)" in run.out
    assert "Section 2: P4 (5)" in run.out


def test_quads_us_table_in_each_quad() -> None:
    schedule = Quads().table_schedule(8, QuadsOptions(), seed=5)
    first = list(zip(schedule.rounds[0].white, schedule.rounds[0].black, strict=True))
    assert first == [(1, 4), (2, 3), (5, 8), (6, 7)]  # US Chess quad table, round 1


# -- Scheveningen ------------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(1, 17))
@pytest.mark.parametrize("cycles", [1, 2])
def test_scheveningen_properties(k: int, cycles: int) -> None:
    """docs/formats.md, Scheveningen: no team-mates meet, every cross pair once per cycle; per round
    each team has White on half the boards (±1 for odd k or k = 4t + 2); Whites k/2 per cycle for
    even k, within one for odd k; never three in a row."""
    schedule = Scheveningen().schedule(2 * k, ScheveningenOptions(cycles=cycles))
    assert len(schedule.rounds) == k * cycles and schedule.game_count == k * k * cycles
    met: Counter[frozenset[int]] = Counter()
    colours: dict[int, list[str]] = {p: [] for p in range(1, 2 * k + 1)}
    for rnd in schedule.rounds:
        a_white = sum(1 for w in rnd.white if w <= k)
        assert abs(2 * a_white - k) <= (2 if k % 4 == 2 else 1)
        for w, b in zip(rnd.white, rnd.black, strict=True):
            assert (w <= k) != (b <= k)
            met[frozenset((w, b))] += 1
            colours[w].append("W")
            colours[b].append("B")
    assert len(met) == k * k and set(met.values()) == {cycles}
    for seq in colours.values():
        for cycle in range(cycles):
            whites = seq[cycle * k : (cycle + 1) * k].count("W")
            assert abs(2 * whites - k) <= k % 2
        assert not any(seq[i] == seq[i + 1] == seq[i + 2] for i in range(len(seq) - 2)), seq


def test_scheveningen_two_teams_of_six(cli: Callable[..., Run]) -> None:
    """docs/formats.md, Scheveningen: two teams of six: 6 rounds, 36 games."""
    result = json.loads(cli("calc", "12", "--format", "scheveningen", "--json").out)["results"][0]
    assert (result["rounds"], result["games"], result["boards"]) == (6, 36, 6)


def test_scheveningen_errors(cli: Callable[..., Run], tmp_path: object) -> None:
    from pathlib import Path

    run = cli("calc", "13", "--format", "scheveningen")
    assert run.code == 1 and "two teams of equal size" in run.err
    path = Path(str(tmp_path)) / "teams.csv"
    path.write_text("name,rating,team\nA,1,X\nB,2,X\nC,3,Y\n")
    run = cli("table", "--format", "scheveningen", "--players", str(path))
    assert run.code == 1 and "the teams are unequal" in run.err


def test_team_scores() -> None:
    """Team score per round and in total."""
    schedule = Scheveningen().schedule(4, ScheveningenOptions())
    b = ResultsTableBuilder(["a1", "a2", "b1", "b2"], rounds=2, pre_determined=True)
    for rnd in schedule.rounds:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            b.game(rnd.number, w, k, "1-0" if w <= 2 else "1/2")
    per_round = team_scores(b.build(), [1, 2])
    assert sum(a for a, _ in per_round) + sum(b for _, b in per_round) == 4
    assert all(a + b == 2 for a, b in per_round)


# -- knockout -------------------------------------------------------------------------------


def test_bracket_order() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@pytest.mark.parametrize("n", range(2, 129))
def test_knockout_seeds_and_byes(n: int) -> None:
    """Seeds 1 and 2 in opposite halves; byes only to the top seeds; one winner."""
    knockout = Knockout()
    lines = knockout.lines(n)
    half = len(lines) // 2
    assert (1 in lines[:half]) != (2 in lines[:half]) or n == 2
    first = knockout.bracket(n, KnockoutOptions())
    assert sorted(first.byes) == list(range(1, len(lines) - n + 1))
    rng = random.Random(n)
    played: list[PlayedRound] = []
    while (rnd := knockout.next_round(n, KnockoutOptions(), played)) is not None:
        played.append(
            PlayedRound(round=rnd, results=tuple(float(rng.random() < 0.6) for _ in rnd.white))
        )
    assert len(played) == knockout.arithmetic(n, KnockoutOptions()).rounds
    assert sum(len(r.round.white) for r in played) == n - 1
    assert knockout.winner(n, KnockoutOptions(), played) is not None


def test_seeds_meet_in_the_final_when_favourites_win() -> None:
    knockout = Knockout()
    played: list[PlayedRound] = []
    while (rnd := knockout.next_round(16, KnockoutOptions(), played)) is not None:
        played.append(
            PlayedRound(round=rnd, results=tuple(1.0 for _ in rnd.white))
        )  # higher seed wins
    final = played[-1].round
    assert (final.white, final.black) == ((1,), (2,))


def test_match_tie_break_sequence() -> None:
    """A match of 2 games, then rapid and blitz pairs, then armageddon (a draw: Black goes through)."""
    match = Match(higher=3, lower=6, options=KnockoutOptions(games=2))
    for points in (0.5, 0.5):  # standard games drawn
        match.record(points)
    assert match.next_game() == ("rapid-pair", 3, 6)
    match.record(1.0)
    match.record(1.0)  # 6 (White) wins the second rapid game: 1-1
    assert match.next_game() == ("blitz-pair", 3, 6)
    match.record(0.5)
    match.record(0.5)
    assert match.next_game() == ("armageddon", 3, 6)
    match.record(0.5)
    assert match.winner() == 6 and match.next_game() is None
    assert len(match.games) == KnockoutOptions(games=2).max_match_games


def test_knockout_calc(cli: Callable[..., Run]) -> None:
    result = json.loads(cli("calc", "13", "--format", "knockout", "--json").out)["results"][0]
    assert result["rounds"] == 4 and result["games"] == 12 and result["max_games"] == 12 * 6
    run = cli("table", "13", "--format", "knockout")
    assert "Byes to the top seeds: 1, 2, 3" in run.out and "8–9" in run.out


def test_knockout_option_errors(cli: Callable[..., Run]) -> None:
    run = cli("calc", "8", "--format", "knockout", "--option", "tiebreak=rapid-pair")
    assert run.code == 1 and "must end with armageddon or lots" in run.err


# -- group stage then knockout ------------------------------------------------------------------


def test_snake_seeding() -> None:
    assert snake(16, 4) == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]


def test_guide_example_51_games(cli: Callable[..., Run]) -> None:
    """docs/formats.md (the 2022 FIDE Grand Prix shape): 16 players, 4 groups of 4, double round robin, winners to the semi-finals:
    6 group rounds, 48 group games + 2 semi-finals + 1 final = 51 games, six group games each.
    Club nights at G/25 d5 in 3-hour nights: 3 for the groups + 2 knockout nights."""
    run = cli(
        "calc",
        "16",
        "--format",
        "groups-knockout",
        "--groups",
        "4",
        "--cycles",
        "2",
        "--advance",
        "1",
        "--tc",
        "G/25d5",
        "--json",
    )
    result = json.loads(run.out)["results"][0]
    assert (result["rounds"], result["games"], result["knockout_rounds"]) == (8, 51, 2)
    assert result["club_nights"] == 5
    assert "48 games" in result["details"][0]
    plain = calculate(16, format="groups-knockout", options=GroupsKnockoutOptions(cycles=2))
    assert plain.games_per_player == 6 + 2  # six group games, then at most two knockout matches


def test_semi_finals_a1_d1_and_b1_c1() -> None:
    """Four group winners: A1-D1 and B1-C1. Favourites win every game here."""
    fmt, options = GroupsKnockout(), GroupsKnockoutOptions(cycles=2)
    played: list[PlayedRound] = []
    while (rnd := fmt.next_round(16, options, played)) is not None and not rnd.matches:
        played.append(
            PlayedRound(
                round=rnd,
                results=tuple(
                    1.0 if w < b else 0.0 for w, b in zip(rnd.white, rnd.black, strict=True)
                ),
            )
        )
    assert rnd is not None
    assert {frozenset(p) for p in zip(rnd.white, rnd.black, strict=True)} == {
        frozenset({1, 4}),
        frozenset({2, 3}),
    }


def test_advancing_by_score_then_tiebreak() -> None:
    """Group order: score, then the group tie-breaks (SB first), then lots. Group A is
    1, 8, 9, 16: 1 beats 9, draws 8, loses to 16; 8 beats 16, loses to 9; 9 beats 16.
    Scores: 9: 2, 1: 1.5, 8: 1.5, 16: 1. SB(1) = 2 (v 9) + ½ × 1.5 (v 8) = 2.75;
    SB(8) = ½ × 1.5 (v 1) + 1 (v 16) = 1.75: 1 is second and advances with 9."""
    fmt, options = GroupsKnockout(), GroupsKnockoutOptions(groups=4, advance=2)
    winner_of = {
        frozenset({1, 9}): 1,
        frozenset({1, 16}): 16,
        frozenset({8, 16}): 8,
        frozenset({8, 9}): 9,
        frozenset({9, 16}): 9,
    }
    played: list[PlayedRound] = []
    for rnd in fmt.group_rounds(16, options):
        results = []
        for w, b in zip(rnd.white, rnd.black, strict=True):
            pair = frozenset({w, b})
            if pair == {1, 8}:
                results.append(0.5)
            else:
                results.append(1.0 if winner_of.get(pair, min(w, b)) == w else 0.0)
        played.append(PlayedRound(round=rnd, results=tuple(results)))
    orders, needed = fmt.group_order(16, options, played, seed=1)
    assert not needed
    assert orders[0] == [9, 1, 8, 16]


def test_playoff_option() -> None:
    """ties=playoff: in group A (1, 4, 5, 8) players 1 and 4 beat 5 and 8 and draw each other:
    tied on everything for the one place that advances, they play a match. 4 wins it and
    meets group B's winner (2, who won every game) in the final."""
    fmt, options = (
        GroupsKnockout(),
        GroupsKnockoutOptions(groups=2, advance=1, ties="playoff", tiebreaks="DE"),
    )
    assert snake(8, 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    played: list[PlayedRound] = []
    for rnd in fmt.group_rounds(8, options):
        results = []
        for w, b in zip(rnd.white, rnd.black, strict=True):
            if {w, b} == {1, 4}:
                results.append(0.5)
            else:
                results.append(1.0 if w < b else 0.0)
        played.append(PlayedRound(round=rnd, results=tuple(results)))
    playoff = fmt.next_round(8, options, played)
    assert playoff is not None and playoff.matches
    assert list(zip(playoff.white, playoff.black, strict=True)) == [(1, 4)]
    played.append(PlayedRound(round=playoff, results=(0.0,)))  # 4 wins the play-off
    final = fmt.next_round(8, options, played)
    assert final is not None and {final.white[0], final.black[0]} == {2, 4}
    played.append(PlayedRound(round=final, results=(1.0,)))
    assert fmt.next_round(8, options, played) is None
    assert fmt.winner(8, options, played) == final.white[0]
    lots = GroupsKnockoutOptions(groups=2, advance=1, tiebreaks="DE", ties="lots")
    direct = fmt.next_round(8, lots, played[: len(fmt.group_rounds(8, lots))])
    assert direct is not None and direct.matches and {direct.white[0], direct.black[0]} & {1, 4}


def test_quads_standings_per_section() -> None:
    """Prizes are per section: standings per section, from the section's own games."""
    from caddy.standings.ranking import standings_for

    options = QuadsOptions(remainder="round-robin")
    schedule = Quads().table_schedule(9, options, seed=2)  # a quad and a section of 5
    assert [len(s.players) for s in schedule.sections] == [4, 5]
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, 10)], rounds=len(schedule.rounds), pre_determined=True
    )
    for rnd in schedule.rounds:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            b.game(rnd.number, w, k, "1-0" if w < k else "0-1")  # the higher seed wins
        for p in rnd.byes:
            b.bye(rnd.number, p, "rest")
        for p in range(1, 5):  # the quad has finished after round 3
            if rnd.number > 3:
                b.bye(rnd.number, p, "zero", points=0.0)
    event = b.build()
    top = standings_for(event, schedule.sections[0].players)
    assert [row.pairing_number for row in top.rows] == [1, 2, 3, 4]
    assert [row.score for row in top.rows] == [3.0, 2.0, 1.0, 0.0]
    bottom = standings_for(event, schedule.sections[1].players)
    assert [row.pairing_number for row in bottom.rows] == [5, 6, 7, 8, 9]
    assert [row.score for row in bottom.rows] == [4.0, 3.0, 2.0, 1.0, 0.0]


def test_scheveningen_from_two_lists() -> None:
    from caddy.model.schedule import Player
    from caddy_plugins.formats.scheveningen import number_teams

    lions = [Player(name="L1", rating=2000), Player(name="L2", rating=2100)]
    tigers = [Player(name="T1", rating=1900), Player(name="T2", rating=1950)]
    numbering = number_teams(lions, tigers, "rating")
    assert [p.name for p in numbering.players] == ["L2", "L1", "T2", "T1"]
    with pytest.raises(Exception, match="unequal"):
        number_teams(lions, tigers[:1])


def test_each_format_is_a_separate_plugin(cli: Callable[..., Run]) -> None:
    plugins = json.loads(cli("plugins", "--json").out)["plugins"]
    registers = {p["module"]: p["registers"].get("formats") for p in plugins}
    assert registers["caddy_plugins.formats.quads"] == ["quads"]
    assert registers["caddy_plugins.formats.scheveningen"] == ["scheveningen"]
    assert registers["caddy_plugins.formats.knockout"] == ["knockout"]
    assert registers["caddy_plugins.formats.groups_knockout"] == ["groups-knockout"]
