"""``caddy prizes`` (issue 27): the prize list of an event by the schedule it
keeps or one given, a player's "why not", the ``caddy.prizes`` document,
every renderer, sections (quads), the prize page of ``caddy publish``, and
bad requests. The sharing methods' own figures: tests/test_prize_sharing.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from caddy.event.replay import replay
from caddy.event.store import load
from tests.conftest import Run

SCHEDULE: dict[str, Any] = {
    "currency": "EUR",
    "sharing": "none",
    "rounding": "down",
    "unit": "1",
    "one_per_player": True,
    "prizes": [
        {"name": "1st", "place": 1, "amount": "300"},
        {"name": "2nd", "place": 2, "amount": "200"},
        {"name": "Best U1900", "place": 1, "amount": "250", "category": {"rating_below": 1900}},
        {
            "name": "Best woman",
            "place": 1,
            "item": "trophy",
            "value": "50",
            "category": {"sex": "w"},
        },
        {"name": "Best junior", "place": 1, "amount": "40", "category": {"age_below": 12}},
    ],
}
FIELD = (
    "name,rating,sex,birth\nAnna,2100,w,1990\nBen,2000,m,1985\nCara,1890,w,2000\nDan,1800,m,1970\n"
)


@pytest.fixture
def ok(cli: Callable[..., Run]) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        result = cli(*args)
        assert (result.code, result.err) == (0, ""), (args, result)
        return result

    return run


@pytest.fixture
def event(tmp_path: Path, ok: Callable[..., Run]) -> str:
    """A 4-player round robin: Anna 3, Ben 2, Cara 1, Dan 0 (higher number loses)."""
    (tmp_path / "p.csv").write_text(FIELD)
    path = str(tmp_path / "rr.json")
    ok("new", path, "--players", str(tmp_path / "p.csv"), "--by", "given", "--seed", "1",
       "--start", "2026-06-01")  # fmt: skip
    for rnd in replay(load(path)).rounds:
        for board in rnd.boards:
            white_wins = board.white < board.black
            ok("result", path, str(rnd.number), str(board.number), "1-0" if white_wins else "0-1")
    data = json.loads(Path(path).read_text())
    data["tournament"]["prizes"] = SCHEDULE
    Path(path).write_text(json.dumps(data))
    return path


def test_the_prize_list(event: str, ok: Callable[..., Run]) -> None:
    out = ok("prizes", event).out
    assert "Fund 790 EUR, paid 750 EUR, 40 EUR left" in out
    # one prize a player, each the most valuable they qualify for (Cara, 1890:
    # Best U1900 at 250); both women hold a better prize than the trophy
    assert "1st         Anna (1)" in out and "2nd         Ben (2)" in out
    assert "Best U1900  Cara (3)" in out
    assert "'Best woman': not won, nobody left qualifies" in out
    assert "'Best junior': not won, nobody left qualifies (40 not paid)" in out


def test_the_document(event: str, ok: Callable[..., Run]) -> None:
    document = json.loads(ok("prizes", event, "--json").out)
    assert (document["schema"], document["version"]) == ("caddy.prizes", 1)
    assert [(a["prize"], a["pairing_number"], a["amount"]) for a in document["awards"]] == [
        ("1st", 1, 300.0),
        ("2nd", 2, 200.0),
        ("Best U1900", 3, 250.0),
    ]  # fmt: skip (in the order of the standings)
    assert (document["fund"], document["paid"], document["difference"]) == (790.0, 750.0, 40.0)
    assert document["unawarded"] == ["Best woman", "Best junior"]


def test_why_not(event: str, ok: Callable[..., Run]) -> None:
    lines = ok("prizes", event, "--explain", "Dan").out.splitlines()
    assert lines[0] == "Dan (4): 4. with 0 points"
    assert "  Best U1900: taken by Cara (3)" in lines
    assert "  Best woman: sex m, not w" in lines
    assert "  Best junior: 56 years old at 2026-06-01, not under 12" in lines


@pytest.mark.parametrize("form", ["text", "markdown", "csv", "html"])
def test_every_renderer(event: str, ok: Callable[..., Run], form: str) -> None:
    out = ok("prizes", event, "--output", form).out
    assert "Anna" in out and "Best U1900" in out and "300" in out


def test_the_published_prize_page(event: str, ok: Callable[..., Run], tmp_path: Path) -> None:
    ok("publish", event, "-o", str(tmp_path / "site"))
    page = (tmp_path / "site" / "prizes.html").read_text()
    assert "Prizes after round 3" in page and "Best U1900" in page
    assert 'href="prizes.html"' in (tmp_path / "site" / "index.html").read_text()


def test_a_quads_section_prize(tmp_path: Path, ok: Callable[..., Run]) -> None:
    """Quads (each group of four has its own prizes): a prize of section 2 goes to its winner."""
    (tmp_path / "q.csv").write_text(
        "name,rating\n" + "".join(f"Q{i},{2000 - 20 * i}\n" for i in range(1, 9))
    )
    path = str(tmp_path / "q.json")
    ok("new", path, "--format", "quads", "--players", str(tmp_path / "q.csv"), "--seed", "3")
    for rnd in replay(load(path)).rounds:
        for board in rnd.boards:
            ok(
                "result",
                path,
                str(rnd.number),
                str(board.number),
                "1-0" if board.white < board.black else "0-1",
            )
    data = json.loads(Path(path).read_text())
    data["tournament"]["prizes"] = {**SCHEDULE, "prizes": [
        {"name": "Section 1 winner", "amount": "40", "category": {"section": "Section 1"}},
        {"name": "Section 2 winner", "amount": "40", "category": {"section": "2"}},
    ]}  # fmt: skip
    Path(path).write_text(json.dumps(data))
    awards = json.loads(ok("prizes", path, "--json").out)["awards"]
    assert [(a["prize"], a["name"]) for a in awards] == [
        ("Section 1 winner", "Q1"), ("Section 2 winner", "Q5"),
    ]  # fmt: skip


def test_bad_requests(event: str, cli: Callable[..., Run], tmp_path: Path) -> None:
    data = json.loads(Path(event).read_text())
    data["tournament"]["prizes"]["sharing"] = "lottery"
    Path(event).write_text(json.dumps(data))
    run = cli("prizes", event)
    assert (run.code, run.out) == (1, "")
    assert (
        run.err
        == "caddy: error: sharing 'lottery' is no sharing method (known: equal, hort, none, uscf)\n"
    )
    del data["tournament"]["prizes"]
    Path(event).write_text(json.dumps(data))
    run = cli("prizes", event)
    assert run.code == 1 and "keeps no prize schedule: give --schedule FILE" in run.err


def test_team_and_board_prizes(
    tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    """A team event's prizes are the teams' (ranked on match points, then
    tie-breaks), but a prize of a board's: its players ranked by percentage.
    The event: FIDE's TRF-2026 team sample (tests/data/trf/SOURCES.md)."""
    path = str(tmp_path / "team.json")
    trf = Path(__file__).parent / "data" / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"
    assert cli("import", str(trf), "-o", path).code == 0  # (warnings about its records)
    data = json.loads(Path(path).read_text())
    data["tournament"]["prizes"] = {**SCHEDULE, "prizes": [
        {"name": "Winning team", "amount": "1000"},
        {"name": "2nd team", "place": 2, "amount": "500"},
        {"name": "Board 1", "amount": "100", "category": {"board": 1}},
        {"name": "Board 2", "item": "Book", "value": "20", "category": {"board": 2}},
    ]}  # fmt: skip
    Path(path).write_text(json.dumps(data))
    standings = ok("standings", path).out.splitlines()
    first, second = (line[10:36].strip() for line in standings[2:4])
    boards = ok("standings", path, "--board-prizes").out.splitlines()
    board_1 = boards[3][11:32].strip()  # rank 1 of board 1 (percentage, points, performance)
    board_2 = boards[boards.index("Board 2") + 2][11:32].strip()
    awards = json.loads(ok("prizes", path, "--json").out)["awards"]
    assert [(a["prize"], a["name"], a["amount"], a["item"]) for a in awards] == [
        ("Winning team", first, 1000.0, None), ("2nd team", second, 500.0, None),
        ("Board 1", board_1, 100.0, None), ("Board 2", board_2, None, "Book"),
    ]  # fmt: skip


EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "prizes" / "prizes.toml"


def test_set_keeps_a_checked_schedule(
    event: str, ok: Callable[..., Run], cli: Callable[..., Run], tmp_path: Path
) -> None:
    out = ok("prizes", "set", event, str(EXAMPLE)).out
    assert out == f"{event}: prize schedule of 12 prize(s) kept (hort)\n"
    kept = load(event).tournament.prizes
    assert kept is not None and kept.sharing == "hort" and len(kept.prizes) == 12
    before = Path(event).read_bytes()
    (tmp_path / "bad.toml").write_text('sharing = "hort"\n[[prize]]\nname = "a"\namount = -5\n')
    run = cli("prizes", "set", event, str(tmp_path / "bad.toml"))
    assert (run.code, run.out) == (1, "")
    assert (
        run.err == f"caddy: error: {tmp_path / 'bad.toml'}: prize 1 ('a'): amount -5 is negative\n"
    )
    (tmp_path / "odd.toml").write_text('sharing = "lottery"\n[[prize]]\nname = "a"\namount = 5\n')
    run = cli("prizes", "set", event, str(tmp_path / "odd.toml"))
    assert (
        run.err
        == "caddy: error: sharing 'lottery' is no sharing method (known: equal, hort, none, uscf)\n"
    )
    assert Path(event).read_bytes() == before  # nothing written


def test_a_trf_file_with_a_schedule(
    event: str, ok: Callable[..., Run], cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Like caddy standings, caddy prizes reads a TRF file (the schedule given)."""
    trf = str(tmp_path / "rr.trf")
    assert cli("export", event, "--to", "trf", "-o", trf).code == 0
    from_event = json.loads(ok("prizes", event, "--json").out)["awards"]
    data = {k: v for k, v in SCHEDULE.items() if k != "prizes"} | {"prize": SCHEDULE["prizes"]}
    (tmp_path / "s.json").write_text(json.dumps(data))
    from_trf = json.loads(ok("prizes", trf, "--schedule", str(tmp_path / "s.json"), "--json").out)[
        "awards"
    ]
    assert [(a["prize"], a["pairing_number"]) for a in from_trf] == [
        (a["prize"], a["pairing_number"]) for a in from_event
    ]


def test_an_unrated_players_cap() -> None:
    """US practice: an unrated player may win at most the schedule's cap; the
    rest is not paid, and the list says so."""
    from decimal import Decimal

    from caddy.model.prizes import Prize, PrizeSchedule
    from caddy.plugins.host import get_host
    from caddy.prizes.awards import Standing, award_prizes

    schedule = PrizeSchedule(
        unit=Decimal(1),
        unrated_cap=Decimal(50),
        prizes=(
            Prize(name="1st", amount=Decimal(200)),
            Prize(name="2nd", place=2, amount=Decimal(100)),
        ),
    )
    ranked = [
        Standing(player=1, name="New", score=5),
        Standing(player=2, name="Old", score=4, rating=1900),
    ]
    method = get_host().registry("prize_sharing").get("none")
    prizes = award_prizes(schedule, ranked, method)
    assert [(a.name, a.amount) for a in prizes.awards] == [
        ("New", Decimal(50)),
        ("Old", Decimal(100)),
    ]
    assert (prizes.fund, prizes.paid, prizes.difference) == (
        Decimal(300),
        Decimal(150),
        Decimal(150),
    )
    assert prizes.notes == ("New (1): unrated, capped at 50: 150 of '1st' not paid",)


def test_us_chess_32b3_through_the_command(tmp_path: Path, ok: Callable[..., Run]) -> None:
    """The WinTD example of US Chess 32B3 (docs/prizes.md): $300 + $200 and a
    $150 youth prize, four tied for first, one a youth: $162.50 each, and the
    youth's choice printed."""
    (tmp_path / "p.csv").write_text(
        "name,rating,birth\nAl,1900,1980\nBo,1850,1975\nCy,1800,2012\nDi,1750,1990\n"
    )
    path = str(tmp_path / "u.json")
    ok("new", path, "--players", str(tmp_path / "p.csv"), "--by", "given", "--seed", "1", "--start", "2026-06-01")  # fmt: skip
    for rnd in replay(load(path)).rounds:
        for board in rnd.boards:
            ok("result", path, str(rnd.number), str(board.number), "1/2")
    (tmp_path / "s.toml").write_text(
        'currency = "USD"\nsharing = "uscf"\nunit = 0.01\n'
        '[[prize]]\nname = "1st"\namount = 300\n'
        '[[prize]]\nname = "2nd"\nplace = 2\namount = 200\n'
        '[[prize]]\nname = "Youth"\namount = 150\ncategory = { age = "U18" }\n'
    )
    out = ok("prizes", path, "--schedule", str(tmp_path / "s.toml")).out
    rows = [line for line in out.splitlines() if " USD  " in line]
    assert all("162.50 USD" in row for row in rows) and len(rows) == 4
    (cy,) = [row for row in rows if "Cy (3)" in row]
    assert cy.endswith("150 alone, or 162.50 from the pool: the pool")
    assert "Fund 650.00 USD, paid 650.00 USD, nothing left" in out
