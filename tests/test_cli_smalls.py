"""Small command-line consistencies (a review after issue 24): a team named
by the start of its name, ``caddy new --teams`` without ``--format``, the
byes ``caddy result --bye`` takes, an empty batch of results, a results CSV
with a trailing comma, and ``caddy standings --round`` out of range.
"""

from __future__ import annotations

from pathlib import Path

from caddy.event.replay import replay
from caddy.event.store import load
from tests.test_event_issue24 import Cli, field, new_swiss, ok, refused


def test_standings_round_out_of_range_says_the_complete_rounds(cli: Cli, tmp_path: Path) -> None:
    """``--round R`` takes a complete round: the message names them (one line)."""
    event = new_swiss(cli, tmp_path, 4, 3)
    assert refused(cli, "standings", event, "--round", "1") == [
        "caddy: error: no standings after round 1: no round is complete yet"
    ]
    ok(cli, "pair", event)
    ok(cli, "result", event, "1", "1-0 0-1")
    for given in ("0", "5"):
        assert refused(cli, "standings", event, "--round", given) == [
            f"caddy: error: no standings after round {given}: only round 1 is complete (--round 1)"
        ]


def test_a_results_csv_takes_a_trailing_comma_and_counts_one_field(
    cli: Cli, tmp_path: Path
) -> None:
    """``1,1-0,`` (a spreadsheet's trailing comma) is board 1's result; a
    line of one field says ``1 field``."""
    event = new_swiss(cli, tmp_path, 4, 3)
    ok(cli, "pair", event)
    bad = tmp_path / "bad.csv"
    bad.write_text("1,1-0,\n2\n", encoding="utf-8")
    assert refused(cli, "result", event, "1", "--from", str(bad)) == [
        f"caddy: error: {bad}:2: 1 field (expected board,result)"
    ]
    good = tmp_path / "good.csv"
    good.write_text("board,result,\n1,1-0,\n2,0-1, \n", encoding="utf-8")
    ok(cli, "result", event, "1", "--from", str(good))
    assert replay(load(event)).round(1).results == [("1-0",), ("0-1",)]


def test_an_empty_batch_of_results_is_the_batchs_own_message(cli: Cli, tmp_path: Path) -> None:
    """``caddy result EVENT 1 ""``: one line saying no results were given (not
    argparse's ``invalid int value``), and the file is left as it was."""
    event = new_swiss(cli, tmp_path, 4, 3)
    ok(cli, "pair", event)
    before = Path(event).read_bytes()
    for given in ("", "  "):
        assert refused(cli, "result", event, "1", given) == [
            'caddy: error: round 1: no results given (give 2 results in board order, e.g. "1-0 1/2 0-1")'
        ]
    assert Path(event).read_bytes() == before


def test_result_bye_help_and_error_list_every_bye_it_takes(cli: Cli, tmp_path: Path) -> None:
    """``--bye PLAYER pab`` is taken (a round paired already), so the help and
    the message for an unknown kind list it with full, half and zero."""
    accepted = "full, half, zero or pab (the pairing-allocated bye)"
    assert accepted in " ".join(ok(cli, "result", "--help").out.split())
    event = new_swiss(cli, tmp_path, 4, 3)
    assert refused(cli, "result", event, "1", "--bye", "1", "none") == [
        f"caddy: error: unknown bye 'none' (expected {accepted})"
    ]


LEAGUE = "team,board,name,rating\nRooks,1,Ada,2010\nRooks,2,Ben,1950\nQueens,1,Dee,1990\nQueens,2,Eli,1900\n"


def test_new_with_teams_and_no_format_is_a_team_round_robin(cli: Cli, tmp_path: Path) -> None:
    """``caddy new X --teams FILE`` without ``--format``: a team round robin
    (the help says so); with ``--players`` the default stays ``round-robin``."""
    teams = tmp_path / "league.csv"
    teams.write_text(LEAGUE, encoding="utf-8")
    event = str(tmp_path / "league.json")
    run = ok(cli, "new", event, "--teams", str(teams))
    assert run.out.splitlines()[0] == f"{event}: team-round-robin, 4 players"
    assert load(event).tournament.format.name == "team-round-robin"
    assert "default round-robin, with --teams team-round-robin" in " ".join(
        ok(cli, "new", "--help").out.split()
    )
    solo = str(tmp_path / "solo.json")
    ok(cli, "new", solo, "--players", str(field(tmp_path, 4)))
    assert load(solo).tournament.format.name == "round-robin"


CUP = (
    "team,board,name,rating\n"
    "Queens,1,Ada,2010\nQueens,2,Ben,1950\n"
    "Rooks,1,Cal,1990\nRooks,2,Dee,1900\n"
    "Knights,1,Eli,1980\nKnights,2,Fay,1870\n"
    "Kings,1,Gil,1940\nKings,2,Hoa,1860\n"
)


def cup(cli: Cli, tmp_path: Path) -> str:
    """A four-team Swiss: Queens (1), Rooks (2), Knights (3), Kings (4)."""
    teams = tmp_path / "cup.csv"
    teams.write_text(CUP, encoding="utf-8")
    event = str(tmp_path / "cup.json")
    ok(cli, "new", event, "--format", "team-swiss", "--teams", str(teams), "--rounds", "3")
    return event


def test_a_team_is_named_by_a_unique_start_of_its_name(cli: Cli, tmp_path: Path) -> None:
    """A team is named as a player is (:func:`caddy.model.names.find_named`):
    number, name, any case, or a unique start of its name in any case."""
    event = cup(cli, tmp_path)
    assert ok(cli, "bye", event, "Que", "1", "--half", "--team").out == (
        "recorded: round 1: half bye for team Queens (1), players 1, 2 "
        "(announced: not paired in round 1)\n"
    )
    ok(cli, "lineup", event, "2", "rook", "3", "0")
    assert replay(load(event)).lineups == {2: {2: (3, 0)}}
    # without --team, the start of a team's name that is no player's hints at --team
    assert refused(cli, "bye", event, "knig", "2", "--half") == [
        "caddy: error: 'knig' is a team, not a player: `caddy bye EVENT 'knig' ROUNDS --team` "
        "gives the team a bye"
    ]


def test_a_team_start_that_fits_several_or_none_says_which(cli: Cli, tmp_path: Path) -> None:
    """Ambiguous: the teams it fits, one line; unknown: the closest names."""
    event = cup(cli, tmp_path)
    assert refused(cli, "bye", event, "k", "1", "--half", "--team") == [
        "caddy: error: 'k' fits 2 teams: Knights (3), Kings (4); give more of the name or "
        "the team number"
    ]
    assert refused(cli, "lineup", event, "1", "Rokks", "3", "4") == [
        "caddy: error: no team named 'Rokks' (give a team number 1..4, the team's name or "
        "code, or the start of its name; closest: Rooks (2))"
    ]
    assert refused(cli, "lineup", event, "1", "9", "3", "4") == [
        "caddy: error: no team 9 (team numbers run 1..4)"
    ]
