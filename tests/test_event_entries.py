"""Byes announced before a round is paired (FIDE Handbook C.04.2 3.2-3.3) and
late entries (C.04.2 2.5) in event files (issue 15): the ``bye`` and
``enter`` operations, ``caddy bye``, ``caddy add`` and every command that
reads an event with them. Sources: the FIDE Handbook articles named, and
docs/events.md ("Announced byes and late entries") for caddy's choices.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.errors import CaddyError
from caddy.event import (
    Enter,
    PairRound,
    RecordBye,
    from_document,
    planned_rounds,
    replay,
    to_document,
)
from caddy.event.store import load
from caddy.pairing.request import request_from_state
from tests.conftest import Run

SIX = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"


@pytest.fixture
def ok(cli: Callable[..., Run]) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        result = cli(*args)
        assert (result.code, result.err) == (0, ""), (args, result)
        return result

    return run


@pytest.fixture
def swiss(tmp_path: Path, ok: Callable[..., Run]) -> str:
    """A 6-player Swiss (5 rounds planned by the option), numbered by rating: Anna is 1 ... Finn 6."""
    (tmp_path / "p.csv").write_text(SIX, encoding="utf-8")
    ok("new", str(tmp_path / "five.json"), "--format", "swiss", "--option", "rounds=5",
       "--players", str(tmp_path / "p.csv"), "--seed", "3")  # fmt: skip
    return str(tmp_path / "five.json")


def finish(ok: Callable[..., Run], path: str, number: int) -> None:
    """Every board of round ``number``: White wins."""
    for board in range(1, len(replay(load(path)).rounds[number - 1].white) + 1):
        ok("result", path, str(number), str(board), "1-0")


def error(cli: Callable[..., Run], *args: str) -> str:
    run = cli(*args)
    assert run.code == 1 and run.out == "", run
    return run.err


# -- announced byes ---------------------------------------------------------------------------


def test_a_bye_announced_before_pairing_is_kept_out_of_the_pairing(
    swiss: str, ok: Callable[..., Run]
) -> None:
    run = ok("bye", swiss, "Cara", "2-3", "--half")
    assert run.out == (
        "recorded: round 2: half bye for Cara (3) (announced: not paired in round 2)\n"
        "recorded: round 3: half bye for Cara (3) (announced: not paired in round 3)\n"
    )
    ok("pair", swiss)
    finish(ok, swiss, 1)
    state = replay(load(swiss))
    assert state.announced == {2: {3: "half"}, 3: {3: "half"}}
    request = request_from_state(state)
    assert [p.number for p in request.players if p.absent] == [3]
    out = ok("pair", swiss).out
    assert "bye (half): Cara (3)" in out
    rnd = replay(load(swiss)).rounds[1]
    assert 3 not in (*rnd.white, *rnd.black) and rnd.byes[3] == "half"
    assert len(rnd.white) == 2 and sorted(rnd.byes.values()) == ["half", "pab"]
    byes = json.loads(ok("pairings", swiss, "--round", "2", "--json").out)["byes"]
    assert sorted((b["number"], b["kind"]) for b in byes) == sorted([(3, "half"), (5, "pab")])
    finish(ok, swiss, 2)
    cross = ok("crosstable", swiss).out.splitlines()
    assert "H 0.5" in next(line for line in cross if "Cara" in line)
    trf = ok("export", swiss).out
    cara = next(line for line in trf.splitlines() if "Cara" in line)
    assert cara[99:109] == "  0000 - H"  # round 2
    history = ok("history", swiss).out.splitlines()
    assert history[:2] == [
        "   1  round 2: half bye for Cara (3)",
        "   2  round 3: half bye for Cara (3)",
    ]


def test_result_bye_for_a_round_not_paired_yet(swiss: str, ok: Callable[..., Run]) -> None:
    assert (
        ok("result", swiss, "4", "--bye", "2", "zero").out
        == "recorded: round 4: zero bye for Ben (2)\n"
    )
    assert replay(load(swiss)).announced == {4: {2: "zero"}}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("result", "{}", "2", "--bye", "3", "pab"),
         "round 2 is not paired yet: only a full, half or zero bye can be announced "
         "(C.04.2 3.2), not pab"),
        (("result", "{}", "2", "--bye", "3", "forfeit-win"),
         "unknown bye 'forfeit-win' (expected full, half, zero or pab (the pairing-allocated bye))"),
        (("bye", "{}", "3", "5-6", "--half"), "round 6 is beyond the event's 5 rounds"),
        (("bye", "{}", "3", "1", "--half"), "player 3 has a game in round 1"),
        (("bye", "{}", "3", "2-", "--half"), "rounds '2-' is not a list of rounds (e.g. 5, 5,6 or 5-7)"),
        (("bye", "{}", "Zed", "2", "--half"), "no player named 'Zed'"),
    ],
)  # fmt: skip
def test_what_cannot_be_announced(
    swiss: str, ok: Callable[..., Run], cli: Callable[..., Run], args: tuple[str, ...], message: str
) -> None:
    ok("pair", swiss)
    before = Path(swiss).read_bytes()
    err = error(cli, *(a.format(swiss) for a in args))
    assert err.startswith(f"caddy: error: {message}"), err
    assert Path(swiss).read_bytes() == before


def test_a_forfeit_cannot_be_announced_through_the_api(swiss: str) -> None:
    event = load(swiss)
    with pytest.raises(CaddyError, match=r"only a full, half or zero bye .* not forfeit-win"):
        event.with_operation(RecordBye(round=1, player=2, kind="forfeit-win"))


def test_no_bye_after_a_withdrawal_and_a_withdrawal_drops_later_announced_byes(
    swiss: str, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    ok("bye", swiss, "4", "3", "--zero")
    ok("pair", swiss)
    finish(ok, swiss, 1)
    ok("withdraw", swiss, "4")
    assert "player 4 withdrew after round 1: no bye in round 2" in error(
        cli, "bye", swiss, "4", "2", "--half"
    )
    ok("pair", swiss)
    finish(ok, swiss, 2)
    ok("pair", swiss)
    assert 4 not in replay(load(swiss)).rounds[2].byes  # the withdrawal speaks, not the bye


def test_a_pairing_that_pairs_an_announced_player_is_refused(
    tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    (tmp_path / "p.csv").write_text(SIX, encoding="utf-8")
    path = str(tmp_path / "m.json")
    ok("new", path, "--format", "manual", "--option", "rounds=5", "--players", str(tmp_path / "p.csv"), "--by", "given")  # fmt: skip
    ok("bye", path, "Cara", "1", "--half")
    err = error(cli, "pair", path, "--pairings", "1-2 3-4 5-6")
    assert err == "caddy: error: player 3 has an announced half-point bye in round 1\n"
    ok("pair", path, "--pairings", "1-2 4-5", "--byes", "6")
    assert replay(load(path)).rounds[0].byes == {6: "pab", 3: "half"}
    with pytest.raises(CaddyError, match="player 3 has an announced half-point bye in round 2"):
        load(path).with_operation(RecordBye(round=2, player=3, kind="half")).with_operation(
            PairRound(round=2, white=(3, 1), black=(2, 4))
        )


def test_a_pab_never_makes_a_player_absent(swiss: str, ok: Callable[..., Run]) -> None:
    """C.04.1 rule 3: the pairing gives the PAB; only an announced bye is an absence."""
    ok("add", swiss, "Gil", "--rating", "1700")  # before any operation: 7 players, one PAB
    ok("pair", swiss)
    state = replay(load(swiss))
    (pab,) = state.rounds[0].byes
    assert not request_from_state(state, round=1).players[pab - 1].absent


def test_undo_takes_announced_byes_back_one_by_one(swiss: str, ok: Callable[..., Run]) -> None:
    ok("bye", swiss, "2", "3,5", "--full")
    assert ok("undo", swiss).out == "undone: round 5: full bye for Ben (2)\n"
    assert replay(load(swiss)).announced == {3: {2: "full"}}
    ok("undo", swiss)
    assert replay(load(swiss)).announced == {}


def test_force_replaces_an_announced_bye(
    swiss: str, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    ok("bye", swiss, "2", "3", "--full")
    assert error(cli, "bye", swiss, "2", "3", "--half") == (
        "caddy: error: round 3: Ben (2) already has a full bye; use --force to replace it\n"
    )
    ok("bye", swiss, "2", "3", "--half", "--force")
    assert replay(load(swiss)).announced == {3: {2: "half"}}


# -- late entries -----------------------------------------------------------------------------


def test_a_late_entry_through_every_command(
    swiss: str, tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    ok("pair", swiss)  # round 1 paired, not finished: the entrant misses it too
    run = ok("add", swiss, "Gil", "--rating", "2000", "--title", "FM", "--fide-id", "123")
    assert run.out == (
        "added: Gil (7), rating 2000: late entry: round 1 missed (a zero-point bye); "
        "paired from round 2\n"
    )
    data = json.loads(Path(swiss).read_text())
    gil = {k: v for k, v in data["tournament"]["players"][-1].items() if v is not None}
    assert gil == {"name": "Gil", "rating": 2000, "fide_id": "123", "title": "FM"}
    assert data["operations"][-1] == {"op": "enter", "player": 7}
    assert ok("history", swiss).out.splitlines()[-1] == (
        "   2  Gil (7) enters late: zero-point byes for the rounds paired before"
    )
    assert "bye (zero): Gil (7)" in ok("pairings", swiss).out
    finish(ok, swiss, 1)
    standings = json.loads(ok("standings", swiss, "--json").out)
    assert [(r["pairing_number"], r["score"]) for r in standings["rows"]][-1] == (7, 0.0)
    assert "Z 0" in next(line for line in ok("crosstable", swiss).out.splitlines() if "Gil" in line)
    out = ok("pair", swiss).out
    assert (
        "Gil (7)" in out.split("bye")[0]
    )  # paired in round 2 (7 players: someone else has the PAB)
    finish(ok, swiss, 2)
    assert ok("check", swiss).out.startswith(f"{swiss}: ok (7 players, 2 rounds")
    trf = tmp_path / "e.trf"
    ok("export", swiss, "-o", str(trf))
    line = next(line for line in trf.read_text().splitlines() if "Gil" in line)
    assert line[4:8] == "   7" and line[89:99] == "  0000 - Z"
    ok("import", str(trf), "-o", str(tmp_path / "again.json"))
    assert len(load(str(tmp_path / "again.json")).tournament.players) == 7
    # undo back to the entry: it takes the player off the roster
    steps = len(load(swiss).operations) - 1
    ok("undo", swiss, "--steps", str(steps - 1))
    assert ok("undo", swiss).out == (
        "undone: Gil (7) enters late: zero-point byes for the rounds paired before\n"
    )
    event = load(swiss)
    assert len(event.tournament.players) == 6 and len(event.operations) == 1


def test_missed_half_scores_half_points(swiss: str, ok: Callable[..., Run]) -> None:
    ok("pair", swiss)
    finish(ok, swiss, 1)
    ok("pair", swiss)
    run = ok("add", swiss, "Gil", "--rating", "1700", "--missed", "half")
    assert "rounds 1-2 missed (half-point byes); paired from round 3" in run.out
    finish(ok, swiss, 2)
    rows = json.loads(ok("standings", swiss, "--json").out)["rows"]
    assert next(r["score"] for r in rows if r["pairing_number"] == 7) == 1.0
    request = request_from_state(replay(load(swiss)))
    gil = request.players[6]
    assert [h.kind for h in gil.history] == ["half-bye", "half-bye"] and not gil.absent


def test_before_any_operation_the_field_just_grows(swiss: str, ok: Callable[..., Run]) -> None:
    run = ok("add", swiss, "Gil", "--rating", "2060")
    assert run.out == "added: Gil (2), rating 2060: 7 players, pairing numbers by rating\n"
    event = load(swiss)
    assert [p.name for p in event.tournament.players][:3] == ["Anna", "Gil", "Ben"]
    assert len(event.operations) == 0


def test_late_entries_do_not_change_the_planned_rounds(
    tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    """16 players: ceil(log2 16) + 1 = 5 rounds; 17 would be 6 (docs/swiss.md)."""
    csv = "name,rating\n" + "".join(f"P{k:02d},{2200 - 10 * k}\n" for k in range(1, 17))
    (tmp_path / "p.csv").write_text(csv, encoding="utf-8")
    path = str(tmp_path / "s.json")
    ok("new", path, "--format", "swiss", "--players", str(tmp_path / "p.csv"), "--seed", "1")
    ok("pair", path)
    ok("add", path, "Late", "--rating", "1000")
    assert planned_rounds(replay(load(path))) == 5
    assert "round 6 is beyond the event's 5 rounds" in error(
        cli, "bye", path, "Late", "6", "--half"
    )


def test_what_cannot_enter(
    swiss: str, tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    assert error(cli, "add", swiss, "Ben", "--rating", "1500") == (
        "caddy: error: Ben is in the event already (2); players are named by exact name, "
        "so each name is given once\n"
    )
    assert "rating 12000 is out of range (0..9999)" in error(
        cli, "add", swiss, "X", "--rating", "12000"
    )
    # as a players CSV checks them (docs/schedules.md): a FIDE title (FIDE Handbook
    # B.01), three letters for a federation (TRF columns 54-56), digits for a FIDE ID
    bad = ("--title", "Master", "--federation", "HUNG", "--fide-id", "12a")
    assert error(cli, "add", swiss, "X", "--rating", "1500", *bad) == (
        "caddy: error: '12a' is not a FIDE ID (digits)\n"
        "caddy: error: 'Master' is not a FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, or an old code: g, m, f, c, wg, wm, wf, wc)\n"
        "caddy: error: 'HUNG' is not a federation (three letters, as FIDE's codes: "
        "HUN, GER)\n"
    )
    ok("add", swiss, "X", "--rating", "1500", "--title", " wim", "--federation", "aut ")
    added = json.loads(Path(swiss).read_text())["tournament"]["players"][-1]
    assert (added["name"], added["title"], added["federation"]) == ("X", "WIM", "AUT")
    (tmp_path / "p.csv").write_text(SIX, encoding="utf-8")
    rr = str(tmp_path / "rr.json")
    ok("new", rr, "--players", str(tmp_path / "p.csv"), "--seed", "1")
    ok("result", rr, "1", "1", "1-0")
    assert error(cli, "add", rr, "Gil", "--rating", "1500") == (
        "caddy: error: format 'round-robin' fixes its schedule for the field: nobody enters late\n"
    )


def test_the_loader_refuses_an_entry_out_of_place(swiss: str, ok: Callable[..., Run]) -> None:
    ok("pair", swiss)
    ok("add", swiss, "Gil", "--rating", "1700")
    data = json.loads(Path(swiss).read_text())
    wrong = json.loads(json.dumps(data))
    wrong["operations"][-1]["player"] = 3
    with pytest.raises(CaddyError) as caught:
        from_document(wrong)
    assert caught.value.problems == (
        "$.operations[1]: player 3 cannot enter here: late entrants are the last players "
        "of the roster, entering in order (next: 7)",
    )
    missing = json.loads(json.dumps(data))
    missing["tournament"]["players"].pop()  # the entrant left off the roster: player 6 is "late"
    with pytest.raises(CaddyError, match=r"\$\.operations\[0\]: player 6 has not entered the"):
        from_document(missing)
    early = json.loads(json.dumps(data))
    early["operations"].insert(1, {"op": "bye", "round": 1, "player": 7, "kind": "zero"})
    with pytest.raises(CaddyError) as caught:
        from_document(early)
    assert caught.value.problems == (
        "$.operations[1]: player 7 has not entered the event yet (a late entry; players 1..6 are in)",
    )
    event = from_document(data)
    assert to_document(event) == data
    assert event.operations[-1] == Enter(player=7)


def test_with_entrant_through_the_api(swiss: str) -> None:
    from caddy.model.schedule import Player

    event = load(swiss).with_operation(RecordBye(round=2, player=1, kind="half"))
    grown = event.with_entrant(Player(name="Gil", rating=1700), "half")
    assert grown.tournament.players[-1].name == "Gil"
    assert grown.undo().tournament.players == event.tournament.players
    with pytest.raises(CaddyError, match="unknown bye 'full' for missed rounds"):
        event.with_entrant(Player(name="Hal"), "full")


# -- tie-breaks of a Swiss ----------------------------------------------------------------------


def test_swiss_standings_default_to_the_swiss_preset(swiss: str, ok: Callable[..., Run]) -> None:
    """C.07 for events that are not pre-determined: the ``swiss`` preset
    (plugins/caddy_plugins/tiebreaks/presets.py) is the default."""
    ok("pair", swiss)
    finish(ok, swiss, 1)
    out = ok("standings", swiss).out.splitlines()
    assert out[1].split() == ["rank", "no", "name", "points", "BH/C1", "BH", "SB", "DE", "WIN"]
    document = json.loads(ok("standings", swiss, "--json").out)
    assert document["tiebreaks"] == ["BH/C1", "BH", "SB", "DE", "WIN"]
