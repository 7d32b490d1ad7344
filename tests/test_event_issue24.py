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

from caddy.event_replay import replay
from caddy.storage import load
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


# -- item 4: `caddy pair` after the last round ------------------------------------------


def test_pair_after_the_last_round_names_who_is_first_in_the_standings(
    cli: Cli, tmp_path: Path
) -> None:
    """Anna (1) and Boris (2) both finish on 1½; Boris's opponents scored more
    (Buchholz, C.07 Art. 8.1), so the standings rank him first. The old line
    named the lowest pairing number among the leaders on points: Anna."""
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
    standings = json.loads(ok(cli, "standings", event, "--json").out)
    first = standings["rows"][0]
    assert (first["rank"], first["pairing_number"]) == (1, 2)
    run = ok(cli, "pair", event)
    assert run.out == (
        f"{event}: the event is over; first in the standings: Boris Beta (2) "
        "(caddy standings ranks everyone)\n"
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
        "DE (direct encounter, C.07 Art. 6) is a player's place among the players tied with "
        "them by their games against each other; 1 for everyone here: no tie was separated "
        "by direct encounter\n"
    )
