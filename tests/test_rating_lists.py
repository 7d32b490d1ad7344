"""FIDE rating lists read (issue 26 item 1): caddy.ratings.lists.

The fixtures in tests/data/ratinglists are real lines of FIDE's lists (their
SOURCES.md names each line's origin); every line is read to the fields FIDE's
legend gives its columns (ID Number, Name, Fed, Sex, Tit, WTit, OTit, FOA,
ratings with games and K, B-day, Flag: ratings.fide.com/download_lists.phtml),
as docs/rating-lists.md documents them. The header variants that no public
source quotes are written here (each test says so).
"""

from __future__ import annotations

import datetime
import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from caddy.errors import FileError
from caddy.model.ratings import ListedPlayer, ListedRating
from caddy.ratings.list_layout import month_date, name_date, name_kind, read_header
from caddy.ratings.lists import RatingList, Source, read_list
from tests.conftest import DATA

LISTS = DATA / "ratinglists"
COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit "
    "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
AUG26 = datetime.date(2026, 8, 1)


def R(rating: int, games: int | None, k: int | None, flag: str | None = None) -> ListedRating:
    return ListedRating(rating=rating, games=games, k=k, flag=flag)


def P(fide_id: int, name: str, **fields: Any) -> ListedPlayer:
    return ListedPlayer(fide_id=fide_id, name=name, **fields)


def players(path: Source, **kwargs: Any) -> list[ListedPlayer]:
    return list(read_list(path, **kwargs))


def unnamed(found: list[ListedPlayer]) -> list[ListedPlayer]:
    """``found`` without the list's name and date (to compare two forms of one list)."""
    return named(found, None, None)


#: players_list_foa.txt (SOURCES.md): the October 2026 (Carlsen, Ding, Nakamura) and
#: August 2026 (Leko, Acevedo Mendez) combined lists.
COMBINED = [
    P(1503014, "Carlsen, Magnus", federation="NOR", sex="M", title="GM", birth_year=1990,
      standard=R(2823, 0, 10), rapid=R(2801, 12, 10), blitz=R(2860, 0, 10)),
    P(8603677, "Ding, Liren", federation="CHN", sex="M", title="GM", birth_year=1992,
      standard=R(2723, 11, 10), rapid=R(2693, 0, 10), blitz=R(2736, 0, 10)),
    P(2016192, "Nakamura, Hikaru", federation="USA", sex="M", title="GM", birth_year=1987,
      standard=R(2792, 0, 10), rapid=R(2738, 0, 10), blitz=R(2800, 0, 10)),
    P(703303, "Leko, Peter", federation="HUN", sex="M", title="GM", birth_year=1979,
      standard=R(2676, 0, 10), rapid=R(2700, 0, 10), blitz=R(2738, 0, 10)),
    P(6502938, "Acevedo Mendez, Lisseth", federation="ISL", sex="F", title="WIM", women_title="WIM",
      birth_year=1993, flag="w", standard=R(1795, 0, 20), rapid=R(1767, 14, 20), blitz=R(1740, 0, 20)),
    P(6504450, "Acevedo Mendez, Oscar", federation="CRC", sex="M", birth_year=1994, flag="i",
      standard=R(1779, 0, 40), blitz=R(1640, 0, 20)),
]  # fmt: skip
#: blitz_aug26frl.txt: FIDE's August 2026 blitz list; its flag is the player's and the blitz rating's.
BLITZ = [
    P(703303, "Leko, Peter", federation="HUN", sex="M", title="GM", birth_year=1979, flag="i",
      blitz=R(2738, 0, 10, "i")),
    P(700070, "Polgar, Judit", federation="HUN", sex="F", title="GM", birth_year=1976, flag="wi",
      blitz=R(2736, 0, 10, "wi")),
    P(537001345, "A Arbhin Vanniarajan", federation="IND", sex="M", birth_year=2018, blitz=R(1431, 0, 40)),
    P(48701955, "Aadya Gowda", federation="IND", sex="F", title="WCM", women_title="WCM", birth_year=2013,
      flag="w", blitz=R(1807, 0, 40, "w")),
    P(6502938, "Acevedo Mendez, Lisseth", federation="ISL", sex="F", title="WIM", women_title="WIM",
      birth_year=1993, flag="wi", blitz=R(1740, 0, 20, "wi")),
]  # fmt: skip
#: standard_jan23frl.txt: FIDE's January 2023 standard list.
JAN23 = [
    P(25121731, "A C J John", federation="IND", sex="M", birth_year=1987, flag="i",
      standard=R(1063, 0, 40, "i")),
    P(5045886, "A K, Kalshyan", federation="IND", sex="M", birth_year=1964, standard=R(1671, 0, 20)),
    P(4804929, "A-ALI, Sali Abbas Abdulzahra", federation="IRQ", sex="F", title="WFM", women_title="WFM",
      birth_year=2001, flag="w", standard=R(1876, 13, 20, "w")),
]  # fmt: skip
#: chess-fide-test-list.txt: FIDE's March 2011 standard list (no Sex, no K; ``g`` is GM ...).
MAR11 = [
    P(4158814, "Andreikin, Dmitry", federation="RUS", title="GM", birth_year=1990, standard=R(2686, 9, None)),
    P(10207716, "A K M Manjurul, Alam", federation="BAN", birth_year=1964),
    P(5031605, "A, Akshaya", federation="IND", birth_year=1994, flag="w", standard=R(2019, 32, None, "w")),
    P(5080444, "A, Sohita", federation="IND", birth_year=1995, flag="wi", standard=R(1447, 0, None, "wi")),
    P(6304966, "A.Erkan, Baris", federation="*", flag="i"),
    P(1407589, "Aabling-Thomsen, Jakob", federation="DEN", title="FM", birth_year=1985,
      standard=R(2326, 7, None)),
    P(5000092, "Aaron, Manuel", federation="IND", title="IM", birth_year=1935, flag="i",
      standard=R(2315, 0, None, "i")),
    P(411744, "Aarons, Poppy J", federation="ENG", birth_year=1989, flag="wi", standard=R(1862, 0, None, "wi")),
    P(4804929, "Abbas, Sali", federation="IRQ", title="WFM", birth_year=2001, flag="w"),
]  # fmt: skip


def named(
    found: list[ListedPlayer], name: str | None, date: datetime.date | None
) -> list[ListedPlayer]:
    return [attrs.evolve(p, list_name=name, list_date=date) for p in found]


# -- the real lines --------------------------------------------------------------------------


def test_combined_list_real_lines() -> None:
    """FIDE's combined list: every column of the 162-character lines; a rating
    of 0 or blank (Oscar's rapid) is no rating of that type; no date in the name."""
    assert players(LISTS / "players_list_foa.txt") == named(COMBINED, "players_list_foa.txt", None)


def test_per_type_list_real_lines() -> None:
    """The August 2026 blitz list: its type from the name, its date from the
    month column (AUG26), a nine-digit ID, the inactive flag on the rating."""
    assert players(LISTS / "blitz_aug26frl.txt") == named(BLITZ, "blitz_aug26frl.txt", AUG26)


def test_january_2023_standard_list() -> None:
    """A line that ends after its birth year (no flag) reads as well."""
    found = players(LISTS / "standard_jan23frl.txt")
    assert found == named(JAN23, "standard_jan23frl.txt", datetime.date(2023, 1, 1))


def test_old_per_type_header_with_names_run_together() -> None:
    """March 2011: ``TitlFed`` and ``GamesBorn`` run together, IDs right-aligned,
    one- and two-letter titles (``g`` GM, ``m`` IM, ``f`` FM, ``wf`` WFM), no
    Sex or K column; the name does not tell the type, ``type`` does."""
    found = players(LISTS / "chess-fide-test-list.txt", type="standard")
    assert found == named(MAR11, "chess-fide-test-list.txt", datetime.date(2011, 3, 1))


def test_header_columns_of_the_real_headers() -> None:
    """Each column starts where its name starts on the header (0-based; FIDE's
    legend: ID 1-15, Name 16-76, Fed 77-79, Sex 81, Tit 85-88 ...)."""
    layout = read_header(COMBINED_HEADER)
    starts = {c.field: c.start for c in layout.columns}
    assert starts == {
        "fide_id": 0, "name": 15, "federation": 76, "sex": 80, "title": 84, "women_title": 89,
        "other_titles": 94, "foa_title": 109, "standard_rating": 113, "standard_games": 119,
        "standard_k": 123, "rapid_rating": 126, "rapid_games": 132, "rapid_k": 136,
        "blitz_rating": 139, "blitz_games": 145, "blitz_k": 149, "birth_year": 152, "flag": 158,
    }  # fmt: skip
    old = read_header("ID number Name                              TitlFed  Mar11 GamesBorn  Flag")
    assert [(c.field, c.start) for c in old.columns] == [
        ("fide_id", 0), ("name", 10), ("title", 44), ("federation", 48), ("rating", 53),
        ("games", 59), ("birth_year", 64), ("flag", 70),
    ]  # fmt: skip
    assert old.month == "Mar11"


def test_xml_list_reads_as_the_txt_list() -> None:
    """The combined XML list holds the same players as the TXT list."""
    found = players(LISTS / "players_list_xml_foa.xml")
    assert found == named(COMBINED, "players_list_xml_foa.xml", None)


def test_per_type_xml_list() -> None:
    """A per-type XML list: ``rating``/``games``/``k`` are the type its name
    says; the date from the name (aug26)."""
    found = players(LISTS / "blitz_aug26frl_xml.xml")
    assert found == named(BLITZ, "blitz_aug26frl_xml.xml", AUG26)


@pytest.mark.parametrize("member", ["players_list_foa.txt", "players_list_xml_foa.xml"])
def test_zipped_list_streams_from_the_zip(tmp_path: Path, member: str) -> None:
    """A .zip holding one list reads as the list (named by the file in it)."""
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(LISTS / member, member)
    assert players(archive) == players(LISTS / member)


def test_a_stream_is_read_by_content_not_by_name() -> None:
    """A binary stream (no name) of a zipped XML list: told by its bytes."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as out:
        out.write(LISTS / "players_list_xml_foa.xml", "export.dat")
    data.seek(0)
    assert unnamed(players(data)) == COMBINED
    text = io.BytesIO((LISTS / "blitz_aug26frl.txt").read_bytes())
    assert unnamed(players(text, type="blitz")) == unnamed(BLITZ)


def test_names_and_months() -> None:
    assert month_date("NOV26") == datetime.date(2026, 11, 1)
    assert month_date("Mar11") == datetime.date(2011, 3, 1)
    assert month_date("SRtng") is None
    assert name_date("standard_nov26frl.zip") == datetime.date(2026, 11, 1)
    assert name_date("MAR11FRL.TXT") == datetime.date(2011, 3, 1)
    assert name_date("players_list_foa.txt") is None
    assert name_kind("rapid_nov26frl_xml.zip") == "rapid"
    assert name_kind("players_list_foa.txt") is None


# -- header variants no public source quotes (written here) ----------------------------------


def combined_line(fide_id: str, name: str, rest: str, name_width: int = 61) -> str:
    """A combined-layout line: ID (15), name (``name_width``), then ``rest`` from Fed on."""
    return f"{fide_id:<15}{name:<{name_width}}{rest}"


CARLSEN_REST = (
    "NOR M   GM                           2823  0   10 2801  12  10 2860  0   10 1990      "
)


def write(path: Path, *lines: str) -> Path:
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))
    return path


def test_a_wider_name_column(tmp_path: Path) -> None:
    """Written here: the name column 10 wider; the header says so, the columns follow."""
    header = COMBINED_HEADER.replace("Name ", "Name" + " " * 11, 1)
    line = combined_line("1503014", "Carlsen, Magnus", CARLSEN_REST, name_width=71)
    (found,) = players(write(tmp_path / "players_list_foa.txt", header, line))
    assert found == attrs.evolve(COMBINED[0], list_name="players_list_foa.txt")


def test_nine_digit_id_wh_title_and_foa_title(tmp_path: Path) -> None:
    """Written here: a nine-digit ID, the title ``WH`` and a FOA title in the combined layout."""
    rest = "IND F   WH   WH                  AIM 1650  4   40 0     0   0  0     0   0  2012  w   "
    (found,) = players(
        write(tmp_path / "x.txt", COMBINED_HEADER, combined_line("537012345", "Rao, Anaya", rest))
    )
    assert found == P(
        537012345, "Rao, Anaya", federation="IND", sex="F", title="WH", women_title="WH", foa_title="AIM",
        birth_year=2012, flag="w", standard=R(1650, 4, 40), list_name="x.txt",
    )  # fmt: skip


def test_other_titles_overflowing_into_the_foa_column(tmp_path: Path) -> None:
    """Written here, as the research note on the October 2026 list describes 3
    of its lines: the other titles ``SI,FI,LSI,SLI,NA`` (16 characters) run
    into the FOA column (``...NAAFM``), every later column one to the right, 163
    characters in all."""
    rest = "ESP M   IM        SI,FI,LSI,SLI,NAAFM 2301  0   20 2250  0   20 2280  0   20 1970      "
    line = combined_line("2200001", "Overflow, Test", rest)
    assert len(line) == 163
    (found,) = players(write(tmp_path / "x.txt", COMBINED_HEADER, line))
    assert (found.other_titles, found.foa_title, found.standard, found.birth_year) == (
        "SI,FI,LSI,SLI,NA",
        "AFM",
        R(2301, 0, 20),
        1970,
    )


# -- bad lines and bad files -----------------------------------------------------------------


def test_a_bad_line_is_one_warning_naming_its_number(tmp_path: Path) -> None:
    """Lines 3 and 5 cannot be read: one warning each, with the line's number
    and what was wrong; the other lines are read."""
    real = (LISTS / "players_list_foa.txt").read_text().splitlines()
    bad_rating = real[2][:113] + "27x3" + real[2][117:]
    no_id = " " * 15 + real[4][15:]
    path = write(
        tmp_path / "players_list_foa.txt", real[0], real[1], bad_rating, real[3], no_id, "", real[5]
    )
    told: list[str] = []
    with RatingList(path, warn=told.append) as listed:
        found = list(listed.players())
        assert (listed.players_read, listed.warnings) == (3, 2)
    assert told == [
        "players_list_foa.txt line 3: the standard rating '27x3' is not a whole number",
        "players_list_foa.txt line 5: no ID",
    ]
    assert [p.fide_id for p in found] == [1503014, 2016192, 6502938]


def test_a_bad_xml_player_is_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "x.xml"
    path.write_text(
        "<playerslist><player><fideid>12a</fideid><name>A, B</name><rating>1500</rating><rapid_rating>0"
        "</rapid_rating></player><player><fideid>7</fideid><name>C, D</name><rating>1500</rating>"
        "</player></playerslist>"
    )
    told: list[str] = []
    found = players(path, warn=told.append)
    assert told == ["x.xml player 1: <fideid> '12a' is not a whole number"]
    assert [(p.fide_id, p.standard) for p in found] == [(7, R(1500, None, None))]


def error_of(path: Path | str, **kwargs: object) -> str:
    with pytest.raises(FileError) as caught:
        players(path, **kwargs)
    return str(caught.value)


def test_files_that_are_no_list(tmp_path: Path) -> None:
    assert error_of(tmp_path / "missing.txt") == f"{tmp_path / 'missing.txt'}: no such file"
    notes = tmp_path / "notes.txt"
    notes.write_text("just some notes\n")
    assert error_of(notes).startswith("notes.txt: not a FIDE rating list")
    broken = tmp_path / "players_list.zip"
    broken.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    assert error_of(broken).startswith("players_list.zip: not a readable zip file")
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as out:
        out.writestr("a.txt", "x")
        out.writestr("b.txt", "y")
    assert error_of(two) == "two.zip: a zipped list is one file in the zip; this one holds 2"


def test_a_per_type_list_whose_type_is_not_told(tmp_path: Path) -> None:
    assert error_of(LISTS / "chess-fide-test-list.txt") == (
        "chess-fide-test-list.txt: a list of one rating type, and neither its name nor its "
        "header says which: give --type standard, rapid or blitz"
    )
    assert error_of(LISTS / "players_list_foa.txt", type="rapid") == (
        "players_list_foa.txt: --type rapid is for a per-type list; this one is combined"
    )
    assert error_of(LISTS / "players_list_foa.txt", type="bullet") == (
        "unknown rating type 'bullet' (standard, rapid or blitz)"
    )


def test_a_damaged_zip_member_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    """A zip whose compressed data is damaged fails while reading: one error."""
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(LISTS / "players_list_foa.txt", "players_list_foa.txt")
    data = bytearray(archive.read_bytes())
    data[60:90] = b"\xff" * 30
    archive.write_bytes(bytes(data))
    assert error_of(archive).startswith("players_list_foa.txt: the zip is damaged")


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<playerslist><player><fideid>1</fideid><name>&lol2;</name></player></playerslist>
"""
EXTERNAL = """<!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<playerslist><player><fideid>1</fideid><name>&x;</name></player></playerslist>"""


@pytest.mark.parametrize(
    "text", [BILLION_LAUGHS, EXTERNAL], ids=["billion-laughs", "external-entity"]
)
def test_xml_with_a_dtd_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.xml"
    path.write_text(text)
    assert (
        error_of(path)
        == "x.xml: it holds !DOCTYPE (a DTD or an entity): caddy reads no DTD and expands no entity"
    )


def test_xml_in_utf_16_is_refused(tmp_path: Path) -> None:
    """A DTD in UTF-16 would not be seen by a look for the bytes ``<!DOCTYPE``."""
    path = tmp_path / "x.xml"
    path.write_bytes(BILLION_LAUGHS.replace('"1.0"', '"1.0" encoding="UTF-16"').encode("utf-16-le"))
    assert error_of(path) == (
        "x.xml: it is not UTF-8 text (it holds NUL bytes): caddy reads XML in UTF-8"
    )
    path.write_bytes(BILLION_LAUGHS.encode("utf-16"))  # with a byte-order mark: no list at all
    assert error_of(path).startswith("x.xml: not a FIDE rating list")


def test_xml_not_well_formed(tmp_path: Path) -> None:
    path = tmp_path / "x.xml"
    path.write_text("<playerslist><player><fideid>1</fideid>")
    assert error_of(path).startswith("x.xml: not well-formed XML (")


def test_a_line_of_latin_1_reads(tmp_path: Path) -> None:
    """A byte that is no UTF-8 (an old list written in Latin-1) is read as Latin-1."""
    line = combined_line("1", "Núñez, José", CARLSEN_REST).encode("latin-1")
    path = tmp_path / "x.txt"
    path.write_bytes(COMBINED_HEADER.encode() + b"\r\n" + line + b"\r\n")
    assert [p.name for p in players(path)] == ["Núñez, José"]


def _iter(found: Iterator[ListedPlayer]) -> list[int]:
    return [p.fide_id for p in found]


def test_read_list_is_lazy() -> None:
    """read_list yields players as it reads (a generator)."""
    found = read_list(LISTS / "players_list_foa.txt")
    assert next(found).fide_id == 1503014
    assert _iter(found) == [8603677, 2016192, 703303, 6502938, 6504450]


def test_a_list_cut_short_warns_of_its_last_line(tmp_path: Path) -> None:
    """A file ending inside a line, short of the birth year's column (a
    download cut short), warns of that line (its player read as it is); a
    whole last line without its line end reads as usual."""
    whole = (LISTS / "players_list_foa.txt").read_text(encoding="utf-8").rstrip("\n")
    lines = whole.split("\n")
    warnings: list[str] = []
    (tmp_path / "cut.txt").write_text("\n".join([*lines[:-1], lines[-1][:100]]))
    with RatingList(tmp_path / "cut.txt", warn=warnings.append) as ratings:
        found = list(ratings.players())
    assert len(found) == len(lines) - 1 and found[-1].standard is None
    assert warnings == [
        f"cut.txt line {len(lines)}: the file ends inside this line (cut short?): read as it is"
    ]
    warnings.clear()
    (tmp_path / "whole.txt").write_text(whole)
    with RatingList(tmp_path / "whole.txt", warn=warnings.append) as ratings:
        assert len(list(ratings.players())) == len(lines) - 1
    assert warnings == []
