"""Regression tests for issue 13, defects a, b, d, i, j, k (formats, standings, check).

Sources: README.md "Running an event" (the club workflow of defects d and i),
docs/events.md and docs/formats.md (quads sections, knockout matches, groups
then knockout), FIDE General Regulations for Competitions 6.6 (the 50% rule).
Every test runs the CLI in this process through the ``cli`` fixture, except
the replay test, which needs fresh processes by its nature (two in all).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.event import board_match, replay
from caddy.event.store import load
from caddy.plugins.host import get_host
from caddy_plugins.formats.groups_knockout.draw import snake
from tests.conftest import Run

CLUB = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"


def players_csv(folder: Path, count: int, name: str = "players.csv") -> str:
    """``count`` players P1.. by falling rating, in two teams A and B (Scheveningen)."""
    half = count // 2
    lines = [f"P{i},{2400 - 10 * i},{'A' if i <= half else 'B'}" for i in range(1, count + 1)]
    path = folder / name
    path.write_text("name,rating,team\n" + "\n".join(lines) + "\n")
    return str(path)


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


# -- a. every random choice drawn once, recorded, never drawn again on replay ---------------

#: Per format: players and options that make it draw (colour tosses, lots).
RECIPES: dict[str, tuple[int, tuple[str, ...]]] = {
    "round-robin": (4, ("--option", "table=us-quad")),
    "double-round-robin": (4, ("--option", "table=us-quad")),
    "quads": (16, ()),
    "scheveningen": (8, ()),
    "knockout": (8, ("--option", "tiebreak=lots")),
    "groups-knockout": (
        8,
        ("--option", "groups=2", "--option", "advance=2", "--option", "tiebreak=lots"),
    ),
    "manual": (6, ()),
}

#: Team formats start from a teams file and draw nothing (their tables are
#: fixed); tests/test_team_cli.py plays them through the CLI.
TEAM_FORMATS = frozenset({"team-round-robin", "team-scheveningen", "team-swiss", "tandem"})


def play_out(cli: Callable[..., Run], path: str, rng: random.Random) -> None:
    """Enter results (drawn matches: their lots decide) and pair until the event is over."""
    for _ in range(60):
        state = replay(load(path))
        todo = None
        for rnd in state.rounds:
            for number, board in enumerate(rnd.boards, 1):
                if rnd.matches:
                    if board_match(state, board).winner() is None:
                        todo = (rnd.number, number, "1/2")
                elif not board.results:
                    todo = (rnd.number, number, rng.choice(["1-0", "1/2", "1/2", "0-1"]))
                if todo:
                    break
            if todo:
                break
        if todo:
            ok(cli("result", path, str(todo[0]), str(todo[1]), todo[2]))
            continue
        if state.fixed:
            return
        if getattr(state.fmt, "pairs_from_outside", False):
            if len(state.rounds) == 3:
                return
            order = list(range(1, state.players + 1))
            rng.shuffle(order)
            pairs = " ".join(f"{a}-{b}" for a, b in zip(order[::2], order[1::2], strict=True))
            ok(cli("pair", path, "--pairings", pairs))
            continue
        if "the event is over" in ok(cli("pair", path)).out:
            return
    raise AssertionError(f"{path}: not over after 60 steps")


REPLAY = """
import contextlib, io, json, sys
from caddy.cli.main import main
from caddy.event import board_match, replay
from caddy.event.store import load

for path in sys.argv[1:]:
    state = replay(load(path))
    print(path, json.dumps([[r.white, r.black, r.rest, r.results] for r in state.rounds]))
    every_round = [["pairings", path, "--json", "--round", str(r.number)] for r in state.rounds]
    for args in (["standings", path, "--json", "--lots"], *every_round):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
        print(code, out.getvalue(), err.getvalue())
"""


@pytest.mark.slow  # every format played out, then two fresh processes: nox -s slow
def test_every_format_replays_the_same_in_fresh_processes(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 13a: events of every registered format, made without --seed, saved, then
    loaded in two fresh processes: rounds, colours, lots and standings agree."""
    rng = random.Random(13)
    files = []
    for name in get_host().formats().names():
        if name in TEAM_FORMATS:
            continue
        count, options = RECIPES.get(name, (8, ()))
        path = str(tmp_path / f"{name}.json")
        csv = players_csv(tmp_path, count, f"{name}.csv")
        ok(cli("new", path, "--format", name, "--players", csv, *options))
        play_out(cli, path, rng)
        assert load(path).tournament.seed is not None  # drawn once, recorded in the file
        files.append(path)
    # a knockout with tie-break games and an Armageddon: colours drawn by lot
    # from the recorded seed (issue 18), the same in every process
    path = str(tmp_path / "knockout-armageddon.json")
    ok(cli("new", path, "--format", "knockout", "--players", players_csv(tmp_path, 4, "ka.csv")))
    play_out(cli, path, rng)
    games = [
        g
        for r in (1, 2)
        for b in json.loads(cli("pairings", path, "--json", "--round", str(r)).out)["boards"]
        for g in b["games"]
    ]
    assert any(g["stage"] == "armageddon" for g in games)
    files.append(path)
    assert len(files) >= 8
    runs = [
        subprocess.run(
            [sys.executable, "-c", REPLAY, *files],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        ).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert runs[0].count("/") >= len(files)


def test_standings_lots_use_the_seed_the_event_records(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 13a: `caddy standings --lots` on an event file draws with its recorded seed."""
    path = str(tmp_path / "rr.json")
    csv = players_csv(tmp_path, 4)
    ok(cli("new", path, "--format", "round-robin", "--players", csv, "--by", "rating"))
    for rnd in (1, 2, 3):
        for board in (1, 2):
            ok(cli("result", path, str(rnd), str(board), "1/2"))  # everyone tied on everything
    seed = load(path).tournament.seed
    first = json.loads(ok(cli("standings", path, "--lots", "--json")).out)
    again = json.loads(ok(cli("standings", path, "--lots", "--json")).out)
    assert first["lots_seed"] == seed and first == again
    assert sorted(row["rank"] for row in first["rows"]) == [1, 2, 3, 4]


# -- b. quads with a section of 5: per-section standings and crosstables --------------------


def quads_13(cli: Callable[..., Run], folder: Path, rounds: int) -> str:
    """Quads of 13 (sections 4, 4 and a round robin of 5), White wins every game
    of the first ``rounds`` rounds (each round paired by ``caddy pair``)."""
    path = str(folder / "quads.json")
    players = players_csv(folder, 13)
    ok(
        cli(
            "new",
            path,
            "--format",
            "quads",
            "--option",
            "remainder=round-robin",
            "--players",
            players,
        )
    )
    for number in range(1, rounds + 1):
        ok(cli("pair", path))
        rnd = replay(load(path)).rounds[number - 1]
        for board in range(1, len(rnd.white) + 1):
            ok(cli("result", path, str(rnd.number), str(board), "1-0"))
    return path


def test_quads_standings_and_crosstable_per_section_after_round_4(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 13b: 13 players, after round 4 (the quads finished after 3)."""
    path = quads_13(cli, tmp_path, 4)
    run = ok(cli("standings", path))
    assert "has no result" not in run.err
    assert [line for line in run.out.splitlines() if line.startswith("Section")] == [
        "Section 1",
        "Section 2",
        "Section 3",
    ]
    document = json.loads(ok(cli("standings", path, "--json")).out)
    assert [s["name"] for s in document["sections"]] == ["Section 1", "Section 2", "Section 3"]
    assert [s["players"] for s in document["sections"]] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12, 13],
    ]
    for section in document["sections"]:
        numbers = {row["pairing_number"] for row in section["rows"]}
        assert numbers == set(section["players"])  # each table its own section's players
        assert min(row["rank"] for row in section["rows"]) == 1  # ranked on its own
    # a quad played 3 rounds: 6 games, 6 points shared; the section of 5 four rounds: 8 games
    assert [sum(r["score"] for r in s["rows"]) for s in document["sections"]] == [6, 6, 8]
    table = ok(cli("crosstable", path))
    assert "Section 3" in table.out and "has no result" not in table.err
    explain = ok(cli("standings", path, "--explain", "9"))
    assert explain.out.startswith("P9 (9): ")
    assert "in Section 3" in explain.out.splitlines()[0]
    for line in explain.out.splitlines():  # opponents and tied groups by their event numbers
        if line.startswith("  round") and " vs " in line:
            assert 9 <= int(line.split(" vs ")[1].split()[0]) <= 13
        if "tied group " in line:
            group = line.split("tied group ")[1].split(":")[0].split(", ")
            assert all(9 <= int(number) <= 13 for number in group)


def test_quads_standings_are_per_section_before_round_4(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 13b: before round 4 too, one table per section, not one across all."""
    path = quads_13(cli, tmp_path, 3)
    document = json.loads(ok(cli("standings", path, "--json")).out)
    assert len(document["sections"]) == 3
    assert document["sections"][0]["rows"][0]["rank"] == 1


# -- d. --explain and the standings: one computation ----------------------------------------


def club(cli: Callable[..., Run], folder: Path, withdraw_after: int = 2) -> tuple[str, str]:
    """README.md "Running an event": the 6-player club round robin, Finn withdrawing."""
    (folder / "players.csv").write_text(CLUB)
    path = str(folder / "club.json")
    ok(
        cli(
            "new",
            path,
            "--format",
            "round-robin",
            "--players",
            str(folder / "players.csv"),
            "--tiebreaks",
            "SB,DE,KS",
            "--by",
            "rating",
            "--name",
            "Club championship",
        )
    )
    results = {
        1: ["1-0", "1/2", "0-1"],
        2: ["1/2", "1-0", "1-0"],
        3: ["1-0", "1-0", "1/2"],
        4: ["1-0", "1-0", "1-0"],
        5: ["1-0", "0-1", "1/2"],
    }
    message = ""
    for rnd in range(1, 6):
        if rnd == withdraw_after + 1:
            message = ok(cli("withdraw", path, "Finn")).out
        state = replay(load(path))
        for board, result in enumerate(results[rnd], 1):
            b = state.round(rnd).boards[board - 1]
            if 6 not in (b.white, b.black) or rnd <= withdraw_after:
                ok(cli("result", path, str(rnd), str(board), result))
    return path, message


def test_explain_scores_as_the_standings_after_an_annulled_withdrawal(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 13d: Anna beat Finn, whose results are annulled: 2.5 points in both."""
    path, _ = club(cli, tmp_path)
    rows = json.loads(ok(cli("standings", path, "--json")).out)["rows"]
    anna = next(row for row in rows if row["name"] == "Anna")
    assert anna["score"] == 2.5
    explain = ok(cli("standings", path, "--explain", "Anna")).out
    assert explain.splitlines()[0].startswith("Anna (1): 2.5 points;")
    finn = ok(cli("standings", path, "--explain", "Finn")).out
    assert finn.splitlines()[0].startswith("Finn (6): 0 points (results annulled);")


# -- i. withdrawals: what the 50% rule did, and the pairing sheet ---------------------------


def test_withdraw_says_the_results_are_annulled(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Issue 13i: Finn leaves after round 2, 2 of his 5 games played: under half."""
    path, message = club(cli, tmp_path, withdraw_after=2)
    assert message == (
        "recorded: Finn (6) withdraws after round 2: 2 of 5 games played, under half, "
        "so their results are annulled (FIDE General Regulations for Competitions 6.6); "
        "their later games need no result\n"
    )
    sheet = ok(cli("pairings", path, "--round", "3")).out
    finn_line = next(line for line in sheet.splitlines() if "Finn" in line and "Ben" in line)
    assert "Finn (6) (withdrawn)" in finn_line and finn_line.endswith("no result needed")
    document = json.loads(ok(cli("pairings", path, "--round", "3", "--json")).out)
    assert document["boards"][0]["withdrawn"] == [6]
    # every other game is in: the sheet's default round is the last one, not round 3
    assert ok(cli("pairings", path)).out.splitlines()[0].endswith("round 5")


def test_withdraw_says_the_results_stand(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Issue 13i: after round 3, 3 of 5 games played: at least half."""
    _, message = club(cli, tmp_path, withdraw_after=3)
    assert message == (
        "recorded: Finn (6) withdraws after round 3: 3 of 5 games played, at least half, "
        "so their results stand; later opponents score a win by forfeit "
        "(FIDE General Regulations for Competitions 6.6)\n"
    )


# -- j. caddy check follows the stages ------------------------------------------------------


def test_check_groups_knockout_stage_by_stage(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Issue 13j: two players of group A meet in the group and again in the final: legal."""
    path = str(tmp_path / "gk.json")
    csv = players_csv(tmp_path, 8)
    options = ("--option", "groups=2", "--option", "advance=2", "--option", "tiebreak=armageddon")
    ok(cli("new", path, "--format", "groups-knockout", "--players", csv, *options))
    group_a = set(snake(8, 2)[0])
    while "the event is over" not in ok(cli("pair", path)).out:
        state = replay(load(path))
        rnd = state.rounds[-1]
        for board, white in enumerate(rnd.white, 1):
            # the group stage: White wins; the knockout: group A's player wins
            result = "1-0" if not rnd.matches or white in group_a else "0-1"
            ok(cli("result", path, str(rnd.number), str(board), result))
    state = replay(load(path))
    final = state.rounds[-1]
    assert {final.white[0], final.black[0]} <= group_a  # they met in the group stage
    run = ok(cli("check", path))
    assert run.out == (
        f"{path}: ok (8 players, 5 rounds; group stage (rounds 1-3): Group A, Group B "
        "each a round robin; knockout (rounds 4-5): no pair twice)\n"
    )


def test_check_finds_a_pair_twice_in_a_knockout(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Issue 13j: knockout matches count as meetings (a hand-edited file pairs 1-4 twice)."""
    path = tmp_path / "ko.json"
    ok(cli("new", str(path), "--format", "knockout", "--players", players_csv(tmp_path, 4)))
    document = json.loads(path.read_text())
    document["operations"] = [
        {"op": "pair", "round": 1, "white": [1, 2], "black": [4, 3], "matches": True},
        {"op": "result", "round": 1, "board": 1, "result": "1-0"},
        {"op": "result", "round": 1, "board": 2, "result": "1-0"},
        {"op": "pair", "round": 2, "white": [1], "black": [4], "matches": True},
    ]
    path.write_text(json.dumps(document))
    run = cli("check", str(path))
    assert run.code == 1
    assert run.out == f"{path}: players 1 (P1) and 4 (P4) meet 2 times (rounds 1, 2)\n"


# -- k. knockout games: White first on the sheet, in history and when typed ------------------


def test_knockout_tiebreak_games_name_their_white(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Issue 13k: game 3 (the second rapid game) has the lower seed P4 White; `1-0` typed
    for it means P4 won it, and the sheet and history say so the same way (the higher seed
    White first in each stage: tests/test_knockout_colours.py has the colours by lot)."""
    path = str(tmp_path / "ko.json")
    csv = players_csv(tmp_path, 4)
    ok(
        cli(
            "new",
            path,
            "--format",
            "knockout",
            "--players",
            csv,
            "--option",
            "tiebreak_colours=higher-seed",
        )
    )
    ok(cli("pair", path))
    ok(cli("result", path, "1", "1", "1/2"))  # game 1: P1 White
    ok(cli("result", path, "1", "1", "1/2"))  # game 2, rapid: P1 White
    typed = ok(cli("result", path, "1", "1", "1-0")).out  # game 3, rapid: P4 White wins
    assert typed == "recorded: round 1 board 1 (game 3 rapid-pair, White P4 (4)): 1-0\n"
    sheet = ok(cli("pairings", path, "--round", "1")).out.splitlines()
    game3 = next(line for line in sheet if "3 rapid-pair" in line).split()
    assert game3 == ["1", "3", "rapid-pair", "P4", "(4)", "2360", "P1", "(1)", "2390", "1-0"]
    assert "board 1: P4 (4) wins the match" in sheet
    history = ok(cli("history", path)).out.splitlines()
    assert history[-1].strip() == "4  round 1 board 1 (game 3 rapid-pair, White P4 (4)): 1-0"
    board = json.loads(ok(cli("pairings", path, "--round", "1", "--json")).out)["boards"][0]
    assert [(g["white"]["number"], g["result"]) for g in board["games"]] == [
        (1, "1/2"),
        (1, "1/2"),
        (4, "1-0"),
    ]
    assert board["winner"] == 4
