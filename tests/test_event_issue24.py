"""Individual events through the commands (issue 24): who `caddy pair` names
once the event is over, a round's results at once, standings after a round,
the Swiss pairing sheet, the crosstable's order, results on a withdrawn
player's board, an undecided knockout match, and players named by a start
of their name.

Results are typed White first (FIDE Laws of Chess, Appendix C: the score is
given from White's side); tie-breaks follow FIDE Handbook C.07.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.event.replay import replay
from caddy.event.store import load
from tests.conftest import Run

Cli = Callable[..., Run]

NAMES = ("Anna Alpha", "Boris Beta", "Carl Gamma", "Dora Delta", "Emil Eps", "Frida Zeta")


def field(tmp_path: Path, count: int) -> Path:
    """A players file: ratings fall with the pairing number (2000, 1990, ...)."""
    players = tmp_path / "p.csv"
    rows = "".join(f"{name},{2000 - 10 * k}\n" for k, name in enumerate(NAMES[:count]))
    players.write_text("name,rating\n" + rows, encoding="utf-8")
    return players


def ok(cli: Cli, *args: str) -> Run:
    run = cli(*args)
    assert (run.code, run.err) == (0, ""), (args, run)
    return run


def refused(cli: Cli, *args: str) -> list[str]:
    """The error lines of a command that must fail (exit 1, nothing on stdout)."""
    run = cli(*args)
    assert run.code == 1 and run.out == "", (args, run)
    return run.err.splitlines()


def new_swiss(cli: Cli, tmp_path: Path, count: int = 4, rounds: int = 2, *extra: str) -> str:
    event = str(tmp_path / "E.json")
    players = str(field(tmp_path, count))
    ok(
        cli,
        "new",
        event,
        "--format",
        "swiss",
        "--rounds",
        str(rounds),
        "--players",
        players,
        *extra,
    )
    return event


def pairs(event: str, number: int) -> list[tuple[int, int]]:
    """Round ``number``'s boards as (White, Black)."""
    rnd = replay(load(event)).round(number)
    return list(zip(rnd.white, rnd.black, strict=True))


def white_side(white: int, black: int, winner: int | None) -> str:
    """The result word from White's side: ``winner`` won, ``None`` a draw."""
    return "1/2" if winner is None else "1-0" if winner == white else "0-1"


def boris_first(cli: Cli, tmp_path: Path) -> str:
    """A 4-player, 2-round Swiss that Anna (1) and Boris (2) finish on 1½,
    Boris with the higher Buchholz: round 1 the higher rated win, round 2
    Anna and Boris draw and Boris's round-1 opponent beats Anna's."""
    event = new_swiss(cli, tmp_path, 4, 2)
    ok(cli, "pair", event)
    beaten = {}
    for board, (w, b) in enumerate(pairs(event, 1), 1):
        winner = min(w, b)  # the higher rated wins round 1
        beaten[winner] = max(w, b)
        ok(cli, "result", event, "1", str(board), white_side(w, b, winner))
    ok(cli, "pair", event)
    for board, (w, b) in enumerate(pairs(event, 2), 1):
        # Anna and Boris draw; Boris's round-1 opponent beats Anna's
        result = white_side(w, b, None if {w, b} == {1, 2} else beaten[2])
        ok(cli, "result", event, "2", str(board), result)
    return event


# -- item 4: `caddy pair` after the last round ------------------------------------------


def test_pair_after_the_last_round_names_who_is_first_in_the_standings(
    cli: Cli, tmp_path: Path
) -> None:
    """Anna (1) and Boris (2) both finish on 1½; Boris's opponents scored more
    (Buchholz, C.07 Art. 8.1), so the standings rank him first. The old line
    named the lowest pairing number among the leaders on points: Anna."""
    event = boris_first(cli, tmp_path)
    standings = json.loads(ok(cli, "standings", event, "--json").out)
    first = standings["rows"][0]
    assert (first["rank"], first["pairing_number"]) == (1, 2)
    run = ok(cli, "pair", event)
    assert run.out == (
        f"{event}: the event is over; first in the standings: Boris Beta (2) "
        "(caddy standings ranks everyone)\n"
    )


def test_pair_after_the_last_round_names_each_sections_first(cli: Cli, tmp_path: Path) -> None:
    """Quads (a quad of 4, a Swiss section of 5; US Chess rule 30G): each
    section is ranked on its own, so each has its own first."""
    players = tmp_path / "q.csv"
    players.write_text(
        "name,rating\n" + "".join(f"Q{k},{2000 - 10 * k}\n" for k in range(1, 10)), "utf-8"
    )
    event = str(tmp_path / "Q.json")
    ok(cli, "new", event, "--format", "quads", "--players", str(players), "--seed", "1")
    for number in ("1", "2", "3"):
        ok(cli, "pair", event)
        ok(cli, "result", event, number, "1-0 1-0 1-0 1-0")  # White wins every game
    document = json.loads(ok(cli, "standings", event, "--json").out)
    firsts = [
        [row["pairing_number"] for row in section["rows"] if row["rank"] == 1]
        for section in document["sections"]
    ]
    assert firsts == [[1], [8]]
    assert ok(cli, "pair", event).out == (
        f"{event}: the event is over; first in each section: Section 1: Q1 (1); "
        "Section 2: Q8 (8) (caddy standings ranks everyone)\n"
    )


# -- item 11: one resolver for player names -------------------------------------------


@pytest.mark.parametrize(
    ("given", "number"),
    [("Dora Delta", 4), ("dora delta", 4), ("DOR", 4), ("e", 5), ("  frida", 6), ("3", 3)],
)
def test_a_player_is_named_by_number_name_any_case_or_a_unique_start(
    cli: Cli, tmp_path: Path, given: str, number: int
) -> None:
    event = new_swiss(cli, tmp_path, 6, 3)
    run = ok(cli, "withdraw", event, given, "--after-round", "0")
    assert run.out.startswith(f"recorded: {NAMES[number - 1]} ({number}) withdraws after round 0")


def test_a_start_that_fits_several_players_lists_them(cli: Cli, tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nAnna Alpha,2000\nAnn Other,1990\nBen,1980\n", "utf-8")
    event = str(tmp_path / "E.json")
    ok(cli, "new", event, "--format", "swiss", "--rounds", "2", "--players", str(players))
    assert refused(cli, "withdraw", event, "ann") == [
        "caddy: error: 'ann' fits 2 players: Anna Alpha (1), Ann Other (2); "
        "give more of the name or the pairing number"
    ]
    # the exact name wins over a longer name it starts
    assert ok(cli, "withdraw", event, "ann other").out.startswith("recorded: Ann Other (2)")


@pytest.mark.parametrize(
    "command",
    [
        ("withdraw", "{event}", "Bors Beta"),
        ("bye", "{event}", "Bors Beta", "2", "--half"),
        ("result", "{event}", "2", "--bye", "Bors Beta", "half"),
        ("standings", "{event}", "--explain", "Bors Beta"),
    ],
)
def test_an_unknown_name_suggests_the_closest_in_every_command(
    cli: Cli, tmp_path: Path, command: tuple[str, ...]
) -> None:
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    for board in range(1, 4):
        ok(cli, "result", event, "1", str(board), "1/2")
    args = [a.replace("{event}", event) for a in command]
    assert refused(cli, *args) == [
        "caddy: error: no player named 'Bors Beta' (give a pairing number in digits 0-9, "
        "the name or the start of it; closest: Boris Beta (2), Dora Delta (4))"
    ]


@pytest.mark.parametrize(
    ("given", "closest"),
    [
        ("Bors", "Boris Beta (2)"),  # the start of a name, mistyped
        ("gamma", "Carl Gamma (3)"),  # a surname
        ("Frida Zetta", "Frida Zeta (6)"),
    ],
)
def test_the_closest_names_are_found_by_start_and_by_word(
    cli: Cli, tmp_path: Path, given: str, closest: str
) -> None:
    event = new_swiss(cli, tmp_path, 6, 3)
    assert refused(cli, "withdraw", event, given) == [
        f"caddy: error: no player named '{given}' (give a pairing number in digits 0-9, "
        f"the name or the start of it; closest: {closest})"
    ]


def test_standings_explain_takes_a_start_of_a_name(cli: Cli, tmp_path: Path) -> None:
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    for board in range(1, 4):
        ok(cli, "result", event, "1", str(board), "1/2")
    run = ok(cli, "standings", event, "--explain", "carl")
    assert run.out.startswith("Carl Gamma (3): 0.5 points;")


def test_a_de_column_of_ones_says_what_it_means(cli: Cli, tmp_path: Path) -> None:
    """Every DE value is 1 when no tied group is separated by its own games
    (C.07 Art. 6): the report says so under the table."""
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    for board in range(1, 4):
        ok(cli, "result", event, "1", str(board), "1/2")
    run = ok(cli, "standings", event, "--tiebreaks", "DE,SB")
    assert run.out.endswith(
        "\nDE is 1 for everyone: no tie was separated by direct encounter (C.07 Art. 6)\n"
    )


# -- item 5: a round's results at once ---------------------------------------------------


def test_a_rounds_results_in_one_argument(cli: Cli, tmp_path: Path) -> None:
    """One result per board, in board order; '.' leaves a board for later."""
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    run = ok(cli, "result", event, "1", "1-0 ½-½ .")
    assert run.out == (
        "recorded: round 1 board 1: 1-0\n"
        "recorded: round 1 board 2: 1/2\n"
        f"2 results in round 1, one operation each (caddy undo {event} --steps 2 takes them back)\n"
    )
    ok(cli, "result", event, "1", "3", "0-1")
    history = ok(cli, "history", event).out.splitlines()
    assert [line.split(None, 1)[1] for line in history] == [
        "pair round 1: 3 boards",
        "round 1 board 1: 1-0",
        "round 1 board 2: 1/2",
        "round 1 board 3: 0-1",
    ]
    assert replay(load(event)).round(1).results == [("1-0",), ("1/2",), ("0-1",)]
    ok(cli, "undo", event, "--steps", "3")
    assert replay(load(event)).round(1).results == [(), (), ()]
    # a correction of the whole round takes --force
    ok(cli, "result", event, "1", "-+ -- +-")
    ok(cli, "result", event, "1", "1/2 1/2 1/2", "--force")
    assert replay(load(event)).round(1).results == [("1/2",), ("1/2",), ("1/2",)]


def test_a_rounds_results_from_a_csv_file(cli: Cli, tmp_path: Path) -> None:
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    results = tmp_path / "r.csv"
    results.write_text("board,result\n3,0-1\n1,1-0\n\n2,1/2\n", encoding="utf-8")
    run = ok(cli, "result", event, "1", "--from", str(results))
    assert run.out.splitlines() == [
        "recorded: round 1 board 3: 0-1",
        "recorded: round 1 board 1: 1-0",
        "recorded: round 1 board 2: 1/2",
        f"3 results in round 1, one operation each (caddy undo {event} --steps 3 takes them back)",
    ]
    assert replay(load(event)).round(1).results == [("1-0",), ("1/2",), ("0-1",)]


def test_a_rounds_results_are_all_or_nothing(cli: Cli, tmp_path: Path) -> None:
    """Any bad result: every problem one line, exit 1, the file unchanged."""
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    ok(cli, "result", event, "1", "2", "1/2")
    before = Path(event).read_bytes()
    assert refused(cli, "result", event, "1", "1-0 0-1 2-0") == [
        "caddy: error: round 1 board 2: already has a result (1/2); "
        "use --force to correct it, or '.' to leave it",
        "caddy: error: round 1 board 3: unknown result '2-0' (expected 1-0, 0-1, 1/2, "
        "+-, -+, -- (forfeits) or W-L, L-W, D-D (under one move), or '.' to leave it)",
    ]
    assert refused(cli, "result", event, "1", "1-0 0-1") == [
        "caddy: error: round 1 has 3 boards: give 3 results in board order "
        "('.' leaves a board as it is), got 2"
    ]
    bad = tmp_path / "bad.csv"
    bad.write_text("1,1-0\nx,1-0\n1,0-1\n4,1-0\n3,1:0,x\n", encoding="utf-8")
    assert refused(cli, "result", event, "1", "--from", str(bad)) == [
        f"caddy: error: {bad}:2: board 'x' is not a whole number (digits 0-9)",
        f"caddy: error: {bad}:3 (board 1): given twice (also at {bad}:1)",
        f"caddy: error: {bad}:4 (board 4): no such board (round 1 has boards 1..3)",
        f"caddy: error: {bad}:5: 3 fields (expected board,result)",
    ]
    assert Path(event).read_bytes() == before


# -- item 8: a withdrawn player's game; an undecided knockout match ---------------------


def test_a_result_on_a_withdrawn_players_game_needs_force(cli: Cli, tmp_path: Path) -> None:
    """A player who withdrew after round 1 does not play the round-2 game they
    were paired in: the opponent wins by forfeit (C.04.2 3.2; docs/events.md),
    so a result typed for it is refused unless --force says it was played."""
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    ok(cli, "result", event, "1", "1/2 1/2 1/2")
    ok(cli, "pair", event)
    _, black = pairs(event, 2)[0]
    ok(cli, "withdraw", event, str(black), "--after-round", "1")
    gone = f"{NAMES[black - 1]} ({black}) withdrew after round 1"
    before = Path(event).read_bytes()
    assert refused(cli, "result", event, "2", "1", "1-0") == [
        f"caddy: error: round 2 board 1: {gone}: the game needs no result "
        "(it counts as +-); use --force to record one anyway"
    ]
    assert refused(cli, "result", event, "2", "1-0 1/2 1/2") == [
        f"caddy: error: round 2 board 1: {gone}: the game needs no result "
        "(it counts as +-); use --force to record one anyway"
    ]
    assert Path(event).read_bytes() == before
    ok(cli, "result", event, "2", ". 1/2 1/2")  # '.' leaves the board as the withdrawal scores it
    ok(cli, "result", event, "2", "1", "0-1", "--force")
    assert replay(load(event)).round(2).results[0] == ("0-1",)


def test_pair_says_which_game_an_undecided_knockout_match_waits_for(
    cli: Cli, tmp_path: Path
) -> None:
    """Two-game matches: 1-1 goes to the first tie-break stage (rapid-pair,
    the knockout's default; docs/formats.md)."""
    event = str(tmp_path / "K.json")
    players = str(field(tmp_path, 4))
    ok(cli, "new", event, "--format", "knockout", "--players", players, "--option", "games=2",
       "--seed", "3")  # fmt: skip
    ok(cli, "pair", event)
    ok(cli, "result", event, "1", "1", "1-0")
    ok(cli, "result", event, "1", "1", "1-0")  # game 2's White (4) wins: 1-1
    ok(cli, "result", event, "1", "2", "1-0")
    assert refused(cli, "pair", event) == [
        "caddy: error: round 1 is not finished: board 1 (Anna Alpha (1) - Dora Delta (4)) "
        "undecided after 2 games: game 3 (rapid-pair), White Anna Alpha (1), has no result yet",
        "caddy: error: round 1 is not finished: board 2 (Boris Beta (2) - Carl Gamma (3)) "
        "undecided after 1 game: game 2, White Carl Gamma (3), has no result yet",
    ]
    # the White the pairing sheet gives game 3 (a drawing of lots from the event's seed)
    sheet = json.loads(ok(cli, "pairings", event, "--json").out)
    assert sheet["boards"][0]["games"][2]["white"]["number"] == 1


# -- item 6: standings after a round, the Swiss sheet, the date line, the crosstable order --


def test_standings_after_a_round_are_those_the_event_had_then(cli: Cli, tmp_path: Path) -> None:
    """``--round R`` ranks the event as it stood after round R: the same
    table ``caddy standings`` printed then (and ``caddy publish`` shows)."""
    event = new_swiss(cli, tmp_path, 6, 3)
    ok(cli, "pair", event)
    ok(cli, "result", event, "1", "1-0 0-1 1/2")
    then = ok(cli, "standings", event).out
    then_json = ok(cli, "standings", event, "--json").out
    ok(cli, "pair", event)
    ok(cli, "result", event, "2", "0-1 1/2 1-0")
    # the same document but for after_round (null: the live standings; docs/json.md)
    after = json.loads(ok(cli, "standings", event, "--round", "1", "--json").out)
    live = json.loads(then_json)
    assert (after.pop("after_round"), live.pop("after_round")) == (1, None)
    assert after == live
    now = ok(cli, "standings", event, "--round", "1").out
    assert now == then.replace(": C.07 edition", ": after round 1; C.07 edition", 1)
    assert refused(cli, "standings", event, "--round", "3") == [
        "caddy: error: no standings after round 3: rounds 1..2 are complete"
    ]


def test_the_swiss_pairing_sheet_shows_the_points_before_the_round(
    cli: Cli, tmp_path: Path
) -> None:
    """The sheet gives each player's score before the round, the score the
    pairing went by (C.04.1 rule 5: players are paired with others on the
    same score; C.04.3 1.3.1: scoregroups)."""
    event = boris_first(cli, tmp_path)
    lines = ok(cli, "pairings", event, "--round", "2").out.splitlines()
    assert (
        lines[1] == "board  white           rating  points  black           rating  points  result"
    )
    rnd = replay(load(event)).round(2)
    before = {1: "1", 2: "1", 3: "0", 4: "0"}
    for line, w, b in zip(lines[2:], rnd.white, rnd.black, strict=True):
        cells = line.split()
        assert (cells[5], cells[-2]) == (before[w], before[b]), line  # names are two words
    first = ok(cli, "pairings", event, "--round", "1").out.splitlines()
    assert all(line.split()[5] == "0" and line.split()[-2] == "0" for line in first[2:])


def test_a_round_robin_sheet_has_no_points_column(cli: Cli, tmp_path: Path) -> None:
    event = str(tmp_path / "R.json")
    ok(cli, "new", event, "--players", str(field(tmp_path, 4)))
    lines = ok(cli, "pairings", event, "--round", "2").out.splitlines()
    assert lines[1].split() == ["board", "white", "rating", "black", "rating", "result"]


def test_a_round_is_dated_only_where_the_event_dates_its_rounds(cli: Cli, tmp_path: Path) -> None:
    """An event with a start date but no dated rounds: the sheets name the
    venue, not the start date as if every round were played on it."""
    event = new_swiss(cli, tmp_path, 4, 2, "--start", "2026-05-01", "--place", "Leeds")
    ok(cli, "pair", event)
    assert ok(cli, "pairings", event).out.splitlines()[:2] == [
        "event: round 1",
        "Leeds",
    ]
    dated = str(tmp_path / "D.json")
    every = ("--start", "2026-09-01", "--every", "tue", "--at", "19:30", "--place", "Leeds")
    ok(cli, "new", dated, "--players", str(field(tmp_path, 4)), *every)
    assert ok(cli, "pairings", dated, "--round", "2").out.splitlines()[1:3] == [
        "round 2: 2026-09-08 at 19:30",
        "2026-09-01 to 2026-09-15, Leeds",
    ]


def test_a_swiss_crosstable_is_in_rank_order(cli: Cli, tmp_path: Path) -> None:
    """Boris (2) is first in the standings, so first in the crosstable;
    ``--order number`` keeps pairing-number order."""
    event = boris_first(cli, tmp_path)
    ranked = [
        r["pairing_number"] for r in json.loads(ok(cli, "standings", event, "--json").out)["rows"]
    ]
    assert ranked[0] == 2
    rows = ok(cli, "crosstable", event).out.splitlines()[1:5]
    assert [int(row.split()[0]) for row in rows] == ranked
    rows = ok(cli, "crosstable", event, "--order", "number").out.splitlines()[1:5]
    assert [int(row.split()[0]) for row in rows] == [1, 2, 3, 4]


def test_a_round_robin_crosstable_stays_in_pairing_number_order(cli: Cli, tmp_path: Path) -> None:
    event = str(tmp_path / "R.json")
    ok(cli, "new", event, "--players", str(field(tmp_path, 4)))
    for number in (1, 2, 3):
        ok(cli, "result", event, str(number), "0-1 0-1")  # Black wins every game
    ranked = [
        r["pairing_number"] for r in json.loads(ok(cli, "standings", event, "--json").out)["rows"]
    ]
    assert ranked[0] != 1
    rows = ok(cli, "crosstable", event).out.splitlines()[1:5]
    assert [int(row.split()[0]) for row in rows] == [1, 2, 3, 4]
    rows = ok(cli, "crosstable", event, "--order", "rank").out.splitlines()[1:5]
    assert [int(row.split()[0]) for row in rows] == ranked


def test_a_manual_rounds_bye_takes_a_start_of_a_name(cli: Cli, tmp_path: Path) -> None:
    event = str(tmp_path / "M.json")
    players = str(field(tmp_path, 3))
    ok(cli, "new", event, "--format", "manual", "--players", players, "--by", "given")
    ok(cli, "pair", event, "--pairings", "1-2", "--byes", "CAR")
    assert replay(load(event)).round(1).byes == {3: "pab"}
