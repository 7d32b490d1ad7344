"""The point system an export writes, and reads back (issue 24, item 2).

Sources:
- FIDE TRF-2026 specification, record 162 (its table of records): the scoring
  system, only needed if a value differs from the default; symbol at column
  6, points (``pp.p``) at columns 7-10, further pairs every 9 columns (15 /
  16-19, 24 / 25-28, ...); ``W`` win (forfeit win, full-point bye) 1.0, ``D``
  draw (half-point bye) 0.5, ``L`` played loss 0.0, ``A`` zero-point bye or
  forfeit loss 0.0, ``P`` pairing-allocated bye (default: as ``W``).
- bbpPairings v6.0.0 (the FIDE-endorsed engine): its README, "Tournament
  files", records ``BBW``, ``BBD``, ``BBL``, ``BBZ``, ``BBF``, ``BBU``
  (``pp.p``); its src/fileformats/trf.cpp reads them and 162 in any file
  (no TRF16/TRF26 distinction), 162 at the columns above with the symbols
  ``W D L Z P`` (``A`` and ``X`` refused). Its checker (``--dutch FILE -c``)
  scores the players by those records and refuses a file whose points do
  not match ("The score for player 1 does not match the game results").

The engine test runs where the engine is installed (``$CADDY_BBPPAIRINGS``,
else ``bbpPairings.exe`` or ``bbpPairings`` on the PATH).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.model.results import Scoring
from caddy_plugins.codecs.trf.document import parse_document
from caddy_plugins.codecs.trf.scoring import bye_scoring, scoring_of
from caddy_plugins.codecs.trf.scoring_records import scoring_records
from tests.conftest import Run
from tests.test_trf_system_code import bbppairings

ENGINE = bbppairings()

#: 3-1-0 with a 1-point pairing-allocated bye (the scoring of the brief's example).
THREE_ONE_ZERO = {"win": 3.0, "draw": 1.0, "pab": 1.0}

#: Codes whose points the records state (a played game, forfeit loss, zero-point bye, PAB).
STATED = "1=0-ZU"


def _ok(cli: Callable[..., Run], *args: str) -> Run:
    run = cli(*args)
    assert run.code == 0, run.err
    return run


def _scored_event(cli: Callable[..., Run], tmp_path: Path, scoring: dict[str, Any]) -> Path:
    """An 11-player, 4-round Swiss played through the CLI, paired and scored
    with ``scoring`` (its pairing options and the event's scoring)."""
    players = tmp_path / "p.csv"
    rows = [f"Player {chr(65 + i)},{2400 - 37 * i}" for i in range(11)]
    players.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    event = tmp_path / "e.json"
    made = Scoring(**scoring)
    points = {"win": "1", "draw": "=", "loss": "0", "pab": "U"}
    options = [f"--option={key}={made.points(code):g}" for key, code in points.items()]
    args = ("--format", "swiss", "--rounds", "4", "--seed", "3", "--players", str(players))
    _ok(cli, "new", str(event), *args, *options)
    document = json.loads(event.read_text(encoding="utf-8"))
    document["tournament"]["scoring"] = scoring
    event.write_text(json.dumps(document), encoding="utf-8")
    for r in range(1, 5):
        _ok(cli, "pair", str(event))
        _ok(cli, "result", str(event), str(r), "1-0 1/2 0-1 1-0 0-1")
    return event


def _records(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="ascii").splitlines() if line[:3] != "001"]


def _export(cli: Callable[..., Run], event: Path, out: Path, *flags: str) -> Path:
    _ok(cli, "export", str(event), *flags, "-o", str(out))
    return out


BBP_310 = ["BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.0", "BBF  0.0", "BBU  1.0"]


def test_trf16_export_writes_the_engines_point_records(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    event = _scored_event(cli, tmp_path, THREE_ONE_ZERO)
    out = _export(cli, event, tmp_path / "o.trf")
    assert _records(out) == [
        "012",
        "062 11",
        "072 11",
        "092 Individual: Swiss-System (FIDE Dutch)",
        "XXR 4",
        "XXC black1",
        *BBP_310,
    ]


def test_trf26_export_writes_record_162_and_the_engines_records(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    event = _scored_event(cli, tmp_path, THREE_ONE_ZERO)
    out = _export(cli, event, tmp_path / "o.trf", "--trf26")
    records = _records(out)
    assert records[records.index("152 B") + 3 :][:8] == [
        "162  W 3.0    D 1.0    P 1.0",
        *BBP_310,
        "192 FIDE_DUTCH",
    ]


@pytest.mark.parametrize(
    ("scoring", "record_162", "bbp"),
    [
        (Scoring(win=2.0, draw=1.0), "162  W 2.0    D 1.0", [2.0, 1.0, 0.0, 0.0, 0.0, 2.0]),
        (Scoring(forfeit_loss=0.5, zero_bye=0.5), "162  A 0.5", [1.0, 0.5, 0.0, 0.5, 0.5, 1.0]),
        (Scoring(pab=0.5), "162  P 0.5", [1.0, 0.5, 0.0, 0.0, 0.0, 0.5]),
        (
            Scoring(win=3.0, draw=2.0, loss=1.0, pab=1.0),
            "162  W 3.0    D 2.0    L 1.0    P 1.0",
            [3.0, 2.0, 1.0, 0.0, 0.0, 1.0],
        ),
    ],
)
def test_the_records_of_other_point_systems(
    scoring: Scoring, record_162: str, bbp: list[float]
) -> None:
    made = [f"{code} {text}" for code, text in scoring_records(scoring, trf26=True)]
    expected = [f"BB{c} {v:4.1f}" for c, v in zip("WDLZFU", bbp, strict=True)]
    assert made == [record_162, *expected]
    assert [f"{code} {text}" for code, text in scoring_records(scoring, trf26=False)] == expected


def test_the_default_points_write_no_record() -> None:
    assert scoring_records(Scoring(), trf26=True) == []
    assert scoring_records(Scoring(pab=1.0, full_bye=0.5), trf26=True) == []
    assert scoring_records(None, trf26=False) == []


@pytest.mark.parametrize("flags", [(), ("--trf26",)])
@pytest.mark.parametrize(
    "scoring",
    [THREE_ONE_ZERO, {"win": 2.0, "draw": 1.0}, {"forfeit_loss": 0.5, "zero_bye": 0.5}],
)
def test_export_then_import_gives_the_same_scoring_and_standings(
    cli: Callable[..., Run], tmp_path: Path, scoring: dict[str, Any], flags: tuple[str, ...]
) -> None:
    event = _scored_event(cli, tmp_path, scoring)
    out = _export(cli, event, tmp_path / "o.trf", *flags)
    back = tmp_path / "back.json"
    _ok(cli, "import", str(out), "-o", str(back))
    read = Scoring(**(json.loads(back.read_text("utf-8"))["tournament"]["scoring"] or {}))
    made = Scoring(**scoring)
    assert [read.points(c) for c in STATED] == [made.points(c) for c in STATED]
    # the table (the first line names the file)
    assert _table(cli, back) == _table(cli, event)


def _table(cli: Callable[..., Run], event: Path) -> list[str]:
    return _ok(cli, "standings", str(event)).out.splitlines()[1:]


def _read_back(scoring: Scoring, trf26: bool) -> Scoring:
    player = (
        "001    1      A                                 2000                             0.0    1"
    )
    lines = [f"{code} {text}" for code, text in scoring_records(scoring, trf26)]
    text = "\n".join(["012 T", player, *lines]) + "\n"
    return bye_scoring(*scoring_of(parse_document(text.encode("ascii"), "t.trf")))


_TENTHS = st.integers(0, 999).map(lambda n: n / 10)


@given(
    win=_TENTHS,
    draw=_TENTHS,
    loss=_TENTHS,
    forfeit_loss=_TENTHS,
    zero_bye=_TENTHS,
    pab=st.none() | _TENTHS,
    trf26=st.booleans(),
)
def test_what_is_written_reads_back(
    win: float,
    draw: float,
    loss: float,
    forfeit_loss: float,
    zero_bye: float,
    pab: float | None,
    trf26: bool,
) -> None:
    scoring = Scoring(
        win=win, draw=draw, loss=loss, forfeit_loss=forfeit_loss, zero_bye=zero_bye, pab=pab
    )
    read = _read_back(scoring, trf26)
    assert [read.points(c) for c in STATED] == [scoring.points(c) for c in STATED]
    for code, text in scoring_records(scoring, trf26):
        if code == "162":  # bbpPairings' columns: a symbol every 9 from column 6
            line = f"162 {text}"
            assert all(line[i] in "WDLAP" for i in range(5, len(line), 9))
            assert len(line) % 9 == 1


@pytest.mark.skipif(
    ENGINE is None,
    reason="bbpPairings (v6.0.0) is not installed: set CADDY_BBPPAIRINGS or put "
    "bbpPairings.exe on the PATH",
)
@pytest.mark.parametrize("flags", [(), ("--trf26",)])
def test_bbppairings_checker_accepts_a_three_one_zero_export(
    cli: Callable[..., Run], tmp_path: Path, flags: tuple[str, ...]
) -> None:
    assert ENGINE is not None
    event = _scored_event(cli, tmp_path, THREE_ONE_ZERO)
    out = _export(cli, event, tmp_path / "o.trf", *flags)
    done = subprocess.run(
        [ENGINE, "--dutch", str(out), "-c"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")
    # one line per round and nothing else: the points match and no pairing differs
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert lines == [f"o: Round #{r}" for r in range(1, 5)]


def test_what_the_records_cannot_say_is_a_warning(cli: Callable[..., Run], tmp_path: Path) -> None:
    scoring = {**THREE_ONE_ZERO, "forfeit_loss": 1.0, "half_bye": 1.5}
    event = _scored_event(cli, tmp_path, scoring)
    run = _ok(cli, "export", str(event), "--trf26", "-o", str(tmp_path / "o.trf"))
    assert run.err.splitlines() == [
        "caddy: warning: scoring: a half-point bye worth 1.5 has no TRF record; a reader "
        "scores it as a draw (1)",
        "caddy: warning: scoring: record 162's A is both a forfeit loss and a zero-point bye: "
        "written as the forfeit loss (1); BBZ holds the bye's (0)",
        "caddy: warning: scoring: bbpPairings v6.0.0 refuses record 162's A (TRF-2026's symbol "
        "for a forfeit loss and a zero-point bye; it reads Z): export as TRF16 for it",
    ]
    assert "162  W 3.0    D 1.0    A 1.0    P 1.0" in _records(tmp_path / "o.trf")
    # TRF16: the engine's records alone, which say both values
    run = _ok(cli, "export", str(event), "-o", str(tmp_path / "o16.trf"))
    assert run.err.splitlines() == [
        "caddy: warning: scoring: a half-point bye worth 1.5 has no TRF record; a reader "
        "scores it as a draw (1)"
    ]
    assert _records(tmp_path / "o16.trf")[-6:] == [
        "BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.0", "BBF  1.0", "BBU  1.0"
    ]  # fmt: skip
