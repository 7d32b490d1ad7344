"""Knockout variants events use (issue 18, item 4): a match for third place, a
longer final, a sudden-death decider, the group winners' semi-finals A-B / C-D.

Sources: the FIDE World Cup regulations (2021 and 2023 editions: the semi-final
losers play a match for third place; 2023: after the blitz pair, sudden-death
games with the colours reversed after each game until one is won), the 2019
FIDE World Cup (a final of four games against two in the earlier rounds), the
2022 FIDE Grand Prix regulations (the winner of pool A plays the winner of
pool B, C plays D).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.contracts import PlayedRound
from caddy_plugins.formats.groups_knockout import GroupsKnockout
from caddy_plugins.formats.groups_knockout.draw import snake
from caddy_plugins.formats.groups_knockout.options import GroupsKnockoutOptions
from caddy_plugins.formats.knockout import Knockout, knockout_round
from caddy_plugins.formats.knockout.match import KnockoutOptions, Match
from tests.conftest import Run


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def players_csv(folder: Path, count: int) -> str:
    path = folder / "players.csv"
    lines = [f"P{i},{2400 - 10 * i}" for i in range(1, count + 1)]
    path.write_text("name,rating\n" + "\n".join(lines) + "\n")
    return str(path)


# -- third place and a longer final ------------------------------------------------------------


def test_arithmetic_counts_the_third_place_match_and_the_longer_final() -> None:
    """8 players, 1 game a match: 7 bracket matches + 1 for third place = 8 matches,
    the final 2 games: 9 games at least; 8 x 6 + 1 = 49 at most."""
    options = KnockoutOptions(third_place=True, final_games=2)
    a = Knockout().arithmetic(8, options)
    assert (a.rounds, a.games, a.max_games, a.boards) == (3, 9, 49, 4)
    assert a.details[2:] == ("a final of 2 games", "a match for third place: the semi-final losers")
    # 3 players: one semi-final and a bye, so no match for third place
    assert Knockout().arithmetic(3, KnockoutOptions(third_place=True)).games == 2


@given(n=st.integers(4, 40), seed=st.integers(0, 1000))
def test_third_place_match_is_the_semi_final_losers(n: int, seed: int) -> None:
    """Whatever the results: the final round has the final on board 1 and the two
    semi-final losers on board 2; n players play n matches; the winner is board 1's."""
    knockout, options = Knockout(), KnockoutOptions(third_place=True)
    rng = random.Random(seed)
    played: list[PlayedRound] = []
    while (rnd := knockout.next_round(n, options, played)) is not None:
        played.append(
            PlayedRound(round=rnd, results=tuple(float(rng.random() < 0.6) for _ in rnd.white))
        )
    final = played[-1]
    semis = played[-2]
    assert len(played) == knockout.arithmetic(n, options).rounds
    assert len(final.round.white) == 2 and len(semis.round.white) == 2
    assert {final.round.white[1], final.round.black[1]} == set(semis.losers())
    assert {final.round.white[0], final.round.black[0]} == set(semis.winners())
    assert sum(len(r.round.white) for r in played) == n
    assert knockout.winner(n, options, played) == final.winners()[0]


def test_event_with_third_place_and_a_final_of_two_games(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """8 players through to the winner: the higher seeds win round 1, P3 beats P2 in
    the semi-finals; round 3 is the final P1-P3 (2 games: 1/2, then P3 wins with
    White) and P2-P4 for third place."""
    table = ok(cli("table", "8", "--format", "knockout", "--option", "third_place=true")).out
    assert "1      1–8      4–5      2–7      3–6" in table
    assert table.endswith(
        "The semi-final losers play a match for third place in round 3 (board 2).\n"
    )
    path = str(tmp_path / "ko.json")
    csv = players_csv(tmp_path, 8)
    options = ("--option", "third_place=true", "--option", "final_games=2")
    ok(cli("new", path, "--format", "knockout", "--players", csv, "--seed", "3", *options))
    ok(cli("pair", path))
    for board in "1234":
        ok(cli("result", path, "1", board, "1-0"))
    ok(cli("pair", path))
    ok(cli("result", path, "2", "1", "1-0"))
    ok(cli("result", path, "2", "2", "0-1"))
    ok(cli("pair", path))
    document = json.loads(ok(cli("pairings", path, "--round", "3", "--json")).out)
    pairs = [(b["white"]["number"], b["black"]["number"]) for b in document["boards"]]
    assert pairs == [(1, 3), (2, 4)]
    ok(cli("result", path, "3", "1", "1/2"))
    typed = ok(cli("result", path, "3", "1", "1-0")).out
    assert typed == "recorded: round 3 board 1 (game 2, White P3 (3)): 1-0\n"
    early = cli("pair", path)
    assert (early.code, early.err) == (
        1,
        "caddy: error: round 3 is not finished: board 2 (P2 (2) - P4 (4)): game 1, "
        "White P2 (2), has no result yet\n",
    )
    ok(cli("result", path, "3", "2", "1-0"))
    assert ok(cli("pair", path)).out == f"{path}: the event is over; winner P3 (3)\n"
    document = json.loads(ok(cli("pairings", path, "--round", "3", "--json")).out)
    assert [b["winner"] for b in document["boards"]] == [3, 2]
    assert ok(cli("check", path)).code == 0


def test_final_games_only_for_the_final() -> None:
    match = Match(higher=1, lower=2, options=KnockoutOptions(final_games=4), final=True)
    assert [match.game_at(n)[:2] for n in range(1, 6)] == [
        ("standard", 1),
        ("standard", 2),
        ("standard", 1),
        ("standard", 2),
        ("rapid-pair", 1),
    ]
    semi = Match(higher=1, lower=2, options=KnockoutOptions(final_games=4))
    assert semi.game_at(2)[0] == "rapid-pair"


# -- sudden death ---------------------------------------------------------------------------------


def test_sudden_death_until_a_game_is_decisive() -> None:
    """decider=sudden-death (the 2023 World Cup): after the blitz pair, games with
    colours alternating until one is won. Seed 5, round 1, board 1: the lot of
    the sudden death (stage 3) goes to the lower seed, who has White first."""
    options = KnockoutOptions(decider="sudden-death")
    assert options.stages == ["rapid-pair", "blitz-pair", "sudden-death"]
    match = Match(higher=1, lower=2, options=options, lot_seed="5:1:1")
    for _ in range(5):
        match.record(0.5)
    whites = []
    for _ in range(3):  # three drawn sudden-death games
        upcoming = match.next_game()
        assert upcoming is not None and upcoming[0] == "sudden-death"
        whites.append(upcoming[1])
        match.record(0.5)
    assert whites == [2, 1, 2]
    assert match.winner() is None
    assert match.next_game() == ("sudden-death", 1, 2)
    match.record(1.0)  # P1 wins with White
    assert match.winner() == 1 and match.next_game() is None and not match.by_lot()
    assert match.game_at(9) == ("sudden-death", 1, 2)
    assert match.game_at(20)[0] == "sudden-death"


def test_sudden_death_in_an_event(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = str(tmp_path / "ko.json")
    csv = players_csv(tmp_path, 2)
    option = ("--option", "decider=sudden-death", "--option", "tiebreak=rapid-pair,armageddon")
    ok(cli("new", path, "--format", "knockout", "--players", csv, "--seed", "5", *option))
    ok(cli("pair", path))
    for _ in range(5):  # 1 standard, 2 rapid, 2 sudden-death games drawn
        ok(cli("result", path, "1", "1", "1/2"))
    last = ok(cli("result", path, "1", "1", "0-1")).out
    assert last.startswith("recorded: round 1 board 1 (game 6 sudden-death, White ")
    board = json.loads(ok(cli("pairings", path, "--json")).out)["boards"][0]
    stages = [g["stage"] for g in board["games"]]
    assert stages == ["standard", "rapid-pair", "rapid-pair", *["sudden-death"] * 3]
    whites = [g["white"]["number"] for g in board["games"][3:]]
    assert whites[0] != whites[1] and whites[1] != whites[2]
    assert board["winner"] == {1: 2, 2: 1}[whites[2]]  # Black won the last game


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("decider=penalties", "invalid option decider=penalties: expected one of"),
        ("tiebreak_colours=coin", "invalid option tiebreak_colours=coin: expected one of"),
        ("armageddon_choice=red", "invalid option armageddon_choice=red: expected one of"),
        ("final_games=-1", "invalid option final_games=-1"),
        ("third_place=maybe", "invalid option third_place=maybe: expected true or false"),
    ],
)
def test_option_errors(cli: Callable[..., Run], option: str, message: str) -> None:
    run = cli("calc", "8", "--format", "knockout", "--option", option)
    assert run.code == 1 and run.err.startswith(f"caddy: error: {message}")
    assert len(run.err.splitlines()) == 1


def test_sudden_death_needs_an_armageddon_to_replace(cli: Callable[..., Run]) -> None:
    run = cli(
        "calc", "8", "--format", "knockout", "--option", "decider=sudden-death",
        "--option", "tiebreak=rapid-pair,lots",
    )  # fmt: skip
    assert run.code == 1
    assert "decider=sudden-death replaces the armageddon ending the tie-break sequence" in run.err


# -- group winners A-B / C-D -----------------------------------------------------------------------


def test_group_winners_meet_a_b_and_c_d() -> None:
    """16 players, 4 groups (the 2022 Grand Prix): with semifinals=A-B the group
    winners meet A1-B1 and C1-D1; today's bracket order pairs A1-D1 and B1-C1."""
    fmt = GroupsKnockout()
    orders = snake(16, 4)  # the groups finishing in seed order: winners 1, 2, 3, 4
    plain = GroupsKnockoutOptions()
    grand_prix = GroupsKnockoutOptions(semifinals="A-B")
    for options, expected in ((plain, ((1, 2), (4, 3))), (grand_prix, ((1, 3), (2, 4)))):
        lines, seed_of = fmt.knockout_lines(orders, options)
        semis = knockout_round(lines, [], 7, seed_of)
        assert semis is not None
        assert (semis.white, semis.black) == expected


def test_a_b_semifinals_need_one_winner_from_each_of_a_power_of_two_groups(
    cli: Callable[..., Run],
) -> None:
    run = cli(
        "calc", "16", "--format", "groups-knockout", "--option", "semifinals=A-B",
        "--option", "advance=2",
    )  # fmt: skip
    assert run.code == 1
    assert run.err == (
        "caddy: error: semifinals=A-B pairs the winners of neighbouring groups (A-B, C-D ...): "
        "it needs advance=1 and 2, 4, 8 ... groups (not 4 groups, advance=2)\n"
    )


def test_groups_knockout_matches_take_the_knockout_colour_options() -> None:
    """The group winners' matches follow the same regulations (and options)."""
    fmt = GroupsKnockout()
    plain = fmt.new_match(1, 2, GroupsKnockoutOptions())
    plain.lot_seed = "5:7:1"
    assert plain.colour_lots()  # by lot, as the knockout format
    options = GroupsKnockoutOptions(tiebreak_colours="higher-seed", armageddon_colour="higher-seed")
    old = fmt.new_match(1, 2, options)
    old.lot_seed = "5:7:1"
    assert old.colour_lots() == [] and [old.game_at(n)[1] for n in range(1, 7)] == [
        1,
        1,
        2,
        1,
        2,
        1,
    ]
