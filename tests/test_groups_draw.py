"""groups-knockout: groups drawn from rating baskets, and ties for a place that advances.

Sources: the FIDE Grand Prix 2022 pool draw (FIDE announcement, 21 January 2022:
the sixteen players cut into four baskets of four by rating, each basket drawn by
lot into pools A-D); ties in a group: the group's tie-breaks (FIDE Handbook C.07),
then a play-off, lots last (docs/formats.md, "Group stage then knockout").
"""

from __future__ import annotations

import doctest
import json
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import PlayedRound
from caddy_plugins.formats.groups_knockout import GroupsKnockout
from caddy_plugins.formats.groups_knockout import draw as groups_draw
from caddy_plugins.formats.groups_knockout import ties as groups_ties
from caddy_plugins.formats.groups_knockout.draw import basket_draw, baskets, draw_notes, form_groups
from caddy_plugins.formats.groups_knockout.options import GroupsKnockoutOptions
from caddy_plugins.formats.groups_knockout.ties import PlayOff
from tests.conftest import Run


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def test_doctests() -> None:
    assert doctest.testmod(groups_draw).failed == 0
    assert doctest.testmod(groups_ties).failed == 0


# -- the draw -------------------------------------------------------------------------------


def test_sixteen_players_four_baskets_exact_groups() -> None:
    """The Grand Prix shape (16 players, 4 groups): baskets 1-4, 5-8, 9-12, 13-16,
    one player of each basket in each group; draw seed 2022 gives these groups."""
    assert baskets(16, 4) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    assert basket_draw(16, 4, 2022) == [
        [1, 6, 12, 14],
        [4, 5, 11, 15],
        [3, 7, 9, 16],
        [2, 8, 10, 13],
    ]
    assert draw_notes(16, 4, 2022) == [
        "Groups drawn by lot from rating baskets of 4, draw seed 2022 "
        "(repeat with --option draw_seed=2022):",
        "Basket 1 (seeds 1–4): 1 → A, 2 → D, 3 → C, 4 → B",
        "Basket 2 (seeds 5–8): 5 → B, 6 → A, 7 → C, 8 → D",
        "Basket 3 (seeds 9–12): 9 → C, 10 → D, 11 → B, 12 → A",
        "Basket 4 (seeds 13–16): 13 → D, 14 → A, 15 → B, 16 → C",
    ]


def test_snake_and_cyclic() -> None:
    """Snake turns at each end; cyclic deals the seeds round the groups."""
    assert form_groups(8, 2, "snake", None) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert form_groups(8, 2, "cyclic", None) == [[1, 3, 5, 7], [2, 4, 6, 8]]
    options = GroupsKnockoutOptions(groups=2, groups_by="cyclic")
    assert [s.players for s in GroupsKnockout().sections(8, options)] == [
        (1, 3, 5, 7),
        (2, 4, 6, 8),
    ]


def test_a_short_last_basket() -> None:
    """Ten players in four groups: baskets 1-4, 5-8 and 9-10; 9 and 10 go to two
    different groups, drawn like the others (groups of 3, 3, 2, 2)."""
    groups = basket_draw(10, 4, 7)
    assert groups == [[3, 6, 10], [1, 5, 9], [2, 8], [4, 7]]


@settings(max_examples=60, deadline=None)
@given(
    groups=st.integers(1, 8),
    extra=st.integers(0, 30),
    seed=st.integers(0, 2**31),
)
def test_each_group_one_player_of_each_full_basket(groups: int, extra: int, seed: int) -> None:
    """Property: every group gets exactly one player of every full basket and at most
    one of a short last basket; everyone is in one group; the same seed gives the same
    groups (replay), and the options draw nothing anew once the seed is recorded."""
    players = 2 * groups + extra
    drawn = basket_draw(players, groups, seed)
    assert sorted(p for g in drawn for p in g) == list(range(1, players + 1))
    for basket in baskets(players, groups):
        counts = [len(set(basket) & set(g)) for g in drawn]
        assert counts == [1] * groups if len(basket) == groups else max(counts) == 1
    assert all(g == sorted(g) for g in drawn)
    assert basket_draw(players, groups, seed) == drawn
    options = GroupsKnockoutOptions(groups=groups, groups_by="baskets", draw_seed=seed)
    sections = GroupsKnockout().sections(players, options)
    assert [list(s.players) for s in sections] == drawn


def test_the_draw_seed_is_drawn_once_and_kept() -> None:
    """Without draw_seed the options draw one when made; the same options object (and
    one rebuilt from its recorded value) give the same groups."""
    options = GroupsKnockoutOptions(groups=4, groups_by="baskets")
    assert options.draw_seed is not None
    again = GroupsKnockoutOptions(groups=4, groups_by="baskets", draw_seed=options.draw_seed)
    fmt = GroupsKnockout()
    assert fmt.sections(16, options) == fmt.sections(16, again)
    assert GroupsKnockoutOptions().draw_seed is None  # snake: nothing drawn


def test_table_shows_the_draw(cli: Callable[..., Run]) -> None:
    """caddy table: the groups, then the draw basket by basket, then the knockout."""
    out = ok(
        cli(
            "table", "8", "--format", "groups-knockout", "--groups", "2",
            "--option", "groups_by=baskets", "--option", "draw_seed=5",
        )
    ).out  # fmt: skip
    lines = out.splitlines()
    assert lines[0] == (
        "groups then knockout, 8 players; groups by rating baskets drawn by lot; "
        "the left player has White"
    )
    assert lines[1:3] == ["Group A: 2 4 6 7", "Group B: 1 3 5 8"]
    assert lines[3:7] == [
        "round  board 1  board 2  board 3  board 4",
        "1      2–7      4–6      1–8      3–5",
        "2      7–6      2–4      8–5      1–3",
        "3      4–7      6–2      3–8      5–1",
    ]
    assert lines[7:] == [
        "",
        "Groups drawn by lot from rating baskets of 2, draw seed 5 "
        "(repeat with --option draw_seed=5):",
        "Basket 1 (seeds 1–2): 1 → B, 2 → A",
        "Basket 2 (seeds 3–4): 3 → B, 4 → A",
        "Basket 3 (seeds 5–6): 5 → B, 6 → A",
        "Basket 4 (seeds 7–8): 7 → A, 8 → B",
        "Ties for a place that advances: the group tie-breaks (SB,DE,KS), "
        "then a play-off knockout of the tied players after the group stage.",
        "Then a knockout of 2 (1 per group, seeded by place and group order, "
        "group winners apart): 1 round.",
    ]


# -- ties for the place that advances -------------------------------------------------------


def drawn(ties: Literal["lots", "playoff"]) -> GroupsKnockoutOptions:
    """Draw seed 5, 8 players, 2 groups: A = 2, 4, 6, 7 and B = 1, 3, 5, 8."""
    return GroupsKnockoutOptions(groups=2, advance=1, groups_by="baskets", draw_seed=5, ties=ties)


def group_stage(
    options: GroupsKnockoutOptions, winners: dict[frozenset[int], int | None]
) -> list[PlayedRound]:
    """Group A's games as ``winners`` says (``None``: a draw); elsewhere the higher seed wins."""
    played = []
    for rnd in GroupsKnockout().group_rounds(8, options):
        results = []
        for w, b in zip(rnd.white, rnd.black, strict=True):
            winner = winners.get(frozenset({w, b}), min(w, b))
            results.append(0.5 if winner is None else 1.0 if winner == w else 0.0)
        played.append(PlayedRound(round=rnd, results=tuple(results)))
    return played


def test_a_tie_decided_by_the_tiebreaks() -> None:
    """Group A: 2 beats 4 and 6, loses to 7; 4 beats 6 and 7; 6 beats 7. 2 and 4 have 2
    points each; Sonneborn-Berger (C.07 Article 9.2): 2 beat 4 (2) and 6 (1): 3; 4 beat
    6 (1) and 7 (1): 2. 2 wins the group, no play-off and no lot. 6 and 7 (1 point each)
    are split by SB too: 7 beat 2 (2), 6 beat 7 (1)."""
    options = drawn("playoff")
    played = group_stage(
        options,
        {
            frozenset({2, 4}): 2,
            frozenset({2, 6}): 2,
            frozenset({2, 7}): 7,
            frozenset({4, 6}): 4,
            frozenset({4, 7}): 4,
            frozenset({6, 7}): 6,
        },
    )
    orders, needed = GroupsKnockout().group_order(8, options, played, seed=3)
    assert needed == []
    assert orders == [[2, 4, 7, 6], [1, 3, 5, 8]]


#: 2 and 4 draw and beat 6 and 7; 6 beats 7: 2 and 4 equal on points, SB, DE and KS.
LEVEL: dict[frozenset[int], int | None] = {
    frozenset({2, 4}): None,
    frozenset({2, 6}): 2,
    frozenset({2, 7}): 2,
    frozenset({4, 6}): 4,
    frozenset({4, 7}): 4,
    frozenset({6, 7}): 6,
}


def test_two_level_on_everything_play_off() -> None:
    """ties=playoff: 2 and 4 (2½ each; SB 2¼ each, drawn direct encounter, Koya ½ each)
    play a match after the group stage; its winner (4) meets group B's winner (1)."""
    options = drawn("playoff")
    fmt = GroupsKnockout()
    played = group_stage(options, LEVEL)
    _, needed = fmt.group_order(8, options, played, seed=3)
    assert needed == [(2, 4)]
    playoff = fmt.next_round(8, options, played, seed=3)
    assert playoff is not None and playoff.matches and playoff.number == 4
    assert list(zip(playoff.white, playoff.black, strict=True)) == [(2, 4)]
    played.append(PlayedRound(round=playoff, results=(0.0,)))  # 4 wins the play-off
    final = fmt.next_round(8, options, played, seed=3)
    assert final is not None and {final.white[0], final.black[0]} == {1, 4}


def test_two_level_on_everything_lots() -> None:
    """ties=lots: the same tie is decided by a drawing of lots from the event's seed,
    the same on every replay (seed 3: 4 wins the lot; seed 5: 2)."""
    options = drawn("lots")
    fmt = GroupsKnockout()
    played = group_stage(options, LEVEL)
    first = {seed: fmt.group_order(8, options, played, seed=seed)[0][0][0] for seed in (3, 5)}
    assert first == {3: 4, 5: 2}
    assert fmt.group_order(8, options, played, seed=3) == ([[4, 2, 6, 7], [1, 3, 5, 8]], [])


#: 2 beats 4, 4 beats 6, 6 beats 2, all beat 7: three players on 2 points, level on SB
#: (2 each: one win against a 2-point player), the direct encounter (1 each) and Koya.
THREE: dict[frozenset[int], int | None] = {
    frozenset({2, 4}): 2,
    frozenset({4, 6}): 4,
    frozenset({2, 6}): 6,
}


def test_three_level_play_off() -> None:
    """ties=playoff, three tied for one place: seeded by rating (2, 4, 6), the two lowest
    seeds meet first (4 v 6), then the top seed meets the winner (2 v 6): two extra rounds
    of matches. 6 wins both and advances; 2 (the final's loser) is second, 4 third."""
    options = drawn("playoff")
    fmt = GroupsKnockout()
    played = group_stage(options, THREE)
    first = fmt.next_round(8, options, played, seed=3)
    assert first is not None and first.matches and first.number == 4
    assert list(zip(first.white, first.black, strict=True)) == [(4, 6)]
    played.append(PlayedRound(round=first, results=(0.0,)))  # 6 beats 4
    second = fmt.next_round(8, options, played, seed=3)
    assert second is not None and second.matches and second.number == 5
    assert list(zip(second.white, second.black, strict=True)) == [(2, 6)]
    played.append(PlayedRound(round=second, results=(0.0,)))  # 6 beats 2
    orders, needed = fmt.group_order(8, options, played[:3], seed=3, playoffs=played[3:])
    assert needed == [] and orders == [[6, 2, 4, 7], [1, 3, 5, 8]]
    final = fmt.next_round(8, options, played, seed=3)
    assert final is not None and final.number == 6
    assert {final.white[0], final.black[0]} == {1, 6}
    played.append(PlayedRound(round=final, results=(1.0,)))
    assert fmt.next_round(8, options, played, seed=3) is None
    assert fmt.winner(8, options, played) == final.white[0]


def test_three_level_for_two_places() -> None:
    """advance=2, the same three tied for the first two places: one match (4 v 6); the
    top seed (2) and its winner advance, in seed order."""
    options = attrs.evolve(drawn("playoff"), advance=2)
    fmt = GroupsKnockout()
    played = group_stage(options, THREE)
    first = fmt.next_round(8, options, played, seed=3)
    assert first is not None and list(zip(first.white, first.black, strict=True)) == [(4, 6)]
    played.append(PlayedRound(round=first, results=(1.0,)))  # 4 beats 6
    orders, needed = fmt.group_order(8, options, played[:3], seed=3, playoffs=played[3:])
    assert needed == [] and orders[0] == [2, 4, 6, 7]


def test_a_file_from_before_three_player_play_offs_replays_as_played() -> None:
    """Before three-player play-offs, ties=playoff drew lots for three or more: the round
    after the group stage was the knockout. Such a file still replays: the round without
    the play-off's match is the final, and the lots (seed 3: 4) won group A."""
    from caddy.model.schedule import Round

    options = drawn("playoff")
    fmt = GroupsKnockout()
    played = group_stage(options, THREE)
    lots_order = fmt.group_order(8, drawn("lots"), played, seed=3)[0]
    assert lots_order[0][0] == 4
    final = Round(number=4, white=(4,), black=(1,), matches=True)
    played.append(PlayedRound(round=final, results=(0.0,)))  # 1 wins the final
    assert fmt.next_round(8, options, played, seed=3) is None
    assert fmt.winner(8, options, played) == 1


def test_three_level_lots() -> None:
    """ties=lots: the same three-way tie is decided by lots from the event's seed: no
    extra round, the same order on every replay."""
    options = drawn("lots")
    played = group_stage(options, THREE)
    orders, needed = GroupsKnockout().group_order(8, options, played, seed=3)
    assert needed == []
    assert sorted(orders[0][:3]) == [2, 4, 6] and orders[0][3] == 7
    assert GroupsKnockout().group_order(8, options, played, seed=3)[0] == orders
    assert GroupsKnockout().next_round(8, options, played, seed=3) is not None


@settings(max_examples=40, deadline=None)
@given(data=st.data(), tied=st.integers(2, 32))
def test_play_off_property(data: st.DataObject, tied: int) -> None:
    """Property: t tied players for k < t places: the play-off fills exactly k places,
    ranks everyone once, never pairs a loser again, and takes at most ceil(log2 t)
    rounds (within extra_rounds: 5 for groups of up to 32)."""
    from caddy.model.schedule import Round

    places = data.draw(st.integers(1, tied - 1))
    players = list(range(1, tied + 1))
    state = PlayOff(places=places, alive=tuple(players), out=())
    rounds, lost = 0, set[int]()
    while state.pairs():
        pairs = state.pairs()
        assert not {p for pair in pairs for p in pair} & lost
        results = tuple(data.draw(st.sampled_from((0.0, 1.0))) for _ in pairs)
        record = PlayedRound(
            round=Round(
                number=rounds + 1,
                white=tuple(a for a, _ in pairs),
                black=tuple(b for _, b in pairs),
                matches=True,
            ),
            results=results,
        )
        lost |= set(record.losers())
        following = state.after(record)
        assert following is not None
        state, rounds = following, rounds + 1
    assert len(state.alive) == places and sorted(state.order()) == players
    assert set(state.out) == lost
    assert rounds <= (tied - 1).bit_length() <= GroupsKnockout().extra_rounds(drawn("playoff"))


# -- the event commands ---------------------------------------------------------------------


def players_csv(folder: Path, count: int) -> str:
    path = folder / "players.csv"
    rows = [f"P{i},{2400 - 10 * i}" for i in range(1, count + 1)]
    path.write_text("name,rating\n" + "\n".join(rows) + "\n")
    return str(path)


def test_new_pair_result_standings_with_baskets(cli: Callable[..., Run], tmp_path: Path) -> None:
    """caddy new records the draw seed in the options; pair pairs the drawn groups' round
    robins, standings ranks each drawn group, and the knockout follows."""
    path = str(tmp_path / "gk.json")
    csv = players_csv(tmp_path, 8)
    ok(
        cli(
            "new", path, "--format", "groups-knockout", "--players", csv, "--groups", "2",
            "--option", "groups_by=baskets", "--option", "draw_seed=5", "--seed", "3",
        )
    )  # fmt: skip
    recorded = json.loads(Path(path).read_text())["tournament"]["format"]["options"]
    assert (recorded["groups_by"], recorded["draw_seed"]) == ("baskets", 5)
    for number in (1, 2, 3):
        ok(cli("pair", path))
        boards = json.loads(ok(cli("pairings", path, "--json")).out)["boards"]
        for board in boards:
            # the group stage: the higher seed (the lower number) wins
            white, black = board["white"]["number"], board["black"]["number"]
            result = "1-0" if white < black else "0-1"
            ok(cli("result", path, str(number), str(board["board"]), result))
    standings = json.loads(ok(cli("standings", path, "--json")).out)
    sections = {
        s["name"]: [row["pairing_number"] for row in s["rows"]] for s in standings["sections"]
    }
    assert sections == {"Group A": [2, 4, 6, 7], "Group B": [1, 3, 5, 8]}
    ok(cli("pair", path))
    boards = json.loads(ok(cli("pairings", path, "--json")).out)["boards"]
    # the final: A1 (2) is the bracket's first seed (place, then group order), B1 (1) second
    assert [(b["white"]["number"], b["black"]["number"]) for b in boards] == [(2, 1)]


def test_a_three_player_play_off_through_the_commands(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """caddy pair pairs the play-off after the group stage, round by round (4 v 6, then
    2 v 6), then the final; caddy check accepts the event (a play-off loser never plays
    again)."""
    path = str(tmp_path / "gk.json")
    csv = players_csv(tmp_path, 8)
    ok(
        cli(
            "new", path, "--format", "groups-knockout", "--players", csv, "--groups", "2",
            "--option", "groups_by=baskets", "--option", "draw_seed=5", "--seed", "3",
        )
    )  # fmt: skip
    for number in (1, 2, 3):
        ok(cli("pair", path))
        for board in json.loads(ok(cli("pairings", path, "--json")).out)["boards"]:
            white, black = board["white"]["number"], board["black"]["number"]
            winner = THREE.get(frozenset({white, black}), min(white, black))
            result = "1-0" if winner == white else "0-1"
            ok(cli("result", path, str(number), str(board["board"]), result))
    pairs = []
    for number, result in ((4, "0-1"), (5, "0-1"), (6, "1-0")):
        ok(cli("pair", path))
        (board,) = json.loads(ok(cli("pairings", path, "--json")).out)["boards"]
        pairs.append((board["white"]["number"], board["black"]["number"]))
        ok(cli("result", path, str(number), "1", result))
    assert pairs == [(4, 6), (2, 6), (6, 1)]
    assert ok(cli("pair", path)).out == f"{path}: the event is over; winner P6 (6)\n"
    assert ok(cli("check", path)).out.startswith(f"{path}: ok (8 players, 6 rounds;")
