"""The prize schedule file (issue 27 part 1; docs/prize-schedule.md):
:func:`caddy.files.prizes.read_schedule` and :func:`schedule_from_data`.

Sources: the keys, the shorthands (rating band ``U1800``/``1600-1799``, age
``U12``/``S65``) and the acceptance "a bad schedule (unknown category,
negative amount, overlapping bands) is one line naming the entry; nothing is
written" are issue 27's text; TOML is read by the standard library's
:mod:`tomllib` (TOML 1.0.0), JSON by :mod:`json` (RFC 8259). Every expected
message below is the exact line the reader gives.
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.files.prizes import CATEGORY_KEYS, read_schedule, schedule_from_data
from caddy.model.prizes import Category, Prize, PrizeSchedule
from caddy.model.serialize import unstructure
from tests import texts

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs/examples/prizes/prizes.toml"

#: Every key of the format, each once (the JSON twin is :data:`FULL_JSON`).
FULL_TOML = """\
currency = "USD"
sharing = "uscf"
rounding = "nearest"
unit = "0.01"
one_per_player = true
prefer = "schedule"
unrated_cap = 100

[[prize]]
name = "1st"
place = 1
amount = 300

[[prize]]
name = "2nd"
place = 2
amount = 200.50

[[prize]]
name = "Top youth"
amount = 150
category = { born_from = 2012-01-01, born_before = 2020-01-01 }

[[prize]]
name = "Class C"
item = "Trophy"
value = 25
[prize.category]
rating_from = 1400
rating_below = 1600
unrated = false
age_below = 18
age_from = 8
sex = "F"
federation = "usa"
club = "Marshall"
section = "Open"
"""

FULL_JSON = """\
{
  "currency": "USD", "sharing": "uscf", "rounding": "nearest", "unit": 0.01,
  "one_per_player": true, "prefer": "schedule", "unrated_cap": "100",
  "prize": [
    {"name": "1st", "place": 1, "amount": 300},
    {"name": "2nd", "place": 2, "amount": "200.50"},
    {"name": "Top youth", "amount": 150,
     "category": {"born_from": "2012-01-01", "born_before": "2020-01-01"}},
    {"name": "Class C", "item": "Trophy", "value": 25,
     "category": {"rating_from": 1400, "rating_below": 1600, "unrated": false,
                  "age_below": 18, "age_from": 8, "sex": "F", "federation": "usa",
                  "club": "Marshall", "section": "Open"}}
  ]
}
"""

FULL = PrizeSchedule(
    currency="USD",
    sharing="uscf",
    rounding="nearest",
    unit=Decimal("0.01"),
    one_per_player=True,
    prefer="schedule",
    unrated_cap=Decimal(100),
    prizes=(
        Prize(name="1st", place=1, amount=Decimal(300)),
        Prize(name="2nd", place=2, amount=Decimal("200.50")),
        Prize(
            name="Top youth",
            amount=Decimal(150),
            category=Category(
                born_from=datetime.date(2012, 1, 1), born_before=datetime.date(2020, 1, 1)
            ),
        ),
        Prize(
            name="Class C",
            item="Trophy",
            value=Decimal(25),
            category=Category(
                rating_from=1400,
                rating_below=1600,
                unrated=False,
                age_below=18,
                age_from=8,
                sex="w",  # "F" reads as w
                federation="USA",  # in capitals
                club="Marshall",
                section="Open",
            ),
        ),
    ),
)


def write(folder: Path, text: str, name: str = "prizes.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(folder: Path, monkeypatch: pytest.MonkeyPatch, text: str, name: str) -> list[str]:
    """The reader's lines for ``text`` in ``folder/name``, read as ``name``; the
    folder is as it was (nothing written)."""
    write(folder, text, name)
    monkeypatch.chdir(folder)
    before = sorted(p.name for p in folder.iterdir())
    with pytest.raises(CaddyError) as caught:
        read_schedule(name)
    assert sorted(p.name for p in folder.iterdir()) == before
    assert str(caught.value) == caught.value.problems[0]
    return list(caught.value.problems)


# -- a good schedule -----------------------------------------------------------------------------


def test_full_schedule_reads_every_key(tmp_path: Path) -> None:
    assert read_schedule(write(tmp_path, FULL_TOML)) == FULL


def test_json_twin_reads_equal(tmp_path: Path) -> None:
    assert read_schedule(write(tmp_path, FULL_JSON, "prizes.json")) == FULL


def test_format_by_content_without_a_known_suffix(tmp_path: Path) -> None:
    assert read_schedule(write(tmp_path, FULL_JSON, "prizes.txt")) == FULL
    assert read_schedule(write(tmp_path, FULL_TOML, "prizes")) == FULL


def test_defaults_of_a_minimal_schedule() -> None:
    schedule = schedule_from_data({"prize": [{"name": "1st", "amount": 100}]}, "embedder")
    assert schedule == PrizeSchedule(prizes=(Prize(name="1st", amount=Decimal(100)),))
    assert (schedule.sharing, schedule.rounding, schedule.unit) == ("none", "down", Decimal("0.01"))
    assert (schedule.one_per_player, schedule.prefer, schedule.unrated_cap) == (True, "place", None)


def test_example_of_the_docs_reads() -> None:
    """docs/examples/prizes/prizes.toml: an open's places 1-5, U1800 and U1600, best unrated,
    best woman and a junior U14 trophy."""
    schedule = read_schedule(EXAMPLE)
    assert (schedule.currency, schedule.sharing, schedule.rounding) == ("EUR", "hort", "nearest")
    assert schedule.unit == Decimal(1)
    assert [(p.name, p.place, str(p.worth)) for p in schedule.prizes] == [
        ("1st", 1, "500"),
        ("2nd", 2, "300"),
        ("3rd", 3, "200"),
        ("4th", 4, "120"),
        ("5th", 5, "80"),
        ("1st U1800", 1, "100"),
        ("2nd U1800", 2, "60"),
        ("1st U1600", 1, "80"),
        ("2nd U1600", 2, "40"),
        ("Best unrated", 1, "50"),
        ("Best woman", 1, "80"),
        ("Best junior U14", 1, "60"),
    ]
    categories = [p.category for p in schedule.prizes]
    assert categories[:5] == [None] * 5
    assert categories[5:] == [
        Category(rating_below=1800),
        Category(rating_below=1800),
        Category(rating_below=1600),
        Category(rating_below=1600),
        Category(unrated=True),
        Category(sex="w"),
        Category(age_below=14),
    ]
    assert schedule.prizes[-1].item == "Junior trophy" and not schedule.prizes[-1].cash
    assert schedule.fund == Decimal(1610)  # the file's first line says so


# -- shorthands ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shorthand", "category"),
    [
        ({"band": "U1800"}, Category(rating_below=1800)),
        ({"band": "u2000"}, Category(rating_below=2000)),
        ({"band": "1600-1799"}, Category(rating_from=1600, rating_below=1800)),
        ({"band": "2200+"}, Category(rating_from=2200)),
        ({"age": "U12"}, Category(age_below=12)),
        ({"age": "S65"}, Category(age_from=65)),
        (
            {"band": "U1800", "age": "U14", "sex": "w"},
            Category(rating_below=1800, age_below=14, sex="w"),
        ),
        ({}, None),  # an empty category is none: the place prizes
    ],
)
def test_shorthands(shorthand: dict[str, str], category: Category | None) -> None:
    data = {"prize": [{"name": "x", "amount": 1, "category": shorthand}]}
    assert schedule_from_data(data, "s").prizes[0].category == category


def test_shorthands_in_toml_match_their_keys(tmp_path: Path) -> None:
    short = '[[prize]]\nname = "a"\namount = 1\ncategory = { band = "1600-1799", age = "S50" }\n'
    long = (
        '[[prize]]\nname = "a"\namount = 1\n'
        "category = { rating_from = 1600, rating_below = 1800, age_from = 50 }\n"
    )
    assert read_schedule(write(tmp_path, short)) == read_schedule(write(tmp_path, long, "l.toml"))


def test_category_keys_are_the_models_and_the_shorthands() -> None:
    assert CATEGORY_KEYS == (
        "rating_below",
        "rating_from",
        "unrated",
        "born_from",
        "born_before",
        "age_below",
        "age_from",
        "sex",
        "federation",
        "club",
        "section",
        "board",
        "band",
        "age",
    )


# -- money is exact ------------------------------------------------------------------------------


def test_amounts_are_exact_decimals(tmp_path: Path) -> None:
    """0.1 + 0.2 is 0.3 exactly (as a float it is 0.30000000000000004)."""
    text = '[[prize]]\nname = "a"\namount = 0.2\n\n[[prize]]\nname = "b"\nplace = 2\namount = 0.1\n'
    for schedule in (
        read_schedule(write(tmp_path, text)),
        read_schedule(
            write(
                tmp_path,
                json.dumps(
                    {
                        "prize": [
                            {"name": "a", "amount": 0.2},
                            {"name": "b", "place": 2, "amount": 0.1},
                        ]
                    }
                ),
                "p.json",
            )
        ),
        schedule_from_data(
            {"prize": [{"name": "a", "amount": 0.2}, {"name": "b", "place": 2, "amount": 0.1}]},
            "floats from an embedder",
        ),
    ):
        assert schedule.fund == Decimal("0.3")
        assert all(type(p.amount) is Decimal for p in schedule.prizes)
        assert [p.amount for p in schedule.prizes] == [Decimal("0.2"), Decimal("0.1")]


def test_toml_number_keeps_its_digits(tmp_path: Path) -> None:
    """Twenty digits: a float would keep about seventeen (12345678901234567.89 as a
    float is 12345678901234568)."""
    text = 'unit = 0.01\n[[prize]]\nname = "a"\namount = 12345678901234567.89\n'
    amount = read_schedule(write(tmp_path, text)).prizes[0].amount
    assert amount is not None and str(amount) == "12345678901234567.89"
    assert str(Decimal(str(float("12345678901234567.89")))) == "12345678901234568"


# -- a bad schedule: one line per problem, naming the entry ---------------------------------------

P1 = '[[prize]]\nname = "1st"\namount = 100\n'
P2 = '[[prize]]\nname = "2nd"\nplace = 2\namount = 50\n'
U1 = '[[prize]]\nname = "U1800 1st"\namount = 40\ncategory = { band = "U1800" }\n'
KNOWN_CATEGORY = (
    "rating_below, rating_from, unrated, born_from, born_before, age_below, age_from, sex,"
    " federation, club, section, board, band, age"
)

BAD = [
    pytest.param(
        'sharng = "hort"\n' + P1,
        [
            "prizes.toml: unknown key 'sharng' (known: currency, sharing, rounding, unit,"
            " one_per_player, prefer, unrated_cap, prize)"
        ],
        id="unknown-top-key",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\namout = 100\n',
        [
            "prizes.toml: prize 1 ('1st'): unknown key 'amout'"
            " (known: name, place, amount, item, value, category)",
            "prizes.toml: prize 1 ('1st'): neither amount nor item"
            ' (cash: amount = 100; an item: item = "Trophy", value = 50)',
        ],
        id="unknown-prize-key",
    ),
    pytest.param(
        P1 + '[[prize]]\nname = "U1800 1st"\namount = 40\ncategory = { rating_under = 1800 }\n',
        [
            f"prizes.toml: prize 2 ('U1800 1st'): category: unknown key 'rating_under'"
            f" (known: {KNOWN_CATEGORY})"
        ],
        id="unknown-category-key",
    ),
    pytest.param(
        P1 + P2 + '[[prize]]\nname = "U1800 1st"\namount = -5\ncategory = { band = "U1800" }\n',
        ["prizes.toml: prize 3 ('U1800 1st'): amount -5 is negative"],
        id="negative-amount",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\namount = 100\nitem = "Cup"\nvalue = 10\n',
        [
            "prizes.toml: prize 1 ('1st'): both amount and item (a prize is cash or an item, not both)"
        ],
        id="amount-and-item",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\n',
        [
            "prizes.toml: prize 1 ('1st'): neither amount nor item"
            ' (cash: amount = 100; an item: item = "Trophy", value = 50)'
        ],
        id="neither-amount-nor-item",
    ),
    pytest.param(
        '[[prize]]\nname = "Best junior"\nitem = "Cup"\n',
        [
            "prizes.toml: prize 1 ('Best junior'): item 'Cup' has no value (the value ranks it among the prizes)"
        ],
        id="item-without-value",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\namount = 10\nvalue = 10\n',
        ["prizes.toml: prize 1 ('1st'): value without item (a cash prize's worth is its amount)"],
        id="value-without-item",
    ),
    pytest.param(
        'rounding = "up"\n' + P1,
        ["prizes.toml: rounding 'up' is unknown (known: down, nearest)"],
        id="unknown-rounding",
    ),
    pytest.param(
        'prefer = "category"\n' + P1,
        ["prizes.toml: prefer 'category' is unknown (known: place, schedule)"],
        id="unknown-prefer",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\nplace = 0\namount = 100\n',
        ["prizes.toml: prize 1 ('1st'): place 0 is below 1"],
        id="place-below-1",
    ),
    pytest.param(
        U1 + '[[prize]]\nname = "U1800 first"\namount = 30\ncategory = { rating_below = 1800 }\n',
        [
            "prizes.toml: prize 2 ('U1800 first'): place 1 again in its category (also prize 1 ('U1800 1st'))"
        ],
        id="same-category-and-place",
    ),
    pytest.param(
        P1 + '[[prize]]\nname = "also 1st"\namount = 100\n',
        [
            "prizes.toml: prize 2 ('also 1st'): place 1 again in the place prizes (also prize 1 ('1st'))"
        ],
        id="same-place",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\namount = 50\n'
        + '[[prize]]\nname = "2nd"\nplace = 2\namount = 80\n',
        [
            "prizes.toml: prize 2 ('2nd'): place 2 is worth 80, more than place 1 (prize 1 ('1st'): 50)"
        ],
        id="later-place-worth-more",
    ),
    pytest.param(
        P1 + '[[prize]]\nname = "3rd"\nplace = 3\namount = 20\n',
        ["prizes.toml: prize 2 ('3rd'): place 3, but the place prizes has no place 2"],
        id="place-missing",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { band = "1600-1799" }\n'
        '[[prize]]\nname = "b"\namount = 40\ncategory = { band = "1700-1899" }\n',
        [
            "prizes.toml: prize 2 ('b'): rating band 1700-1899 overlaps 1600-1799"
            " (prize 1 ('a')); bands must be apart or one inside the other"
        ],
        id="overlapping-bands",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { band = "U1900", sex = "w" }\n'
        '[[prize]]\nname = "b"\namount = 40\ncategory = { band = "1800+", sex = "w" }\n',
        [
            "prizes.toml: prize 2 ('b'): rating band 1800+ overlaps U1900"
            " (prize 1 ('a')); bands must be apart or one inside the other"
        ],
        id="overlapping-bands-of-women",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\n'
        "category = { rating_from = 1800, rating_below = 1800 }\n",
        [
            "prizes.toml: prize 1 ('a'): category: rating_below 1800 is not above"
            " rating_from 1800: no rating is in the band"
        ],
        id="rating-below-not-above-from",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\n'
        "category = { born_from = 2014-01-01, born_before = 2012-01-01 }\n",
        [
            "prizes.toml: prize 1 ('a'): category: born_from 2014-01-01 is not before"
            " born_before 2012-01-01: no birth date is in the range"
        ],
        id="born-from-not-before",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { age_below = 10, age_from = 12 }\n',
        [
            "prizes.toml: prize 1 ('a'): category: age_below 10 is not above age_from 12:"
            " no age is in the range"
        ],
        id="age-below-not-above-from",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { unrated = true, band = "U1800" }\n',
        [
            "prizes.toml: prize 1 ('a'): category: unrated = true with a rating band: an unrated player has no rating"
        ],
        id="unrated-with-band",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { band = "U1800", rating_from = 1600 }\n',
        [
            "prizes.toml: prize 1 ('a'): category: band and rating_below or rating_from"
            " both given (band is their shorthand)"
        ],
        id="band-and-its-keys",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { band = "1800-1600", age = "J12" }\n',
        [
            "prizes.toml: prize 1 ('a'): category: band '1800-1600' is not a rating band"
            " (U1800, 1600-1799 or 1800+)",
            "prizes.toml: prize 1 ('a'): category: age 'J12' is not an age group"
            " (U12: under 12; S65: 65 or older)",
        ],
        id="bad-shorthands",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { band = "U0", age = "S0" }\n'
        '[[prize]]\nname = "b"\namount = 40\ncategory = { age_below = 0, rating_below = 0 }\n',
        [
            "prizes.toml: prize 1 ('a'): category: band 'U0' is not a rating band"
            " (U1800, 1600-1799 or 1800+)",
            "prizes.toml: prize 1 ('a'): category: age 'S0' is not an age group"
            " (U12: under 12; S65: 65 or older)",
            "prizes.toml: prize 2 ('b'): category: rating_below 0 is below 1",
            "prizes.toml: prize 2 ('b'): category: age_below 0 is below 1",
        ],
        id="no-one-below-0",
    ),
    pytest.param(
        '[[prize]]\nname = "a"\namount = 40\ncategory = { born_from = 2012-01-01T10:00:00 }\n',
        [
            "prizes.toml: prize 1 ('a'): category: born_from: expected a date (YYYY-MM-DD),"
            " got 2012-01-01 10:00:00"
        ],
        id="date-and-time-is-not-a-date",
    ),
    pytest.param(
        'unit = 0.01\n[[prize]]\nname = "1st"\namount = 10.005\n',
        ["prizes.toml: prize 1 ('1st'): amount 10.005 is not a whole number of units (unit 0.01)"],
        id="amount-finer-than-unit",
    ),
    pytest.param(
        "unit = 0\n" + P1,
        ["prizes.toml: unit 0 is not above 0"],
        id="unit-zero",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\namount = inf\n',
        ["prizes.toml: prize 1 ('1st'): amount Infinity is not a finite amount"],
        id="infinite-amount",
    ),
    pytest.param(
        'sharing = ""\ncurrency = 5\none_per_player = "yes"\n' + P1,
        [
            "prizes.toml: currency: expected a string, got 5",
            'prizes.toml: sharing: expected a non-empty string, got a string ""',
            'prizes.toml: one_per_player: expected true or false, got a string "yes"',
        ],
        id="bad-top-values",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\nplace = "2"\namount = true\n'
        'category = { born_from = "1.1.2000", sex = "x", federation = "Germany" }\n',
        [
            "prizes.toml: prize 1 ('1st'): place: expected a whole number, got a string \"2\"",
            "prizes.toml: prize 1 ('1st'): amount: expected an amount (100, 12.50 or \"12.50\"),"
            " got true",
            "prizes.toml: prize 1 ('1st'): category: born_from: expected a date (YYYY-MM-DD),"
            ' got a string "1.1.2000"',
            "prizes.toml: prize 1 ('1st'): category: sex 'x' is not m or w (or f)",
            "prizes.toml: prize 1 ('1st'): category: federation 'Germany' is not three letters"
            " (FIDE's code: GER, USA)",
        ],
        id="bad-prize-values",
    ),
    pytest.param(
        "[[prize]]\namount = 10\n" + P1 + '[[prize]]\nname = "1st"\nplace = 2\namount = 5\n',
        ["prizes.toml: prize 1: no name"],
        id="no-name",
    ),
    pytest.param(
        P1 + '[[prize]]\nname = "1st"\nplace = 2\namount = 5\n',
        ["prizes.toml: prize 2 ('1st'): the name is also prize 1 ('1st')'s"],
        id="same-name",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\namount = -1\n'
        + '[[prize]]\nname = "2nd"\nplace = 2\nvalue = 1\nitme = "x"\n',
        [
            "prizes.toml: prize 1 ('1st'): amount -1 is negative",
            "prizes.toml: prize 2 ('2nd'): unknown key 'itme'"
            " (known: name, place, amount, item, value, category)",
            "prizes.toml: prize 2 ('2nd'): neither amount nor item"
            ' (cash: amount = 100; an item: item = "Trophy", value = 50)',
            "prizes.toml: prize 2 ('2nd'): value without item (a cash prize's worth is its amount)",
        ],
        id="every-problem-its-line",
    ),
    pytest.param(
        'currency = "EUR"\n\n[[prize]]\nname = "1st"\namount = \n',
        ["prizes.toml:5:10: not TOML: Invalid value"],
        id="malformed-toml",
    ),
    pytest.param(
        '[[prize]]\nname = "1st"\nname = "2nd"\namount = 5\n',
        ["prizes.toml:3:13: not TOML: Cannot overwrite a value"],
        id="toml-key-twice",
    ),
    pytest.param(
        "  \n\n",
        ["prizes.toml: empty file (a prize schedule lists [[prize]] tables)"],
        id="empty-file",
    ),
    pytest.param(
        "# nothing yet\n",
        ['prizes.toml: no prizes (list each as a [[prize]] table; JSON: "prize": [...])'],
        id="no-prizes",
    ),
    pytest.param(
        'prize = { name = "1st", amount = 5 }\n',
        ["prizes.toml: prize: expected a list of tables ([[prize]]), got an object"],
        id="prize-not-a-list",
    ),
]


@pytest.mark.parametrize(("text", "expected"), BAD)
def test_bad_schedule_one_line_per_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, expected: list[str]
) -> None:
    assert problems_of(tmp_path, monkeypatch, text, "prizes.toml") == expected


BAD_JSON = [
    pytest.param(
        '{"currency": "EUR",\n "prize": [{"name": "1st" "amount": 5}]}\n',
        ["prizes.json:2:27: not JSON: Expecting ',' delimiter"],
        id="malformed-json",
    ),
    pytest.param(
        '{"prize": [{"name": "1st", "amount": 5, "amount": 6}]}',
        ["prizes.json: key 'amount' given twice"],
        id="json-key-twice",
    ),
    pytest.param(
        '{"prize": [{"name": "1st", "amount": NaN}]}',
        ["prizes.json: prize 1 ('1st'): amount NaN is not a finite amount"],
        id="json-nan",
    ),
    pytest.param(
        "[1]", ["prizes.json: expected a table of keys, got a list"], id="json-not-an-object"
    ),
    pytest.param(
        '{"prize": [{"name": "1st", "amount": 5}], "prizes": []}',
        ["prizes.json: both prize and prizes given (prizes is another name of prize)"],
        id="prize-and-prizes",
    ),
    pytest.param(
        '{"prize": [{"name": "U1800", "amount": 5, "category": {"band": "U1800", "club": 7}}, 3]}',
        [
            "prizes.json: prize 1 ('U1800'): category: club: expected a non-empty string, got 7",
            "prizes.json: prize 2: expected a table, got 3",
        ],
        id="json-bad-values",
    ),
]


@pytest.mark.parametrize(("text", "expected"), BAD_JSON)
def test_bad_json_schedule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, expected: list[str]
) -> None:
    assert problems_of(tmp_path, monkeypatch, text, "prizes.json") == expected


@pytest.mark.parametrize(
    "bands",
    [
        ("U2000", "U1800"),  # nested
        ("U1800", "1600-1799"),  # nested, sharing the top
        ("1600-1799", "1800-1999"),  # apart, touching
        ("U1600", "2000+"),  # apart
    ],
)
def test_bands_apart_or_nested_are_fine(bands: tuple[str, str]) -> None:
    data = {"prize": [{"name": band, "amount": 10, "category": {"band": band}} for band in bands]}
    schedule = schedule_from_data(data, "s")
    assert [p.category for p in schedule.prizes] == [
        schedule_from_data({"prize": [d]}, "s").prizes[0].category for d in data["prize"]
    ]


def test_bands_of_different_categories_are_not_compared() -> None:
    """1600-1799 for women and 1700-1899 open: they differ in more than their band."""
    data = {
        "prize": [
            {"name": "a", "amount": 10, "category": {"band": "1600-1799", "sex": "w"}},
            {"name": "b", "amount": 10, "category": {"band": "1700-1899"}},
        ]
    }
    assert len(schedule_from_data(data, "s").prizes) == 2


def test_equal_bands_are_one_category() -> None:
    """``band = "U1800"`` and ``rating_below = 1800``: places 1 and 2 of one category."""
    data = {
        "prize": [
            {"name": "a", "amount": 20, "category": {"band": "U1800"}},
            {"name": "b", "place": 2, "amount": 10, "category": {"rating_below": 1800}},
        ]
    }
    first, second = schedule_from_data(data, "s").prizes
    assert first.category == second.category == Category(rating_below=1800)


def test_f_and_w_and_federation_case_are_one_category() -> None:
    data = {
        "prize": [
            {"name": "a", "amount": 20, "category": {"sex": "F", "federation": "ger"}},
            {"name": "b", "place": 2, "amount": 10, "category": {"sex": "w", "federation": "GER"}},
        ]
    }
    first, second = schedule_from_data(data, "s").prizes
    assert first.category == second.category == Category(sex="w", federation="GER")


def test_problems_name_the_source_given() -> None:
    with pytest.raises(CaddyError) as caught:
        schedule_from_data({"prize": [{"name": "1st", "amount": -5}]}, "club.json")
    assert caught.value.problems == ("club.json: prize 1 ('1st'): amount -5 is negative",)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CaddyError) as caught:
        read_schedule(tmp_path)
    assert caught.value.problems == (f"{tmp_path}: is a folder, not a prize schedule",)


# -- round trips ---------------------------------------------------------------------------------


def toml_string(text: str) -> str:
    """A TOML basic string (TOML 1.0.0: escape ``"``, ``\\`` and control characters)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value: object, strings: bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return toml_string(str(value)) if strings else format(value, "f")
    if isinstance(value, int | datetime.date):
        return str(value)
    assert isinstance(value, str)
    return toml_string(value)


def toml_of(schedule: PrizeSchedule, strings: bool = False) -> str:
    """A schedule as the TOML an organiser writes (amounts as numbers, or as strings)."""
    top = [
        (k, getattr(schedule, k))
        for k in (
            "currency",
            "sharing",
            "rounding",
            "unit",
            "one_per_player",
            "prefer",
            "unrated_cap",
        )
    ]
    lines = [f"{k} = {toml_value(v, strings)}" for k, v in top if v is not None]
    for prize in schedule.prizes:
        lines += ["", "[[prize]]", f"name = {toml_string(prize.name)}", f"place = {prize.place}"]
        for key in ("amount", "item", "value"):
            if getattr(prize, key) is not None:
                lines.append(f"{key} = {toml_value(getattr(prize, key), strings)}")
        if prize.category is not None:
            fields = [
                f"{key} = {toml_value(getattr(prize.category, key), strings)}"
                for key in CATEGORY_KEYS[:-2]
                if getattr(prize.category, key) is not None
            ]
            lines.append("category = { " + ", ".join(fields) + " }")
    return "\n".join(lines) + "\n"


UNITS = [Decimal("0.01"), Decimal(1), Decimal("0.5"), Decimal(5)]
#: Categories that may stand together: their bands are apart or nested.
CATEGORIES = [
    None,
    Category(rating_below=1800),
    Category(rating_below=1600),
    Category(rating_from=1600, rating_below=1800),
    Category(rating_from=2000),
    Category(unrated=True),
    Category(unrated=False, sex="w"),
    Category(age_below=14),
    Category(age_from=65),
    Category(born_from=datetime.date(2008, 1, 1), born_before=datetime.date(2012, 1, 1)),
    Category(federation="GER", club="SK 1919"),
    Category(section="B", rating_below=1700, rating_from=1500),
]


@st.composite
def schedules(draw: st.DrawFn) -> PrizeSchedule:
    unit = draw(st.sampled_from(UNITS))
    categories = draw(st.lists(st.sampled_from(CATEGORIES), min_size=1, max_size=4, unique=True))
    prizes = []
    for number, category in enumerate(categories):
        units = sorted(draw(st.lists(st.integers(0, 10**7), min_size=1, max_size=4)), reverse=True)
        for place, count in enumerate(units, 1):
            name = f"{number}.{place} " + draw(texts.text(max_size=6))
            if draw(st.booleans()):
                prizes.append(Prize(name=name, place=place, amount=unit * count, category=category))
            else:
                item = draw(texts.text(min_size=1, max_size=6).filter(str.strip))
                prizes.append(
                    Prize(name=name, place=place, item=item, value=unit * count, category=category)
                )
    cap = draw(st.none() | st.integers(0, 10**5).map(lambda k: unit * k))
    return PrizeSchedule(
        currency=draw(texts.text(max_size=4)),
        sharing=draw(st.sampled_from(["none", "equal", "hort", "uscf", "club-rule"])),
        rounding=draw(st.sampled_from(["down", "nearest"])),
        unit=unit,
        one_per_player=draw(st.booleans()),
        prefer=draw(st.sampled_from(["place", "schedule"])),
        unrated_cap=cap,
        prizes=tuple(draw(st.permutations(prizes))),
    )


@settings(max_examples=60, deadline=None)
@given(schedule=schedules(), strings=st.booleans())
def test_any_schedule_written_as_toml_reads_back_equal(
    tmp_path_factory: pytest.TempPathFactory, schedule: PrizeSchedule, strings: bool
) -> None:
    path = tmp_path_factory.mktemp("toml") / "prizes.toml"
    path.write_text(toml_of(schedule, strings), encoding="utf-8")
    assert read_schedule(path) == schedule


@settings(max_examples=60, deadline=None)
@given(schedule=schedules())
def test_any_schedule_unstructured_reads_back_equal(
    tmp_path_factory: pytest.TempPathFactory, schedule: PrizeSchedule
) -> None:
    """The event file's JSON of a schedule (``prizes``: the model's name) reads back,
    as data and as a ``.json`` file."""
    data = unstructure(schedule)
    assert schedule_from_data(data, "event") == schedule
    path = tmp_path_factory.mktemp("json") / "prizes.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_schedule(path) == schedule


def test_toml_helper_writes_the_full_example() -> None:
    """The helper of the round trips writes what an organiser would (a check on the helper)."""
    assert toml_of(FULL).splitlines()[:9] == [
        'currency = "USD"',
        'sharing = "uscf"',
        'rounding = "nearest"',
        "unit = 0.01",
        "one_per_player = true",
        'prefer = "schedule"',
        "unrated_cap = 100",
        "",
        "[[prize]]",
    ]
