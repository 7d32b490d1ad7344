"""Edges of team events at the command line and in the fold: a team format
is needed for --teams, line-ups only for the event's rounds, a whole match
forfeited after pairing (C.04.6 1.6: not played), :MP/:GP only on the
individual tie-breaks C.07 Art. 13 lets teams use."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.errors import CaddyError
from caddy.standings.teams import team_standings
from caddy.testing.teams import build_team_event

from .conftest import Run
from .test_team_cli import ok, pair, teams_csv


def test_teams_need_a_team_format(cli: Callable[..., Run], tmp_path: Path) -> None:
    csv = teams_csv(tmp_path / "t.csv", {"A": 2, "B": 2})
    run = cli("new", str(tmp_path / "e.json"), "--format", "swiss", "--teams", csv)
    assert run.code == 1
    assert run.err.startswith("caddy: error: format 'swiss' pairs players, not teams")
    assert "team-round-robin" in run.err and len(run.err.splitlines()) == 1
    both = cli("new", str(tmp_path / "f.json"), "--teams", csv, "--players", csv)
    assert both.err == "caddy: error: give --players FILE or --teams FILE, not both\n"


def test_a_whole_match_forfeited_after_pairing(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``caddy result EVENT 1 1 +-``: every board of the match; the match is a
    forfeit (2 MP and a win on every board to the team that came, no colour)."""
    csv = teams_csv(tmp_path / "t.csv", {"A": 2, "B": 2, "C": 2, "D": 2})
    event = str(tmp_path / "e.json")
    ok(cli("new", event, "--format", "team-round-robin", "--teams", csv))
    refused = cli("lineup", event, "99", "A", "1", "2")
    assert refused.err == "caddy: error: round 99 is not a round of the event (rounds 1..3)\n"
    matches = pair(cli, event)["matches"]
    ok(cli("result", event, "1", "1", "+-"))
    ok(cli("result", event, "1", "2", "1-0 1/2"))
    document = json.loads(ok(cli("standings", event, "--json", "--tiebreaks", "WON")).out)
    rows = {r["pairing_number"]: r for r in document["rows"]}
    first = matches[0]["white"]
    assert (rows[first]["match_points"], rows[first]["game_points"]) == (2, 2)
    assert rows[first]["tiebreaks"]["WON"] == 0  # won by forfeit: not over the board


def test_score_suffix_only_where_it_means_something() -> None:
    """C.07 Art. 13 preamble: BH, PS ... on MP or GP; DE and the team
    tie-breaks read the scores their articles name."""
    tevent = build_team_event(list("AB"), 2, [[("A", "B", "1-0 1/2")]])
    assert team_standings(tevent, "BH:GP,PS:MP").rows[0].name == "A"
    for text in ("EDE:GP", "DE:GP", "BC:MP"):
        with pytest.raises(CaddyError, match=":MP and :GP choose the score"):
            team_standings(tevent, text)


def test_a_pab_record_without_points() -> None:
    """TRF-2026 320 with its MP and GP columns blank: the MP of the event's
    362 ``TP`` (none here: a drawn match's, C.04.6 1.4) and, as FIDE's
    reference engine reads a file, a win on every board (4 GP on 4 boards)."""
    from caddy.event import replay
    from caddy.event.teams import state_team_event
    from caddy.plugins.lookup import get_codec

    sample = (
        Path(__file__).parent / "data" / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"
    )
    text = sample.read_text(encoding="utf-8").replace("320  1.0  2.0", "320          ")
    event = get_codec("trf").read(text.encode(), source="cup").event
    tevent = state_team_event(replay(event))
    pab = tevent.results[35][9]  # team 36 (Brazil), round 10: the PAB
    assert (pab.kind, pab.mp, pab.gp) == ("pab", 1.0, 4.0)


def test_line_ups_keep_the_board_order(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Regulars play in the teams file's order; a reserve takes a regular's board."""
    csv = teams_csv(tmp_path / "t.csv", {"A": 3, "B": 3, "C": 2, "D": 2})
    event = str(tmp_path / "e.json")
    ok(cli("new", event, "--format", "team-round-robin", "--teams", csv, "--boards", "2"))
    swapped = cli("lineup", event, "1", "A", "2", "1")
    assert swapped.err == (
        "caddy: error: the board order is kept: regulars 1, 2 play in that order\n"
    )
    ok(cli("lineup", event, "1", "A", "3", "2"))  # the reserve on board 1, for player 1


def test_no_late_player_outside_the_teams(cli: Callable[..., Run], tmp_path: Path) -> None:
    csv = teams_csv(tmp_path / "t.csv", {"A": 2, "B": 2})
    event = str(tmp_path / "e.json")
    ok(cli("new", event, "--format", "team-round-robin", "--teams", csv))
    run = cli("add", event, "Zed", "--rating", "1500")
    assert run.code == 1 and run.err.startswith("caddy: error: a team event's players come")


def test_the_totals_by_their_engine_names() -> None:
    """MPTS and GPTS (C.07 Art. 11.1, the names of record 202 in TRF-2026
    files): the TEAMS digest's example A totals, MP 4/4/3/1, GP 5½/5½/4½/2½."""
    from .test_team_core import EXAMPLE_A

    rows = team_standings(build_team_event(list("ABCD"), 3, EXAMPLE_A), "MPTS,GPTS").rows
    assert {r.name: (r.tiebreaks["MPTS"], r.tiebreaks["GPTS"]) for r in rows} == {
        "A": (4.0, 5.5),
        "B": (4.0, 5.5),
        "C": (3.0, 4.5),
        "D": (1.0, 2.5),
    }


#: TEAMS digest example B (A and B draw 1½-1½; EDE leaves them tied).
EXAMPLE_B = [
    [("A", "D", "1/2 1-0 1/2"), ("B", "C", "1-0 1/2 1/2")],
    [("D", "C", "0-1 1/2 1/2"), ("A", "B", "1-0 0-1 1/2")],
    [("B", "D", "1-0 1/2 1/2"), ("C", "A", "1-0 0-1 0-1")],
]


@pytest.mark.parametrize(
    ("flags", "first"),
    [((), "B"), (("--ede-board-count", "lower"), "A"), (("--ede-boards", "event"), "A")],
)
def test_ede_readings_at_the_command_line(
    cli: Callable[..., Run], tmp_path: Path, flags: tuple[str, ...], first: str
) -> None:
    """C.07 13.3.2 EDEBT on example B. BC on the direct match (A 2.5, B 3.5),
    higher first as FIDE's reference engine ranks it: B; lower first, as
    12.1 ranks BC: A. BC over the whole event (A 11.5, B 10.5), higher first: A."""
    from caddy.event.store import save
    from caddy.testing.teams import build_team_file

    path = tmp_path / "b.json"
    save(path, build_team_file(list("ABCD"), 3, EXAMPLE_B))
    run = ok(cli("standings", str(path), "--json", "--tiebreaks", "EDEBT", *flags))
    assert json.loads(run.out)["rows"][0]["name"] == first


def test_sssc_factor_of_an_odd_round_robin() -> None:
    """C.07 13.4: the highest primary score a team can reach. Three teams, one
    cycle: two matches each (the third round is a rest), 2 × 2 MP ÷ 2 → 2;
    SSSC = GP + BH:MP / 2."""
    rounds = [[("A", "B", "1-0 1/2")], [("B", "C", "1-0 1-0")], [("C", "A", "1/2 1/2")]]
    tevent = build_team_event(list("ABC"), 2, rounds, pre_determined=True)
    rows = team_standings(tevent, "SSSC").rows
    assert {r.name: r.tiebreaks["SSSC"] for r in rows} == {"A": 4.0, "B": 4.5, "C": 3.5}
