"""TRF both ways (import, export, round trip) and ``caddy check``.

Sources: FIDE C.04 Annex 2 (TRF16) and TRF26 as summarised in
the FIDE TRF specification (TRF16, and TRF-2026): player line columns, result codes,
tournament records; the files in ``tests/data/trf/`` come from other
software (see their SOURCES.md).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.event import (
    EventFile,
    PairRound,
    RecordBye,
    RecordResult,
    Withdraw,
    new_event,
    replay,
)
from caddy.event.check import state_rows
from caddy.model.cells import check_rows
from caddy.model.schedule import Player
from caddy.plugins.lookup import get_codec
from caddy_plugins.codecs.trf_document import (
    TRF26_RECORDS,
    TrfDocument,
    parse_document,
    player_line,
)
from caddy_plugins.formats.manual import ManualOptions
from caddy_plugins.formats.round_robin import RoundRobinOptions
from tests import texts
from tests.conftest import DATA, Run, make_distribution

TRF_FILES = sorted((DATA / "trf").glob("*.trf"))
#: Tournament records whose text must survive a round trip (TRF16 records 012-132, C.04 Annex 2).
TOURNAMENT_RECORDS = {f"{k:02d}2" for k in range(1, 14)}


def player_fields(doc: TrfDocument) -> list[tuple[Any, ...]]:
    """What the round trip keeps for every player (issue 7, Deliver 4)."""
    return [
        (p.number, p.sex, p.title, p.name, p.rating, p.federation, p.fide_id, p.birth, p.cells)
        for p in doc.players
    ]


def records(doc: TrfDocument, codes: set[str] | frozenset[str]) -> list[str]:
    return [line for line in (*doc.head, *doc.tail) if line[:3] in codes]


def trf() -> Any:
    return get_codec("trf")


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("flavour", [None, "26"])
def test_shared_files_round_trip(path: Path, flavour: str | None) -> None:
    """import → export → import is the identity on every player's fields and
    rounds and on records 012-132 (TRF26: also every TRF26 record present)."""
    data = path.read_bytes()
    first = trf().read(data, source=path.name)
    exported = trf().write(first.event, flavour=flavour)
    again = trf().read(exported.data, source="exported")
    original, written = parse_document(data, path.name), parse_document(exported.data)
    assert player_fields(written) == player_fields(original)
    assert records(written, TOURNAMENT_RECORDS) == records(original, TOURNAMENT_RECORDS)
    if flavour == "26":  # every TRF26 record of the input, as written
        present = {line[:3] for line in (*original.head, *original.tail)} & TRF26_RECORDS
        # a team event's 310 ranks are caddy's (columns 69-71) and its 300
        # line-ups follow the rounds' match order: test_trf_teams compares them
        exact = present - {"300", "310"}
        assert records(written, exact) == records(original, exact)
        assert sorted(records(written, {"300"})) == sorted(records(original, {"300"}))
        # (MP, GP, rank: columns 55-71; the sample states 13 MP for team 47, whose
        # own 240/320 records give 12: test_trf_teams)
        unranked = [x[:54] + x[71:] for x in records(written, {"310"})]
        assert unranked == [x[:54] + x[71:] for x in records(original, {"310"})]
    else:
        assert not records(written, TRF26_RECORDS - {"142"})
    # the event files agree too: same players, format and rounds
    assert again.event.tournament.players == first.event.tournament.players
    # a team event in TRF16 has its teams (013) but no line-ups (300), board
    # colours (352) or team records: it reads back as individual games
    if flavour == "26" or first.event.tournament.teams is None:
        assert again.event.tournament.format == first.event.tournament.format
        assert again.event.tournament.teams == first.event.tournament.teams
    assert state_rows(replay(again.event)) == state_rows(replay(first.event))


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
def test_shared_files_pass_check(path: Path, cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli("check", str(path))
    assert run.code == 0, run.out
    assert run.out.startswith(f"{path}: ok (")
    event = tmp_path / "event.json"
    assert cli("import", str(path), "-o", str(event)).code == 0
    run = cli("check", str(event))
    assert run.code == 0, run.out


def test_round_robin_file_imports_as_round_robin() -> None:
    """The FIDE TEC 6-player file has no 092/192: its results make it a round robin
    (the standings' rule), so it imports as round-robin with the file's own rounds."""
    path = DATA / "trf/rr_fide_tec_exercise_held_6p.trf"
    event = trf().read(path.read_bytes(), source="rr").event
    choice = event.tournament.format
    assert choice.name == "round-robin"
    assert choice.options.table == "given"
    # round 1 of the file: 1-5 (1 White), 2-6 (2 White), 4-3 (3 White)
    assert choice.options.given[0] == ((1, 2, 3), (5, 6, 4))
    lichess = DATA / "trf/swiss_lichess_2020-06-26_9p9r_allplayall.trf"
    swiss = trf().read(lichess.read_bytes(), source="lichess").event
    # 092 says Swiss and XXC gives the initial colour: not a round robin but a
    # Swiss the swiss format continues (planned rounds from XXR)
    assert swiss.tournament.format.name == "swiss"
    assert swiss.tournament.format.options.rounds == 9
    assert swiss.tournament.format.options.initial_colour == "black"


def test_import_reads_records_and_players() -> None:
    """Karl-Mala (FIDE's TRF16 sample): old title letters, dates, arbiter, double forfeits."""
    path = DATA / "trf/swiss_fide_example1_karl_mala_2005.trf"
    event = trf().read(path.read_bytes(), source="km").event
    t = event.tournament
    assert t.name == "9. Karl-Mala-Gedenkturnier"
    assert t.place == "Frankfurt (Main) /GER"
    assert str(t.start) == "2005-07-28" and str(t.end) == "2005-07-31"
    assert t.arbiter == "Ralph Blum (SV Griesheim)"
    first = t.players[0]
    assert (first.name, first.title, first.rating, first.federation) == (
        "Vasquez,Rodrigo",
        "GM",  # old letter 'g'
        2558,
        "CHI",
    )
    assert (first.fide_id, first.birth) == ("3400042", "1969.12.06")
    assert t.players[1].title == "IM"  # 'm'
    words = {op.result for op in event.operations if isinstance(op, RecordResult)}
    assert {"1-0", "0-1", "1/2", "+-", "-+"} <= words
    assert any(isinstance(op, PairRound) and op.uncoloured for op in event.operations)


def test_trf26_records_become_event_settings() -> None:
    """The TRF26 team sample: 222 read by the time-control plugins; 202's
    team tie-breaks (C.07 Arts. 12-13) are the event's list, with no warning."""
    path = DATA / "trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf"
    imported = trf().read(path.read_bytes(), source="cup")
    t = imported.event.tournament
    assert t.time_control is not None
    assert str(t.time_control) == "40/100, SD/15+30"
    assert t.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
    assert not [w for w in imported.warnings if "record 202" in w]
    assert t.format.options.rounds == 14  # record 142
    out = trf().write(imported.event, flavour="26").data.decode()
    assert "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP\n" in out
    assert "222 40/6000+30:900+30\n" in out


def test_strict_refuses_what_it_would_warn() -> None:
    path = DATA / "trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf"
    with pytest.raises(CaddyError) as caught:
        trf().read(path.read_bytes(), source="cup", strict=True)
    assert any("not a TRF record" in p for p in caught.value.problems)
    assert any("record 299" in p for p in caught.value.problems)


def test_stated_points_disagreement_names_the_players() -> None:
    path = DATA / "trf/rr_fide_tec_exercise_held_6p.trf"
    text = path.read_text().replace(
        "001    1 m    Alyx                              2200 NOR           0 1990/01/01  3.5",
        "001    1 m    Alyx                              2200 NOR           0 1990/01/01  4.5",
    )
    imported = trf().read(text.encode(), source="rr")
    assert imported.warnings == ("rr: player 1 (Alyx): stated points 4.5, the results give 3.5",)
    with pytest.raises(CaddyError, match=r"stated points 4\.5"):
        trf().read(text.encode(), source="rr", strict=True)


def test_export_writes_exact_columns_and_standings() -> None:
    """001 columns (FIDE Handbook C.04 Annex 2), points and ranks from caddy's standings."""
    path = DATA / "trf/rr_fide_tec_exercise_held_6p.trf"
    out = trf().write(trf().read(path.read_bytes(), source="rr").event).data.decode()
    line = next(x for x in out.splitlines() if x.startswith("001    1"))
    assert line[4:8] == "   1" and line[9] == "m" and line[14:47].rstrip() == "Alyx"
    assert line[48:52] == "2200" and line[53:56] == "NOR" and line[57:68] == "          0"
    assert line[69:79] == "1990/01/01" and line[80:84] == " 3.5" and line[85:89] == "   1"
    assert line[91:101] == "   5 w =  " and line[101:109] == "   2 w 1"
    # ranks as the standings give them (SB breaks the 3.5 tie: Alyx 9.25 first)
    ranks = {int(x[4:8]): int(x[85:89]) for x in out.splitlines() if x.startswith("001")}
    assert ranks[1] == 1


def test_player_line_columns() -> None:
    line = player_line(
        12,
        sex="w",
        title="WGM",
        name="Ng, Ann",
        rating=2301,
        federation="SGP",
        fide_id="5800000",
        birth="1999/01/02",
        points=17.0,
        rank=3,
        cells=[(4, "b", "1"), (None, "-", "H")],
    )
    assert line == (
        "001   12 wWGM Ng, Ann                           2301 SGP     5800000 1999/01/02 17.0    3"
        "     4 b 1  0000 - H"
    )


def test_caddy_event_exports_to_trf16_and_trf26(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A caddy round robin: 092, XXR / 142, 192, 202 and 222 made from the event."""
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nAnn,2100\nBen,2000\nCal,1900\nDan,1800\n")
    event = tmp_path / "e.json"
    assert (
        cli(
            "new",
            str(event),
            "--players",
            str(players),
            "--by",
            "given",
            "--name",
            "Club RR",
            "--tc",
            "90+30",
            "--tiebreaks",
            "SB,DE",
        ).code
        == 0
    )
    assert cli("result", str(event), "1", "1", "1-0").code == 0
    run = cli("export", str(event))
    assert run.code == 0, run.err
    assert "092 Individual: Round-Robin\n" in run.out and "XXR 3\n" in run.out
    run = cli("export", str(event), "--trf26")
    for record in ("142 3", "192 FIDE_ROUNDROBIN", "202 SB,DE", "222 5400+30"):
        assert f"\n{record}\n" in run.out
    out = tmp_path / "e.trf"
    assert cli("export", str(event), "--trf26", "-o", str(out)).code == 0
    back = tmp_path / "back.json"
    assert cli("import", str(out), "-o", str(back)).code == 0
    data = json.loads(back.read_text())
    assert data["tournament"]["format"]["name"] == "round-robin"  # 192 says so
    assert data["tournament"]["tiebreaks"] == ["SB", "DE"]
    assert data["tournament"]["time_control"] == "G/90+30"


def test_import_refuses_to_overwrite(cli: Callable[..., Run], tmp_path: Path) -> None:
    target = tmp_path / "e.json"
    target.write_text("keep")
    run = cli("import", str(TRF_FILES[0]), "-o", str(target))
    assert run.code == 1 and "exists already" in run.err
    assert target.read_text() == "keep"


# -- check -----------------------------------------------------------------------------

SIX = (DATA / "trf/rr_fide_tec_exercise_held_6p.trf").read_text()


def edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_check_names_real_problems(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Two players claim the same opponent; colours and results disagree."""
    broken = edit(SIX, "2 m    Bruno", "2 m    Bruno")
    # round 1: Bruno (2) now claims 5, whom Alyx (1) also claims
    broken = edit(broken, "1.5    5     1 b =", "1.5    5     1 b =")
    broken = edit(
        broken,
        "2150 NOR           0 1990/01/01  3.5    2     6 w 1",
        "2150 NOR           0 1990/01/01  3.5    2     5 w 1",
    )
    path = tmp_path / "broken.trf"
    path.write_text(broken)
    run = cli("check", str(path))
    assert run.code == 1
    lines = run.out.splitlines()
    assert f"{path}: round 1: 2 players (1 (Alyx) and 2 (Bruno)) name 5 as their opponent" in lines
    assert any(
        "player 2 (Bruno) names 5 (Franck) as opponent, but 5's line names 1" in x for x in lines
    )
    assert any(
        "player 6 (Helene) names 2 (Bruno) as opponent, but 2's line names 5" in x for x in lines
    )
    assert "problem(s)" in run.err


def test_check_colours_results_and_meetings() -> None:
    rows = [
        [(2, "w", "1"), (2, "w", "1")],
        [(1, "w", "1"), (1, "b", "0")],
    ]
    problems = check_rows(rows, cycles=0)
    assert "round 1: colours of 1 (w) and 2 (w) disagree" in problems
    assert "round 1: results of 1 (1) and 2 (1) disagree" in problems
    assert "players 1 and 2 meet 2 times (rounds 1, 2)" in problems
    # a forfeit does not count as a meeting in a Swiss (C.04: they may be paired again)
    assert not check_rows([[(2, "w", "+"), (2, "b", "1")], [(1, "b", "-"), (1, "w", "0")]])
    # a round robin: every pair exactly once
    three = [[(2, "w", "1")], [(1, "b", "0")], []]
    assert check_rows(three, cycles=1) == [
        "round robin: players 1 and 3 meet 0 times, not once",
        "round robin: players 2 and 3 meet 0 times, not once",
    ]


def test_check_event_file_round_robin(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = tmp_path / "e.json"
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,\nB,\nC,\nD,\n")
    assert cli("new", str(event), "--players", str(players), "--by", "given").code == 0
    run = cli("check", str(event))
    assert run.code == 0 and "ok (4 players, 3 rounds, round robin)" in run.out


# -- broken files ----------------------------------------------------------------------

LINE = "001    1 m    Alyx                              2200 NOR           0 1990/01/01  1.0    1     2 w 1"
LINE2 = "001    2 m    Bruno                             2150 NOR           0 1990/01/01  0.0    2     1 b 0"

BROKEN: list[tuple[str, bytes, str]] = [
    ("empty", b"", "no player lines (001)"),
    ("binary", bytes(range(256)) * 4, "no player lines (001)"),
    ("records only", b"012 Name\n042 2024/01/01\n", "no player lines (001)"),
    (
        "rating",
        (LINE.replace("2200", "22x0") + "\n" + LINE2).encode(),
        "rating '22x0' (columns 49-52)",
    ),
    (
        "points",
        (LINE.replace(" 1.0 ", " 1,0 ") + "\n" + LINE2).encode(),
        "points '1,0' (columns 81-84)",
    ),
    (
        "shifted rounds",
        (LINE[:89] + "x" + LINE[90:] + "\n" + LINE2).encode(),
        "columns 90-91 must be blank",
    ),
    ("unknown code", (LINE[:-1] + "X\n" + LINE2).encode(), "unknown result code 'X'"),
    ("bad colour", (LINE[:-3] + "q 1\n" + LINE2).encode(), "colour 'q'"),
    (
        "bad opponent",
        (LINE.replace("    2 w 1", "   x2 w 1") + "\n" + LINE2).encode(),
        "opponent 'x2' is not a number",
    ),
    (
        "opponent not a player",
        (LINE.replace("    2 w 1", "    9 w 1") + "\n" + LINE2).encode(),
        "opponent 9 is not a player",
    ),
    ("rank used twice", (LINE + "\n" + LINE).encode(), "starting rank 1 is used twice"),
    ("gap", (LINE + "\n" + LINE2.replace("001    2", "001    3")).encode(), "without gaps"),
    ("no result", (LINE[:-1] + " \n" + LINE2).encode(), "no result against opponent 2"),
    (
        "results disagree",
        (LINE + "\n" + LINE2[:-1] + "1").encode(),
        "results of 1 (Alyx) (1) and 2 (Bruno) (1) disagree",
    ),
    (
        "same opponent twice",
        (
            LINE
            + "\n"
            + LINE2
            + "\n"
            + LINE2.replace("001    2", "001    3").replace("Bruno", "Cleo ")
        ).encode(),
        "name 1 as their opponent",
    ),
]


@pytest.mark.parametrize("name,data,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_trf_gives_clear_lines(
    name: str, data: bytes, message: str, cli: Callable[..., Run], tmp_path: Path
) -> None:
    path = tmp_path / "broken.trf"
    path.write_bytes(data)
    run = cli("import", str(path), "-o", str(tmp_path / "out.json"))
    assert run.code == 1
    assert "Traceback" not in run.err
    assert message in run.err, run.err
    assert all(line.startswith("caddy: error: ") for line in run.err.splitlines())
    assert not (tmp_path / "out.json").exists()


def test_latin1_file_is_read_and_reported(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = tmp_path / "latin.trf"
    path.write_bytes((LINE.replace("Alyx", "Jos\xe9") + "\n" + LINE2).encode("latin-1"))
    out = tmp_path / "out.json"
    run = cli("import", str(path), "-o", str(out))
    assert run.code == 0
    assert "not UTF-8 (byte 17); read as Latin-1" in run.err
    assert json.loads(out.read_text())["tournament"]["players"][0]["name"] == "José"
    run = cli("import", str(path), "-o", str(tmp_path / "strict.json"), "--strict")
    assert run.code == 1 and "read as Latin-1" in run.err


def test_line_ends_cr_lf_crlf() -> None:
    text = LINE + "\n" + LINE2 + "\n"
    docs = [parse_document(text.replace("\n", end).encode()) for end in ("\n", "\r", "\r\n")]
    assert player_fields(docs[0]) == player_fields(docs[1]) == player_fields(docs[2])


def test_ten_thousand_players(cli: Callable[..., Run], tmp_path: Path) -> None:
    """TRF's columns 5-8 hold 9999 players: the 10,000th is refused by name, fast."""
    lines = [player_line(k, name=f"Player {k}", cells=[(None, "-", "U")]) for k in range(1, 10_001)]
    path = tmp_path / "huge.trf"
    path.write_text("\n".join(lines) + "\n")
    run = cli("check", str(path))
    assert run.code == 1
    assert "starting rank '10000' does not fit columns 5-8" in run.err
    path.write_text("\n".join(lines[:9999]) + "\n")
    run = cli("check", str(path))
    assert run.code == 0 and "9999 players" in run.out


def test_unreadable_paths(cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli("check", str(tmp_path / "missing.trf"))
    assert run.code == 1 and "no such file" in run.err
    run = cli("check", str(tmp_path))
    assert run.code == 1 and "is a folder" in run.err


# -- hypothesis: event → TRF → event ---------------------------------------------------

NAMES = (
    st.text(
        alphabet=texts.utf8_characters("Cc", "Zl", "Zp"),
        min_size=1,
        max_size=33,
    )
    .map(str.strip)
    .filter(bool)
)


@st.composite
def swiss_events(draw: st.DrawFn) -> EventFile:
    """Manual events with games, forfeits (some without colours), short games,
    every kind of bye and a withdrawal."""
    n = draw(st.integers(2, 10))
    players = [
        Player(
            name=draw(NAMES),
            rating=draw(st.none() | st.integers(1000, 2800)),
            federation=draw(st.none() | st.sampled_from(["NOR", "GER", "IND"])),
            fide_id=draw(st.none() | st.integers(1, 10**9).map(str)),
            title=draw(st.none() | st.sampled_from(["GM", "IM", "WFM"])),
            sex=draw(st.none() | st.sampled_from(["m", "w"])),
            birth=draw(st.none() | st.sampled_from(["1990/01/01", "2001/00/00"])),
        )
        for _ in range(n)
    ]
    event = new_event(players, "manual", ManualOptions())
    rounds = draw(st.integers(1, 4))
    gone: int | None = None
    for rnd in range(1, rounds + 1):
        active = [p for p in range(1, n + 1) if p != gone]
        order = draw(st.permutations(active))
        pairs = len(order) // 2
        pairs = draw(st.integers(0, pairs))
        white, black = order[: 2 * pairs : 2], order[1 : 2 * pairs : 2]
        rest = order[2 * pairs :]
        words = [
            draw(st.sampled_from(["1-0", "0-1", "1/2", "+-", "-+", "--", "W-L", "D-D"]))
            for _ in white
        ]
        flags: list[bool] = [draw(st.booleans()) for _ in words]
        uncoloured = tuple(
            b
            for b, (word, flag) in enumerate(zip(words, flags, strict=True), 1)
            if word in ("+-", "-+", "--") and flag
        )
        give_pab: bool = draw(st.booleans())
        pab = tuple(rest[:1]) if rest and give_pab else ()
        event = event.with_operation(
            PairRound(
                round=rnd,
                white=tuple(
                    min(w, b) if (i + 1) in uncoloured else w
                    for i, (w, b) in enumerate(zip(white, black, strict=True))
                ),
                black=tuple(
                    max(w, b) if (i + 1) in uncoloured else b
                    for i, (w, b) in enumerate(zip(white, black, strict=True))
                ),
                byes=pab,
                uncoloured=uncoloured,
            )
        )
        for p in rest[len(pab) :]:
            kind = draw(
                st.sampled_from(["full", "half", "zero", "forfeit-win", "forfeit-loss", None])
            )
            if kind:
                event = event.with_operation(RecordBye(round=rnd, player=p, kind=kind))
        for board, word in enumerate(words, 1):
            event = event.with_operation(RecordResult(round=rnd, board=board, result=word))
        if gone is None and rnd < rounds and draw(st.booleans()):
            gone = draw(st.sampled_from(active))
            event = event.with_operation(Withdraw(player=gone, after_round=rnd))
    return event


def trf_view(event: EventFile) -> tuple[Any, ...]:
    """What TRF carries of an event: players' fields and every round's cells."""
    players = [
        (p.name, p.rating, p.federation, p.fide_id, p.title, p.sex, p.birth)
        for p in event.tournament.players
    ]
    return players, state_rows(replay(event))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_events(), st.sampled_from([None, "26"]))
def test_event_trf_event_round_trip(event: EventFile, flavour: str | None) -> None:
    data = trf().write(event, flavour=flavour).data
    back = trf().read(data, source="generated").event
    assert trf_view(back) == trf_view(event)


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 12), st.integers(1, 2), st.data())
def test_round_robin_trf_round_trip(n: int, cycles: int, data: st.DataObject) -> None:
    """A caddy round robin with results comes back as a round robin with the same games."""
    players = [Player(name=f"P{k}") for k in range(1, n + 1)]
    event = new_event(players, "round-robin", RoundRobinOptions(cycles=cycles))
    state = replay(event)
    played = data.draw(st.integers(0, len(state.rounds)))
    for rnd in state.rounds[:played]:
        for board in range(1, len(rnd.white) + 1):
            word = data.draw(st.sampled_from(["1-0", "0-1", "1/2", "+-"]))
            event = event.with_operation(RecordResult(round=rnd.number, board=board, result=word))
    back = trf().read(trf().write(event, flavour="26").data, source="rr").event
    assert back.tournament.format.name == "round-robin"
    assert state_rows(replay(back)) == state_rows(replay(event))


# -- a third party's codec --------------------------------------------------------------


def test_third_party_codec(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    cli: Callable[..., Run],
) -> None:
    root = make_distribution(
        tmp_path / "site",
        "fake-caddy-codec",
        "0.3.0",
        ["fake_caddy_codec"],
        "[caddy.codecs]\nplayerlist = fake_caddy_codec\n",
    )
    monkeypatch.syspath_prepend(str(root))
    request.addfinalizer(lambda: sys.modules.pop("fake_caddy_codec", None))
    run = cli("plugins", "--json")
    listed = {p["module"]: p for p in json.loads(run.out)["plugins"]}
    assert listed["fake_caddy_codec"]["registers"] == {"codecs": ["playerlist"]}
    assert listed["fake_caddy_codec"]["distribution"] == "fake-caddy-codec"
    assert listed["caddy_plugins.codecs.trf"]["registers"] == {"codecs": ["trf"]}
    source = tmp_path / "club.players"
    source.write_text("Ann;2100\nBen;\n")
    event = tmp_path / "club.json"
    run = cli("import", str(source), "-o", str(event))
    assert run.code == 0, run.err
    run = cli("export", str(event), "--to", "playerlist")
    assert run.code == 0 and run.out == "Ann;2100\nBen;\n"
