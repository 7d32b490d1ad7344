"""A whole Swiss event through the commands (issue 15): 40 players, 9 rounds
paired by ``caddy pair`` (FIDE Dutch system, C.04.3), a late entry after
round 2 is paired (FIDE Handbook C.04.2 2.5), a half-point bye announced
for round 5 before it is paired (C.04.2 3.2), a forfeit, a withdrawal after
round 6, the final standings and a TRF export that imports again.

Each round is checked against the rules every pairing keeps: nobody twice in
a round, no pair meets twice (C.04.1 rule 2; a pair whose game was forfeited
may meet again, C.04.2 3.5), absent players are not paired, at most one
pairing-allocated bye per round and none for a player who had one (C.04.1
rule 3). Results follow a fixed rule (the higher rating wins; ratings within
25 points draw), so every player's points are known in advance of the
standings and compared exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from caddy.event.replay import replay
from caddy.event.store import load
from tests.conftest import Run

ROUNDS = 9
LATE = 41  # the late entrant's pairing number (the next one)
ASKED = 10  # asks for a half-point bye in round 5
LEAVES = 20  # withdraws after round 6
FORFEIT = (4, 3)  # round 4, board 3: White wins by forfeit


def rating(player: int) -> int:
    return 2105 if player == LATE else 2400 - 10 * (player - 1)


def result(white: int, black: int) -> str:
    gap = rating(white) - rating(black)
    return "1/2" if abs(gap) <= 25 else "1-0" if gap > 0 else "0-1"


def test_a_swiss_event_from_start_to_export(tmp_path: Path, cli: Callable[..., Run]) -> None:
    players = tmp_path / "p.csv"
    players.write_text(
        "name,rating\n" + "".join(f"P{k:02d},{rating(k)}\n" for k in range(1, 41)),
        encoding="utf-8",
    )
    event = str(tmp_path / "E.json")

    def ok(*args: str) -> Run:
        run = cli(*args)
        assert (run.code, run.err) == (0, ""), (args, run)
        return run

    ok(
        "new",
        event,
        "--format",
        "swiss",
        "--rounds",  # the format's shorthand for --option rounds=9
        "9",
        "--players",
        str(players),
        "--seed",
        "7",
    )
    points: dict[int, float] = {k: 0.0 for k in range(1, LATE + 1)}
    met: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    for number in range(1, ROUNDS + 1):
        if number == 5:
            run = ok("bye", event, str(ASKED), "5", "--half")
            assert (
                run.out
                == f"recorded: round 5: half bye for P{ASKED} ({ASKED}) (announced: not paired in round 5)\n"
            )
        ok("pair", event)
        if number == 2:
            run = ok("add", event, "Late Comer", "--rating", str(rating(LATE)))
            assert run.out == (
                f"added: Late Comer ({LATE}), rating {rating(LATE)}: late entry: "
                "rounds 1-2 missed (zero-point byes); paired from round 3\n"
            )
        rnd = replay(load(event)).rounds[number - 1]
        paired = [*rnd.white, *rnd.black]
        pabs = [p for p, kind in rnd.byes.items() if kind == "pab"]
        # nobody twice; the absent are not paired
        assert len(set(paired) | set(rnd.byes)) == len(paired) + len(rnd.byes)
        absent = {LATE} if number <= 2 else set()
        absent |= {ASKED} if number == 5 else set()
        absent |= {LEAVES} if number > 6 else set()
        assert not absent & set(paired)
        assert not absent & set(pabs)
        present = (40 if number <= 2 else 41) - (number == 5) - (number > 6)
        assert len(paired) + len(pabs) == present
        assert len(pabs) == present % 2 <= 1  # one pairing-allocated bye, for an odd field
        assert not had_pab & set(pabs)  # C.04.1 rule 3
        had_pab |= set(pabs)
        for p in pabs:
            points[p] += 1.0
        if number == 5:
            assert rnd.byes[ASKED] == "half"
            points[ASKED] += 0.5
        for board, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
            pair = frozenset((white, black))
            assert pair not in met, (number, white, black)  # C.04.1 rule 2
            text = "+-" if (number, board) == FORFEIT else result(white, black)
            if text != "+-":
                met.add(pair)  # a forfeited game may be paired again (C.04.2 3.5)
            white_points = {"1-0": 1.0, "+-": 1.0, "1/2": 0.5, "0-1": 0.0}[text]
            points[white] += white_points
            points[black] += 1.0 - white_points
            ok("result", event, str(number), str(board), text)
        if number == 6:
            run = ok("withdraw", event, str(LEAVES))
            assert run.out.startswith(f"recorded: P{LEAVES} ({LEAVES}) withdraws after round 6")
    run = ok("pair", event)
    assert "the event is over" in run.out

    standings = json.loads(ok("standings", event, "--json").out)
    got = {row["pairing_number"]: row["score"] for row in standings["rows"]}
    assert got == points
    assert got[LATE] == points[LATE] and points[LATE] <= 7  # nothing in rounds 1-2
    final = replay(load(event)).rounds
    assert [r.byes[LATE] for r in final[:2]] == ["zero", "zero"]  # rounds missed
    # the withdrawn player's points stop after round 6 (no game in 7-9)
    assert all(LEAVES not in (b.white, b.black) for r in final[6:] for b in r.boards)

    trf = str(tmp_path / "E.trf")
    ok("export", event, "-o", trf)
    lines = {
        line[4:8].strip(): line for line in Path(trf).read_text().splitlines() if line[:3] == "001"
    }
    assert lines[str(LATE)][89:109] == "  0000 - Z  0000 - Z"  # rounds 1-2 missed
    assert lines[str(ASKED)][89 + 4 * 10 : 89 + 5 * 10] == "  0000 - H"  # round 5
    ok("import", trf, "-o", str(tmp_path / "again.json"))
    again = json.loads(ok("standings", str(tmp_path / "again.json"), "--json").out)
    assert {row["pairing_number"]: row["score"] for row in again["rows"]} == points

    # the export re-pairs round by round: `caddy pair` on the file cut before
    # each round (rounds before it, and its announced absences: the half-point
    # bye, the withdrawn player's zero-point byes) gives the event's own round,
    # colours and pairing-allocated bye included; the checker agrees
    exported = Path(trf).read_text().splitlines()
    for rnd in final:
        column = 91 + 10 * (rnd.number - 1)
        cut = tmp_path / f"cut{rnd.number}.trf"
        cut.write_text(
            "".join(
                (
                    line[:column]
                    + (
                        line[column : column + 10]
                        if line[column : column + 4] == "0000"
                        and line[column + 7 : column + 8] in ("H", "Z", "F")
                        else ""
                    )
                ).rstrip()
                + "\n"
                if line[:3] == "001"
                else line + "\n"
                for line in exported
            )
        )
        document = json.loads(ok("pair", str(cut), "--json").out)
        assert document["round"] == rnd.number
        assert [(p["white"], p["black"]) for p in document["pairs"]] == list(
            zip(rnd.white, rnd.black, strict=True)
        ), rnd.number
        assert [b["player"] for b in document["byes"]] == [
            p for p, kind in rnd.byes.items() if kind == "pab"
        ], rnd.number
    run = ok("check", trf, "--pairings")
    assert (
        run.out == f"{trf}: ok (9 rounds re-paired by the Dutch system: every pairing identical)\n"
    )
