"""Reports and renderers: what ``caddy pairings``, ``crosstable``,
``standings`` and ``table`` print, in any output form.

A command builds a :class:`Report` (a title, a line or two of context,
tables of text cells, notes); a renderer plugin (hook
``caddy_register_renderers``) turns it into text: ``text`` (aligned columns
for a terminal, the default), ``markdown``, ``csv`` and ``html`` are built in.
``--output NAME`` picks one; ``--json`` stays the data form.
"""

from __future__ import annotations

import attrs

from caddy.messages import CONTROL, visible


@attrs.frozen
class Link:
    """A link to another page of a published site (``caddy publish``)."""

    text: str
    #: A relative address inside the site (``round-3.html``).
    href: str


@attrs.frozen(kw_only=True)
class Table:
    """A table of text cells."""

    #: What the table shows ("Round 3", "Standings"): an HTML caption, a Markdown heading.
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: Columns whose cells align right (numbers).
    right: frozenset[int] = frozenset()
    #: The column that names each row (``<th scope="row">`` in HTML), if any.
    row_header: int | None = None
    #: Print the caption above the table in text output.
    caption_in_text: bool = False
    #: Text output: the widest a cell prints (longer ones are cut, ending ``…``);
    #: ``None``: no limit (a reference list whose last column is prose).
    max_width: int | None = 40
    #: Per row, per cell: the page the cell links to (``""``: none); empty: no
    #: links. Only ``html`` makes links; the other forms print the text.
    links: tuple[tuple[str, ...], ...] = ()


@attrs.frozen(kw_only=True)
class Report:
    """Everything a renderer needs; no renderer adds facts of its own."""

    #: What the report is: ``pairings``, ``crosstable``, ``standings`` or ``table``
    #: (a published site adds ``index`` and ``player``, :mod:`caddy.publish.site`).
    kind: str
    title: str
    #: Said after the title (text: ``title: subtitle`` on the first line).
    subtitle: str = ""
    #: Lines of context before the tables.
    intro: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()
    #: Lines after the tables (legends, annulled results).
    notes: tuple[str, ...] = ()
    #: Whether text output starts with the title line (a crosstable's does not).
    title_in_text: bool = True
    #: Wide tables (a crosstable) print in landscape.
    wide: bool = False
    #: Links to the site's other pages (``caddy publish``); only ``html`` shows them.
    nav: tuple[Link, ...] = ()

    @property
    def heading(self) -> str:
        return f"{self.title}: {self.subtitle}" if self.subtitle else self.title


def cut(text: str, width: int | None) -> str:
    """``text`` cut to ``width`` characters, ending with ``…`` when cut."""
    if width is None or len(text) <= width:
        return text
    return text[: max(width - 1, 0)] + "…"


def aligned(table: Table) -> list[str]:
    """The table's header and rows as aligned lines (two spaces between columns;
    control characters made visible, cells cut at ``table.max_width``)."""
    lines = [table.columns, *table.rows] if table.columns else list(table.rows)
    if not lines:
        return []
    cap = table.max_width
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    if (cap is not None and max(widths, default=0) > cap) or CONTROL.search(
        "".join(cell for line in lines for cell in line)
    ):
        lines = [tuple(cut(visible(cell), cap) for cell in line) for line in lines]
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    return [
        "  ".join(
            cell.rjust(width) if i in table.right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in lines
    ]
