"""The ``tandem`` (bughouse) format (issue 28, part 3; docs/tandem.md): pairs
of two, each match two boards on which the partners have opposite colours
("both teams have White on one board and Black on the other", the bughouse
ruleset of the Swiss bughouse tournament, pion.ch, rule 1), paired as the
team round robin (FIDE Handbook C.05 Annex 1 Berger tables) or the team Swiss
(C.04.6), scored as team matches (C.07 Art. 11: GP the boards' sum, MP
2 / 1 / 0 or as the event says)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import Format
from caddy.event.replay import replay
from caddy.event.store import load
from caddy.event.teams import state_team_event
from caddy.model.teams import Team, TeamSetup
from caddy.plugins.host import resolve
from caddy.testing import FormatContract
from caddy.testing.formats import ColourPromise
from caddy.testing.teams import play_team_event
from caddy_plugins.formats.tandem import TandemOptions
from caddy_plugins.formats.team_round_robin import TeamRoundRobinOptions
from tests.conftest import Run


def pairs_of(players: int, pairs: int) -> TeamSetup:
    """``pairs`` pairs of the players in order (the first pairs take a reserve
    when ``players`` is more than two a pair)."""
    extra = players - 2 * pairs
    members: list[tuple[int, ...]] = []
    start = 1
    for t in range(pairs):
        size = 2 + (1 if t < extra else 0)
        members.append(tuple(range(start, start + size)))
        start += size
    return TeamSetup(
        teams=tuple(Team(name=f"P{t}", members=m) for t, m in enumerate(members, 1)), boards=2
    )


class TestTandemContract(FormatContract):
    """The format contract suite over both ways of pairing: no player or pair
    twice a round, the arithmetic's rounds and games (two a match), every pair
    meets every pair once per cycle in a round robin; colours within one in a
    round robin (a player's colour is the Berger table's board-1 colour or its
    opposite), no promise for the Swiss (C.04.6: C.04.1 rules 6-7 never apply)."""

    format_name = "tandem"
    sizes = (8, 10, 16)
    option_sets = (
        {},
        {"cycles": 2},
        {"pairing": "swiss", "rounds": 3},
        {"pairing": "swiss", "colour_preference": "none"},
    )

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        return pairs_of(players, players // 2)

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        return int(options.cycles) if options.pairing == "round-robin" else None

    def colour_promise(self, fmt: Format, players: int, options: Any) -> ColourPromise | None:
        return ColourPromise(max_difference=1) if options.pairing == "round-robin" else None

    colours: ClassVar[ColourPromise | None] = None


def partner_problems(state: Any) -> list[str]:
    """Every match of every round where a pair's two players do not have
    opposite colours (board 1 and board 2), one line each."""
    problems = []
    for rnd in state.rounds:
        white, black = set(rnd.white), set(rnd.black)
        assert rnd.teams is not None
        for number, match in enumerate(rnd.teams.matches, 1):
            for side, lineup in (("first", match.white_lineup), ("second", match.black_lineup)):
                first_white = side == "first"
                board1, board2 = lineup
                ok = (board1 in white) == first_white and (board2 in black) == first_white
                if not ok or (board1 in white) == (board2 in white):
                    problems.append(f"round {rnd.number} match {number}: {side} pair {lineup}")
    return problems


@settings(max_examples=15, deadline=None)
@given(
    pairs=st.integers(min_value=2, max_value=11),
    reserves=st.integers(min_value=0, max_value=2),
    swiss=st.booleans(),
    cycles=st.sampled_from((1, 2)),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_partners_always_have_opposite_colours(
    pairs: int, reserves: int, swiss: bool, cycles: int, seed: int
) -> None:
    """Property over random tandem events (round robin or Swiss, 2 to 11 pairs,
    some with a reserve, random board results): in every match the pair named
    first has White on board 1 and Black on board 2, the other pair the reverse."""
    reserves = min(reserves, pairs)
    players = 2 * pairs + reserves
    if swiss:
        rounds = min(3, pairs - 1 if pairs % 2 == 0 else pairs)
        options = TandemOptions(pairing="swiss", rounds=rounds, teams=pairs)
    else:
        options = TandemOptions(cycles=cycles, teams=pairs)
    fmt = resolve(None).format("tandem")
    event, played = play_team_event(fmt, players, options, seed, pairs_of(players, pairs))
    state = replay(event)
    assert len(played) == fmt.arithmetic(players, options).rounds
    assert partner_problems(state) == []


def test_partner_check_catches_one_colour() -> None:
    """The check the tests above use finds a pair whose players share a colour
    (a two-board team round robin with board colours WW)."""
    setup = pairs_of(8, 4)
    setup = TeamSetup(teams=setup.teams, boards=2, colours="WW")
    fmt = resolve(None).format("team-round-robin")
    event, _ = play_team_event(fmt, 8, TeamRoundRobinOptions(boards=2, teams=4), 1, setup)
    problems = partner_problems(replay(event))
    assert len(problems) == 3 * 2 * 2  # every pair of every match of the 3 rounds
    assert problems[0] == "round 1 match 1: first pair (1, 2)"


def hand_count_csv(path: Path) -> str:
    lines = ["team,board,name"]
    for team, names in {
        "Knights": ("Ada", "Ben"),
        "Rooks": ("Cal", "Dee"),
        "Bishops": ("Eli", "Fay"),
        "Pawns": ("Gil", "Hoa"),
    }.items():
        lines += [f"{team},{b},{name}" for b, name in enumerate(names, 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def ok(run: Run) -> Run:
    assert (run.code, run.err) == (0, ""), run.err
    return run


def test_match_and_game_points_equal_a_hand_count(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A round robin of 4 pairs (FIDE Berger table for 4: 1-4 2-3 / 4-3 1-2 /
    2-4 3-1), match points 3 / 1 / 0 (``--match-points 3,1,0``), results typed
    from the side of the pair named first, board 1 then board 2:

        round 1: 1-4 "2-0"       (Knights 2-0 Pawns)
                 2-3 "1-0 0-1"   (Rooks 1-1 Bishops)
        round 2: 4-3 "1/2 1-0"   (Pawns 1½-½ Bishops)
                 1-2 "0-2"       (Knights 0-2 Rooks)
        round 3: 2-4 "1/2 1/2"   (Rooks 1-1 Pawns)
                 3-1 "+- 0-1"    (Bishops 1-1 Knights: board 1 won by forfeit)

    By hand (MP win 3, draw 1, loss 0; GP the boards):
        Knights: 3 + 0 + 1 = 4 MP;  2 + 0 + 1 = 3 GP
        Rooks:   1 + 3 + 1 = 5 MP;  1 + 2 + 1 = 4 GP
        Bishops: 1 + 0 + 1 = 2 MP;  1 + ½ + 1 = 2½ GP
        Pawns:   0 + 3 + 1 = 4 MP;  0 + 1½ + 1 = 2½ GP
    (12 GP in all: 6 matches of 2 boards.) Ranked on MP: Rooks 5; Knights and
    Pawns 4, Knights ahead by the direct encounter (EDE, C.07 13.3: 2-0 in
    round 1); Bishops 2."""
    event = str(tmp_path / "four.json")
    new = ok(
        cli(
            "new", event, "--format", "tandem", "--teams", hand_count_csv(tmp_path / "four.csv"),
            "--match-points", "3,1,0", "--seed", "1",
        )
    )  # fmt: skip
    assert "4 teams, 2 boards (team with White on board 1: WB); ranked by MP" in new.out
    cards = {
        1: {(1, 4): "2-0", (2, 3): "1-0 0-1"},
        2: {(4, 3): "1/2 1-0", (1, 2): "0-2"},
        3: {(2, 4): "1/2 1/2", (3, 1): "+- 0-1"},
    }
    for rnd, matches in cards.items():
        ok(cli("pair", event))
        state = replay(load(event))
        paired = state.rounds[rnd - 1].teams
        assert paired is not None
        assert [(m.white, m.black) for m in paired.matches] == list(matches)
        for number, text in enumerate(matches.values(), 1):
            ok(cli("result", event, str(rnd), str(number), text))
    tevent = state_team_event(replay(load(event)))
    totals = {
        t.name: (mp, gp) for t, mp, gp in zip(tevent.setup.teams, tevent.mp, tevent.gp, strict=True)
    }
    assert totals == {
        "Knights": (4, 3),
        "Rooks": (5, 4),
        "Bishops": (2, 2.5),
        "Pawns": (4, 2.5),
    }
    document = json.loads(ok(cli("standings", event, "--json")).out)
    assert [
        (row["rank"], row["name"], row["match_points"], row["game_points"])
        for row in document["rows"]
    ] == [(1, "Rooks", 5, 4), (2, "Knights", 4, 3), (3, "Pawns", 4, 2.5), (4, "Bishops", 2, 2.5)]
