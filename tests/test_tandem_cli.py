"""Tandem (bughouse) events from the command line, in process (issue 28
acceptance, docs/tandem.md): an 8-pair round robin and a 16-pair Swiss from
``caddy new --teams`` to the standings, crosstable and published site; the
match card's ``2-0`` shortcut; ``caddy calc``/``caddy plan``; the refusals.

The pairs files are tests/data/tandem/pairs8.csv and pairs16.csv (made up
for these tests: pair k's players are rated 2000 - 20(k-1) and 10 less).
Every match is decided by :func:`card` from the two pair numbers, so the
totals below are counted from the cards the test typed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from caddy.event.replay import replay
from caddy.event.store import load
from tests.conftest import DATA, Run
from tests.test_tandem import partner_problems

PAIRS = DATA / "tandem"

#: Board results from the first-named pair's side, as its points.
POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5, "+-": 1.0, "-+": 0.0}


def ok(run: Run) -> Run:
    assert (run.code, run.err) == (0, ""), run.err
    return run


def card(first: int, other: int) -> str:
    """The match card of pairs ``first`` (White on board 1) and ``other``: a
    drawn match 1-1, the lower number taking both boards (typed ``2-0`` or
    ``0-2``), or the higher number winning 1½-½."""
    kind = (first + other) % 3
    if kind == 0:
        return "1-0 0-1"
    if kind == 1:
        return "2-0" if first < other else "0-2"
    return "1/2 1-0" if first > other else "1/2 0-1"


def boards_of(text: str) -> list[str]:
    return {"2-0": ["1-0", "1-0"], "0-2": ["0-1", "0-1"]}.get(text, text.split())


def play(cli: Callable[..., Run], event: str, rounds: int) -> list[list[tuple[int, int]]]:
    """Pair and enter every round by :func:`card`; the matches of each round."""
    played = []
    for rnd in range(1, rounds + 1):
        document: dict[str, Any] = json.loads(ok(cli("pair", event, "--json")).out)
        assert document["round"] == rnd
        matches = [(m["white"], m["black"]) for m in document["matches"]]
        for number, (first, other) in enumerate(matches, 1):
            ok(cli("result", event, str(rnd), str(number), card(first, other)))
        played.append(matches)
    return played


def game_points(played: list[list[tuple[int, int]]]) -> list[tuple[int, int, float]]:
    """(pair, opponent, GP the pair scored) for every match, both ways."""
    out = []
    for matches in played:
        for first, other in matches:
            mine = sum(POINTS[b] for b in boards_of(card(first, other)))
            out += [(first, other, mine), (other, first, 2 - mine)]
    return out


def expected_totals(
    played: list[list[tuple[int, int]]], pairs: int
) -> dict[int, tuple[float, float]]:
    """MP (2 / 1 / 0) and GP of every pair, counted from the cards (C.07 Art. 11.1)."""
    mp = dict.fromkeys(range(1, pairs + 1), 0.0)
    gp = dict.fromkeys(range(1, pairs + 1), 0.0)
    for matches in played:
        for first, other in matches:
            mine = sum(POINTS[b] for b in boards_of(card(first, other)))
            gp[first] += mine
            gp[other] += 2 - mine
            mp[first] += 2 if mine > 1 else 1 if mine == 1 else 0
            mp[other] += 2 if mine < 1 else 1 if mine == 1 else 0
    return {p: (mp[p], gp[p]) for p in mp}


def standings(cli: Callable[..., Run], event: str) -> dict[int, tuple[float, float]]:
    document = json.loads(ok(cli("standings", event, "--json")).out)
    ranks = [row["rank"] for row in document["rows"]]
    assert ranks == sorted(ranks)
    return {
        row["pairing_number"]: (row["match_points"], row["game_points"]) for row in document["rows"]
    }


def test_eight_pair_round_robin_from_new_to_the_standings(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """8 pairs: 7 rounds of 4 matches (FIDE Berger table for 8, C.05 Annex 1),
    every pair meets every pair once, partners always on opposite colours."""
    event = str(tmp_path / "rr.json")
    new = ok(cli("new", event, "--format", "tandem", "--teams", str(PAIRS / "pairs8.csv")))
    assert new.out.splitlines()[0] == f"{event}: tandem, 16 players"
    assert "8 teams, 2 boards (team with White on board 1: WB); ranked by MP" in new.out
    played = play(cli, event, 7)
    # round 1 of the Berger table for 8: 1-8 2-7 3-6 4-5
    assert played[0] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    met = sorted((min(m), max(m)) for matches in played for m in matches)
    assert met == [(a, b) for a in range(1, 9) for b in range(a + 1, 9)]
    over = ok(cli("pair", event))
    assert over.out == f"{event}: the event is over; caddy standings ranks the teams\n"
    assert partner_problems(replay(load(event))) == []
    totals = standings(cli, event)
    assert totals == expected_totals(played, 8)
    assert sum(gp for _, gp in totals.values()) == 56  # 28 matches of 2 boards
    crosstable = ok(cli("crosstable", event)).out.splitlines()
    header = crosstable[0].split()
    assert header[:3] == ["rank", "no", "team"]
    columns = [int(c) for c in header[3:11]]  # the pairs in rank order
    assert sorted(columns) == list(range(1, 9))
    scored = {(a, b): gp for a, b, gp in game_points(played)}
    for line in crosstable[1:9]:  # each cell: the GP the row's pair scored against the column's
        no, cells = int(line.split()[1]), line.split()[3:11]
        shown = {
            col: float(c.replace("½", ".5"))
            for col, c in zip(columns, cells, strict=True)
            if c != "×"
        }
        assert shown == {b: gp for (a, b), gp in scored.items() if a == no}, line
    ok(cli("publish", event, "-o", str(tmp_path / "site")))
    assert "Forks" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_sixteen_pair_swiss_from_new_to_the_standings(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """16 pairs, a Swiss of pairs by the Swiss Team Pairing System (C.04.6):
    ⌈log₂ 16⌉ + 1 = 5 rounds of 8 matches, no two pairs twice ([C1]), partners
    always on opposite colours, and ``caddy check --pairings`` re-pairs every
    round identically."""
    event = str(tmp_path / "swiss.json")
    ok(
        cli(
            "new", event, "--format", "tandem", "--option", "pairing=swiss",
            "--teams", str(PAIRS / "pairs16.csv"), "--seed", "3",
        )
    )  # fmt: skip
    played = play(cli, event, 5)
    assert played[0][:2] == [(1, 9), (10, 2)]  # top half against bottom half (C.04.6 3.6)
    for matches in played:
        assert sorted(t for m in matches for t in m) == list(range(1, 17))
    met = [(min(m), max(m)) for matches in played for m in matches]
    assert len(met) == len(set(met)) == 40
    assert ok(cli("pair", event)).out.endswith(
        "the event is over; caddy standings ranks the teams\n"
    )
    assert partner_problems(replay(load(event))) == []
    assert standings(cli, event) == expected_totals(played, 16)
    check = ok(cli("check", event, "--pairings")).out
    assert (
        check == f"{event}: ok (5 rounds re-paired by format 'tandem': every pairing identical)\n"
    )


def test_two_nil_is_both_boards_to_one_pair(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``2-0`` stands for ``1-0 1-0`` and ``0-2`` for ``0-1 0-1`` (a bughouse
    match ends when the first board does: the whole match to one pair); ``1-1``
    does not say which board, and is refused. On four boards ``4-0``."""
    event = str(tmp_path / "t.json")
    ok(cli("new", event, "--format", "tandem", "--teams", str(PAIRS / "pairs8.csv")))
    ok(cli("pair", event))
    run = ok(cli("result", event, "1", "1", "2-0"))
    assert (
        run.out
        == "recorded: round 1 match 1 (Knights - Forks): 1-0 1-0 (from the side of Knights)\n"
    )
    ok(cli("result", event, "1", "2", "0-2"))
    state = replay(load(event))
    # board 1: the first pair's White; board 2: its Black (so 0-1 from White's side)
    assert [board.results for board in state.rounds[0].boards[:4]] == [
        ("1-0",),
        ("0-1",),
        ("0-1",),
        ("1-0",),
    ]
    refused = cli("result", event, "1", "3", "1-1")
    assert (refused.code, refused.err) == (
        1,
        "caddy: error: match 3 has 2 boards: give 2 results from the side of Bishops, got 1\n",
    )
    four = tmp_path / "four.csv"
    four.write_text(
        "team,board,name\n" + "".join(f"{t},{b},{t}{b}\n" for t in "AB" for b in range(1, 5))
    )
    league = str(tmp_path / "league.json")
    ok(cli("new", league, "--format", "team-round-robin", "--teams", str(four)))
    ok(cli("pair", league))
    assert "1-0 1-0 1-0 1-0" in ok(cli("result", league, "1", "1", "4-0")).out


def test_calc_and_plan_know_tandem(cli: Callable[..., Run]) -> None:
    """Two games a match, two boards a match, the rounds of the way of pairing;
    a bughouse game's time control is G/5 (US Chess bughouse rules as posted
    at the 2006 National High School Championships, rule 4: "Game in 5
    minutes"): 5 min a player, 10 min a game at worst, 25 min a round."""
    run = ok(cli("calc", "16", "--format", "tandem", "--tc", "5+0"))
    assert run.out.splitlines()[1:9] == [
        "tandem, 16 players",
        "  7 rounds, 56 games, 8 boards, 7 games per player",
        "  8 pairs in a round robin: 4 matches a round, 2 boards (2 games) each",
        "  a bughouse game is blitz: 5+0 (5 minutes a player, no increment) is the usual "
        "time control (--tc 5+0)",
        "  double round robin: 14 rounds, 112 games",
        "Time control G/5 (US Chess: blitz; FIDE: blitz)",
        "  5 min per player, 10 min worst-case game, 25 min per round with 15 min turnover",
        "  3 h in all (175 min)",
    ]
    swiss = ok(cli("calc", "32", "--format", "tandem", "--option", "pairing=swiss")).out
    assert swiss.splitlines()[1:3] == [
        "  5 rounds, 80 games, 16 boards, 5 games per player",
        "  16 pairs in a Swiss: 8 matches a round, 2 boards (2 games) each",
    ]
    odd = ok(cli("calc", "10", "--format", "tandem")).out
    assert (
        "  5 pairs in a round robin: 2 matches a round, 2 boards (2 games) each, one pair rests each round"
        in odd
    )
    plan = ok(cli("plan", "16", "--nights", "1", "--tc", "5+0", "--format", "tandem")).out
    assert plan.splitlines()[2:] == [
        "format  time control  rounds  games/player  nights  rounds/night  spare",
        "tandem  G/5                7             7       1             7  5 min",
    ]


def test_refusals_are_one_line(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A pair of three players needs --boards 2; options of the other way of
    pairing are refused; an odd field has a player without a partner; board
    colours that give partners one colour are refused when pairing."""
    three = tmp_path / "three.csv"
    three.write_text(
        "team,board,name\n" + "".join(f"{t},{b},{t}{b}\n" for t in "ABCD" for b in range(1, 4))
    )
    cases = [
        (
            ("new", str(tmp_path / "a.json"), "--format", "tandem", "--teams", str(three)),
            "format 'tandem' plays two boards a match (partners side by side), not 3: give "
            "caddy new --boards 2 (the rest of a pair's players are reserves)",
        ),
        (
            ("calc", "16", "--format", "tandem", "--rounds", "5"),
            "option rounds is for pairing=swiss, not pairing=round-robin",
        ),
        (
            ("calc", "16", "--format", "tandem", "--option", "pairing=swiss", "--double"),
            "option cycles is for pairing=round-robin, not pairing=swiss",
        ),
        (
            ("calc", "17", "--format", "tandem"),
            "format 'tandem' plays in pairs: 17 players leave one without a partner "
            "(--option teams=8 counts 8 pairs and a reserve)",
        ),
        (
            ("calc", "16", "--format", "tandem", "--option", "pairing=swiss", "--rounds", "8"),
            "a team Swiss of 8 teams can have at most 7 rounds without a rematch "
            "(FIDE Handbook C.04.6 2.1), not 8",  # the team Swiss's own count (its pairs: teams)
        ),
    ]
    for args, message in cases:
        run = cli(*args)
        assert (run.code, run.err) == (1, f"caddy: error: {message}\n"), args
    ok(
        cli(
            "new",
            str(tmp_path / "b.json"),
            "--format",
            "tandem",
            "--teams",
            str(three),
            "--boards",
            "2",
        )
    )
    event = str(tmp_path / "ww.json")
    ok(
        cli(
            "new",
            event,
            "--format",
            "tandem",
            "--teams",
            str(PAIRS / "pairs8.csv"),
            "--board-colours",
            "WW",
        )
    )
    run = cli("pair", event)
    assert (run.code, run.err) == (
        1,
        "caddy: error: format 'tandem' plays two boards with the partners on opposite "
        "colours (board colours WB); the event has 2 boards, colours WW\n",
    )


def test_a_trf_export_says_tandem_and_how_it_is_paired(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Record 092 names the event and its pairing, so an import reads a tandem Swiss back as
    the team Swiss it is paired as, and a tandem round robin as a team round robin is read
    (typed-in rounds: the manual format)."""
    for pairing, read_back in (("round-robin", "manual"), ("swiss", "team-swiss")):
        event, trf = str(tmp_path / f"{pairing}.json"), str(tmp_path / f"{pairing}.trf")
        teams = str(PAIRS / "pairs8.csv")
        ok(cli("new", event, "--format", "tandem", "--option", f"pairing={pairing}",
               "--teams", teams, "--seed", "2"))  # fmt: skip
        ok(cli("pair", event))
        assert cli("export", event, "--trf26", "-o", trf).code == 0  # warns: no round complete
        text = "Swiss-System" if pairing == "swiss" else "Round-Robin"
        assert (
            f"092 Team: Tandem (bughouse), {text}, not rated" in Path(trf).read_text().splitlines()
        )
        out = ok(cli("import", trf, "-o", str(tmp_path / f"{pairing}-back.json"))).out
        assert f"format {read_back} (from trf)" in out
