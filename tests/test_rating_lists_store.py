"""The rating store and its commands (issue 26 items 1 and 2): caddy.ratings.store,
``caddy ratings import`` and ``caddy ratings find``.

The lists are the real-line fixtures of tests/data/ratinglists (SOURCES.md
there); what a player reads back from the store is what the list gives
(tests/test_rating_lists.py pins each line's fields).
"""

from __future__ import annotations

import datetime
import json
import sqlite3
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddy.errors import FileError
from caddy.model.ratings import ListedPlayer, ListedRating
from caddy.ratings.list_keys import name_key, pack, unpack
from caddy.ratings.lists import read_list
from caddy.ratings.store import ImportSummary, ListInfo, RatingStore
from tests import texts
from tests.conftest import Run
from tests.test_rating_lists import COMBINED_HEADER, LISTS

AUG26 = datetime.date(2026, 8, 1)
JUL26 = datetime.date(2026, 7, 1)


@pytest.fixture
def store(tmp_path: Path) -> RatingStore:
    """A store holding the combined list (dated July 2026 by ``--date``: its
    file names no month) and the August 2026 blitz list."""
    opened = RatingStore.open(tmp_path / "players.db", create=True)
    opened.import_list(LISTS / "players_list_foa.txt", date=JUL26)
    opened.import_list(LISTS / "blitz_aug26frl.txt")
    return opened


def test_round_trip_every_player_of_every_list(tmp_path: Path) -> None:
    """Each list's players read back from the store as the list gives them:
    by ID and list date, and (the list imported last) by ID alone."""
    with RatingStore.open(tmp_path / "p.db", create=True) as store:
        for name, kind in [
            ("standard_jan23frl.txt", None),
            ("chess-fide-test-list.txt", "standard"),
            ("blitz_aug26frl.txt", None),
            ("players_list_foa.txt", None),
            ("players_list_xml_foa.xml", None),
        ]:
            listed = list(read_list(LISTS / name, type=kind))  # type: ignore[arg-type]
            store.import_list(LISTS / name, type=kind)  # type: ignore[arg-type]
            if listed[0].list_date is not None:
                assert [store.player(p.fide_id, list_date=p.list_date) for p in listed] == listed
        jan23 = list(read_list(LISTS / "standard_jan23frl.txt"))
        mar11 = list(read_list(LISTS / "chess-fide-test-list.txt", type="standard"))
        xml = list(read_list(LISTS / "players_list_xml_foa.xml"))
        assert store.players([5045886, 4158814, 1503014, 1]) == {
            5045886: jan23[1],
            4158814: mar11[0],
            1503014: xml[0],
        }


def test_import_summary_and_lists(tmp_path: Path) -> None:
    with RatingStore.open(tmp_path / "p.db", create=True) as store:
        summary = store.import_list(LISTS / "blitz_aug26frl.txt")
        assert summary == ImportSummary(
            list_name="blitz_aug26frl.txt", list_date=AUG26, kind="blitz", format="txt",
            players=5, warnings=0, replaced=False,
        )  # fmt: skip
        store.import_list(LISTS / "players_list_xml_foa.xml")
        again = store.import_list(LISTS / "blitz_aug26frl.txt")
        assert again.replaced
        assert store.lists() == [  # an undated list as of its import (today): the newest
            ListInfo(
                name="players_list_xml_foa.xml", date=None, kind="combined", format="xml", players=6
            ),
            ListInfo(name="blitz_aug26frl.txt", date=AUG26, kind="blitz", format="txt", players=5),
        ]


def test_newest_list_holding_the_player(store: RatingStore) -> None:
    """Leko is on both lists: the August 2026 list is the newest; the July
    combined list is the newest carrying his standard rating."""
    leko = store.player(703303)
    assert leko is not None
    assert (leko.list_name, leko.blitz, leko.standard) == (
        "blitz_aug26frl.txt",
        ListedRating(rating=2738, games=0, k=10, flag="i"),
        None,
    )
    dated = store.player(703303, list_date=AUG26)
    assert dated == leko
    assert store.player(703303, list_date=datetime.date(2026, 9, 1)) is None
    standard = store.player(703303, kind="standard")
    assert standard is not None and standard.list_name == "players_list_foa.txt"
    assert standard.list_date == JUL26 and standard.standard is not None
    carlsen = store.player(1503014)
    assert carlsen is not None and carlsen.list_name == "players_list_foa.txt"
    assert store.player(99) is None


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("Carlsen", [1503014]),
        ("carlsen, m", [1503014]),
        ("CARLSEN,MAGNUS", [1503014]),
        ("  carlsen ", [1503014]),
        ("acevedo mendez, ", [6502938, 6504450]),
        ("a", [537001345, 48701955, 6502938, 6504450]),
        ("537001345", [537001345]),
        ("703303", [703303]),
        ("Carlsen, X", []),
        ("12", []),
    ],
)
def test_find_by_name_prefix_or_id(store: RatingStore, text: str, ids: list[int]) -> None:
    assert [p.fide_id for p in store.find(text)] == ids


def test_find_once_per_player_and_limit(store: RatingStore) -> None:
    """Lisseth is on both lists: found once, of the newest list."""
    found = store.find("acevedo")
    assert [(p.fide_id, p.list_name) for p in found] == [
        (6502938, "blitz_aug26frl.txt"),
        (6504450, "players_list_foa.txt"),
    ]
    assert [p.fide_id for p in store.find("a", limit=2)] == [537001345, 48701955]


def test_name_key_folds_case_accents_and_commas() -> None:
    assert name_key("Carlsen, Magnus") == "carlsen, magnus"
    assert name_key("Carlsen,Magnus") == "carlsen, magnus"
    assert name_key("Núñez,  José ") == "nunez, jose"
    assert name_key("STRAßE") == "strasse"


def test_a_failed_import_leaves_the_store_as_it_was(store: RatingStore, tmp_path: Path) -> None:
    """The zip breaks after some rows are in: the transaction is rolled back."""
    before = (store.lists(), store.find("a"))
    archive = tmp_path / "rapid_aug26frl.zip"
    lines = (LISTS / "players_list_foa.txt").read_bytes() * 3000
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("players_list_foa.txt", lines)
    data = bytearray(archive.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = b"\x00" * 64
    archive.write_bytes(bytes(data))
    with pytest.raises(FileError, match="the zip is damaged"):
        store.import_list(archive)
    assert (store.lists(), store.find("a")) == before


def test_open_errors(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    with pytest.raises(FileError) as caught:
        RatingStore.open(missing)
    assert (
        str(caught.value)
        == f"{missing}: no such rating store (caddy ratings import LIST -o {missing} makes one)"
    )
    assert not missing.exists()
    text = tmp_path / "notes.db"
    text.write_text("some notes, not a database\n" * 100)
    with pytest.raises(FileError) as caught:
        RatingStore.open(text)
    assert str(caught.value) == f"{text}: not a caddy rating store (a file of caddy ratings import)"
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(FileError, match="not a caddy rating store"):
        RatingStore.open(other, create=True)


def test_lines_read_the_long_way_come_back_as_read(tmp_path: Path) -> None:
    """Lines the quick look does not pass (other titles overflowing into the
    FOA column, a Latin-1 name, a tab, a blank rating cut short) are stored as
    they are and read back as read_list reads them; a line that does not read
    at all is not stored."""
    real = (LISTS / "players_list_foa.txt").read_text().splitlines()
    overflow = (
        f"{2200001:<15}{'Overflow, Test':<61}"
        "ESP M   IM        SI,FI,LSI,SLI,NAAFM 2301  0   20 2250  0   20 2280  0   20 1970      "
    )
    tab = real[3].replace("Nakamura, Hikaru", "Nakamura,\tHikaru", 1)
    short = real[2][:119]
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(
        b"\r\n".join(
            [
                real[0].encode(),
                overflow.encode(),
                real[4].replace("Leko, Peter", "Lek\xf3, P\xe9ter").encode("latin-1"),
                tab.encode(),
                short.encode(),
                b"x" * 40,
            ]
        )
        + b"\r\n"
    )
    listed = list(read_list(path))
    assert [p.name for p in listed] == [
        "Overflow, Test",
        "Lek\xf3, P\xe9ter",
        "Nakamura,\tHikaru",
        "Ding, Liren",
    ]
    with RatingStore.open(tmp_path / "p.db", create=True) as store:
        summary = store.import_list(path)
        assert (summary.players, summary.warnings) == (4, 1)
        assert store.players(p.fide_id for p in listed) == {p.fide_id: p for p in listed}
        assert [p.fide_id for p in store.find("leko, p")] == [703303]


@given(texts.text(max_size=200))
def test_a_line_packed_is_unpacked_as_it_was(line: str) -> None:
    """The store keeps a line with its runs of spaces written short; any text comes back."""
    assert unpack(pack(line, trailing=True)) == line
    assert unpack(pack(line)) == line.rstrip(" ")
    real = (LISTS / "players_list_foa.txt").read_text().splitlines()[1]
    assert len(pack(real)) == 81  # of 162


# -- a property: any player written as a combined-list line reads back equal ----------------

_text = st.text(
    alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E, exclude_characters=","),
    max_size=8,
)


@st.composite
def listed_players(draw: st.DrawFn) -> ListedPlayer:
    def rating() -> ListedRating | None:
        if not draw(st.booleans()):
            return None
        return ListedRating(
            rating=draw(st.integers(1000, 3000)),
            games=draw(st.integers(0, 999)),
            k=draw(st.sampled_from([10, 15, 20, 40])),
        )

    words = draw(
        st.lists(
            st.text(alphabet="abcdefghijklmnopqrstuvwxyzéü-'.", min_size=1, max_size=9),
            min_size=1,
            max_size=4,
        )
    )
    return ListedPlayer(
        fide_id=draw(st.integers(1, 999_999_999)),
        name=", ".join(w.capitalize() for w in words)[:60],
        federation=draw(st.sampled_from(["NOR", "IND", "FID", None])),
        sex=draw(st.sampled_from(["M", "F", None])),
        title=draw(st.sampled_from(["GM", "IM", "WGM", "WH", None])),
        women_title=draw(st.sampled_from(["WGM", "WCM", None])),
        other_titles=draw(st.sampled_from(["IA,FT", "FA", "SI,FI,LSI", None])),
        foa_title=draw(st.sampled_from(["AGM", "ACM", None])),
        birth_year=draw(st.one_of(st.none(), st.integers(1900, 2020))),
        flag=draw(st.sampled_from(["i", "w", "wi", None])),
        standard=rating(),
        rapid=rating(),
        blitz=rating(),
        list_name="players_list_foa.txt",
    )


def combined_line(p: ListedPlayer) -> str:
    """``p`` as a line of FIDE's combined list (the header's column widths)."""

    def cells(r: ListedRating | None) -> str:
        if r is None:
            return f"{0:<6}{0:<4}{0:<3}"
        return f"{r.rating:<6}{r.games:<4}{r.k:<3}"

    def text(value: str | None, width: int) -> str:
        return f"{value or '':<{width}}"

    return (
        f"{p.fide_id:<15}{p.name:<61}{text(p.federation, 4)}{text(p.sex, 4)}{text(p.title, 5)}"
        f"{text(p.women_title, 5)}{text(p.other_titles, 15)}{text(p.foa_title, 4)}"
        f"{cells(p.standard)}{cells(p.rapid)}{cells(p.blitz)}{p.birth_year or 0:<6}{text(p.flag, 4)}"
    )


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(listed_players(), min_size=1, max_size=5, unique_by=lambda p: p.fide_id))
def test_any_player_written_as_a_line_reads_back_equal(
    tmp_path: Path, written: list[ListedPlayer]
) -> None:
    path = tmp_path / "players_list_foa.txt"
    path.write_text(
        "\r\n".join([COMBINED_HEADER, *map(combined_line, written)]) + "\r\n", encoding="utf-8"
    )
    assert list(read_list(path)) == written
    store_path = tmp_path / "p.db"
    store_path.unlink(missing_ok=True)
    with RatingStore.open(store_path, create=True) as store:
        store.import_list(path)
        assert store.players(p.fide_id for p in written) == {p.fide_id: p for p in written}


# -- the commands ---------------------------------------------------------------------------


def test_cli_import_and_find(
    cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = cli("ratings", "import", str(LISTS / "blitz_aug26frl.txt"))
    assert (run.code, run.err) == (0, "")
    assert run.out == (
        "blitz_aug26frl.txt (TXT, blitz) into players.db\n"
        "list date: 2026-08-01\n"
        "players read: 5\n"
        "warnings: 0\n"
    )
    run = cli("ratings", "import", str(LISTS / "players_list_foa.txt"))
    assert run.out.splitlines()[:2] == [
        "players_list_foa.txt (TXT, combined: standard, rapid and blitz) into players.db",
        "list date: not known (neither its header nor its name says; --date gives it): "
        "look-ups take it as the list of the day it was imported",
    ]
    run = cli("ratings", "find", "acevedo")
    assert (run.code, run.err) == (0, "")
    assert run.out == (
        "     ID  Name                     Fed  Title   Std  Rapid  Blitz  Born\n"
        "6502938  Acevedo Mendez, Lisseth  ISL  WIM    1795   1767   1740  1993\n"
        "6504450  Acevedo Mendez, Oscar    CRC         1779      -   1640  1994\n"
        "\n"
        "list: players_list_foa.txt\n"
    )  # the combined list has no date: as of its import (today), the newest
    run = cli("ratings", "find", "1503014", "--json")
    document = json.loads(run.out)
    assert document == {
        "schema": "caddy.rating-list-find",
        "version": 1,
        "text": "1503014",
        "store": "players.db",
        "players": [
            {
                "fide_id": 1503014, "name": "Carlsen, Magnus", "federation": "NOR", "sex": "M",
                "title": "GM", "birth_year": 1990,
                "standard": {"rating": 2823, "games": 0, "k": 10},
                "rapid": {"rating": 2801, "games": 12, "k": 10},
                "blitz": {"rating": 2860, "games": 0, "k": 10},
                "list_name": "players_list_foa.txt",
            }
        ],
    }  # fmt: skip
    assert cli("ratings", "find", "zz").out == "no player in players.db matches 'zz'\n"


def test_cli_warnings_are_said_and_counted(cli: Callable[..., Run], tmp_path: Path) -> None:
    real = (LISTS / "players_list_foa.txt").read_text().splitlines()
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\n".join([real[0], real[1], real[2][:113] + "27x3" + real[2][117:]]) + "\n")
    run = cli("ratings", "import", str(path), "-o", str(tmp_path / "s.db"))
    assert run.code == 0
    assert (
        run.err
        == "caddy: warning: players_list_foa.txt line 3: the standard rating '27x3' is not a whole number\n"
    )
    assert "players read: 1\nwarnings: 1\n" in run.out


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda d: d / "missing.txt", "caddy: error: {d}/missing.txt: no such file\n"),
        (
            lambda d: _written(d / "players_list.zip", b"PK\x03\x04garbage"),
            "caddy: error: players_list.zip: not a readable zip file (File is not a zip file)\n",
        ),
        (
            lambda d: _written(d / "notes.txt", b"hello\n"),
            "caddy: error: notes.txt: not a FIDE rating list (its first line is no header naming "
            "the columns: ID Number, Name, Fed ...)\n",
        ),
    ],
    ids=["missing", "corrupt-zip", "not-a-list"],
)
def test_cli_import_errors_leave_no_store(
    cli: Callable[..., Run], tmp_path: Path, make: Callable[[Path], Path], error: str
) -> None:
    out = tmp_path / "new.db"
    run = cli("ratings", "import", str(make(tmp_path)), "-o", str(out))
    assert (run.code, run.out, run.err) == (1, "", error.format(d=tmp_path))
    assert not out.exists()


def _written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_cli_a_failed_import_keeps_an_existing_store(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "players.db"
    assert cli("ratings", "import", str(LISTS / "blitz_aug26frl.txt"), "-o", str(out)).code == 0
    run = cli("ratings", "import", str(LISTS / "chess-fide-test-list.txt"), "-o", str(out))
    assert run.code == 1
    assert run.err.startswith("caddy: error: chess-fide-test-list.txt: a list of one rating type")
    assert cli("ratings", "find", "polgar", "--db", str(out)).out.startswith("    ID  Name")


def test_cli_unknown_type_and_store_errors(cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli("ratings", "import", str(LISTS / "blitz_aug26frl.txt"), "--type", "bullet")
    assert run.code == 2
    assert run.err.splitlines()[-1] == (
        "caddy ratings import: error: argument --type: invalid choice: 'bullet' "
        "(choose from 'standard', 'rapid', 'blitz')"
    )
    missing = tmp_path / "none.db"
    run = cli("ratings", "find", "carlsen", "--db", str(missing))
    assert (run.code, run.err) == (
        1,
        f"caddy: error: {missing}: no such rating store (caddy ratings import LIST -o {missing} makes one)\n",
    )
    notes = _written(tmp_path / "notes.db", b"not sqlite" * 200)
    run = cli("ratings", "find", "carlsen", "--db", str(notes))
    assert (
        run.err
        == f"caddy: error: {notes}: not a caddy rating store (a file of caddy ratings import)\n"
    )
    assert cli("ratings", "find", " ", "--db", str(notes)).err == (
        "caddy: error: caddy ratings find needs the start of a name or a FIDE ID\n"
    )
