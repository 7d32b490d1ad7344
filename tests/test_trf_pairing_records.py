"""Bad values in a TRF file's pairing records: one line naming the record (issue 24 item 15).

The records (TRF26, FIDE Handbook C.04 Annex 2, and JaVaFo's TRF16 extensions):
250 virtual points ``POINTS FIRST-ROUND LAST-ROUND FIRST-PLAYER LAST-PLAYER``, 260
prohibited pairings ``FIRST-ROUND LAST-ROUND PLAYER PLAYER ...``, ``XXA PLAYER POINTS
...`` and ``XXP PLAYER PLAYER ...``. Rounds and pairing numbers are whole numbers from 1,
virtual points a number 0 or more: a zero or negative pairing number, negative points or
``1/0`` ended in an internal error (exit 3) from ``caddy pair`` and ``caddy check
--pairings``, as did ``--option win=nan``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from caddy_plugins.codecs.trf.dutch_input import TrfError, parse_pairing_file
from tests.conftest import DATA, Run

ELEVEN = DATA / "swiss" / "dutch-2026" / "dutch2026-000003-11p9r.trf"

#: A record added to the file, and what the one line says of it.
BAD_RECORDS = [
    ("XXP 0 3", "record XXP '0 3': '0' is not a pairing number (a whole number from 1)"),
    ("XXP 1 -3", "record XXP '1 -3': '-3' is not a pairing number (a whole number from 1)"),
    (
        "XXA 0001  1.0 -1",
        "record XXA '0001  1.0 -1': '-1' is not a number of points (0 or more)",
    ),
    (
        "250 1/0    1   1    1   11",
        "record 250 '1/0    1   1    1   11': '1/0' is not a number of points (0 or more)",
    ),
    (
        "250  1.0   0   2    1   11",
        "record 250 '1.0   0   2    1   11': '0' is not a round (a whole number from 1)",
    ),
    (
        "260   1   5    0    3",
        "record 260 '1   5    0    3': '0' is not a pairing number (a whole number from 1)",
    ),
    ("260   1", "record 260 '1' is not 'FIRST-ROUND LAST-ROUND PLAYER PLAYER ...'"),
]


def _with(tmp_path: Path, record: str) -> Path:
    path = tmp_path / "bad.trf"
    path.write_text(ELEVEN.read_text().replace("XXR 9\n", f"XXR 9\n{record}\n"))
    return path


@pytest.mark.parametrize(("record", "message"), BAD_RECORDS, ids=[r for r, _ in BAD_RECORDS])
@pytest.mark.parametrize(
    "command", [("pair", "--round", "4"), ("check", "--pairings")], ids=["pair", "check"]
)
def test_a_bad_pairing_record_is_one_line(
    cli: Callable[..., Run], tmp_path: Path, record: str, message: str, command: tuple[str, ...]
) -> None:
    path = _with(tmp_path, record)
    run = cli(command[0], str(path), *command[1:])
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {path}: {message}\n")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1/0", "1e999"])
def test_a_number_option_is_finite(cli: Callable[..., Run], value: str) -> None:
    run = cli("pair", str(ELEVEN), "--round", "4", "--option", f"win={value}")
    assert (run.code, run.out, run.err) == (
        1,
        "",
        f"caddy: error: invalid option win={value}: expected a number "
        "(0.5, ½ and 1/2 are all allowed)\n",
    )


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("XXP 0 3", "record XXP: 0 is not a round or a pairing number"),
        ("XXA 0001  1.0 -1", "record XXA: -1 is not a number of points (0 or more)"),
        ("250 1/0    1   1    1   11", "expected numbers, got '1/0    1   1    1   11'"),
        ("260   1   5    0    3", "record 260: 0 is not a round or a pairing number"),
    ],
)
def test_the_engine_reader_names_the_line(record: str, message: str) -> None:
    """The engine's request from a file (``caddy_plugins.codecs.trf.dutch_input``): a TrfError
    naming the line, never a ZeroDivisionError or a pair with player 0."""
    text = ELEVEN.read_text().replace("XXR 9\n", f"XXR 9\n{record}\n")
    line = text.splitlines().index(record) + 1
    with pytest.raises(TrfError) as caught:
        parse_pairing_file(text, "bad.trf")
    assert str(caught.value).startswith(f"bad.trf:{line}: {message}")


def test_zero_virtual_points_are_no_acceleration(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``XXA`` with 0.0 points in every round accelerates no one: the file pairs as without it."""
    plain = cli("check", str(ELEVEN), "--pairings")
    path = _with(tmp_path, "XXA 0001  0.0  0.0")
    run = cli("check", str(path), "--pairings")
    assert (run.code, run.err) == (plain.code, plain.err.replace(str(ELEVEN), str(path)))
