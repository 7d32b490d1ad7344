"""A rated event end to end (issue 26's acceptance): a 9-round Swiss created
from 40 FIDE IDs through a rating list (``caddy ratings import``, ``caddy new
--rating-list``), its rating changes (FIDE Handbook B.02: each total is the
sum of its games, each game K × (score − expected)), and its TRF export
carrying the list's FIDE IDs, titles, federations, birth dates and ratings
(FIDE C.04 Annex 2, record 001).

The list is written here in FIDE's combined layout (``players_list_foa.txt``:
its header line as FIDE's files have it, tests/data/ratinglists/SOURCES.md).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.cli.main import main
from caddy.event.replay import replay
from caddy.event.store import load
from tests.conftest import Run

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
COLUMNS = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "SRtng", "SGm",
           "SK", "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK", "B-day", "Flag")  # fmt: skip
FEDERATIONS = ("NOR", "HUN", "GER", "IND", "USA")
TITLES = ("GM", "IM", "FM", "", "")


def list_line(values: dict[str, str]) -> str:
    """One line of the combined list: each value at its header column."""
    starts = [HEADER.index(c) for c in COLUMNS]
    line = ""
    for column, start in zip(COLUMNS, starts, strict=True):
        line = line.ljust(start) + values.get(column, "")
    return line.rstrip()


def player_values(index: int) -> dict[str, str]:
    rating = 2480 - 17 * index
    return {
        "ID Number": str(700100 + index),
        "Name": f"Player{index:02d}, Test",
        "Fed": FEDERATIONS[index % 5],
        "Sex": "F" if index % 4 == 0 else "M",
        "Tit": TITLES[index % 5],
        "SRtng": str(rating),
        "SGm": "9",
        "SK": "10" if rating >= 2400 else ("40" if index % 7 == 0 else "20"),
        "RRtng": str(rating - 30),
        "RGm": "0",
        "Rk": "20",
        "B-day": str(1970 + index),
    }


@pytest.fixture
def ok(cli: Callable[..., Run]) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        result = cli(*args)
        assert result.code == 0, (args, result)
        return result

    return run


def _run(*args: str) -> None:
    """``caddy ARGS`` in this process, its output dropped (a module fixture has no capsys)."""
    with (
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()) as err,
    ):
        code = main(list(args))
    assert code == 0, (args, err.getvalue())


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The 9-round Swiss of 40 players taken from the list by FIDE ID, played
    (once for the module): the higher-rated player wins, every third board is drawn."""
    tmp_path = tmp_path_factory.mktemp("rated")
    rows = [list_line(player_values(i)) for i in range(1, 46)]  # 45 listed, 40 play
    (tmp_path / "players_list_foa.txt").write_text("\n".join([HEADER, *rows]) + "\n")
    db = tmp_path / "players.db"
    _run("ratings", "import", str(tmp_path / "players_list_foa.txt"), "-o", str(db))
    ids = [str(700100 + i) for i in range(40, 0, -1)]
    (tmp_path / "ids.txt").write_text("\n".join(ids) + "\n")
    event = tmp_path / "open.json"
    _run("new", str(event), "--players", str(tmp_path / "ids.txt"), "--rating-list", str(db),
         "--format", "swiss", "--rounds", "9", "--seed", "7",
         "--start", "2026-11-01", "--end", "2026-11-09", "--name", "Rated open")  # fmt: skip
    for number in range(1, 10):
        _run("pair", str(event))
        state = replay(load(event))
        players = state.event.tournament.players
        for board in state.rounds[number - 1].boards:
            white, black = players[board.white - 1], players[board.black - 1]
            assert white.rating is not None and black.rating is not None
            result = "1-0" if white.rating > black.rating else "0-1"
            if (number + board.number) % 3 == 0:
                result = "1/2"
            _run("result", str(event), str(number), str(board.number), result)
    return event, db


@pytest.fixture
def rated_swiss(played: tuple[Path, Path], tmp_path: Path) -> tuple[str, str]:
    """A copy of the played event (a test may change it) and the list."""
    event, db = played
    copy = tmp_path / event.name
    shutil.copyfile(event, copy)
    return str(copy), str(db)


def test_forty_fide_ids_make_a_rated_swiss_whose_changes_add_up(
    rated_swiss: tuple[str, str], ok: Callable[..., Run]
) -> None:
    event, _ = rated_swiss
    loaded = load(event)
    players = loaded.tournament.players
    assert len(players) == 40
    # numbered by rating from the list: the strongest (700101, 2463) is 1
    assert players[0].fide_id == "700101" and players[0].rating == 2463
    assert players[0].listed is not None and players[0].listed.birth_year == 1971
    document = json.loads(ok("ratings", event, "--json").out)
    assert document["type"] == "standard" and document["date"] == "2026-11-09"
    assert len(document["players"]) == 40
    for player in document["players"]:
        games = player["games"]
        assert len(games) == 9  # 40 players: no bye, every game played and rated
        listed = players[player["pairing_number"] - 1].listed
        assert listed is not None and listed.standard is not None
        assert player["k"] == listed.standard.k  # the list's K (9 games: no 700 cap)
        assert player["rating"] == listed.standard.rating
        for game in games:
            assert game["change"] == pytest.approx(
                player["k"] * (game["score"] - game["expected"]), abs=1e-9
            )
        assert player["change"] == pytest.approx(sum(g["change"] for g in games), abs=1e-9)
    table = ok("ratings", event).out
    assert table.count("\n") >= 42


def test_the_trf_export_carries_what_the_list_gave(
    rated_swiss: tuple[str, str], ok: Callable[..., Run]
) -> None:
    event, _ = rated_swiss
    trf = ok("export", event, "--to", "trf").out
    lines = {line[57:68].strip(): line for line in trf.splitlines() if line.startswith("001")}
    assert len(lines) == 40
    # FIDE C.04 Annex 2, record 001: sex 10, title 11-13, name 15-47, rating 49-52,
    # federation 54-56, FIDE ID 58-68, birth date 70-79
    eight = lines["700108"]  # list index 8: F, no title, IND, 2344, born 1978
    assert (
        eight[9] == "w" and eight[10:13].strip() == "" and eight[14:47].strip() == "Player08, Test"
    )
    assert (eight[48:52], eight[53:56], eight[69:79]) == ("2344", "IND", "1978/00/00")
    ten = lines["700110"]  # list index 10: M, GM, NOR, 2310
    assert (ten[9], ten[10:13].strip(), ten[48:52], ten[53:56]) == ("m", "GM", "2310", "NOR")


def test_a_late_entry_by_fide_id(
    rated_swiss: tuple[str, str], ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    event, db = rated_swiss
    out = ok("add", event, "--fide-id", "700144", "--rating-list", db).out
    assert out.startswith("added: Player44, Test (41), rating 1732")
    added = load(event).tournament.players[-1]
    assert (added.fide_id, added.fide_rating, added.federation) == ("700144", 1732, "USA")
    run = cli("add", event, "--fide-id", "999", "--rating-list", db)
    assert run.code == 1 and run.err == f"caddy: error: FIDE ID 999 is not in {db}\n"


def test_a_late_entry_by_fide_id_alone_reads_players_db(
    rated_swiss: tuple[str, str], ok: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``caddy add EVENT --fide-id N`` (issue 26): the list in ./players.db."""
    event, db = rated_swiss
    monkeypatch.chdir(Path(db).parent)
    out = ok("add", event, "--fide-id", "700143").out
    assert out.startswith("added: Player43, Test (41), rating 1749")
