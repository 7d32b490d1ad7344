"""A TRF file that starts with a byte-order mark (issue 24 item 20).

TRF (FIDE Handbook C.04 Annex 2) lays a player line out by column: round r's cell
starts at column 92 + 10 (r - 1). A UTF-8 byte-order mark (U+FEFF, bytes EF BB BF)
is no character of the first line: with a player line first, ``caddy pair -o``
wrote that player's new round one column early, and an absence announced on that
line was read one column early too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from caddy_plugins.codecs.trf.dutch_input import read_pairing_file
from tests.conftest import DATA, Run

ELEVEN = DATA / "swiss" / "dutch-2026" / "dutch2026-000003-11p9r.trf"
BOM = b"\xef\xbb\xbf"


def _players_first(tmp_path: Path, name: str, rounds: int, bom: bytes) -> Path:
    """The corpus file cut to ``rounds`` rounds, its player lines first."""
    lines = ELEVEN.read_text().splitlines()
    players = [line[: 91 + 10 * rounds].rstrip() for line in lines if line.startswith("001")]
    others = [line for line in lines if not line.startswith("001")]
    path = tmp_path / name
    path.write_bytes(bom + "\n".join([*players, *others, ""]).encode())
    return path


def _cells(data: bytes, round: int) -> dict[str, str]:
    """Each player line's cell of ``round`` (columns as TRF counts them, the BOM not one)."""
    start = 91 + 10 * (round - 1)
    text = data.decode("utf-8-sig")
    return {line[:8]: line[start : start + 8] for line in text.splitlines() if line[:3] == "001"}


def test_pair_o_writes_the_first_line_in_its_columns(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    plain = _players_first(tmp_path, "plain.trf", 3, b"")
    marked = _players_first(tmp_path, "marked.trf", 3, BOM)
    for path in (plain, marked):
        run = cli("pair", str(path), "-o", str(path.with_suffix(".out")))
        assert run.code == 0, run.err
    written = marked.with_suffix(".out").read_bytes()
    assert written.startswith(BOM) and not written.startswith(BOM * 2)  # the mark is kept
    assert written[len(BOM) :] == plain.with_suffix(".out").read_bytes()
    assert _cells(written, 4)["001    1"] == "   5 w"  # board 1: 1-5 (the file's round 4)
    run = cli("check", str(marked.with_suffix(".out")))
    assert "round 4" not in run.out


def test_an_absence_on_the_first_line_is_read(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Player 1 announces a half-point bye for round 4 (``0000 - H``) on the first line."""
    path = _players_first(tmp_path, "bye.trf", 3, BOM)
    lines = path.read_bytes().split(b"\n")
    lines[0] = lines[0] + b"  0000 - H"
    path.write_bytes(b"\n".join(lines))
    run = cli("pair", str(path), "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    paired = {n for pair in document["pairs"] for n in (pair["white"], pair["black"])}
    assert (paired, document["byes"]) == (set(range(2, 12)), [])  # ten players, no bye


def test_the_engine_reader_skips_the_mark(tmp_path: Path) -> None:
    path = _players_first(tmp_path, "engine.trf", 3, BOM)
    trf = read_pairing_file(path)
    assert [p.tpn for p in trf.players] == list(range(1, 12))
    assert trf.players[0].cells[0].opponent == 6
