"""The readings of FIDE Handbook C.07 13.3 for the EDE family are part of the
event (``caddy new --ede-*``, ``tournament.ede``): ``caddy standings``,
``caddy crosstable``, ``caddy publish`` and ``caddy export`` rank with the
same ones; ``caddy standings --ede-*`` overrides them for one call.

The event: FIDE TEC's TRF-2026 team sample, Grandmommy's Cup (tests/data/trf,
SOURCES.md), ranked by its record 202 (EDET/P, EMGSB/C1/P, BH:MP/C1/P,
MPvGP). India 3 (16) and Slovakia (22) are the only teams on 20 MP and never
met: the direct encounter separates nobody, on MP or GP, so the reference
engine's reading gives both EDET/P 0 (docs/standings.md). Read as the tied
teams' GP totals (13.3.1, ``secondary=total``), India 3's 33.5 against
Slovakia's 32 gives them places 1 and 2. On 15 MP the direct encounter
separates nobody among France (5), India (1), Australia (35) and Estonia
(30): by the reference engine's reading Australia is 12th (EDET/P 0 for all
four, then EMGSB); by the GP totals Australia's 30 (France and Estonia 29.5,
India 28) puts it first of the four, 10th.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.event.replay import replay
from caddy.event.store import load
from caddy.publish.pages import Context
from caddy.publish.teams import ranked_teams
from tests.conftest import Run

SAMPLE = Path(__file__).parent / "data" / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"

TEAMS = """team,board,name,rating
Rooks,1,Ann Rook,2100
Rooks,2,Bob Rook,2000
Knights,1,Cid Knight,2050
Knights,2,Dee Knight,1950
"""


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample imported, its event file given ``ede: {"secondary": "total"}``."""
    from caddy.cli.main import main

    folder = tmp_path_factory.mktemp("cup")
    path = folder / "cup.json"
    assert main(["import", str(SAMPLE), "-o", str(path)]) == 0
    document = json.loads(path.read_text(encoding="utf-8"))
    assert "ede" not in document["tournament"]  # an import keeps the defaults
    document["tournament"]["ede"] = {"secondary": "total"}
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def edet(run: Run) -> dict[int, float]:
    return {r["pairing_number"]: r["tiebreaks"]["EDET/P"] for r in json.loads(run.out)["rows"]}


def test_the_event_file_keeps_the_readings(cli: Callable[..., Run], cup: Path) -> None:
    tournament = load(cup).tournament
    assert tournament.ede is not None
    assert (tournament.ede.secondary, tournament.ede.boards) == ("total", "direct")
    assert (tournament.ede.board_count, tournament.ede.unseparated) == ("higher", "zero")


def test_standings_read_the_event_and_a_flag_overrides(cli: Callable[..., Run], cup: Path) -> None:
    got = edet(ok(cli("standings", str(cup), "--json")))
    assert (got[16], got[22]) == (1.0, 2.0)
    assert (got[35], got[5], got[30], got[1]) == (1.0, 2.0, 2.0, 4.0)
    got = edet(ok(cli("standings", str(cup), "--json", "--ede-secondary", "direct")))
    assert (got[16], got[22], got[35]) == (0.0, 0.0, 0.0)


def test_crosstable_reads_the_event(cli: Callable[..., Run], cup: Path) -> None:
    lines = ok(cli("crosstable", str(cup))).out.splitlines()
    assert lines[0].split()[-6:] == ["MP", "GP", "EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    rows = {line.split()[1]: line.split() for line in lines[1:] if line.split()}
    assert (rows["16"][-4], rows["22"][-4]) == ("1", "2")
    assert rows["35"][0] == "10"


def test_publish_reads_the_event(cup: Path) -> None:
    state = replay(load(cup))
    _, result = ranked_teams(Context(state=state, nav=(), done=14), 14)
    rows = {row.pairing_number: row for row in result.rows}
    assert (rows[16].tiebreaks["EDET/P"], rows[22].tiebreaks["EDET/P"]) == (1.0, 2.0)
    assert rows[35].rank == 10


def test_export_reads_the_event(cli: Callable[..., Run], cup: Path, tmp_path: Path) -> None:
    """The exported 310 record's rank (TRF-2026) is the standings' rank."""
    out = tmp_path / "cup.trf"
    ok(cli("export", str(cup), "--trf26", "-o", str(out)))
    team = {line[4:8].strip(): line for line in out.read_text().splitlines() if line[:3] == "310"}
    assert team["35"][68:71].strip() == "10"
    assert team["16"][68:71].strip() == "1"


def test_new_stores_the_readings(cli: Callable[..., Run], tmp_path: Path) -> None:
    csv = tmp_path / "teams.csv"
    csv.write_text(TEAMS, encoding="utf-8")
    event = tmp_path / "e.json"
    flags = ("--ede-secondary", "total", "--ede-unseparated", "place")
    ok(cli("new", str(event), "--format", "team-round-robin", "--teams", str(csv), *flags))
    assert json.loads(event.read_text(encoding="utf-8"))["tournament"]["ede"] == {
        "secondary": "total",
        "boards": "direct",
        "board_count": "higher",
        "unseparated": "place",
    }
    plain = tmp_path / "plain.json"
    ok(cli("new", str(plain), "--format", "team-round-robin", "--teams", str(csv)))
    assert "ede" not in json.loads(plain.read_text(encoding="utf-8"))["tournament"]


def test_new_refuses_the_readings_without_teams(cli: Callable[..., Run], tmp_path: Path) -> None:
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\nAnn,2100\nBob,2000\nCid,1900\nDee,1800\n", encoding="utf-8")
    event = tmp_path / "e.json"
    run = cli(
        "new", str(event), "--format", "round-robin", "--players", str(csv), "--ede-boards", "event"
    )
    assert run.code != 0 and not event.exists()
    assert run.err.strip().splitlines() == [
        "caddy: error: --ede-boards is a reading of team tie-breaks: it needs --teams"
    ]


def test_a_bad_reading_in_the_file_is_one_line(
    cli: Callable[..., Run], cup: Path, tmp_path: Path
) -> None:
    document = json.loads(cup.read_text(encoding="utf-8"))
    document["tournament"]["ede"] = {"secondary": "totals"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    run = cli("standings", str(bad))
    assert run.code != 0 and "Traceback" not in run.err
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "$.tournament.ede.secondary" in lines[0], lines
