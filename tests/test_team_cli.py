"""Team events from the command line, end to end in process: ``caddy new
--teams``, ``caddy lineup``, ``caddy pair``, ``caddy result`` for whole
matches and single boards, to the teams' match and game points (FIDE
Handbook C.07 Art. 11: 2 / 1 / 0 match points, game points the sum of the
boards; C.05 Annex 1 Berger tables with team numbers)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from caddy.event.replay import replay
from caddy.event.store import load
from caddy.event.teams import state_team_event
from tests.conftest import Run

#: A board result seen from the other team's side.
FLIP = {"1-0": "0-1", "0-1": "1-0", "1/2": "1/2", "+-": "-+", "-+": "+-"}


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    assert run.err == ""
    return run


def teams_csv(path: Path, teams: dict[str, int]) -> str:
    """A teams file: team ``name`` with ``size`` players, rated from 2000 down."""
    lines = ["team,board,name,rating"]
    for name, size in teams.items():
        lines += [f"{name},{b},{name} {b},{2000 - 10 * b}" for b in range(1, size + 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def pair(cli: Callable[..., Run], event: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(ok(cli("pair", event, "--json")).out)
    return document


SIX = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot")


def test_six_team_round_robin_from_new_to_the_final_scores(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """6 teams of 4 boards, Alpha with a reserve who plays round 2. Every match the
    lower-numbered team wins 3-1, except: round 1 Alpha-Foxtrot, whose board 4 is
    forfeited to Alpha (4-0), and round 5 Echo-Alpha, drawn 2-2."""
    csv = teams_csv(tmp_path / "teams.csv", {"Alpha": 5} | dict.fromkeys(SIX[1:], 4))
    event = str(tmp_path / "league.json")
    run = ok(cli("new", event, "--format", "team-round-robin", "--teams", csv, "--seed", "1"))
    assert "6 teams, 4 boards (team with White on board 1: WBWB); ranked by MP" in run.out
    assert "1  Alpha: 1 Alpha 1, 2 Alpha 2, 3 Alpha 3, 4 Alpha 4, 5 Alpha 5 (reserve)" in run.out
    ok(cli("lineup", event, "2", "Alpha", "1", "2", "3", "Alpha 5"))
    for rnd in range(1, 6):
        document = pair(cli, event)
        matches = document["matches"]
        assert len(matches) == 3
        if rnd == 2:
            alpha = next(m for m in matches if m["white"] == 1 or m["black"] == 1)
            assert alpha == {
                "match": 3,
                "white": 1,
                "black": 2,
                "white_lineup": [1, 2, 3, 5],  # the reserve on board 4
                "black_lineup": [6, 7, 8, 9],
            }
            refused = cli("lineup", event, "2", "1", "1", "2", "3", "4")
            assert refused.code == 1
            assert refused.err == (
                "caddy: error: round 2 is paired already: its line-ups are fixed "
                "(record a forfeit on the board instead)\n"
            )
        for match in matches:
            first, other = match["white"], match["black"]
            words = ["1-0", "1-0", "1-0", "0-1"]  # the lower number wins 3-1
            if (rnd, first) == (1, 1):
                words[3] = "+-"  # Foxtrot's board 4 does not appear
            if first > other:
                words = [FLIP[w] for w in words]
            if (rnd, first) == (5, 5):
                words = ["1/2"] * 4
            text = " ".join(words)
            run = ok(cli("result", event, str(rnd), str(match["match"]), text))
            assert run.out.startswith(f"recorded: round {rnd} match {match['match']} (")
    assert "the event is over" in ok(cli("pair", event)).out
    state = replay(load(event))
    # round 1, match 1, board 4: Alpha has Black (WBWB), so White (Foxtrot 4) forfeits
    assert state.rounds[0].boards[3].results[-1] == "-+"
    assert state.rounds[0].boards[3].white == 25
    document = json.loads(ok(cli("standings", event, "--json", "--tiebreaks", "DE")).out)
    assert document["schema"] == "caddy.team-standings" and document["pre_determined"]
    rows = document["rows"]
    assert [(r["rank"], r["name"], r["match_points"], r["game_points"]) for r in rows] == [
        (1, "Alpha", 9, 15),
        (2, "Bravo", 8, 13),
        (3, "Charlie", 6, 11),
        (4, "Delta", 4, 9),
        (5, "Echo", 3, 8),
        (6, "Foxtrot", 0, 4),
    ]
    assert [r["pairing_number"] for r in rows] == [1, 2, 3, 4, 5, 6]
    # the default list of a team round robin (C.07 Art. 13) ranks the same way
    default = json.loads(ok(cli("standings", event, "--json")).out)
    assert default["tiebreaks"] == ["EDE", "MPvGP", "BC"]
    assert [r["name"] for r in default["rows"]] == [r["name"] for r in rows]


def test_scheveningen_four_against_four(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Hosts (4 + a reserve who takes slot 2 in round 3) against Guests. Results
    from the Hosts' side: 2½-1½, 1-3, 2-2, and 2-2 with board 1 forfeited to
    the Hosts. Game points decide: Guests 8½, Hosts 7½; 4 MP each."""
    csv = teams_csv(tmp_path / "teams.csv", {"Hosts": 5, "Guests": 4})
    event = str(tmp_path / "match.json")
    run = ok(cli("new", event, "--format", "team-scheveningen", "--teams", csv))
    assert "2 teams, 4 boards (team with White on board 1: WBWB); ranked by GP" in run.out
    ok(cli("lineup", event, "3", "Hosts", "1", "5", "3", "4"))
    hosts_side = {
        1: "1-0 1/2 0-1 1-0",
        2: "0-1 0-1 1/2 1/2",
        3: "1/2 1/2 1/2 1/2",
        4: "+- 1-0 0-1 0-1",
    }
    met: set[tuple[int, int]] = set()
    for rnd, text in hosts_side.items():
        document = pair(cli, event)
        (match,) = document["matches"]
        hosts_first = match["white"] == 1
        lineups = (
            (match["white_lineup"], match["black_lineup"])
            if hosts_first
            else (match["black_lineup"], match["white_lineup"])
        )
        met.update(zip(lineups[0], lineups[1], strict=True))
        if rnd == 3:
            assert 5 in lineups[0] and 2 not in lineups[0]
        words = text.split() if hosts_first else [FLIP[w] for w in text.split()]
        if rnd < 4:
            ok(cli("result", event, str(rnd), "1", " ".join(words)))
        else:  # board by board
            for board, word in enumerate(words, 1):
                ok(cli("result", event, str(rnd), "1", str(board), word))
    # every slot met every slot: players 1-4 (5 on slot 2 in round 3) against 6-9
    slots = {(a if a != 5 else 2, b) for a, b in met}
    assert slots == {(a, b) for a in range(1, 5) for b in range(6, 10)}
    assert "the event is over" in ok(cli("pair", event)).out
    tevent = state_team_event(replay(load(event)))
    assert tevent.primary == "GP"
    assert (tevent.gp, tevent.mp) == ([7.5, 8.5], [4.0, 4.0])
    document = json.loads(ok(cli("standings", event, "--json", "--tiebreaks", "TBR")).out)
    assert document["primary"] == "GP"
    assert [
        (r["rank"], r["name"], r["game_points"], r["match_points"]) for r in document["rows"]
    ] == [
        (1, "Guests", 8.5, 4),
        (2, "Hosts", 7.5, 4),
    ]


def test_bad_teams_file_one_line_per_problem(cli: Callable[..., Run], tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "team,board,name,rating,club\nA,1,Ann,2000\nA,1,Bob,\nB,1,Cy,strong\nB,2,Di,\n",
        encoding="utf-8",
    )
    run = cli("new", str(tmp_path / "e.json"), "--format", "team-round-robin", "--teams", str(bad))
    assert run.code == 1
    assert (
        run.err
        == f"caddy: error: {bad}: unknown column 'club' (columns: team, board, name, rating)\n"
    )
    bad.write_text("team,board,name,rating\nA,1,Ann,2000\nA,1,Bob,\nB,1,Cy,strong\nB,2,Di,\n")
    run = cli(
        "new", str(tmp_path / "e.json"), "--format", "team-round-robin", "--teams", str(bad),
        "--boards", "2",
    )  # fmt: skip
    assert run.code == 1
    assert run.err.splitlines() == [
        f"caddy: error: {bad} line 3: team A has two players on board 1",
        f"caddy: error: {bad} line 4: rating 'strong' is not a number",
        f"caddy: error: {bad}: team A has 1 players, fewer than the 2 boards",
        f"caddy: error: {bad}: team B has 1 players, fewer than the 2 boards",
    ]
    assert not (tmp_path / "e.json").exists()


def test_result_forms_are_told_apart(cli: Callable[..., Run], tmp_path: Path) -> None:
    """An individual event keeps ROUND BOARD RESULT; a team match wants every board."""
    csv = teams_csv(tmp_path / "teams.csv", {"A": 2, "B": 2})
    event = str(tmp_path / "t.json")
    ok(cli("new", event, "--format", "team-round-robin", "--teams", csv))
    pair(cli, event)
    run = cli("result", event, "1", "1", "1-0")
    assert run.code == 1
    assert (
        run.err == "caddy: error: match 1 has 2 boards: give 2 results from the side of A, got 1\n"
    )
    run = cli("result", event, "1", "2", "1-0 1-0")
    assert run.err == "caddy: error: no match 2 in round 1 (matches 1..1)\n"
    ok(cli("result", event, "1", "1", "-+ 1/2"))  # A loses board 1 by forfeit
    state = replay(load(event))
    assert [b.results[-1] for b in state.rounds[0].boards] == ["-+", "1/2"]
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nAnn,1500\nBob,1400\n", encoding="utf-8")
    single = str(tmp_path / "s.json")
    ok(cli("new", single, "--format", "round-robin", "--players", str(players)))
    ok(cli("pair", single))
    run = cli("result", single, "1", "1", "1", "1-0")
    assert run.code == 1
    assert "ROUND MATCH BOARD RESULT is for team events" in run.err


def test_team_format_without_teams_is_refused(cli: Callable[..., Run], tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nAnn,1500\nBob,1400\nCy,1300\nDi,1200\n", encoding="utf-8")
    run = cli(
        "new", str(tmp_path / "e.json"), "--format", "team-round-robin", "--players", str(players)
    )
    assert (run.code, run.err) == (
        1,
        "caddy: error: format 'team-round-robin' pairs teams: "
        "give them with caddy new --teams teams.csv\n",
    )
    run = cli("new", str(tmp_path / "e.json"), "--format", "round-robin")
    assert run.err == (
        "caddy: error: give the field with --players FILE, or a team event's --teams FILE\n"
    )


def test_standings_and_export_before_round_one_is_complete(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 24 item 19: a team event ranks and exports at any point. Before
    round 1 is paired and while it is played, every team is on 0 MP and 0 GP
    (C.07 Art. 11: only complete rounds score) and shares rank 1; the TRF26
    export carries the 310 team records (TRF-2026) all the same."""
    csv = teams_csv(tmp_path / "teams.csv", dict.fromkeys(SIX[:4], 2))
    event = str(tmp_path / "swiss.json")
    ok(cli("new", event, "--format", "team-swiss", "--teams", csv, "--rounds", "3"))
    for stage in ("new", "paired", "one match played"):
        if stage == "paired":
            pair(cli, event)
        if stage == "one match played":
            ok(cli("result", event, "1", "1", "1-0 1/2"))
        document = json.loads(ok(cli("standings", event, "--json")).out)
        rows = document["rows"]
        assert [(r["rank"], r["match_points"], r["game_points"]) for r in rows] == [(1, 0, 0)] * 4
        assert ok(cli("standings", event)).out.count("\n   1 ") == 4
        run = cli("export", event, "--trf26")
        assert run.code == 0, (stage, run.err)
        records = [line for line in run.out.splitlines() if line.startswith("310")]
        assert [line[8:20].strip() for line in records] == list(SIX[:4]), stage
        ok(cli("standings", event, "--individual"))


def test_every_team_tiebreak_ranks_before_round_one(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """A team event ranks before round 1 under any tie-break it may use: the
    forms that count the last round as a draw (Fore Buchholz, C.07 Art. 8.3:
    FB, AOB/F, SSSC/F) had no last round to read and stopped with an internal
    error (IndexError). Every team tie-break and each of its modifiers either
    ranks all teams level or is refused in one line naming the tie-break."""
    csv = teams_csv(tmp_path / "teams.csv", dict.fromkeys(SIX[:4], 2))
    event = str(tmp_path / "swiss.json")
    ok(cli("new", event, "--format", "team-swiss", "--teams", csv, "--rounds", "3"))
    listed = json.loads(ok(cli("tiebreaks", "--json")).out)["tiebreaks"]
    written = {"/C": "/C1", "/M": "/M1", "/L": "/L+1", "/K": "/K4"}
    forms = [
        f"{entry['code']}{score}{written.get(modifier, modifier)}"
        for entry in listed
        for score in ("", ":MP", ":GP")
        for modifier in ("", *entry["modifiers"])
    ]
    ranked = []
    for form in forms:
        run = cli("standings", event, "--tiebreaks", form, "--json")
        if run.code == 0:
            rows = json.loads(run.out)["rows"]
            assert [row["rank"] for row in rows] == [1, 1, 1, 1], form
            ranked.append(form)
        else:
            assert run.err.startswith(f"caddy: error: tie-break '{form}'"), (form, run.err)
            assert run.err.count("\n") == 1, (form, run.err)
    assert {"FB", "AOB:MP/F", "SSSC/F", "BH:MP/C1", "EDET/P"} <= set(ranked)


def _two_rounds_of_team_swiss(cli: Callable[..., Run], tmp_path: Path) -> str:
    """Four teams of two boards, a team Swiss of three rounds, two rounds played."""
    csv = teams_csv(tmp_path / "teams.csv", dict.fromkeys(SIX[:4], 2))
    event = str(tmp_path / "swiss.json")
    ok(cli("new", event, "--format", "team-swiss", "--teams", csv, "--rounds", "3", "--seed", "1"))
    for number in (1, 2):
        pair(cli, event)
        ok(cli("result", event, str(number), "1", "1-0 1/2"))
        ok(cli("result", event, str(number), "2", "1/2 1/2"))
    return event


def test_team_swiss_pairing_check_names_the_team_system(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 24 item 8: `caddy check --pairings` on a team Swiss (an event
    file, or its TRF-2026 export) re-pairs it by FIDE's Swiss Team Pairing
    System (Handbook C.04.6) and says so, never "the Dutch system"; naming the
    Dutch system for a team file is refused."""
    event = _two_rounds_of_team_swiss(cli, tmp_path)
    trf = str(tmp_path / "swiss.trf")
    ok(cli("export", event, "--trf26", "-o", trf))
    system = "re-paired by the Swiss Team Pairing System (FIDE C.04.6): every pairing identical"
    for path in (event, trf):
        run = ok(cli("check", path, "--pairings"))
        assert run.out == f"{path}: ok (2 rounds {system})\n"
    run = cli("check", trf, "--pairings", "dutch")
    assert (run.code, run.out) == (1, "")
    assert run.err == (
        f"caddy: error: {trf} is a team event: caddy re-pairs it by the Swiss Team "
        "Pairing System (FIDE C.04.6) (--pairings team-swiss), not the Dutch system\n"
    )
    assert ok(cli("check", trf, "--pairings", "team-swiss")).out.endswith(f"{system})\n")


def test_team_level_bye(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Issue 24 item 8: a team-level bye, as a player's (`caddy bye --team`):
    the team is left out of the round's pairing (C.04.6: only the teams to
    pair are paired) and scores its bye as TRF-2026 record 240 carries it and
    FIDE's reference engine reads it: H = a drawn match's MP and a draw on
    every board, F = a won match and a win on every board, Z = nothing."""
    csv = teams_csv(tmp_path / "teams.csv", dict.fromkeys(SIX[:6], 2))
    event = str(tmp_path / "swiss.json")
    ok(cli("new", event, "--format", "team-swiss", "--teams", csv, "--rounds", "3", "--seed", "1"))
    run = ok(cli("bye", event, "Alpha", "1", "--half", "--team"))
    assert run.out == (
        "recorded: round 1: half bye for team Alpha (1), players 1, 2 "
        "(announced: not paired in round 1)\n"
    )
    ok(cli("bye", event, "Bravo", "1", "--full", "--team"))
    ok(cli("bye", event, "3", "1", "--zero", "--team"))
    document = pair(cli, event)
    paired = {t for m in document["matches"] for t in (m["white"], m["black"])}
    byes = {b["team"]: b["kind"] for b in document["team_byes"]}
    # three teams left (4, 5, 6): one match and the pairing-allocated bye
    (pab,) = [t for t, kind in byes.items() if kind == "pab"]
    assert len(paired) == 2 and paired | {pab} == {4, 5, 6}
    assert {t: byes[t] for t in (1, 2)} == {1: "half", 2: "full"} and 3 not in byes
    rows = json.loads(ok(cli("standings", event, "--json")).out)["rows"]
    scores = {r["pairing_number"]: (r["match_points"], r["game_points"]) for r in rows}
    assert (scores[1], scores[2], scores[3]) == ((0, 0),) * 3  # round 1 not complete yet
    for number, _ in enumerate(document["matches"], 1):
        ok(cli("result", event, "1", str(number), "1-0 1-0"))
    rows = json.loads(ok(cli("standings", event, "--json")).out)["rows"]
    scores = {r["pairing_number"]: (r["match_points"], r["game_points"]) for r in rows}
    assert (scores[1], scores[2], scores[3]) == ((1, 1), (2, 2), (0, 0))
    records = [line for line in ok(cli("export", event, "--trf26")).out.splitlines()]
    assert "240 F   1    2" in records and "240 H   1    1" in records
    # the same command without --team names a team: one clear line
    run = cli("bye", event, "Delta", "2", "--half")
    assert run.err == (
        "caddy: error: 'Delta' is a team, not a player: "
        "`caddy bye EVENT 'Delta' ROUNDS --team` gives the team a bye\n"
    )
    run = cli("bye", event, "Delta", "1", "--half", "--team")
    assert run.err == (
        "caddy: error: round 1 is paired: a team's bye is given before its round is "
        "paired (the team is then not paired)\n"
    )
