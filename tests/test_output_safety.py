"""Output safety and TRF robustness (issue 13: defects e, u and the TRF parts of v).

Sources: FIDE's rule for withdrawals from a round robin (General Regulations
for Competitions 6.6; docs/standings.md), the TRF16 player-line columns
(FIDE Handbook C.04 Annex 2; docs/trf.md), and OWASP's "CSV Injection"
guidance (cells starting ``= + - @``, tab or CR are prefixed with ``'``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from caddy.plugins.lookup import get_codec
from tests.conftest import Run

#: The README's workflow (README.md, "Running an event"): Finn (6) leaves after
#: round 2 having completed 2 of his 5 games (< 50%): his results are annulled.
PLAYERS = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"
WORKFLOW = [
    ("1", "1", "1-0"),
    ("1", "2", "1/2"),
    ("1", "3", "0-1"),
    ("2", "1", "1/2"),
    ("2", "2", "1-0"),
    ("2", "3", "1-0"),
    "withdraw",
    ("3", "2", "1-0"),
    ("3", "3", "1/2"),
    ("4", "2", "1-0"),
    ("4", "3", "1-0"),
    ("5", "2", "0-1"),
    ("5", "3", "1/2"),
]


def _club(cli: Callable[..., Run], tmp_path: Path, name: str = "Club championship") -> Path:
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    club = tmp_path / "club.json"
    run = cli(
        "new", str(club), "--format", "round-robin", "--players", str(players),
        "--tiebreaks", "SB,DE,KS", "--by", "rating", "--name", name, "--start", "2026-09-01",
    )  # fmt: skip
    assert run.code == 0, run.err
    for step in WORKFLOW:
        run = (
            cli("withdraw", str(club), "Finn")
            if step == "withdraw"
            else cli("result", str(club), *step)
        )
        assert run.code == 0, run.err
    return club


def _standings(cli: Callable[..., Run], path: Path) -> list[tuple[Any, ...]]:
    run = cli("standings", str(path), "--json")
    assert run.code == 0, run.err
    rows = json.loads(run.out)["rows"]
    return [
        (r["rank"], r["pairing_number"], r["score"], r["annulled"], r["tiebreaks"]) for r in rows
    ]


# -- e: TRF export after an annulment --------------------------------------------------


def test_e_trf_points_are_the_standings_after_an_annulment(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """The points column is caddy's standings (Finn's games count for nobody),
    the games stay as played (they are rated), Finn's later rounds are ``-``."""
    club = _club(cli, tmp_path)
    trf = tmp_path / "club.trf"
    assert cli("export", str(club), "--to", "trf", "-o", str(trf)).code == 0
    lines = [line for line in trf.read_text().splitlines() if line.startswith("001")]
    points = {int(line[4:8]): line[80:84] for line in lines}
    # docs: README standings: Anna, Eve, Ben 2.5; Dan 1.5; Cara 1; Finn annulled (0)
    assert points == {1: " 2.5", 2: " 2.5", 3: " 1.0", 4: " 1.5", 5: " 2.5", 6: " 0.0"}
    assert lines[5][91:] == "   1 b 0     4 w =     2 b -     5 w -     3 b -"


def test_e_event_trf_event_standings_equal(cli: Callable[..., Run], tmp_path: Path) -> None:
    club = _club(cli, tmp_path)
    trf = tmp_path / "club.trf"
    back = tmp_path / "back.json"
    assert cli("export", str(club), "--to", "trf", "-o", str(trf)).code == 0
    run = cli("import", str(trf), "-o", str(back))
    assert run.code == 0 and "warning" not in run.err, run.err
    expected = _standings(cli, club)
    assert expected[-1][1:4] == (6, 0.0, True)
    assert _standings(cli, trf) == expected
    assert _standings(cli, back) == expected
    check = cli("check", str(trf))
    assert check.code == 0 and check.err == "", check.err
    # and the round trip is stable: the re-imported event exports the same file
    again = cli("export", str(back), "--to", "trf")
    assert again.out == trf.read_text()


def test_e_face_value_points_are_not_an_annulment(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A file whose points count the games (another program's view) is read at face value."""
    club = _club(cli, tmp_path)
    text = cli("export", str(club), "--to", "trf").out
    face = {1: " 3.5", 2: " 3.5", 3: " 2.0", 4: " 2.0", 5: " 3.5", 6: " 0.5"}
    lines = [
        line[:80] + face[int(line[4:8])] + line[84:] if line.startswith("001") else line
        for line in text.splitlines()
    ]
    trf = tmp_path / "face.trf"
    trf.write_text("\n".join(lines) + "\n")
    rows = _standings(cli, trf)
    assert [r[2] for r in sorted(rows, key=lambda r: r[1])] == [3.5, 3.5, 2.0, 2.0, 3.5, 0.5]
    assert not any(r[3] for r in rows)


def test_e_result_recorded_after_a_withdrawal_is_written_as_the_standings_count_it(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """A result entered for a game after the player withdrew: the standings score
    it as the forfeit the withdrawal makes it, and so does the TRF row."""
    club = _club(cli, tmp_path)
    run = cli(
        "result", str(club), "3", "1", "1-0", "--force"
    )  # Finn's round-3 game (refused without --force)
    if run.code != 0:
        pytest.skip(f"caddy refuses the result: {run.err.strip()}")
    trf = tmp_path / "club.trf"
    assert cli("export", str(club), "--to", "trf", "-o", str(trf)).code == 0
    finn = next(line for line in trf.read_text().splitlines() if line.startswith("001    6"))
    assert finn[91:] == "   1 b 0     4 w =     2 b -     5 w -     3 b -"
    assert _standings(cli, trf) == _standings(cli, club)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(st.integers(3, 8), st.integers(1, 2), st.data())
def test_e_round_robin_withdrawal_standings_survive_trf(
    n: int, cycles: int, data: st.DataObject
) -> None:
    """Property: a round robin with one or two withdrawals (annulled under 50%,
    standing at 50% or more: General Regulations for Competitions 6.6) has the
    same standings read from its TRF export, and after importing that export."""
    from caddy.event import RecordResult, Withdraw, new_event, replay, results_event
    from caddy.model.schedule import Player
    from caddy.standings.ranking import standings
    from caddy_plugins.codecs.trf_document import parse_trf
    from caddy_plugins.formats.round_robin import RoundRobinOptions

    codec = get_codec("trf")
    tiebreaks = ("SB", "DE", "KS", "BH")
    players = [Player(name=f"P{k}", rating=2000 - k) for k in range(1, n + 1)]
    event = new_event(players, "round-robin", RoundRobinOptions(cycles=cycles), tiebreaks=tiebreaks)
    rounds = replay(event).rounds
    leaving = data.draw(st.lists(st.integers(1, n), min_size=1, max_size=2, unique=True))
    after = {p: data.draw(st.integers(0, len(rounds) - 1)) for p in leaving}

    def gone(p: int, number: int) -> bool:
        return p in after and number > after[p]

    games = [
        (rnd.number, w, b) for rnd in rounds for w, b in zip(rnd.white, rnd.black, strict=True)
    ]
    # TRF shows a withdrawal by the forfeit losses after it (docs/trf.md): one
    # who leaves with only rest rounds (or absent opponents) left shows none
    assume(all(any(gone(p, k) and p in (w, b) for k, w, b in games) for p in after))
    for rnd in rounds:
        for p, k in after.items():
            if k == rnd.number - 1:
                event = event.with_operation(Withdraw(player=p, after_round=k))
        for board, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
            if any(p in after and rnd.number > after[p] for p in (white, black)):
                continue  # a withdrawn player's later games need no result
            word = data.draw(st.sampled_from(["1-0", "0-1", "1/2", "+-", "-+"]))
            event = event.with_operation(RecordResult(round=rnd.number, board=board, result=word))

    def table(results: Any) -> list[tuple[Any, ...]]:
        rows = standings(results, tiebreaks, "2026").rows
        return [(r.rank, r.pairing_number, r.score, r.annulled, r.tiebreaks) for r in rows]

    expected = table(results_event(replay(event)))
    exported = codec.write(event).data
    assert table(parse_trf(exported).event) == expected
    back = codec.read(exported, source="rr").event
    assert table(results_event(replay(back))) == expected


def test_e_a_forfeit_before_the_end_is_no_withdrawal_when_the_ranks_say_so() -> None:
    """3 players, double round robin (found with --hypothesis-seed=1): 3 leaves
    before round 1, 1 after round 5 (both annulled: under 50% of their games,
    General Regulations for Competitions 6.6); 2 stays, losing round 5 by
    forfeit and resting in round 6. The file's points fit annulling all three,
    but 2 is ranked first and somebody must stay: 2 is not annulled."""
    from caddy.event import RecordResult, Withdraw, new_event, replay, results_event
    from caddy.model.schedule import Player
    from caddy.standings.ranking import standings
    from caddy_plugins.codecs.trf_document import parse_trf
    from caddy_plugins.formats.round_robin import RoundRobinOptions

    tiebreaks = ("SB", "DE", "KS", "BH")
    players = [Player(name=f"P{k}", rating=2000 - k) for k in range(1, 4)]
    event = new_event(players, "round-robin", RoundRobinOptions(cycles=2), tiebreaks=tiebreaks)
    for operation in (
        Withdraw(player=3, after_round=0),
        RecordResult(round=3, board=1, result="1-0"),  # 1-2
        RecordResult(round=5, board=1, result="-+"),  # 2-1: 1 wins by forfeit
        Withdraw(player=1, after_round=5),
    ):
        event = event.with_operation(operation)

    def table(results: Any) -> list[tuple[Any, ...]]:
        rows = standings(results, tiebreaks, "2026").rows
        return [(r.rank, r.pairing_number, r.score, r.annulled) for r in rows]

    expected = [(1, 2, 0.0, False), (None, 1, 0.0, True), (None, 3, 0.0, True)]
    assert table(results_event(replay(event))) == expected
    exported = get_codec("trf").write(event).data
    assert table(parse_trf(exported).event) == expected


# -- u: hostile text --------------------------------------------------------------------

FORGED_NAME = "Club\n001   99 Forged Title Line"
HOSTILE = [
    '=HYPERLINK("http://evil.example/?x")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "-2+3",
    "Esc\x1b[31mRed",
    "Pipe|<b>x</b>",
    "L" * 10_000,
]


def _hostile(cli: Callable[..., Run], tmp_path: Path) -> Path:
    players = tmp_path / "hostile.csv"
    rows = [
        "Anna,2100",
        *(f'"{name.replace(chr(34), chr(34) * 2)}",{2000 - k}' for k, name in enumerate(HOSTILE)),
    ]
    players.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    event = tmp_path / "hostile.json"
    run = cli(
        "new", str(event), "--format", "round-robin", "--players", str(players),
        "--by", "rating", "--name", FORGED_NAME,
    )  # fmt: skip
    assert run.code == 0, run.err
    for board in ("1", "2", "3", "4"):
        assert cli("result", str(event), "1", board, "1-0").code == 0
    return event


def test_u_trf_export_holds_no_forged_line(cli: Callable[..., Run], tmp_path: Path) -> None:
    """TRF16 (C.04 Annex 2): 012 is one line; every 001 line keeps its columns."""
    event = _hostile(cli, tmp_path)
    run = cli("export", str(event), "--to", "trf")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "012 Club 001   99 Forged Title Line"
    players = [line for line in lines if line.startswith("001")]
    assert [int(line[4:8]) for line in players] == list(range(1, 9))
    assert all(line[89:91] == "  " and line[91:] for line in players)
    assert "\x1b" not in run.out
    assert "caddy: warning: control characters (line breaks...) written as spaces" in run.err
    # and caddy reads its own export back without a problem
    trf = tmp_path / "hostile.trf"
    trf.write_text(run.out)
    assert cli("check", str(trf)).code == 0


def test_u_text_output_escapes_controls_and_caps_widths(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    event = _hostile(cli, tmp_path)
    run = cli("standings", str(event))
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0].startswith("Club\\n001   99 Forged Title Line: ")
    assert "\x1b" not in run.out and "Esc\\x1b[31mRed" in run.out
    assert max(map(len, lines[1:])) < 100
    assert "L" * 39 + "…" in run.out and "L" * 40 not in run.out


def test_u_csv_neutralises_formulas_not_numbers(cli: Callable[..., Run], tmp_path: Path) -> None:
    """OWASP "CSV Injection": cells starting = + - @ tab CR get a leading '."""
    import csv
    import io

    event = _hostile(cli, tmp_path)
    run = cli("standings", str(event), "--output", "csv")
    rows = list(csv.reader(io.StringIO(run.out)))
    names = {row[2] for row in rows[1:]}
    assert "'" + HOSTILE[0] in names and "'" + HOSTILE[1] in names
    assert "'@SUM(1+1)" in names and "'-2+3" in names
    assert "Esc [31mRed" in names
    for row in rows[1:]:  # numbers caddy writes stay numbers
        assert all(cell[:1] != "'" for cell in (row[0], row[1], *row[3:]))
    from caddy_plugins.renderers.csv_table import safe_cell

    assert [safe_cell(t) for t in ("-1", "+0.5", "2.5", "-", "+", "\tx", " =1")] == [
        "-1", "+0.5", "2.5", "-", "+", "' x", "' =1",
    ]  # fmt: skip


def test_u_markdown_rows_keep_their_cells(cli: Callable[..., Run], tmp_path: Path) -> None:
    import re

    event = _hostile(cli, tmp_path)
    out = cli("standings", str(event), "--output", "markdown").out
    lines = out.splitlines()
    assert lines[0] == "# Club 001   99 Forged Title Line"
    rows = [line for line in lines if line.startswith("| ")]
    assert len(rows) == 9 and all(len(re.findall(r"(?<!\\)\|", row)) == 8 for row in rows)
    assert "Pipe\\|\\<b\\>x\\</b\\>" in out and "\x1b" not in out


def test_u_html_stays_escaped(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = _hostile(cli, tmp_path)
    out = cli("standings", str(event), "--output", "html").out
    assert "Pipe|&lt;b&gt;x&lt;/b&gt;" in out and "<b>x" not in out


# -- v: numbers that do not fit, Unicode digits, a player paired with himself --------------

#: Characters a mutant puts in a number column: Unicode digits that ``str.isdigit``
#: and ``int`` accept ('²' superscript two, '٣' Arabic-Indic three), and ASCII
#: characters that ``int`` or ``float`` also read ('+', '_') or that are plainly wrong.
MUTANT_CHARS = ("²", "٣", "x", " ", "-", "+", "_", "\u00a0")
TRF_FILES = sorted((Path(__file__).parent / "data" / "trf").glob("*.trf"))


def _spans(line: str) -> dict[str, range]:
    """Number columns of a ``001`` line (TRF16, C.04 Annex 2; docs/trf.md)."""
    spans = {"rank": range(4, 8), "rating": range(48, 52), "points": range(80, 84)}
    spans["place"] = range(85, 89)
    rounds = max((len(line) - 91 + 9) // 10, 0)
    for r in sorted({0, rounds // 2, rounds - 1}):
        if r >= 0:
            spans[f"round {r + 1} opponent"] = range(91 + 10 * r, 95 + 10 * r)
            spans[f"round {r + 1} colour/result"] = range(96 + 10 * r, 99 + 10 * r, 2)
    return spans


def _mutants() -> list[tuple[str, str, str]]:
    """(id, file name, text): each file's first and last player line with
    one character of one number column replaced (the character rotates over
    files, lines and columns, so every character meets every column kind), and
    the same lines naming their own starting rank as opponent."""
    import random

    rng = random.Random(13)
    out = []
    for f, path in enumerate(TRF_FILES):
        lines = path.read_text(encoding="utf-8").splitlines()
        players = [i for i, line in enumerate(lines) if line.startswith("001")]
        for k, i in enumerate(sorted({players[0], players[-1]})):
            line = lines[i]
            for c, (field, span) in enumerate(_spans(line).items()):
                for char in MUTANT_CHARS[(f + 3 * k + c) % 8]:
                    pos = span[rng.randrange(len(span))]
                    if pos >= len(line):
                        continue
                    text = "\n".join(
                        [*lines[:i], line[:pos] + char + line[pos + 1 :], *lines[i + 1 :]]
                    )
                    out.append((f"{path.stem}:{i + 1}:{field}:{char!r}", path.name, text + "\n"))
            # the player names himself as opponent: with a bye code, and in a game
            own = line[4:8]
            for tail in ("- U", "w 1"):
                cut = line[:91] + own + " " + tail + line[100:]
                text = "\n".join([*lines[:i], cut, *lines[i + 1 :]])
                out.append((f"{path.stem}:{i + 1}:self {tail}", path.name, text + "\n"))
    return out


def _no_crash(run: Run, what: str) -> None:
    assert run.code in (0, 1), f"{what}: exit {run.code}: {run.err[-300:]}"
    assert "Traceback" not in run.err and "internal error" not in run.err, what
    if run.code == 1:
        assert run.err.startswith("caddy: "), what
        assert all(line.startswith("caddy: ") for line in run.err.splitlines()), what


#: The two large files of tests/data/trf: their mutants run in ``nox -s slow``
#: (most of this test's time); the default run has those of the five others.
LARGE_TRF_FILES = {
    "swiss_fide_example1_karl_mala_2005.trf",
    "teamswiss_trf26_tec_sample_grandmommys_cup.trf",
}


@pytest.mark.parametrize("large", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_v_trf_mutants_never_crash(cli: Callable[..., Run], tmp_path: Path, large: bool) -> None:
    """``caddy check``, ``standings`` and ``import`` on single-character mutants of
    every file in tests/data/trf: exit 0, or exit 1 with ``caddy:`` lines; never 3."""
    mutants = [m for m in _mutants() if (m[1] in LARGE_TRF_FILES) == large]
    assert len(mutants) > (40 if large else 100)
    assert {m[0].rsplit(":", 1)[1] for m in mutants} >= {repr(c) for c in MUTANT_CHARS}
    for ident, name, text in mutants:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        for command in (("check",), ("standings",), ("import",)):
            out = tmp_path / "out.json"
            out.unlink(missing_ok=True)
            args = [*command, str(path), *(["-o", str(out)] if command == ("import",) else [])]
            _no_crash(cli(*args), f"{ident} {command[0]}")


def test_v_trf_unicode_digits_and_self_opponent_are_refused_by_line(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    line = (
        "001    1      Anna                              2100                             "
        "1.0    1     2 w 1"
    )
    other = (
        "001    2      Ben                               2050                             "
        "0.0    2     1 b 0"
    )
    cases = {
        line.replace("2100", "21²0"): "t.trf:1: rating '21²0' (columns 49-52) is not a number",
        line.replace(" 1.0", " ٣.0"): "t.trf:1: points '٣.0' (columns 81-84) is not a number",
        line.replace("   2 w 1", "   ٢ w 1"): "t.trf:1: round 1: opponent '٢' is not a number",
        line.replace("   2 w 1", "  +2 w 1"): "t.trf:1: round 1: opponent '+2' is not a number",
        line.replace(
            "   1.0    1", "   1.0    ¹"
        ): "t.trf:1: rank '¹' (columns 86-89) is not a number",
        line.replace(
            "   2 w 1", "   1 - U"
        ): "t.trf:1: round 1: player 1 names himself as opponent",
    }
    for mutant, message in cases.items():
        path = tmp_path / "t.trf"
        path.write_text(mutant + "\n" + other + "\n", encoding="utf-8")
        for command in ("check", "standings"):
            run = cli(command, str(path))
            assert run.code == 1 and f"caddy: error: {path.parent}/{message}" in run.err, run.err


def _players_csv(path: Path, rating: str) -> Path:
    path.write_text(
        f"name,rating\nAnna,{rating}\nBen,2050\nCara,1990\nDan,1950\n", encoding="utf-8"
    )
    return path


def test_v_players_csv_ratings_fit_trf(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A rating is at most four ASCII digits (TRF columns 49-52): refused by row."""
    csv_path = tmp_path / "players.csv"
    for rating, message in (
        ("12345", "rating 12345 has more than 4 digits (at most 9999"),
        ("21²0", "rating '21²0' is not a whole number"),
        ("٢١٠٠", "rating '٢١٠٠' is not a whole number"),
    ):
        _players_csv(csv_path, rating)
        run = cli(
            "new", str(tmp_path / "e.json"), "--format", "round-robin", "--players", str(csv_path)
        )
        assert run.code == 1 and run.err.startswith(f"caddy: error: {csv_path}:2: {message}"), (
            run.err
        )
        assert not (tmp_path / "e.json").exists()
    _players_csv(csv_path, "9999")
    assert (
        cli(
            "new", str(tmp_path / "e.json"), "--format", "round-robin", "--players", str(csv_path)
        ).code
        == 0
    )


def test_v_players_csv_details_are_fides(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A title is a FIDE title (FIDE Handbook B.01: GM ... WCM, or an old code such as
    ``g``), a federation three letters (TRF columns 54-56), a FIDE ID digits: a
    players CSV refuses anything else, one line per value, and keeps the rest as
    FIDE writes it (``gm``: ``GM``, ``g``: ``GM``, ``hun``: ``HUN``)."""
    csv_path = tmp_path / "players.csv"
    csv_path.write_text(
        "name,rating,title,federation,fide_id\n"
        "Anna,2100,Grandmaster,HUNG,abc\nBen,2050,gm,hun,1234\nCara,1990,g,,\n"
        "Dan,1950,WG,,12345678901\n",
        encoding="utf-8",
    )
    event = tmp_path / "e.json"
    run = cli("new", str(event), "--format", "round-robin", "--players", str(csv_path))
    assert run.code == 1 and not event.exists()
    assert run.err.splitlines() == [
        f"caddy: error: {csv_path}:2: fide_id 'abc' is not a FIDE ID (digits)",
        f"caddy: error: {csv_path}:2: title 'Grandmaster' is not a FIDE title "
        "(GM, IM, WGM, FM, WIM, CM, WFM, WCM, or an old code: g, m, f, c, wg, wm, wf, wc)",
        f"caddy: error: {csv_path}:2: federation 'HUNG' is not a federation "
        "(three letters, as FIDE's codes: HUN, GER)",
        f"caddy: error: {csv_path}:5: fide_id '12345678901' is not a FIDE ID (at most 10 digits)",
    ]
    text = csv_path.read_text(encoding="utf-8").replace("Grandmaster,HUNG,abc", "IM,GER,")
    csv_path.write_text(text.replace("12345678901", "123456789"), encoding="utf-8")
    assert cli("new", str(event), "--format", "round-robin", "--players", str(csv_path)).code == 0
    players = json.loads(event.read_text(encoding="utf-8"))["tournament"]["players"]
    kept = {p["name"]: (p.get("title"), p.get("federation"), p.get("fide_id")) for p in players}
    assert kept == {
        "Anna": ("IM", "GER", None),
        "Ben": ("GM", "HUN", "1234"),
        "Cara": ("GM", None, None),
        "Dan": ("WGM", None, "123456789"),
    }


def test_v_players_csv_mutants_never_crash(cli: Callable[..., Run], tmp_path: Path) -> None:
    csv_path = tmp_path / "players.csv"
    for pos in range(4):
        for char in (*MUTANT_CHARS, "9", "0"):
            rating = "2100"[:pos] + char + "2100"[pos + 1 :]
            _players_csv(csv_path, rating)
            for args in (
                ("new", str(tmp_path / f"e{pos}{ord(char)}.json"), "--format", "round-robin"),
                ("table", "4"),
            ):
                _no_crash(cli(*args, "--players", str(csv_path)), f"{rating!r} {args[0]}")


def test_v_trf_export_refuses_big_ratings_and_warns_cut_fields(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating,federation,fide_id,title\n"
        "Anna,2100,GER,123456789,GM\nBen,2050,ENG,,CM\nCara,1990,,,\n",
        encoding="utf-8",
    )
    event = tmp_path / "e.json"
    new = (
        "new",
        str(event),
        "--format",
        "round-robin",
        "--players",
        str(players),
        "--by",
        "rating",
    )
    assert cli(*new).code == 0
    # a players CSV refuses such values (test_v_players_csv_details_are_fides); an
    # event file edited by hand (or written by other software) may still hold them
    data = json.loads(event.read_text(encoding="utf-8"))
    edits = {"federation": "GERMANY", "fide_id": "123456789012"}, {"title": "CANDIDATE"}
    for player, edit in zip(data["tournament"]["players"], edits, strict=False):
        player.update(edit)
    event.write_text(json.dumps(data), encoding="utf-8")
    run = cli("export", str(event), "--to", "trf")
    assert run.code == 0
    assert [line for line in run.err.splitlines() if " is cut " in line] == [
        "caddy: warning: title longer than 3 characters is cut to fit columns 11-13 (players 2)",
        "caddy: warning: federation longer than 3 characters is cut to fit columns 54-56 (players 1)",
        "caddy: warning: FIDE id longer than 11 characters is cut to fit columns 58-68 (players 1)",
    ]
    data = json.loads(event.read_text(encoding="utf-8"))
    data["tournament"]["players"][2]["rating"] = 12345  # edited by hand
    event.write_text(json.dumps(data), encoding="utf-8")
    run = cli("export", str(event), "--to", "trf")
    assert run.code == 1
    # refused where the file is read (event files hold ratings 0..9999), one line
    assert run.err == (
        f"caddy: error: {event}: $.tournament.players[2].rating: 12345 is out of range (0..9999)\n"
    )


def test_v_trf_record_numbers_never_crash(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Unicode digits in the records' numbers (dates, rounds, scoring, tie-breaks,
    time control, byes, colours, type) give exit 0 or 1, never 3."""
    source = (Path(__file__).parent / "data/trf/rr_fide_tec_exercise_held_6p.trf").read_text()
    players = [line for line in source.splitlines() if line.startswith("001")]
    records = (
        "042 2024/0²/01", "052 ٣٣/01/2024", "142 ²", "XXR ٣", "162 W ².0 D 0.5",
        "202 BH/C²,SB", "202 KS/L²", "202 KS/L+٣", "222 ²0/6000+30", "222 40/6٣00+30",
        "240 F ²  1", "152 ²", "XXC ²", "192 FIDE_ROUNDROBIN_G²", "062 ²",
    )  # fmt: skip
    path = tmp_path / "r.trf"
    for record in records:
        path.write_text("012 X\n" + record + "\n" + "\n".join(players) + "\n", encoding="utf-8")
        for args in (("check",), ("standings",), ("crosstable",), ("import", "-o")):
            out = tmp_path / "r.json"
            out.unlink(missing_ok=True)
            extra = [str(out)] if args[-1] == "-o" else []
            _no_crash(cli(args[0], str(path), *args[1:], *extra), f"{record} {args[0]}")
