"""``text``: aligned columns for a terminal (the default output)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.render import Report, aligned


class TextRenderer:
    """Aligned columns, two spaces apart; numbers to the right."""

    name: ClassVar[str] = "text"
    summary: ClassVar[str] = "aligned columns for a terminal (the default)"
    suffix: ClassVar[str] = ".txt"

    def render(self, report: Report) -> str:
        lines = [report.heading] if report.title_in_text else []
        lines.extend(report.intro)
        for table in report.tables:
            if table.caption_in_text:
                lines.append(table.caption)
            lines.extend(aligned(table))
        if report.notes:
            lines.append("")
            lines.extend(report.notes)
        return "".join(f"{line}\n" for line in lines)


@hookimpl
def caddy_register_renderers(register: Callable[[TextRenderer], None]) -> None:
    register(TextRenderer())
