"""docs/api.md's reference and docs/hooks.md are plain Markdown kept in sync with the code.

tests/api_reference.py writes both from the code (``python -m tests.api_reference
--write``). Here the signature blocks on the pages must be the ones the code gives
now (a changed signature, a new public name or a removed one fails), every name
``import caddy`` offers must be documented with its signature, and every hook's
docstring must be on the hook page as written.
"""

from __future__ import annotations

import inspect

import pytest

import caddy
from caddy.plugins import hookspecs
from tests import api_reference as ref

REGENERATE = "run `python -m tests.api_reference --write`"


def test_api_signatures_match_the_code() -> None:
    on_page = ref.code_blocks(ref.between_markers(ref.API.read_text(encoding="utf-8")))
    from_code = ref.code_blocks(ref.api_reference())
    missing = [b.splitlines()[0] for b in from_code if b not in on_page]
    stale = [b.splitlines()[0] for b in on_page if b not in from_code]
    assert not missing and not stale, (
        f"docs/api.md differs from the code ({REGENERATE}):\n"
        f"not on the page: {missing}\nnot in the code: {stale}"
    )


def _heads() -> set[str]:
    """The names the reference gives a signature block (``name(``, ``class Name``)."""
    heads = set()
    for block in ref.code_blocks(ref.between_markers(ref.API.read_text(encoding="utf-8"))):
        first = block.splitlines()[0].removeprefix("class ")
        heads.add(first.split("(", 1)[0].split(" ", 1)[0].rstrip(":"))
    return heads


@pytest.mark.parametrize(
    "name", [n for n in caddy.__all__ if n not in ("__version__", "hookimpl", "hookspec")]
)
def test_every_top_level_name_is_documented(name: str) -> None:
    """Each name of ``caddy.__all__`` has a block with its signature."""
    value = getattr(caddy, name)
    assert value.__name__ in _heads(), f"caddy.{name} has no signature in docs/api.md"
    block = ref.block(value.__name__, value)
    assert block in ref.code_blocks(ref.API.read_text(encoding="utf-8")), (
        f"caddy.{name}: the signature in docs/api.md is not the code's ({REGENERATE})"
    )


def test_version_and_markers_are_listed() -> None:
    page = ref.API.read_text(encoding="utf-8")
    for name in ("__version__", "hookimpl", "hookspec"):
        assert f"| `{name}` |" in page


def test_signatures_are_written_as_read() -> None:
    """Keyword-only markers, defaults, string annotations and long lines."""

    def f(a: int, /, b: str = "x", *, c: frozenset[str] = frozenset({"b", "a"})) -> None:
        """Doc."""

    assert ref.signature("f", f) == (
        "f(a: int, /, b: str = 'x', *, c: frozenset[str] = frozenset({'a', 'b'})) -> None"
    )
    long = ref.signature("caddy.calculate", caddy.calculate)
    assert long.startswith("caddy.calculate(\n    players: int,\n    *,\n")
    assert ref.markdown("``x`` and :class:`~caddy.model.schedule.Player`") == (
        "`x` and `caddy.model.schedule.Player`"
    )


def test_hook_page_is_the_docstrings() -> None:
    page = ref.code_blocks(ref.between_markers(ref.HOOKS.read_text(encoding="utf-8")))
    for name, value in vars(hookspecs).items():
        if name.startswith("caddy_") and inspect.isfunction(value):
            assert ref.signature(name, value) in page, f"{name}: signature ({REGENERATE})"
            assert inspect.getdoc(value) in page, f"{name}: docstring ({REGENERATE})"
