"""What keeps the default run fast, checked in the tests' own source (issue 31
item 6): hypothesis's text is drawn from :mod:`tests.texts`, not from the
default alphabet whose table costs each test process about 2 s on a fresh clone.
The check reads the forms in the tests' text: ``st.text(`` and
``strategies.text(`` without an alphabet, ``characters(... codec=``, ``text``
imported from ``hypothesis.strategies`` (called bare, it is not seen) and
``from_type(str)``."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from hypothesis import given

from tests import sources, texts

TESTS = Path(__file__).parent


#: ``st.text(`` with no alphabet: closed at once, or its first argument a keyword
#: other than ``alphabet``.
_BARE_TEXT = re.compile(r"\b(?:st|strategies)\.text\(\s*(?:\)|(?!alphabet\b)\w+\s*=)")
#: ``characters(`` given a ``codec``.
_CODEC = re.compile(r"\bcharacters\([^()]*\bcodec\s*=")
#: ``text`` imported from ``hypothesis.strategies`` (on one line or in parentheses).
_IMPORTED = re.compile(r"\bfrom\s+hypothesis\.strategies\s+import\s+(?:\([^()]*?|[^\n(]*?)\btext\b")
#: ``from_type(str)``: hypothesis's text with the default alphabet.
_FROM_TYPE = re.compile(r"\bfrom_type\(\s*str\s*\)")


def slow_alphabets(text: str) -> list[int]:
    """The lines of ``st.text(...)`` without an alphabet, of any
    ``characters(codec=...)``, of an import of ``text`` from
    ``hypothesis.strategies`` and of ``from_type(str)``: the ways to the
    strategies that build hypothesis's codec table. (Read from the text, not a
    parse: this runs over every test module.)"""
    patterns = (_BARE_TEXT, _CODEC, _IMPORTED, _FROM_TYPE)
    found = [match for pattern in patterns for match in pattern.finditer(text)]
    return sorted(text.count("\n", 0, match.start()) + 1 for match in found)


def test_no_test_draws_text_from_the_codec_table() -> None:
    found = [
        f"{path.name}:{line}"
        for path in sorted(TESTS.glob("*.py"))
        if path.name not in (Path(__file__).name, "texts.py")  # they name the forms
        for line in slow_alphabets(sources.text(path))
    ]
    assert found == [], "draw text with tests.texts.text() / utf8_characters() instead"


def test_the_check_finds_each_form() -> None:
    text = (
        "st.text()\nst.text(max_size=3)\nst.characters(codec='utf-8')\n"
        "st.text(alphabet='ab')\nst.text('ab')\ntexts.text()\n"
        "st.text(\n    max_size=3)\nst.characters(\n    min_codepoint=1, codec='ascii')\n"
        "st.text(alphabet_x=1)\n"
        "from hypothesis.strategies import integers, text\n"
        "from hypothesis.strategies import (\n    integers,\n    text,\n)\n"
        "from hypothesis.strategies import texts_of_mine\n"
        "from hypothesis.strategies import integers\ntext = 1\n"
        "st.from_type(str)\nst.from_type( str )\nst.from_type(int)\n"
    )
    assert slow_alphabets(text) == [1, 2, 3, 7, 9, 11, 12, 13, 20, 21]


@given(texts.text(max_size=50), texts.utf8_characters("Cc"))
def test_the_text_is_any_utf8_text(text: str, character: str) -> None:
    """Every drawn string encodes as UTF-8 (no surrogate); the excluded category stays out."""
    assert (text + character).encode("utf-8").decode("utf-8") == text + character
    assert not (ord(character) < 0x20 or 0x7F <= ord(character) < 0xA0)


def test_the_surrogates_are_what_utf8_cannot_encode() -> None:
    """Excluding category ``Cs`` leaves what ``codec="utf-8"`` leaves: the
    surrogates U+D800-U+DFFF are the code points UTF-8 cannot encode (RFC 3629
    §3) and they are category ``Cs``, checked around and across the block."""
    for code in [*range(0xD000, 0xE100), 0, 0x7F, 0x10000, 0x10FFFF]:
        surrogate = 0xD800 <= code <= 0xDFFF
        assert (unicodedata.category(chr(code)) == "Cs") is surrogate, hex(code)
        try:
            chr(code).encode("utf-8")
        except UnicodeEncodeError:
            assert surrogate, hex(code)
        else:
            assert not surrogate, hex(code)
