"""What a newcomer's read of the docs found (this session's review): clear
words for a bad round list, a withdrawal note only where the player was
paired, and `caddy new --help` naming the format's own numbering."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run


@pytest.fixture
def swiss(cli: Callable[..., Run], tmp_path: Path) -> str:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2000 - 10 * i}\n" for i in range(1, 8)))
    path = str(tmp_path / "e.json")
    assert (
        cli("new", path, "--format", "swiss", "--rounds", "3", "--players", str(players)).code == 0
    )
    return path


@pytest.mark.parametrize(
    "rounds,message",
    [
        ("0", "rounds '0': rounds are numbered from 1"),
        ("3-1", "rounds '3-1': 3-1 runs backwards (write 1-3)"),
        ("2-", "rounds '2-' is not a list of rounds (e.g. 5, 5,6 or 5-7)"),
    ],
)
def test_bad_round_lists(cli: Callable[..., Run], swiss: str, rounds: str, message: str) -> None:
    run = cli("bye", swiss, "1", rounds, "--half")
    assert (run.code, run.err) == (1, f"caddy: error: {message}\n")


def test_withdrawal_note_only_where_the_player_was_paired(
    cli: Callable[..., Run], swiss: str
) -> None:
    """P7 has the pairing-allocated bye in round 1 (7 players) and leaves after
    it: round 2's sheet has no game of theirs, so no note about one."""
    assert cli("pair", swiss).code == 0
    for board in (1, 2, 3):
        assert cli("result", swiss, "1", str(board), "1-0").code == 0
    assert cli("withdraw", swiss, "P7").code == 0
    assert cli("pair", swiss).code == 0
    assert "withdrew" not in cli("pairings", swiss).out


def test_new_help_names_the_formats_numbering(capsys: pytest.CaptureFixture[str]) -> None:
    from caddy.cli.main import main

    with contextlib.suppress(SystemExit):  # argparse's --help may exit
        main(["new", "--help"])
    assert "default: the format's; lot, or rating for" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    "options,expected",
    [((), 3), (("--option", "final_games=2"), 4), (("--option", "games=2"), 6)],
)
def test_knockout_games_per_player_count_every_game_of_the_finalists(
    cli: Callable[..., Run], options: tuple[str, ...], expected: int
) -> None:
    """8 players, 3 rounds: the finalists play each round's standard games,
    the final as many as ``final_games`` says (tie-breaks not counted)."""
    run = cli("calc", "8", "--format", "knockout", *options)
    assert run.out.splitlines()[1].endswith(f"{expected} games per player"), run.out


def test_a_weekend_event_says_nothing_of_club_nights(cli: Callable[..., Run]) -> None:
    """With --dates the dated rounds say how the rounds fit; the club-night line
    (a round 'does not fit in one 3 h night') would contradict them."""
    days = ("--dates", "2026-05-09,2026-05-10", "--at", "09:30", "--until", "20:00")
    run = cli("calc", "40", "--format", "swiss", "--rounds", "5", "--tc", "90+30", *days)
    assert run.code == 0 and "night" not in run.out.split("Dated rounds")[0]
    assert "round 4  Sun 2026-05-10  13:45–17:45" in run.out
