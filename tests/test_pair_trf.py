"""``caddy pair FILE.trf``: pairing the next round of a TRF file (docs/swiss.md).

Sources:
- tests/data/swiss/dutch-2026 (SOURCES.md there): tournaments paired round by
  round by bbpPairings, a FIDE-endorsed engine. Each round r, paired from rounds
  1..r-1 and round r's announced absences, must come out as the file records it
  (pairs with colours, and the pairing-allocated bye). The whole corpus runs
  in ``benchmarks/swiss_check.py``; a spread subset runs here.
- The TRF specification (FIDE Handbook C.04 Annex 2) for the cells, with the
  records pairing programs add (``XXR``, ``XXC``, TRF26 142/152).
- The engines' exchange form (JaVaFo, bbpPairings): the number of pairs, then
  ``white black`` per board, ``player 0`` for the pairing-allocated bye.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run

CORPUS = DATA / "swiss" / "dutch-2026"
#: The corpus file used in the worked examples: 11 players, 9 rounds, XXC black1.
ELEVEN = CORPUS / "dutch2026-000003-11p9r.trf"


def recorded(path: Path) -> list[tuple[set[tuple[int, int]], list[int]]]:
    """Each round's (White, Black) pairs and pairing-allocated byes, read by column
    (opponent 92-95, colour 97, result 99, then every 10 columns)."""
    rounds: dict[int, tuple[set[tuple[int, int]], list[int]]] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("001"):
            continue
        number = int(line[4:8])
        for k in range(91, len(line), 10):
            cell = line[k : k + 8].ljust(8)
            pairs, byes = rounds.setdefault((k - 91) // 10 + 1, (set(), []))
            if cell[5] == "w":
                pairs.add((number, int(cell[:4])))
            elif cell[:4] == "0000" and cell[7] == "U":
                byes.append(number)
    return [rounds[r] for r in sorted(rounds)]


def cut(path: Path, round_number: int, folder: Path) -> Path:
    """The file as a pairing program hands it over before ``round_number``:
    rounds before it, and in it only the announced absences (0000 with H, F, Z)."""
    column = 91 + 10 * (round_number - 1)
    lines = []
    for line in path.read_text().splitlines():
        if line.startswith("001"):
            cell = line[column : column + 10]
            keep = cell[:4] == "0000" and cell[7:8] in ("H", "F", "Z")
            line = (line[:column] + (cell if keep else "")).rstrip()
        lines.append(line)
    out = folder / f"{path.stem}-r{round_number}.trf"
    out.write_text("\n".join(lines) + "\n")
    return out


def _spread() -> list[Path]:
    """Sixteen files of at most 60 players, spread over the sizes (fast)."""
    files = sorted(
        (p for p in CORPUS.glob("*.trf") if int(p.name.split("-")[2].split("p")[0]) <= 60),
        key=lambda p: (int(p.name.split("-")[2].split("p")[0]), p.name),
    )
    return [files[int(i * len(files) / 16)] for i in range(16)]


@pytest.mark.parametrize("path", _spread(), ids=lambda p: p.name)
def test_corpus_rounds_identical_through_the_command(
    path: Path, cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Every round of the file, ``caddy pair FILE --round R --json`` and, from a copy
    cut before the round, ``caddy pair CUT --json``: the file's own pairs and bye."""
    for number, (pairs, byes) in enumerate(recorded(path), 1):
        for args in (
            (str(path), "--round", str(number)),
            (str(cut(path, number, tmp_path)),),
        ):
            run = cli("pair", *args, "--json")
            assert (run.code, run.err) == (0, ""), (number, args)
            document = json.loads(run.out)
            assert document["round"] == number
            assert {(p["white"], p["black"]) for p in document["pairs"]} == pairs, number
            assert [b["player"] for b in document["byes"]] == byes, number


def test_json_document(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Round 4 of the 11-player file: the caddy.pairing.request document, boards in order."""
    run = cli("pair", str(cut(ELEVEN, 4, tmp_path)), "--json")
    assert run.code == 0
    assert json.loads(run.out) == {
        "schema": "caddy.pairing",
        "version": 1,
        "round": 4,
        "pairs": [
            {"board": 1, "white": 1, "black": 5},
            {"board": 2, "white": 7, "black": 3},
            {"board": 3, "white": 10, "black": 6},
            {"board": 4, "white": 2, "black": 4},
            {"board": 5, "white": 11, "black": 9},
        ],
        "byes": [{"player": 8, "kind": "pab"}],
    }
    pairs, byes = recorded(ELEVEN)[3]  # as bbpPairings paired it
    assert pairs == {(1, 5), (7, 3), (10, 6), (2, 4), (11, 9)} and byes == [8]


def test_javafo_output(cli: Callable[..., Run], tmp_path: Path) -> None:
    """The number of pairs (the bye's line counted), ``white black`` per board, ``8 0``."""
    run = cli("pair", str(cut(ELEVEN, 4, tmp_path)), "--output", "javafo")
    assert (run.code, run.err) == (0, "")
    assert run.out == "6\n1 5\n7 3\n10 6\n2 4\n11 9\n8 0\n"


def test_text_sheet_and_explanation(cli: Callable[..., Run], tmp_path: Path) -> None:
    """The sheet names the players; --explain follows each score bracket (C.04.3)."""
    run = cli("pair", str(cut(ELEVEN, 4, tmp_path)), "--explain")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[2].split() == [
        *("1", "Test0001", "Player0001", "(1)", "2786"),
        *("Test0005", "Player0005", "(5)", "2481"),
    ]
    assert "pairing-allocated bye: Test0008 Player0008 (8)" in lines
    assert "Round 4 (FIDE Dutch system, C.04.3)" in lines
    assert "  Bracket 3: residents 1" in lines  # 1 alone on 3 points floats down
    assert "    downfloaters 1 (C6-C8: fewest, lowest scores, best for the next bracket)" in lines
    assert "  PAB: 8" in lines
    assert "  1-5: 5.2.4 higher-ranked player's preference" in lines
    run = cli("pair", str(cut(ELEVEN, 4, tmp_path)), "--json", "--explain")
    assert json.loads(run.out)["explanation"][0] == "Round 4 (FIDE Dutch system, C.04.3)"


def test_announced_absences_are_not_paired(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A cell of the round to pair with no opponent and H, F or Z is an absence;
    a blank cell (no entry) is not."""
    base = cut(ELEVEN, 4, tmp_path).read_text().splitlines()
    column = 91 + 30
    for code in "HFZ":
        lines = [
            line.ljust(column) + "0000 - " + code if line.startswith("001    8") else line
            for line in base
        ]
        path = tmp_path / f"absent-{code}.trf"
        path.write_text("\n".join(lines) + "\n")
        document = json.loads(cli("pair", str(path), "--json").out)
        assert document["round"] == 4
        paired = {p for pair in document["pairs"] for p in (pair["white"], pair["black"])}
        byes = {b["player"] for b in document["byes"]}
        assert 8 not in paired | byes and len(paired | byes) == 10, code


def test_output_file_gets_the_round(cli: Callable[..., Run], tmp_path: Path) -> None:
    """-o writes the file with round 4's cells (no results yet: the last round,
    paired and not played) and the bye; every other byte as it was; the input is
    not changed. caddy reads the file back: the round is paired, not to be paired
    again before its results, and the import holds it as paired."""
    source = cut(ELEVEN, 4, tmp_path)
    before = source.read_bytes()
    out = tmp_path / "out.trf"
    run = cli("pair", str(source), "-o", str(out))
    assert run.code == 0 and run.out.endswith(f"wrote {out} (round 4 added)\n")
    assert source.read_bytes() == before
    old, new = before.decode().splitlines(), out.read_text().splitlines()
    assert [a for a in old if not a.startswith("001")] == [
        b for b in new if not b.startswith("001")
    ]
    rows = {int(line[4:8]): line for line in new if line.startswith("001")}
    assert rows[1][121:] == "   5 w"
    assert rows[5][121:] == "   1 b"
    assert rows[8][121:] == "0000 - U"
    assert all(rows[n][:121].rstrip() == line for n, line in enumerate(old[1:12], 1))
    again = cli("pair", str(out))  # round 4 has no results yet
    assert (again.code, again.out) == (1, "")
    assert again.err == (
        f"caddy: error: {out}: round 4 is paired but has no results yet: enter them first "
        "(or pair it again with --round 4)\n"
    )
    same = json.loads(cli("pair", str(out), "--round", "4", "--json").out)
    assert same == json.loads(cli("pair", str(source), "--json").out)
    event = tmp_path / "out.json"
    assert cli("import", str(out), "-o", str(event)).code == 0
    sheet = cli("pairings", str(event), "--json")
    boards = json.loads(sheet.out)["boards"]
    assert {(b["white"]["number"], b["black"]["number"]) for b in boards} == {
        (1, 5),
        (7, 3),
        (10, 6),
        (2, 4),
        (11, 9),
    }
    assert all(not b["results"] for b in boards)


@pytest.mark.parametrize(
    "edit,args,message",
    [
        (
            ("XXR 9", ""),
            (),
            "the number of rounds is missing (record XXR or 142); give it with --rounds",
        ),
        (("XXC black1", ""), ("--round", "1"), "the initial colour is missing"),
        (("092 FIDE_DUTCH_2025", "092 Individual: Round-Robin"), (), "record 092 names the system"),
        ((), ("--round", "10"), "round 10 is outside the 9 planned rounds"),
    ],
)
def test_files_that_cannot_be_paired(
    cli: Callable[..., Run],
    tmp_path: Path,
    edit: tuple[str, ...],
    args: tuple[str, ...],
    message: str,
) -> None:
    text = cut(ELEVEN, 4, tmp_path).read_text()
    if edit:
        text = text.replace(edit[0] + "\n", edit[1] + "\n" if edit[1] else "")
    path = tmp_path / "x.trf"
    path.write_text(text)
    run = cli("pair", str(path), *args)
    assert (run.code, run.out) == (1, "")
    assert run.err.startswith(f"caddy: error: {path}") and message in run.err
    assert run.err.count("\n") == 1


def test_given_rounds_and_colour_replace_missing_records(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """--rounds and --initial-colour stand in for XXR and XXC (round 1: nothing to infer)."""
    text = cut(ELEVEN, 1, tmp_path).read_text()
    path = tmp_path / "bare.trf"
    path.write_text(text.replace("XXR 9\n", "").replace("XXC black1\n", ""))
    run = cli("pair", str(path), "--rounds", "9", "--initial-colour", "black", "--json")
    assert run.code == 0, run.err
    pairs, byes = recorded(ELEVEN)[0]
    document = json.loads(run.out)
    assert {(p["white"], p["black"]) for p in document["pairs"]} == pairs
    assert [b["player"] for b in document["byes"]] == byes


@pytest.mark.parametrize(
    "args,message",
    [
        (("--round", "2"), "--round is for TRF files"),
        (("-o", "x.trf"), "-o is for TRF files"),
        (("--output", "javafo", "--explain"), "--explain prints with the text or --json output"),
    ],
)
def test_options_that_do_not_fit(
    cli: Callable[..., Run], tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n")
    event = tmp_path / "e.json"
    assert cli("new", str(event), "--format", "swiss", "--players", str(players)).code == 0
    run = cli("pair", str(event), *args)
    assert (run.code, run.out) == (1, "")
    assert run.err == f"caddy: error: {message}" + run.err[len(f"caddy: error: {message}") :]
    assert message in run.err and run.err.count("\n") == 1


def test_event_pair_prints_json_and_javafo(cli: Callable[..., Run], tmp_path: Path) -> None:
    """An event file's round printed as the same caddy.pairing.request document and javafo lines."""
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\nE,1600\n")
    event = tmp_path / "e.json"
    assert (
        cli("new", str(event), "--format", "swiss", "--players", str(players), "--seed", "3").code
        == 0
    )
    run = cli("pair", str(event), "--json")
    document = json.loads(run.out)
    assert document["schema"] == "caddy.pairing" and document["round"] == 1
    assert len(document["pairs"]) == 2 and document["byes"] == [{"player": 5, "kind": "pab"}]
    sheet = cli("pairings", str(event), "--json")
    boards = json.loads(sheet.out)["boards"]
    assert [(b["white"]["number"], b["black"]["number"]) for b in boards] == [
        (p["white"], p["black"]) for p in document["pairs"]
    ]


def test_games_without_results_only_as_a_whole_last_round(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """A game with no result is the last round paired and not played only when
    every game of that round has none; anywhere else the file is refused, one
    line per such cell (TRF: every game's result column is filled)."""
    base = cut(ELEVEN, 5, tmp_path).read_text().splitlines()
    # round 3 of players 1 and 3 (1-3) blanked: a round that is not the last
    middle = [
        line[:118] + " " + line[119:] if line.startswith(("001    1", "001    3")) else line
        for line in base
    ]
    path = tmp_path / "middle.trf"
    path.write_text("\n".join(middle) + "\n")
    run = cli("pair", str(path))
    assert run.code == 1
    assert run.err.splitlines() == [
        f"caddy: error: {path}:2: round 3: no result against opponent 3",
        f"caddy: error: {path}:4: round 3: no result against opponent 1",
    ]
    # the last round (4) with one game blanked, the others played
    last = [
        line[:128] + " " + line[129:] if line.startswith(("001    1", "001    5")) else line
        for line in base
    ]
    path = tmp_path / "last.trf"
    path.write_text("\n".join(last) + "\n")
    run = cli("pair", str(path))
    assert run.code == 1 and "round 4: no result against opponent 5" in run.err
