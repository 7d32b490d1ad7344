"""A review of the ``tandem`` (bughouse) format (issue 28, docs/tandem.md):
the TRF export's planned rounds, the ``forbidden`` option on the command line,
the options ``caddy new --teams`` sets, and the refusal to rate a bughouse
event. The pairs files are tests/data/tandem/pairs8.csv (made up for the
tandem tests) and its first four pairs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.contracts import FormatBase
from caddy.errors import InputError
from caddy.event.store import load
from caddy.ratings import rating_change
from caddy_plugins.formats.tandem import Tandem, TandemOptions
from caddy_plugins.formats.team_round_robin import TeamRoundRobin, TeamRoundRobinOptions
from caddy_plugins.formats.team_swiss import TeamSwiss, TeamSwissOptions
from tests.conftest import DATA, Run

PAIRS = DATA / "tandem"


def ok(run: Run) -> Run:
    assert (run.code, run.err) == (0, ""), run.err
    return run


def four_pairs(tmp_path: Path) -> str:
    """The first four pairs of pairs8.csv (Knights, Rooks, Bishops, Pawns)."""
    lines = (PAIRS / "pairs8.csv").read_text(encoding="utf-8").splitlines()[:9]
    path = tmp_path / "pairs4.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def records(path: str, code: str) -> list[str]:
    return [line for line in Path(path).read_text().splitlines() if line[:3] == code]


def new_and_round_one(cli: Callable[..., Run], event: str, teams: str, *options: str) -> None:
    """A tandem event of ``teams`` with round 1 paired and every match a ``2-0``."""
    ok(cli("new", event, "--format", "tandem", "--teams", teams, "--seed", "2", *options))
    ok(cli("pair", event))
    matches = 2 if "pairs4" in teams else 4
    for match in range(1, matches + 1):
        ok(cli("result", event, "1", str(match), "2-0"))


def test_a_trf_export_plans_the_rounds_the_format_plans(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Record 142 (TRF-2026: the number of rounds) is the format's plan, not the
    rounds played so far: a Swiss of 4 pairs plans 2 rounds (⌈log₂ 4⌉ + 1 = 3,
    at most pairs ÷ 2: docs/tandem.md, the swiss format's recommendation), a
    round robin of 4 pairs 3 (C.05 Annex 1, Berger table for 4) and a double
    round robin of 8 pairs 14. The export of a Swiss after round 1 pairs round 2."""
    cases = (
        (four_pairs(tmp_path), ("--option", "pairing=swiss"), "2"),
        (four_pairs(tmp_path), (), "3"),
        (str(PAIRS / "pairs8.csv"), ("--double",), "14"),
    )
    for number, (teams, options, planned) in enumerate(cases):
        event, trf = str(tmp_path / f"e{number}.json"), str(tmp_path / f"e{number}.trf")
        new_and_round_one(cli, event, teams, *options)
        ok(cli("export", event, "--trf26", "-o", trf))
        assert records(trf, "142") == [f"142 {planned}"], options
    again = ok(cli("pair", str(tmp_path / "e0.trf"))).out
    assert again.startswith(f"{tmp_path / 'e0.trf'}: round 2 ")


def test_a_bughouse_event_is_not_rated(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Bughouse has no FIDE rules and no rating list takes its games (FIDE
    Handbook B.02 rates games of chess; docs/tandem.md, "Not rated"): ``caddy
    ratings`` refuses the event in one line, the library's rating change too,
    and the TRF export says so in its free-text record 092 (TRF has no record
    for an unrated event: FIDE's TRF16 "Tournament Report File" records 012 to
    132 and TRF-2026's 142 to 362, docs/trf.md). A format says
    it with ``rated = False`` (``FormatBase.rated``: ``True``)."""
    assert (FormatBase.rated, Tandem.rated, TeamSwiss.rated) == (True, False, True)
    event, trf = str(tmp_path / "bug.json"), str(tmp_path / "bug.trf")
    new_and_round_one(cli, event, str(PAIRS / "pairs8.csv"))
    run = cli("ratings", event)
    assert (run.code, run.out, run.err) == (
        1,
        "",
        f"caddy: error: {event}: a tandem (bughouse) event is not rated\n",
    )
    with pytest.raises(InputError, match=r"^a tandem \(bughouse\) event is not rated$"):
        rating_change(event)
    ok(cli("export", event, "--trf26", "-o", trf))
    assert records(trf, "092") == ["092 Team: Tandem (bughouse), Round-Robin, not rated"]


def round_one(cli: Callable[..., Run], event: str) -> list[tuple[int, int]]:
    document = json.loads(ok(cli("pair", event, "--json")).out)
    return [(m["white"], m["black"]) for m in document["matches"]]


def test_forbidden_pairs_are_given_on_the_command_line(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """``--option forbidden=...`` takes groups split by ``;``, numbers by spaces or
    commas (the swiss format's syntax without round ranges; docs/tandem.md), for
    tandem and team-swiss alike; a bad group is one line. 8 pairs: round 1 pairs
    the top half against the bottom half, 1-5 first (C.04.6 3.6); with 1 and 5
    forbidden to meet, and 2 and 6, 1 meets 6 and 2 meets 5."""
    teams = str(PAIRS / "pairs8.csv")
    swiss = ("--format", "tandem", "--option", "pairing=swiss", "--teams", teams, "--seed", "2")
    plain = str(tmp_path / "plain.json")
    ok(cli("new", plain, *swiss))
    assert round_one(cli, plain) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    event = str(tmp_path / "f.json")
    ok(cli("new", event, *swiss, "--option", "forbidden=1,5;2 6"))
    assert load(event).tournament.format.options.forbidden == ((1, 5), (2, 6))
    assert round_one(cli, event) == [(1, 6), (5, 2), (3, 7), (8, 4)]
    for text, groups in (("1,2", ((1, 2),)), ("1 2 3;7 9", ((1, 2, 3), (7, 9))), ("", ())):
        assert TandemOptions(forbidden=text).forbidden == groups
        assert TeamSwissOptions(forbidden=text).forbidden == groups
    bad = "is not a group of team numbers: give groups of numbers above 0 split by ';', the "
    for fmt in ("tandem", "team-swiss"):
        for text, why in (
            ("1-2", f"'1-2' {bad}numbers by spaces or commas (1 2 3;7 9)"),
            ("1 2;3", "'3': a group names at least two teams"),
        ):
            run = cli("calc", "16", "--format", fmt, "--option", f"forbidden={text}")
            assert (run.code, run.err) == (
                1,
                f"caddy: error: invalid option forbidden={text}: {why}\n",
            ), (fmt, text)


def test_the_counts_are_the_team_formats_counts() -> None:
    """A tandem event is the team format on two boards: its rounds, games, boards
    and games per player are the team round robin's (C.05 Annex 1) and the team
    Swiss's (C.04.6) for the pairs as teams of 2 boards; only the players
    without a game (reserves too) and the detail lines are tandem's."""
    for pairs in range(2, 13):
        players = 2 * pairs
        for tandem, team in (
            (
                TandemOptions(),
                TeamRoundRobin().arithmetic(players, TeamRoundRobinOptions(boards=2)),
            ),
            (
                TandemOptions(cycles=2),
                TeamRoundRobin().arithmetic(players, TeamRoundRobinOptions(boards=2, cycles=2)),
            ),
            (
                TandemOptions(pairing="swiss"),
                TeamSwiss().arithmetic(players, TeamSwissOptions(boards=2)),
            ),
        ):
            mine = Tandem().arithmetic(players, tandem)
            fields = ("rounds", "games", "boards", "games_per_player")
            assert [getattr(mine, f) for f in fields] == [getattr(team, f) for f in fields]
            assert mine.byes_per_round == 2 * (pairs % 2)  # a pair rests, or has the PAB
            assert mine.details[0].startswith(f"{pairs} pairs in a")


def test_boards_other_than_two_are_refused_at_new(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A bughouse match is two boards (docs/tandem.md, "The rules caddy follows":
    partners side by side): ``--option boards=3`` is refused at ``caddy new``
    in one line, not replaced by the teams file's 2 boards, and in ``caddy calc``."""
    refusal = (
        "caddy: error: format 'tandem' plays two boards a match (partners side by side), "
        "not 3: give caddy new --boards 2 (the rest of a pair's players are reserves)\n"
    )
    event = str(tmp_path / "b.json")
    teams = str(PAIRS / "pairs8.csv")
    for args in (
        ("new", event, "--format", "tandem", "--teams", teams, "--option", "boards=3"),
        ("calc", "16", "--format", "tandem", "--option", "boards=3"),
    ):
        run = cli(*args)
        assert (run.code, run.err) == (1, refusal), args
    assert not Path(event).exists()


def test_a_reserve_needs_boards_only_when_every_pair_has_one(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """docs/tandem.md, "Running an event": without ``--boards`` an event has as
    many boards as the smallest team has players (docs/teams.md), so a file
    where one pair has a reserve is 2 boards and needs no ``--boards``; a file
    where every pair has one is refused unless ``--boards 2`` is given."""
    rows = "".join(f"{t},{b},{t}{b}\n" for t in "ABCD" for b in (1, 2)) + "A,3,A3\n"
    mixed = tmp_path / "mixed.csv"
    mixed.write_text("team,board,name\n" + rows, encoding="utf-8")
    run = ok(cli("new", str(tmp_path / "m.json"), "--format", "tandem", "--teams", str(mixed)))
    assert "4 teams, 2 boards (team with White on board 1: WB); ranked by MP" in run.out
    assert "    1  A: 1 A1, 2 A2, 3 A3 (reserve)" in run.out.splitlines()
    every = tmp_path / "every.csv"
    every.write_text(
        "team,board,name\n" + "".join(f"{t},{b},{t}{b}\n" for t in "ABCD" for b in (1, 2, 3)),
        encoding="utf-8",
    )
    run = cli("new", str(tmp_path / "e.json"), "--format", "tandem", "--teams", str(every))
    assert (run.code, run.err.count("\n")) == (1, 1)
    assert "not 3: give caddy new --boards 2" in run.err


def test_a_trf16_export_reads_back_with_two_boards(cli: Callable[..., Run], tmp_path: Path) -> None:
    """TRF16's team record 013 lists a team's members, not the boards of a match
    (FIDE's TRF16 record 013: team name, then its members' starting ranks;
    docs/trf.md): the import counts the boards as the
    most games two teams played in one round, so a tandem event's TRF16 export
    reads back as the 8 pairs of 2 boards it is (it read 4 boards before, and
    refused: "8 teams of 4 boards need at least 32 players"), and team-swiss
    alike."""
    for fmt in (("--format", "tandem", "--option", "pairing=swiss"), ("--format", "team-swiss")):
        event, trf = str(tmp_path / f"{fmt[1]}.json"), str(tmp_path / f"{fmt[1]}.trf")
        options = ("--boards", "2", "--rounds", "4") if fmt[1] == "team-swiss" else ()
        new_and_round_one(cli, event, str(PAIRS / "pairs8.csv"), *fmt, *options)
        ok(cli("export", event, "-o", trf))
        assert len(records(trf, "013")) == 8
        back = str(tmp_path / f"{fmt[1]}-back.json")
        assert "format team-swiss (from trf)" in ok(cli("import", trf, "-o", back)).out
        teams = load(back).tournament.teams
        assert teams is not None and (len(teams.teams), teams.boards) == (8, 2)
        assert ok(cli("pair", trf)).out.startswith(f"{trf}: round 2 ")


def test_team_counts_the_file_contradicts_are_refused(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Review of issue 28, item 5: ``--option teams=N`` or ``boards=N`` against the teams
    file was silently replaced; now one line each (the same number, or none, is fine)."""
    teams = str(DATA / "tandem" / "pairs8.csv")
    run = cli("new", str(tmp_path / "a.json"), "--format", "tandem", "--teams", teams,
              "--option", "teams=7")  # fmt: skip
    assert (run.code, run.err) == (
        1,
        "caddy: error: option teams=7: the teams file gives 8 teams "
        "(caddy new --teams takes them from the file)\n",
    )
    run = cli("new", str(tmp_path / "b.json"), "--format", "team-swiss", "--teams", teams,
              "--option", "boards=3")  # fmt: skip
    assert run.err == (
        "caddy: error: option boards=3: the teams file gives 2 boards (caddy new --teams "
        "takes them from the file; --boards N sets the boards)\n"
    )
    run = cli("new", str(tmp_path / "c.json"), "--format", "team-swiss", "--teams", teams,
              "--option", "teams=8")  # fmt: skip
    assert run.code == 0, run.err
