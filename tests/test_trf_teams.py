"""TRF-2026 team records, read and written (the team layer of a TRF file).

Source: FIDE TEC's team Swiss sample "Grandmommy's Cup" (TRF-2025 draft
sample adapted to TRF-2026; tests/data/trf/SOURCES.md): 50 teams of 4 boards
and reserves, 14 rounds, ``192 FIDE_TEAM_BAKU``. Its 310 records state each
team's match points (MP) and game points (GP): caddy's fold of the games
(FIDE Handbook C.07 Art. 11; C.04.6 Art. 1) must give them. The sample lists
team 50 (which got the pairing-allocated bye in round 3, record 320 and its
801 summary) for a half-point bye in round 3 where its 801 summaries give
team 47 the half-point bye: ``..._240fixed.trf`` is the sample with that one
240 line naming team 47.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.event import replay
from caddy.event.teams import state_team_event
from caddy.model.teams import TeamBye, TeamScoring
from caddy.plugins.lookup import get_codec
from tests.conftest import Run

DATA = Path(__file__).parent / "data" / "trf"
SAMPLE = DATA / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"
FIXED = DATA.parent / "teams" / "teamswiss_trf26_tec_sample_grandmommys_cup_240fixed.trf"


def trf() -> Any:
    return get_codec("trf")


def lines(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line[:3] == code]


def stated_310(text: str) -> dict[int, tuple[float, float, int]]:
    """Team number → (MP, GP, rank) of the 310 records (columns 55-60, 62-67, 69-71)."""
    return {
        int(x[4:7]): (float(x[54:60]), float(x[61:67]), int(x[68:71])) for x in lines(text, "310")
    }


@pytest.fixture(scope="module")
def fixed() -> Any:
    return trf().read(FIXED.read_bytes(), source="cup")


def test_sample_imports_as_a_team_swiss(fixed: Any) -> None:
    """310 → teams (code, strength, members in board order); 352 → 4 boards
    WBWB; 362 → 2/1/0 MP; 192 FIDE_TEAM_BAKU → team-swiss, MP then GP;
    250/260/152/142 → its options; 202 → the event's tie-break list."""
    t = fixed.event.tournament
    setup = t.teams
    assert len(setup.teams) == 50 and setup.boards == 4 and setup.board_colours() == "WBWB"
    assert setup.scoring == TeamScoring(
        win=2.0,
        draw=1.0,
        loss=0.0,
        primary="MP",
        secondary="GP",
    )
    india3 = setup.team(16)
    assert (india3.name, india3.code, india3.rating) == ("India 3", "IND3", 2318)
    assert india3.members == (242, 245, 243, 244, 246)
    assert setup.team(32).members == (45, 42, 234, 114)  # a team of four
    assert t.format.name == "team-swiss"
    options = t.format.options
    assert (options.rounds, options.initial_colour, options.colour_preference) == (14, "w", "A")
    assert options.forbidden == ((1, 11, 16),)
    assert [
        (a.mp, a.gp, a.first_round, a.last_round, a.first_team, a.last_team)
        for a in options.acceleration
    ] == [
        (2.0, None, 1, 1, 1, 2),
        (2.0, None, 1, 1, 4, 25),
        (2.0, None, 2, 4, 1, 25),
        (1.0, None, 5, 7, 1, 25),
    ]
    assert t.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")


def test_match_and_game_points_are_the_310_columns(fixed: Any) -> None:
    """All 50 teams: caddy's MP and GP after 14 rounds equal 310's columns."""
    tevent = state_team_event(replay(fixed.event))
    stated = stated_310(FIXED.read_text())
    assert tevent.rounds == 14
    got = {t: (tevent.mp[t - 1], tevent.gp[t - 1]) for t in stated}
    assert got == {t: (mp, gp) for t, (mp, gp, _) in stated.items()}
    assert got[16] == (20.0, 33.5) and got[22] == (20.0, 32.0)


def test_the_original_sample_agrees_with_its_310_records_with_the_801_byes() -> None:
    """As published, 240 gives the half-point bye of round 3 to team 50 (the
    PAB team: read as the PAB, with a warning) and none to team 47, whose
    record 801 shows ``HHHH`` that round. With the reading ``801-byes``
    (``--trf-801-byes``) that is team 47's half-point bye (a warning), and
    every team's MP and GP equal its 310 line (C.07 Art. 11)."""
    imported = trf().read(SAMPLE.read_bytes(), source="cup", readings=("801-byes",))
    assert imported.warnings == (
        "cup: round 3: team 50 has a requested bye (240) and the pairing-allocated "
        "bye (320): read as the pairing-allocated bye",
        "cup: round 3: team 47's record 801 shows a half bye that no record 240 gives: read as one",
        "cup: record 299 (abnormal points) is not read: 2 lines skipped (kept in the file)",
    )
    tevent = state_team_event(replay(imported.event))
    stated = stated_310(SAMPLE.read_text())
    assert {t: (tevent.mp[t - 1], tevent.gp[t - 1]) for t in stated} == {
        t: (mp, gp) for t, (mp, gp, _) in stated.items()
    }
    assert tevent.results[46][2].kind == "half" and tevent.results[49][2].kind == "pab"


def test_a_bye_only_record_801_shows_is_not_read_by_default() -> None:
    """TRF-2026 gives a team's requested byes in record 240; record 801 is an
    informative summary, and FIDE's reference engine ignores it. So by
    default team 47 has no bye in round 3 (a zero bye: it is in no match), one
    warning line says so, and its MP and GP are 1 and 2 below its 310 line
    (13, 24.5); every other team's equal theirs."""
    imported = trf().read(SAMPLE.read_bytes(), source="cup")
    assert imported.warnings[1] == (
        "cup: round 3: team 47's record 801 shows a half bye that no record 240 gives: "
        "not read (--trf-801-byes reads it)"
    )
    tevent = state_team_event(replay(imported.event))
    stated = stated_310(SAMPLE.read_text())
    got = {t: (tevent.mp[t - 1], tevent.gp[t - 1]) for t in stated}
    assert got == {**{t: (mp, gp) for t, (mp, gp, _) in stated.items()}, 47: (12.0, 22.5)}
    assert tevent.results[46][2].kind == "zero"


def test_an_801_bye_read_at_import_is_exported_in_record_240() -> None:
    """An event whose team 47 has the round-3 half-point bye (read from its
    801 record with ``801-byes``) exports it in record 240 (TRF-2026's
    record for requested team byes), so the file reads back with the bye
    whatever the reader: 13 MP, as its 310 line."""
    imported = trf().read(SAMPLE.read_bytes(), source="cup", readings=("801-byes",))
    out = trf().write(imported.event, flavour="26").data
    assert "240 H   3   26   47   50" in lines(out.decode(), "240")
    again = trf().read(out, source="out")
    assert not any("801" in w for w in again.warnings)
    tevent = state_team_event(replay(again.event))
    assert (tevent.mp[46], tevent.gp[46]) == (13.0, 24.5)


def test_an_unknown_reading_is_one_error() -> None:
    with pytest.raises(CaddyError) as caught:
        trf().read(SAMPLE.read_bytes(), source="cup", readings=("802-byes",))
    assert str(caught.value) == "TRF files have no reading '802-byes' (known: 801-byes)"


def test_record_299_is_one_warning_and_strict_refuses_it(fixed: Any) -> None:
    assert fixed.warnings == (
        "cup: record 299 (abnormal points) is not read: 2 lines skipped (kept in the file)",
    )
    with pytest.raises(CaddyError) as caught:
        trf().read(FIXED.read_bytes(), source="cup", strict=True)
    assert "cup: record 299 (abnormal points) is not read: 2 lines skipped (kept in the file)" in (
        caught.value.problems
    )


def test_matches_line_ups_forfeits_and_byes_fold_as_the_rules_say(fixed: Any) -> None:
    """C.07 Art. 11 and the TRF-2026 records: a 300 line-up with an empty
    board (its opponent wins that board by forfeit), a forfeited match (330
    ``+-``: a win on all 4 boards, 2 MP 4 GP), the PAB (320: 1 MP, 2 GP), a
    full-point bye (240 F: 2 MP, 4 GP) and a half-point bye (240 H: 1 MP, 2 GP)."""
    state = replay(fixed.event)
    one = state.rounds[0].teams
    four = state.rounds[3].teams
    assert one is not None and four is not None
    match = next(m for m in one.matches if 5 in (m.white, m.black))
    five = match.white_lineup if match.white == 5 else match.black_lineup
    other = match.black_lineup if match.white == 5 else match.white_lineup
    assert five == (14, 0, 29, 39)  # record 300 1 5 17
    assert state.rounds[0].byes[other[1]] == "forfeit-win"
    sixteen = next(m for m in one.matches if 16 in (m.white, m.black))
    assert (sixteen.white_lineup if sixteen.white == 16 else sixteen.black_lineup) == (
        242,
        246,
        243,
        244,
    )
    assert TeamBye(team=3, kind="full") in one.byes and TeamBye(team=39, kind="half") in one.byes
    tevent = state_team_event(state)
    won, lost = tevent.results[22][3], tevent.results[32][3]  # 330 +-   4  23  33
    assert (won.kind, won.mp, won.gp, won.opponent) == ("forfeit-win", 2.0, 4.0, 33)
    assert (lost.kind, lost.mp, lost.gp) == ("forfeit-loss", 0.0, 0.0)
    forfeited = next(m for m in four.matches if m.forfeit)
    assert (forfeited.white, forfeited.black, forfeited.forfeit) == (23, 33, "+-")
    assert forfeited.black_lineup == (0, 0, 0, 0)
    pab = tevent.results[49][2]  # 320: team 50 in round 3
    assert (pab.kind, pab.mp, pab.gp) == ("pab", 1.0, 2.0)
    full, half = tevent.results[2][0], tevent.results[38][0]
    assert (full.kind, full.mp, full.gp) == ("full", 2.0, 4.0)
    assert (half.kind, half.mp, half.gp) == ("half", 1.0, 2.0)


def test_export_writes_the_same_team_lines(fixed: Any) -> None:
    """import → export (TRF26): every team record as the file has it (300 in
    another order; 310's rank column is caddy's: by MP, then GP, while the
    202 team tie-breaks have no plugin); 299, 801, 802 written back."""
    source = FIXED.read_text()
    out = trf().write(fixed.event, flavour="26").data.decode()
    for code in ("013", "320", "330", "240", "250", "260", "352", "362", "192", "202"):
        assert lines(out, code) == lines(source, code), code
    for code in ("299", "801", "802"):
        assert lines(out, code) == lines(source, code), code
    assert sorted(lines(out, "300")) == sorted(lines(source, "300"))
    assert len(lines(out, "300")) == 141

    def unranked(text: str) -> list[str]:
        return [x[:68] + x[71:] for x in lines(text, "310")]

    assert unranked(out) == unranked(source)
    ranks = {t: rank for t, (_, _, rank) in stated_310(out).items()}
    # India 3 (16) and Slovakia (22) both 20 MP: 16 has more GP (33.5 to 32)
    assert ranks[16] == 1 and ranks[22] == 2
    assert {t: r for t, (_, _, r) in stated_310(source).items()}[22] == 1  # the sample's own
    # the players' lines are the file's but for their rank (caddy's standings)
    assert [x[:85] + x[89:] for x in lines(out, "001")] == [
        x[:85] + x[89:] for x in lines(source, "001")
    ]


def _running_802(text: str, team: int, rounds: int) -> tuple[float, float]:
    """MP and GP after ``rounds`` rounds from record 802 (per round: opponent,
    colour, GP with ``f`` for a forfeit, or FPB/HPB/ZPB/PAB and GP), MP by
    C.07 Art. 11 on 4 boards (more than 2 GP wins) and the 320 PAB's 1 MP."""
    line = next(x for x in lines(text, "802") if int(x[4:7]) == team)
    words = line.split()[5:]
    mp = gp = 0.0
    for _ in range(rounds):
        byes = {"FPB": 2.0, "HPB": 1.0, "ZPB": 0.0, "PAB": 1.0}
        size = 2 if words[0] in byes else 3
        cell, words = words[:size], words[size:]
        points = float(cell[-1].rstrip("f"))
        gp += points
        if size == 2:
            mp += byes[cell[0]]
        else:
            mp += 2.0 if points > 2 else 1.0 if points == 2 and "f" not in cell[-1] else 0.0
    return mp, gp


def test_pair_request_of_a_team_file(cli: Callable[..., Run]) -> None:
    """``caddy pair FILE.trf --round 5``: the team history of rounds 1-4 is
    the 802 running totals; absent: 13 (240 F), 15 (240 H), 31 Peru and 47
    Denmark (no member plays in round 5; 801 ZZZZ); forbidden: the three
    Indian teams (260); the pairing engine is not there yet."""
    from caddy_plugins.codecs.trf.document import parse_document
    from caddy_plugins.codecs.trf.pairing import pairing_input

    data = FIXED.read_bytes()
    request = pairing_input(parse_document(data, "cup"), data, round=5).request
    teams = request.teams
    assert request.round == 5 and teams is not None and teams.history.rounds == 4
    text = FIXED.read_text()
    for team in (1, 2, 3):
        got = (teams.history.mp[team - 1], teams.history.gp[team - 1])
        assert got == _running_802(text, team, 4), team
    assert (teams.history.mp[:3], teams.history.gp[:3]) == ([3.0, 5.0, 7.0], [7.5, 8.5, 11.0])
    assert dict(teams.absent) == {13: "full", 15: "half", 31: "zero", 47: "zero"}
    assert teams.forbidden == {(1, 11), (1, 16), (11, 16)}
    assert 49 in teams.unavailable and 49 not in teams.lineup(1)
    assert len(request.options.acceleration) == 4
    run = cli("pair", str(FIXED), "--round", "5")
    assert run.code == 0, run.err
    assert "round 5 (FIDE Swiss Team Pairing System, C.04.6)" in run.out


def test_a_team_event_made_by_caddy_reads_back(tmp_path: Path) -> None:
    """A manual team event (3 teams, 2 boards and a reserve): a played match
    with a reserve on board 2, a forfeited match, the PAB and a half-point
    bye: TRF26 export → import gives the same MP and GP per team and round."""
    from caddy.testing.teams import build_team_file

    event = build_team_file(
        ["A", "B", "C"],
        2,
        [[("A", "B", "1-0 1/2")], [("C", "A", "+-")]],
        byes={1: [("C", "pab")], 2: [("B", "half")]},
        reserves=1,
    )
    out = trf().write(event, flavour="26")
    back = trf().read(out.data, source="made")
    assert back.event.tournament.teams == event.tournament.teams
    assert lines(out.data.decode(), "320") == ["320  1.0  1.0   3"]
    assert lines(out.data.decode(), "330") == ["330 +-   2   3   1"]
    assert lines(out.data.decode(), "240") == ["240 H   2    2"]

    def folded(e: Any) -> list[list[tuple[str, float, float]]]:
        tevent = state_team_event(replay(e))
        return [[(r.kind, r.mp, r.gp) for r in row] for row in tevent.results]

    assert folded(back.event) == folded(event)
    assert folded(event)[2] == [("pab", 1.0, 1.0), ("forfeit-win", 2.0, 2.0)]


_BOARD = st.sampled_from(["1-0", "1/2", "0-1", "+-", "-+"])


@st.composite
def _team_events(
    draw: st.DrawFn,
) -> tuple[list[str], int, list[Any], dict[int, list[tuple[str, str]]]]:
    """Manual team events: 3-5 teams, 1-3 boards, 1-3 rounds of random
    matches (board results, whole-match forfeits), a team left over with a
    random bye (or none)."""
    count = draw(st.integers(3, 5))
    boards = draw(st.integers(1, 3))
    names = [chr(65 + k) for k in range(count)]
    rounds: list[Any] = []
    byes: dict[int, list[tuple[str, str]]] = {}
    for r in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations(names))
        matches = []
        for a, b in zip(order[0::2], order[1::2], strict=False):
            whole = draw(st.sampled_from(["", "", "", "+-", "-+", "--"]))
            text = whole or " ".join(draw(st.lists(_BOARD, min_size=boards, max_size=boards)))
            matches.append((a, b, text))
        rounds.append(matches)
        if count % 2:
            kind = draw(st.sampled_from(["pab", "full", "half", "zero", None]))
            if kind:
                byes[r] = [(order[-1], kind)]
    return names, boards, rounds, byes


@settings(max_examples=25, deadline=None)
@given(_team_events())
def test_team_events_read_back_with_the_same_match_and_game_points(
    case: tuple[list[str], int, list[Any], dict[int, list[tuple[str, str]]]],
) -> None:
    """Property: any manual team event, exported as TRF26 and read back, has
    the same teams and the same kind, MP and GP for every team and round."""
    from caddy.testing.teams import build_team_file

    names, boards, rounds, byes = case
    event = build_team_file(names, boards, rounds, byes=byes)
    back = trf().read(trf().write(event, flavour="26").data, source="made")
    assert back.event.tournament.teams == event.tournament.teams

    def folded(e: Any) -> list[list[tuple[str, float, float]]]:
        tevent = state_team_event(replay(e))
        return [[(r.kind, r.mp, r.gp) for r in row] for row in tevent.results]

    assert folded(back.event) == folded(event)


def test_a_team_swiss_without_kept_lines_writes_its_own_records(fixed: Any) -> None:
    """The sample's event with no kept TRF lines: the export makes 092, 192
    (``FIDE_TEAM_BAKU_MP_GP``: accelerated, MP then GP), 352, 362 and the team
    records, and reading them back gives the same format, teams and points."""
    import attrs

    tournament = attrs.evolve(fixed.event.tournament, kept={})
    event = attrs.evolve(fixed.event, tournament=tournament)
    text = trf().write(event, flavour="26").data.decode()
    assert lines(text, "092") == ["092 Team: Swiss-System (FIDE C.04.6)"]
    assert lines(text, "192") == ["192 FIDE_TEAM_BAKU_MP_GP"]
    assert lines(text, "352") == ["352 WBWB"]
    assert lines(text, "362") == ["362 TW 2.0   TD 1.0   TL 0.0"]
    back = trf().read(text.encode(), source="made").event
    assert back.tournament.format == tournament.format
    assert back.tournament.teams == tournament.teams
    mine, theirs = state_team_event(replay(back)), state_team_event(replay(event))
    assert (mine.mp, mine.gp) == (theirs.mp, theirs.gp)


def test_the_imported_event_file_keeps_the_team_swiss_options(
    fixed: Any, cli: Callable[..., Run], tmp_path: Path
) -> None:
    """``caddy import`` writes the team-swiss options and the teams into the
    event file; loading it gives them back; the format plugin's calc counts
    teams; a request without teams is refused in one line."""
    from caddy.contracts import PairingRequest
    from caddy.event.store import load
    from caddy.plugins.host import get_host
    from caddy_plugins.formats.team_swiss import TeamSwiss

    path = tmp_path / "cup.json"
    run = cli("import", str(FIXED), "-o", str(path))
    assert run.code == 0, run.err
    loaded = load(str(path)).tournament
    assert loaded.format == fixed.event.tournament.format
    assert loaded.teams == fixed.event.tournament.teams
    fmt = get_host().formats().get("team-swiss")
    assert isinstance(fmt, TeamSwiss)
    counts = fmt.arithmetic(50, fmt.Options(rounds=14))
    assert (counts.rounds, counts.boards, counts.byes_per_round) == (14, 25, 0)
    assert fmt.arithmetic(11, fmt.Options()).rounds == 5  # ceil(log2 11) + 1
    request = PairingRequest(round=1, planned_rounds=14, players=(), options=fmt.Options())
    with pytest.raises(CaddyError, match="a team Swiss pairs teams: the event has none"):
        fmt.next_round(request)


def test_matches_that_cannot_be_rebuilt_read_as_individual_games() -> None:
    """A 240 bye for team 1 in round 1, where team 1 plays a match: the
    matches cannot stand, so the file reads as its individual games (manual,
    no teams) with one warning saying why."""
    text = FIXED.read_text().replace("240 F   1    3\n", "240 F   1    3    1\n")
    imported = trf().read(text.encode(), source="bad")
    assert imported.event.tournament.teams is None
    assert imported.event.tournament.format.name == "manual"
    assert [w for w in imported.warnings if "teams not read" in w] == [
        "bad: teams not read (round 1: team 1 has a match and a bye (330/240/320)): "
        "imported as individual games"
    ]
