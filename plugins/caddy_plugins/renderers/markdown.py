"""``markdown``: GitHub-flavoured Markdown tables, for a club website or a wiki."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.render import Report


def _cell(text: str) -> str:
    """A table cell: pipes and backslashes escaped, line breaks flattened."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").strip()


def _text(text: str) -> str:
    """A paragraph: characters that start Markdown markup escaped."""
    for char in "\\`*_[]<>#|":
        text = text.replace(char, "\\" + char)
    return text


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
