"""The FIDE TEC team sample (TRF-2026, "Grandmommy's Cup": 50 teams, 4
boards, 14 rounds; tests/data/trf/SOURCES.md) through the commands an
arbiter runs: ``caddy standings FILE --json`` ranks the teams on record 202's
list, and ``caddy pair FILE --round r`` pairs each round as the file has it.

Sources: FIDE Handbook C.07 (2024-08 edition, the event starts 2024-01-01),
C.04.6 (Swiss Team Pairing System), C.04.7 (Baku acceleration); the sample's
departures from C.04.6 are listed in docs/team-swiss.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from caddy.codecs import get_codec
from caddy.event import PairRound

from .conftest import Run
from .team_swiss_sample import command_line_readings

SAMPLE = Path(__file__).parent / "data" / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"

#: The readings that reproduce the sample (docs/team-swiss.md).
READINGS = command_line_readings()


def stated_310() -> dict[int, tuple[float, float]]:
    """Team number -> (MP, GP) as the file's 310 lines state them (columns 55-60, 62-67)."""
    out = {}
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("310 "):
            out[int(line[4:7])] = (float(line[54:60]), float(line[61:67]))
    return out


def test_standings_rank_the_teams_on_record_202(cli: Callable[..., Run]) -> None:
    """Every team's row: pairing_number = team number, MP and GP equal to its
    310 line (C.07 Art. 11), tie-breaks keyed as 202 writes them. India 3
    (16) and Slovakia (22) tie on 20 MP and did not meet (EDET/P 1 each);
    EMGSB/C1/P (C.07 13.2.2, 14.1) puts 16 first, 528 to 504.5, whatever the
    file's own rank column says."""
    run = cli("standings", str(SAMPLE), "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert document["schema"] == "caddy.team-standings"
    assert document["tiebreaks"] == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    rows = document["rows"]
    assert {
        r["pairing_number"]: (r["match_points"], r["game_points"]) for r in rows
    } == stated_310()
    assert [r["rank"] for r in rows] == list(range(1, 51))
    first, second = rows[0], rows[1]
    assert (first["pairing_number"], second["pairing_number"]) == (16, 22)
    assert (first["tiebreaks"]["EDET/P"], second["tiebreaks"]["EDET/P"]) == (1.0, 1.0)
    assert (first["tiebreaks"]["EMGSB/C1/P"], second["tiebreaks"]["EMGSB/C1/P"]) == (528.0, 504.5)
    assert set(first["tiebreaks"]) == set(document["tiebreaks"])
    # the 299 line is one warning, and does not stop the import
    assert "record 299 (abnormal points) is not read" in run.err


def _file_rounds() -> list[tuple[set[tuple[int, int]], int | None]]:
    event = get_codec("trf").read(SAMPLE.read_bytes(), source="cup").event
    rounds = []
    for op in event.operations:
        if isinstance(op, PairRound) and op.teams is not None:
            pab = [b.team for b in op.teams.byes if b.kind == "pab"]
            rounds.append(({(m.white, m.black) for m in op.teams.matches}, pab[0] if pab else None))
    return rounds


def _paired(
    cli: Callable[..., Run], number: int, *extra: str
) -> tuple[set[tuple[int, int]], int | None]:
    run = cli("pair", str(SAMPLE), "--round", str(number), "--json", *extra)
    assert run.code == 0, run.err
    document = json.loads(run.out)
    pab = [b["team"] for b in document["team_byes"] if b["kind"] == "pab"]
    return {(m["white"], m["black"]) for m in document["matches"]}, pab[0] if pab else None


def test_every_round_is_paired_as_the_file_has_it(cli: Callable[..., Run]) -> None:
    """``caddy pair FILE --round r`` from rounds 1..r-1 (and round r's
    absences) with the readings of docs/team-swiss.md: every round's matches
    and PAB are the file's; the board-1 colours are the file's in the rounds
    listed (seven colour choices of the file, in rounds 2, 3, 9 and 13,
    follow no reading of C.04.6 Art. 4 found, docs/team-swiss.md)."""
    truth = _file_rounds()
    assert len(truth) == 14
    identical = []
    for number, (pairs, pab) in enumerate(truth, 1):
        got, got_pab = _paired(cli, number, *READINGS)
        assert got_pab == pab, number
        assert {frozenset(p) for p in got} == {frozenset(p) for p in pairs}, number
        if got == pairs:
            identical.append(number)
    assert identical == [1, 4, 5, 6, 7, 8, 10, 11, 12, 14]


def test_the_rules_text_by_default(cli: Callable[..., Run]) -> None:
    """Without the readings (the 2026 text, records 152 and 260 as written):
    round 1 gives team 1 White against 14 (C.04.6 4.3.1, 152 W, TPN 1 odd),
    and no round pairs a 260 pair (1, 11, 16 never meet)."""
    got, _ = _paired(cli, 1)
    assert (1, 14) in got
    for number in (3, 7, 10):  # the rounds where the file pairs a 260 pair
        pairs, _ = _paired(cli, number)
        assert not {frozenset(p) for p in pairs} & {
            frozenset(p) for p in ((1, 11), (1, 16), (11, 16))
        }


def test_docs_list_the_departures() -> None:
    text = (Path(__file__).parent.parent / "docs" / "team-swiss.md").read_text(encoding="utf-8")
    for option in (
        "initial_colour_parity",
        "ignore_forbidden",
        "upfloater_lookahead",
        "colour_exempt_rounds",
        "balance_colours",
        "first_team_without_pab",
    ):
        assert re.search(option, text), option
