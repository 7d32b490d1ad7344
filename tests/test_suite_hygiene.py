"""What keeps the default run fast, checked in the tests' own source (issue 31
item 6): hypothesis's text is drawn from :mod:`tests.texts`, not from the
default alphabet whose table costs each test process about 2 s on a fresh clone."""

from __future__ import annotations

import ast
import unicodedata
from pathlib import Path

from hypothesis import given

from tests import sources, texts

TESTS = Path(__file__).parent


def slow_alphabets(tree: ast.AST) -> list[int]:
    """The lines of ``st.text(...)`` without an alphabet and of any
    ``characters(codec=...)``: the strategies that build hypothesis's codec table."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        keywords = {k.arg for k in node.keywords}
        if node.func.attr == "text" and not node.args and "alphabet" not in keywords:
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id in ("st", "strategies"):
                lines.append(node.lineno)
        if node.func.attr == "characters" and "codec" in keywords:
            lines.append(node.lineno)
    return lines


def test_no_test_draws_text_from_the_codec_table() -> None:
    found = [
        f"{path.name}:{line}"
        for path in sorted(TESTS.glob("*.py"))
        for line in slow_alphabets(sources.tree(path))
    ]
    assert found == [], "draw text with tests.texts.text() / utf8_characters() instead"


def test_the_check_finds_each_form() -> None:
    tree = ast.parse(
        "st.text()\nst.text(max_size=3)\nst.characters(codec='utf-8')\n"
        "st.text(alphabet='ab')\nst.text('ab')\ntexts.text()\n"
    )
    assert slow_alphabets(tree) == [1, 2, 3]


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
