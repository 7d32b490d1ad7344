"""Knockout tie-break colours by drawing of lots (issue 18, item 3).

Sources: the FIDE World Cup regulations' tie-break article (2019, 2021 and
2023 editions): a new drawing of colours before each tie-break stage (rapid
pair, blitz pair); before the Armageddon a drawing of lots, whose winner
chooses the colour. The lots come from the seed the event file records
(docs/formats.md), so the file replays to the same colours in a fresh
plugin host.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from caddy.event.matches import board_match
from caddy.event.replay import replay
from caddy.event.store import load
from caddy.plugins import host as plugins
from caddy_plugins.formats.knockout.colours import StageLot, higher_wins_lot, stage_key
from caddy_plugins.formats.knockout.match import KnockoutOptions, Match
from tests.conftest import Run


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def two_players(folder: Path) -> str:
    path = folder / "players.csv"
    path.write_text("name,rating\nAda,2400\nBea,2300\n")
    return str(path)


def test_stage_keys_and_lots_for_seed_5() -> None:
    """The match 1-2 of round 1, board 1, in an event with seed 5: the lots of
    the rapid pair (stage 1) and the blitz pair (stage 2) go to the lower seed;
    the Armageddon's (stage 3) to the higher seed."""
    assert stage_key("5:1:1", 1, "rapid-pair") == "5:1:1:knockout:1:rapid-pair"
    assert [
        higher_wins_lot(stage_key("5:1:1", p, s))
        for p, s in ((1, "rapid-pair"), (2, "blitz-pair"), (3, "armageddon"))
    ] == [False, False, True]


def test_match_colours_by_lot() -> None:
    """Seed 5: Bea (2) wins the rapid and blitz lots and has White first in each pair;
    Ada (1) wins the Armageddon's lot and takes Black (draw odds, the default choice)."""
    match = Match(higher=1, lower=2, options=KnockoutOptions(), lot_seed="5:1:1")
    assert [match.game_at(n) for n in range(1, 7)] == [
        ("standard", 1, 2),
        ("rapid-pair", 2, 1),
        ("rapid-pair", 1, 2),
        ("blitz-pair", 2, 1),
        ("blitz-pair", 1, 2),
        ("armageddon", 2, 1),
    ]
    assert match.colour_lots() == [
        StageLot("rapid-pair", 1, winner=2, white=2),
        StageLot("blitz-pair", 2, winner=2, white=2),
        StageLot("armageddon", 3, winner=1, white=2),
    ]
    for _ in range(6):
        match.record(0.5)
    assert match.winner() == 1  # Black in the drawn Armageddon


def test_armageddon_choice_white_and_higher_seed_rules() -> None:
    white = KnockoutOptions(armageddon_choice="white")
    match = Match(higher=1, lower=2, options=white, lot_seed="5:1:1")
    assert match.game_at(6) == ("armageddon", 1, 2)  # Ada won the lot and took White
    old = KnockoutOptions(tiebreak_colours="higher-seed", armageddon_colour="higher-seed")
    match = Match(higher=1, lower=2, options=old, lot_seed="5:1:1")
    assert [match.game_at(n)[1] for n in range(1, 7)] == [1, 1, 2, 1, 2, 1]
    assert match.colour_lots() == []


def test_no_seed_no_lot() -> None:
    """A match without a lot seed draws nothing: the higher seed has White first."""
    match = Match(higher=3, lower=6, options=KnockoutOptions())
    assert [match.game_at(n)[1] for n in range(1, 7)] == [3, 3, 6, 3, 6, 3]


@given(seed=st.integers(0, 10**9), board=st.integers(1, 8))
def test_each_pair_gives_each_player_white_once(seed: int, board: int) -> None:
    """Whatever the lot: each tie-break pair gives both players White once, and the
    Armageddon's White is the player who lost its lot (the winner chose Black)."""
    match = Match(higher=1, lower=2, options=KnockoutOptions(), lot_seed=f"{seed}:1:{board}")
    whites = [match.game_at(n)[1] for n in range(2, 6)]
    assert sorted(whites[:2]) == [1, 2] and sorted(whites[2:]) == [1, 2]
    (armageddon,) = [lot for lot in match.colour_lots() if lot.stage == "armageddon"]
    assert match.game_at(6)[1] == armageddon.white != armageddon.winner


def test_event_records_the_drawn_colours_and_replays_them(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """An event with seed 5: a match drawn through to the Armageddon. The sheet and
    `caddy pairings --json` show the drawn colours; the saved file, replayed by a
    fresh plugin host, gives the same colours and the same winner."""
    path = str(tmp_path / "ko.json")
    ok(cli("new", path, "--format", "knockout", "--players", two_players(tmp_path), "--seed", "5"))
    ok(cli("pair", path))
    typed = [ok(cli("result", path, "1", "1", "1/2")).out for _ in range(6)]
    assert typed[1] == "recorded: round 1 board 1 (game 2 rapid-pair, White Bea (2)): 1/2\n"
    assert typed[5] == "recorded: round 1 board 1 (game 6 armageddon, White Bea (2)): 1/2\n"
    board = json.loads(ok(cli("pairings", path, "--round", "1", "--json")).out)["boards"][0]
    colours = [(g["stage"], g["white"]["number"], g["black"]["number"]) for g in board["games"]]
    assert colours == [
        ("standard", 1, 2),
        ("rapid-pair", 2, 1),
        ("rapid-pair", 1, 2),
        ("blitz-pair", 2, 1),
        ("blitz-pair", 1, 2),
        ("armageddon", 2, 1),
    ]
    assert board["winner"] == 1
    sheet = ok(cli("pairings", path, "--round", "1")).out
    assert "board 1: Ada (1) wins the match" in sheet

    previous = plugins.reset_host(None)  # a fresh host, as a new process would build
    try:
        state = replay(load(path))
        match = board_match(state, state.rounds[0].boards[0])
        assert [match.game_at(n)[1:] for n in range(1, 7)] == [c[1:] for c in colours]
        assert match.winner() == 1
    finally:
        plugins.reset_host(previous)
