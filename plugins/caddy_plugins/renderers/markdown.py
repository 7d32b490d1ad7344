"""``markdown``: GitHub-flavoured Markdown tables, for a club website or a wiki.

No text can break the page's structure: control characters (newlines
included) become spaces (:func:`caddy.messages.one_line`); in table cells ``|``
and ``\\`` are escaped, and in headings and paragraphs every character that
starts Markdown markup (`` ` * _ [ ] < > # | ``...) is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.messages import one_line
from caddy.model.report import Report

#: Characters escaped in a table cell: the cell separator, the escape itself,
#: and those that open raw HTML or an entity (a name ``<img ...>`` stays text).
_CELL = re.compile(r"([\\|<>&])")
#: A paragraph's start that would make it a list item, a rule or a heading.
_BLOCK = re.compile(r"^(\s*\d*)([-+=.)])")


def _cell(text: str) -> str:
    """A table cell: ``|``, ``\\``, ``<``, ``>`` and ``&`` escaped, line breaks
    and other control characters flattened."""
    return _CELL.sub(r"\\\1", one_line(text)).strip()


def _text(text: str) -> str:
    """A paragraph on one line: control characters flattened, characters that
    start Markdown markup escaped (``+ - =`` too: a list item, a heading rule)."""
    text = one_line(text)
    for char in "\\`*_[]<>#|&":
        text = text.replace(char, "\\" + char)
    return _BLOCK.sub(r"\1\\\2", text)


class MarkdownRenderer:
    """A heading, the context as paragraphs, one table per section."""

    name: ClassVar[str] = "markdown"
    summary: ClassVar[str] = "GitHub-flavoured Markdown tables"
    suffix: ClassVar[str] = ".md"

    def render(self, report: Report) -> str:
        out = [f"# {_text(report.title)}", ""]
        if report.subtitle:
            out += [_text(report.subtitle), ""]
        for line in report.intro:
            out += [_text(line.strip()), ""]
        for table in report.tables:
            out += [f"## {_text(table.caption)}", ""]
            out.append("| " + " | ".join(_cell(c) or " " for c in table.columns) + " |")
            out.append(
                "|"
                + "|".join("---:" if i in table.right else "---" for i in range(len(table.columns)))
                + "|"
            )
            out.extend("| " + " | ".join(_cell(c) for c in row) + " |" for row in table.rows)
            out.append("")
        for note in report.notes:
            out += [_text(note), ""]
        return "\n".join(out).rstrip("\n") + "\n"


@hookimpl
def caddy_register_renderers(register: Callable[[MarkdownRenderer], None]) -> None:
    register(MarkdownRenderer())
