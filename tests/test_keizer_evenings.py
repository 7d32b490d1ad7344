"""Keizer evenings that are not an ordinary round, through the command line
(issue 28 review items 5 and 6; docs/keizer.md, "Points" and "Pairing"):

- an evening where one player or nobody comes does not block the season:
  the lone player has the pairing's bye, everyone else their absence share;
- a forfeit is not a game (FIDE Handbook C.04.2, General handling rules for
  Swiss tournaments, as docs/swiss.md "Forfeits" reads it for caddy's Swiss:
  a forfeited game counts neither as a meeting nor for colours; the pair may
  meet again): the winner scores the ``win`` share of the absent opponent's
  value, the loser scores as an
  absence without notice, neither has a colour and the two have not met.

Every total below is computed by hand in the comments (values by place:
place 1 worth the number of players, each next place 1 less).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from caddy.event import replay
from caddy.event.store import load
from tests.conftest import Run


@pytest.fixture
def ok(cli: Callable[..., Run]) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        result = cli(*args)
        assert (result.code, result.err) == (0, ""), (args, result)
        return result

    return run


def totals(ok: Callable[..., Run], path: str) -> list[tuple[int, int, float]]:
    """(rank, pairing number, Keizer total) of ``caddy standings --json``."""
    rows = json.loads(ok("standings", path, "--json").out)["rows"]
    return [(row["rank"], row["pairing_number"], row["score"]) for row in rows]


def test_an_evening_with_one_player_or_nobody(tmp_path: Path, ok: Callable[..., Run]) -> None:
    """Three players, values 3 2 1 (Anna, Ben, Cara by rating). Evening 1:
    Ben away with notice, Cara on club duty, Anna alone: the pairing's bye.
    Evening 2: nobody comes (Anna without notice). Evening 3: all three."""
    (tmp_path / "three.csv").write_text(
        "name,rating\nAnna,2100\nBen,2050\nCara,1990\n", encoding="utf-8"
    )
    path = str(tmp_path / "club.json")
    ok("new", path, "--format", "keizer", "--rounds", "3", "--players", str(tmp_path / "three.csv"))
    ok("bye", path, "Ben", "1", "--half")
    ok("bye", path, "Cara", "1", "--full")
    assert ok("pair", path).out.startswith("round 1 paired: 0 boards\n")
    rnd = replay(load(path)).rounds[0]
    assert (rnd.white, rnd.byes) == ((), {1: "pab", 2: "half", 3: "full"})
    # Anna 3 + 3/2 (bye), Ben 2 + 2/3 (notice), Cara 1 + 2/3 (duty): ranking unchanged
    assert totals(ok, path) == [
        (1, 1, 4.5),
        (2, 2, float(Fraction(8, 3))),
        (3, 3, float(Fraction(5, 3))),
    ]
    ok("bye", path, "Anna", "2", "--zero")
    ok("bye", path, "Ben", "2", "--half")
    ok("bye", path, "Cara", "2", "--full")
    assert ok("pair", path, "--explain").out.splitlines()[-1] == (
        "no game: fewer than 2 players present (docs/keizer.md)"
    )
    # Anna + 0, Ben + 2/3, Cara + 2/3
    assert totals(ok, path) == [
        (1, 1, 4.5),
        (2, 2, float(Fraction(10, 3))),
        (3, 3, float(Fraction(7, 3))),
    ]
    ok("pair", path)
    rnd = replay(load(path)).rounds[2]
    # Anna has had the bye: Cara, lowest with none, sits out; Anna White on board 1
    assert (rnd.white, rnd.black, rnd.byes) == ((1,), (2,), {3: "pab"})
    ok("result", path, "3", "1-0")
    # Anna 4.5 + 2 (Ben's value), Ben 10/3 + 0, Cara 7/3 + 1/2 (bye)
    assert totals(ok, path) == [
        (1, 1, 6.5),
        (2, 2, float(Fraction(10, 3))),
        (3, 3, float(Fraction(17, 6))),
    ]
    assert ok("check", path, "--pairings").out == (
        f"{path}: ok (3 rounds re-paired by format 'keizer': every pairing identical)\n"
    )


def test_a_forfeit_is_not_a_game(tmp_path: Path, ok: Callable[..., Run]) -> None:
    """Six players, values 6..1; ``absent=1`` (a club's variant) keeps Ben,
    who loses by forfeit, second, so evening 2 shows whether the forfeit
    counted as a meeting. Evening 1: Anna wins by forfeit against Ben, Dan
    and Cara draw, Eve and Finn draw."""
    six = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"
    (tmp_path / "six.csv").write_text(six, encoding="utf-8")
    path = str(tmp_path / "club.json")
    ok("new", path, "--format", "keizer", "--rounds", "2", "--players", str(tmp_path / "six.csv"),
       "--option", "absent=1")  # fmt: skip
    ok("pair", path)
    ok("result", path, "1", "+- 1/2 1/2")
    # Anna 6 + 5 (the win share of Ben's value), Ben 5 + 5 (absent: his own value),
    # Cara 4 + 3/2, Dan 3 + 4/2, Eve 2 + 1/2, Finn 1 + 2/2: ranking 1..6, stable
    assert totals(ok, path) == [
        (1, 1, 11.0),
        (2, 2, 10.0),
        (3, 3, 5.5),
        (4, 4, 5.0),
        (5, 5, 2.5),
        (6, 6, 2.0),
    ]
    ok("pair", path)
    rnd = replay(load(path)).rounds[1]
    # Anna and Ben have not met: 1-2 (no colours: board 1, the higher-ranked
    # White); Cara met Dan: 3-5 (Cara had Black); 4-6 (Dan had White)
    assert list(zip(rnd.white, rnd.black, strict=True)) == [(1, 2), (3, 5), (6, 4)]


def test_winner_is_the_first_of_the_standings_scores() -> None:
    """Item 7: ``winner()`` (the pairing contract's call, from the rounds
    alone) is place 1 by :meth:`Keizer.standings_scores` of those rounds as a
    results table. docs/keizer.md's season as rounds: evening 1 1-2 1-0, 4-3
    ½, 5-6 0-1; evening 2 3-1 1-0, 6-4 0-1, 5 the bye, 2 on no board (absent
    without notice: the rounds do not carry the notice); evening 3 2-3 ½,
    1-4 1-0, 5 and 6 on no board. By hand, the stable ranking 3 1 2 4 5 6
    (values 6 5 4 3 2 1; 2 and 4 equal on 7, 5 and 6 on 3: the initial
    order): Cara 6 + 3/2 (Dan) + 5 (Anna) + 4/2 (Ben) = 14.5, Anna 5 + 4 + 0
    + 3 = 12, Ben 4 + 0 + 0 + 6/2 = 7, Dan 3 + 6/2 + 1 + 0 = 7, Eve 2 + 0 +
    2/2 + 0 = 3, Finn 1 + 2 + 0 + 0 = 3."""
    from caddy.contracts import PlayedRound
    from caddy.model.schedule import Round
    from caddy_plugins.formats.keizer import Keizer, KeizerOptions
    from caddy_plugins.formats.keizer.ranking import Evening, played_table, table_evenings

    played = [
        PlayedRound(
            round=Round(number=1, white=(1, 4, 5), black=(2, 3, 6)), results=(1.0, 0.5, 0.0)
        ),
        PlayedRound(
            round=Round(number=2, white=(3, 6), black=(1, 4), byes=(5,)), results=(1.0, 0.0)
        ),
        PlayedRound(round=Round(number=3, white=(2, 1), black=(3, 4)), results=(0.5, 1.0)),
    ]
    table = played_table(6, played)
    assert table_evenings(table)[2] == [
        Evening("loss", 1, "b"),
        Evening("absent"),
        Evening("draw", 3, "w"),
    ]
    assert table_evenings(table)[5] == [Evening("loss", 6, "w"), Evening("bye"), Evening("absent")]
    fmt = Keizer()
    options = KeizerOptions(rounds=3)
    assert fmt.standings_scores(table, options) == (12.0, 7.0, 14.5, 7.0, 3.0, 3.0)
    assert fmt.winner(6, options, played) == 3
    assert fmt.winner(6, options, played[:2]) is None  # the season is not over


def test_calc_and_plan_hold_one_evening_a_night(cli: Callable[..., Run]) -> None:
    """Item 8: a Keizer evening is one round (docs/keizer.md: "one round an
    evening"; :meth:`Format.rounds_per_night`): ``caddy calc`` counts one club
    night per evening even when two rounds of G/30 (75 min each with the 15
    min turnover) would fit a 3-hour night, and ``caddy plan`` fits the season
    to the nights by its number of evenings (19 evenings do not fit 10 nights;
    10 evenings do, one a night)."""
    out = cli("calc", "20", "--format", "keizer", "--tc", "G/30").out
    assert "  19 club nights of 3 h at 1 round a night\n" in out
    plan = json.loads(cli("plan", "20", "--nights", "10", "--format", "keizer", "--json").out)
    first = plan["rows"][0]
    assert (first["variant"], first["rounds"], first["rounds_per_session"]) == (
        "10 evenings",
        10,
        1,
    )
    assert (first["sessions_used"], first["time_control"]) == (10, "G/60 d5")
    assert all(row["rounds_per_session"] == 1 for row in plan["rows"])
    assert all(row["rounds"] <= 10 for row in plan["rows"])
