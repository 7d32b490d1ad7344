"""``caddy check FILE --pairings``: every round re-paired from the rounds before it.

Sources:
- FIDE's endorsement of pairing programs (FIDE Handbook C.04.A, "Annex-3":
  a checker that re-pairs a tournament and lists each round that differs).
- tests/data/swiss/dutch-2026 (SOURCES.md there): tournaments paired by
  bbpPairings, a FIDE-endorsed engine; none of their rounds may differ. A
  planted swap of two boards' Blacks must be named (round and boards).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run
from tests.team_swiss_sample import command_line_readings

CORPUS = DATA / "swiss" / "dutch-2026"
ELEVEN = CORPUS / "dutch2026-000003-11p9r.trf"


def swap_blacks(path: Path, out: Path, round_number: int, cells: dict[int, str]) -> Path:
    """A copy of ``path`` with the given players' cells of ``round_number`` replaced."""
    column = 91 + 10 * (round_number - 1)
    lines = []
    for line in path.read_text().splitlines():
        if line.startswith("001") and int(line[4:8]) in cells:
            line = line[:column] + cells[int(line[4:8])] + line[column + 8 :]
        lines.append(line)
    out.write_text("\n".join(lines) + "\n")
    return out


#: Round 9 of the 11-player file: 9-1 (1 wins) and 11-4 (4 wins) become 9-4 and 11-1.
LAST_ROUND_SWAP = {1: "  11 b 1", 4: "   9 b 1", 9: "   4 w 0", 11: "   1 w 0"}
#: Round 4: 1-5 (draw) and 7-3 (draw) become 1-3 and 7-5.
ROUND_4_SWAP = {1: "   3 w =", 3: "   1 b =", 5: "   7 b =", 7: "   5 w ="}


@pytest.mark.parametrize(
    "name",
    [
        "dutch2026-000003-11p9r.trf",
        "dutch2026-000056-39p10r.trf",
        "dutch2026-000012-93p8r.trf",
        "dutch2026-000033-62p7r.trf",
    ],
)
def test_corpus_files_have_no_differing_round(name: str, cli: Callable[..., Run]) -> None:
    path = CORPUS / name
    run = cli("check", str(path), "--pairings")
    rounds = int(name.split("p")[1].split("r")[0])
    assert (run.code, run.err) == (0, "")
    assert run.out == (
        f"{path}: ok ({rounds} rounds re-paired by the Dutch system: every pairing identical)\n"
    )


def test_a_planted_swap_is_named(cli: Callable[..., Run], tmp_path: Path) -> None:
    """The last round's two boards swapped: that round, those two boards, exit 1."""
    path = swap_blacks(ELEVEN, tmp_path / "swapped.trf", 9, LAST_ROUND_SWAP)
    run = cli("check", str(path), "--pairings")
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{path}: round 9 board 1: caddy pairs 9-1; the file has 9-4 (board 3) and "
        "11-1 (board 1) (paired in Bracket 2; 5.2.1 both preferences granted)",
        f"{path}: round 9 board 3: caddy pairs 11-4; the file has 11-1 (board 1) and "
        "9-4 (board 3) (paired in Bracket 2.5; 5.2.1 both preferences granted)",
    ]
    assert run.err == f"caddy: {path}: 1 of 9 rounds differ (round(s) 9)\n"


def test_a_swap_in_the_middle_is_the_first_round_named(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Later rounds were paired from the unchanged history, so they may differ
    too; the first round named is the one changed, with its two boards."""
    path = swap_blacks(ELEVEN, tmp_path / "swapped.trf", 4, ROUND_4_SWAP)
    run = cli("check", str(path), "--pairings")
    assert run.code == 1
    first = [line for line in run.out.splitlines() if ": round 4 " in line]
    assert [line.split(": caddy pairs ")[1].split(";")[0] for line in first] == ["1-5", "7-3"]
    assert run.out.splitlines()[:2] == first
    assert "(round(s) 4" in run.err


def test_an_imported_swiss_event_is_checked_too(cli: Callable[..., Run], tmp_path: Path) -> None:
    """The file imported as a swiss event: the event's rounds re-paired from its state."""
    event = tmp_path / "e.json"
    assert cli("import", str(ELEVEN), "-o", str(event)).code == 0
    run = cli("check", str(event), "--pairings")
    assert (run.code, run.out) == (
        0,
        f"{event}: ok (9 rounds re-paired by format 'swiss': every pairing identical)\n",
    )
    swapped = tmp_path / "swapped.json"
    source = swap_blacks(ELEVEN, tmp_path / "swapped.trf", 9, LAST_ROUND_SWAP)
    assert cli("import", str(source), "-o", str(swapped)).code == 0
    run = cli("check", str(swapped), "--pairings")
    assert run.code == 1 and len(run.out.splitlines()) == 2
    assert all(": round 9 board " in line for line in run.out.splitlines())


def test_refusals(cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli("check", str(ELEVEN), "--pairings", "lim")
    assert (run.code, run.out) == (1, "")
    assert run.err == (
        "caddy: error: caddy checks pairings of the Dutch system ('dutch'), the Burstein "
        "system ('burstein') and the Swiss Team Pairing System ('team-swiss'), not 'lim'\n"
    )  # issue 24 item 8: team files are re-paired by C.04.6; issue 28: Burstein files too
    run = cli("check", str(ELEVEN), "--pairings", "burstein")
    assert run.err == (
        f"caddy: error: {ELEVEN} is an individual event: caddy re-pairs it by the Dutch "
        "system (--pairings dutch), not the Burstein system (FIDE C.04.4.2)\n"
    )
    run = cli("check", str(ELEVEN), "--pairings", "team-swiss")
    assert run.err == (
        f"caddy: error: {ELEVEN} is an individual event: caddy re-pairs it by the Dutch "
        "system (--pairings dutch), not the Swiss Team Pairing System (FIDE C.04.6)\n"
    )
    rr = tmp_path / "rr.json"
    assert (
        cli("import", str(DATA / "trf/rr_fide_tec_exercise_held_6p.trf"), "-o", str(rr)).code == 0
    )
    run = cli("check", str(rr), "--pairings")
    assert run.code == 1 and run.err.startswith(f"caddy: error: {rr}: format 'round-robin'")


def test_a_forbidden_pair_is_named_when_it_changed_the_pairing(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 16: with `XXP 1 5` (1 and 5 must not meet) the file's round 4, which
    pairs them, differs; the checker says the forbidden pair decided caddy's boards."""
    path = tmp_path / "xxp.trf"
    path.write_text(ELEVEN.read_text().replace("XXR 9\n", "XXR 9\nXXP 1 5\n"))
    run = cli("check", str(path), "--pairings")
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[0] == (
        f"{path}: round 4 board 1: caddy pairs 1-10; the file has 1-5 (board 1) and 10-6 "
        "(board 4) (paired in Bracket 2; 5.2.1 both preferences granted; forbidden pair 1-5 "
        "kept apart)"
    )
    assert all(": round 4 " in line for line in lines)
    assert run.err == f"caddy: {path}: 1 of 9 rounds differ (round(s) 4)\n"


#: The FIDE TEC team sample (TRF-2026, 50 teams of 4 boards, 14 rounds;
#: tests/data/trf/SOURCES.md) and the readings under which its pairings come
#: out (docs/team-swiss.md): the sample options and team 47's round-3 half bye
#: that only its record 801 shows.
TEAM_SAMPLE = DATA / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"
TEAM_READINGS = (*command_line_readings(), "--trf-801-byes")


def test_a_team_file_is_checked_match_by_match_under_the_sample_readings(
    cli: Callable[..., Run],
) -> None:
    """C.04.6 pairs matches, not boards: under the readings of `caddy pair`
    (--option, --trf-801-byes) every round's matches and team PAB are the
    file's, and the four rounds that differ (as benchmarks/team_swiss_trf_check.py
    --sample-readings finds: 10/14 identical) differ only in the board-1
    colours of seven matches, one line each."""
    run = cli("check", str(TEAM_SAMPLE), "--pairings", *TEAM_READINGS)
    assert run.code == 1
    path = TEAM_SAMPLE
    assert run.out.splitlines() == [
        f"{path}: round {r} match {m}: caddy pairs teams {w}-{b}; the file has {b}-{w} "
        f"(match {f}): colours differ (paired in bracket {k}; colours by {rule})"
        for r, m, w, b, f, k, rule in (
            (2, 2, 8, 19, 6, 4, "4.3.8 (C.04.1 Art. 8)"),
            (2, 12, 20, 31, 11, 2, "4.3.8 (C.04.1 Art. 8)"),
            (2, 16, 36, 26, 18, 2, "4.3.8 (C.04.1 Art. 8)"),
            (3, 20, 43, 37, 20, 2, "4.3.2"),
            (9, 3, 13, 8, 5, 11, "4.3.6"),
            (13, 10, 30, 21, 10, 12, "4.3.6"),
            (13, 11, 34, 28, 4, 12, "4.3.3"),
        )
    ]
    assert run.err == (
        f"caddy: {path}: 4 of 14 rounds differ (round(s) 2, 3, 9, 13), 4 of them in "
        "colours only (every pair and bye as the file has it)\n"
    )


@pytest.mark.slow  # the 14 rounds re-paired again without the readings: nox -s slow
def test_a_team_file_without_the_readings_names_matches_not_boards(
    cli: Callable[..., Run],
) -> None:
    """Without the readings the sample's rounds differ, but each line is a
    match (the team line-ups are the captains', not the pairing's)."""
    run = cli("check", str(TEAM_SAMPLE), "--pairings")
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines and all(re.search(r": round \d+ match \d+: caddy pairs teams ", x) for x in lines)
    assert " board " not in run.out


def test_a_line_without_a_reason_points_to_caddy_pair_explain(
    cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`caddy check` has no --explain: a line whose reason the explanation does
    not give names the command that explains the round (a TRF file), or ends
    without a hint (an event file, whose past rounds `caddy pair` cannot explain)."""
    monkeypatch.setattr("caddy.pairing.differences._reason", lambda *args: "")
    path = swap_blacks(ELEVEN, tmp_path / "swapped.trf", 9, LAST_ROUND_SWAP)
    run = cli("check", str(path), "--pairings")
    assert run.out.splitlines()[0] == (
        f"{path}: round 9 board 1: caddy pairs 9-1; the file has 9-4 (board 3) and "
        f"11-1 (board 1) (caddy pair {path} --round 9 --explain says why)"
    )
    run = cli("check", str(path), "--pairings", "--rounds", "9")
    assert run.out.splitlines()[0].endswith(
        f"(caddy pair {path} --round 9 --explain with the same options says why)"
    )
    event = tmp_path / "swapped.json"
    assert cli("import", str(path), "-o", str(event)).code == 0
    run = cli("check", str(event), "--pairings")
    assert run.out.splitlines()[0] == (
        f"{event}: round 9 board 1: caddy pairs 9-1; the file has 9-4 (board 3) and 11-1 (board 1)"
    )
    assert "explain" not in run.out


def test_check_options_and_their_errors(cli: Callable[..., Run], tmp_path: Path) -> None:
    """--option and --trf-801-byes as `caddy pair FILE.trf` takes them: one
    error line for a bad option, for either flag without --pairings, and for
    --option or --trf-801-byes on an event file (read with its own options)."""
    run = cli("check", str(ELEVEN), "--pairings", "--option", "colour_exempt_rounds=x")
    assert (run.code, run.out) == (1, "")
    assert len(run.err.splitlines()) == 1 and "colour_exempt_rounds" in run.err
    assert "Traceback" not in run.err
    run = cli("check", str(ELEVEN), "--pairings", "--option", "nonsense")
    assert run.err == "caddy: error: --option expects KEY=VALUE, got 'nonsense'\n"
    for flag in (("--option", "colour_exempt_rounds=1"), ("--trf-801-byes",)):
        run = cli("check", str(ELEVEN), *flag)
        assert (run.code, run.err) == (1, f"caddy: error: {flag[0]} goes with --pairings\n")
    event = tmp_path / "e.json"
    assert cli("import", str(ELEVEN), "-o", str(event)).code == 0
    run = cli("check", str(event), "--pairings", "--option", "colour_exempt_rounds=1")
    assert run.err == (
        "caddy: error: --option is for TRF files; an event file's rounds use its options\n"
    )
    run = cli("check", str(event), "--pairings", "--trf-801-byes")
    assert run.err == (
        f"caddy: error: --trf-801-byes reads TRF files; {event} is an event file "
        "(read at its import)\n"
    )


def test_export_reads_the_801_byes_on_request(cli: Callable[..., Run], tmp_path: Path) -> None:
    """`caddy export FILE.trf --trf-801-byes` reads team 47's round-3 half bye
    from its record 801 (docs/trf.md) and writes it in record 240, with the
    sample's 310 points for the team (13 MP, 24.5 GP); an event file refuses it."""
    plain = cli("export", str(TEAM_SAMPLE), "--trf26")
    read = cli("export", str(TEAM_SAMPLE), "--trf26", "--trf-801-byes")
    assert (plain.code, read.code) == (0, 0)
    assert "240 H   3   26   50\n" in plain.out
    assert "240 H   3   26   47   50\n" in read.out
    team = [line for line in read.out.splitlines() if line.startswith("310  47 ")]
    assert team[0].split()[-8:-6] == ["13.0", "24.5"]
    event = tmp_path / "e.json"
    assert cli("import", str(ELEVEN), "-o", str(event)).code == 0
    run = cli("export", str(event), "--trf-801-byes")
    assert (run.code, run.out) == (1, "")
    assert run.err.startswith("caddy: error: --trf-801-byes reads TRF files;")


def test_a_team_round_compares_matches_and_the_team_pab() -> None:
    """C.04.6 pairs matches and gives the PAB to a team: a match the file has
    with the other team on White, a match the file does not have, and a PAB
    given to another team, one line each; line-ups are not compared."""
    from caddy.model.schedule import Round
    from caddy.model.teams import TeamBye, TeamMatchPairing, TeamRound
    from caddy.pairing.differences import match_differences

    def match(white: int, black: int, lineup: tuple[int, int]) -> TeamMatchPairing:
        return TeamMatchPairing(white=white, black=black, white_lineup=lineup, black_lineup=lineup)

    caddy = TeamRound(
        matches=(match(1, 2, (1, 2)), match(3, 4, (5, 6)), match(5, 6, (9, 10))),
        byes=(TeamBye(team=7, kind="pab"),),
    )
    file = TeamRound(
        matches=(match(1, 2, (2, 1)), match(4, 3, (5, 6)), match(5, 7, (9, 10))),
        byes=(TeamBye(team=6, kind="pab"),),
    )
    paired = Round(number=3, white=(), black=(), teams=caddy)
    assert match_differences("cup", file, paired, hint="see there") == [
        "cup: round 3 match 2: caddy pairs teams 3-4; the file has 4-3 (match 2): colours differ "
        "(see there)",
        "cup: round 3 match 3: caddy pairs teams 5-6; the file has 5-7 (match 3) and team 6 "
        "with the pairing-allocated bye (see there)",
        "cup: round 3: caddy gives the pairing-allocated bye to team 7; the file to team 6",
    ]
