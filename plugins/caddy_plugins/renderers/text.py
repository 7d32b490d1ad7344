"""``text``: aligned columns for a terminal (the default output).

Every text is printed as it is, except control characters (a newline in an
event's name, an escape sequence in a player's name): those are written as
visible escapes (``\\n``, ``\\x1b``), so no text can forge a line of the
report or drive the terminal (:func:`caddy.messages.visible`). Table cells are
cut at 40 characters, ending ``…`` (``Table.max_width``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.messages import visible
from caddy.model.report import Report, aligned


class TextRenderer:
    """Aligned columns, two spaces apart; numbers to the right."""

    name: ClassVar[str] = "text"
    summary: ClassVar[str] = "aligned columns for a terminal (the default)"
    suffix: ClassVar[str] = ".txt"

    def render(self, report: Report) -> str:
        lines = [visible(report.heading)] if report.title_in_text else []
        lines.extend(map(visible, report.intro))
        for table in report.tables:
            if table.caption_in_text:
                lines.append(visible(table.caption))
            lines.extend(aligned(table))
        if report.notes:
            lines.append("")
            lines.extend(map(visible, report.notes))
        return "".join(f"{line}\n" for line in lines)


@hookimpl
def caddy_register_renderers(register: Callable[[TextRenderer], None]) -> None:
    register(TextRenderer())
