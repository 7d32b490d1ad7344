"""Hypothesis's text for the tests: any character a UTF-8 file can hold.

``st.text()`` (and ``st.characters(codec="utf-8")``) draw from every code point
but the surrogates, and hypothesis finds those by encoding all 1,114,112 code
points once per process and directory: about 2 s of the suite's time on a
fresh clone, in each test process (issue 31 item 6). The same set asked for
by category (every category but ``Cs``, the surrogates) is read from the
Unicode database hypothesis already keeps: the same characters, drawn the same
way, without the loop. ``tests/test_suite_hygiene.py`` keeps the suite on it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

#: Every character UTF-8 can encode: all code points but the surrogates (``Cs``).
UTF8_CHARACTERS = st.characters(exclude_categories=["Cs"])


def utf8_characters(*exclude: str) -> st.SearchStrategy[str]:
    """:data:`UTF8_CHARACTERS` without the categories ``exclude`` (e.g. ``"Cc"``)."""
    categories: list[Any] = ["Cs", *exclude]  # hypothesis types them as literals
    return st.characters(exclude_categories=categories)


def text(**kwargs: Any) -> st.SearchStrategy[str]:
    """``st.text(**kwargs)`` over :data:`UTF8_CHARACTERS`."""
    return st.text(UTF8_CHARACTERS, **kwargs)
