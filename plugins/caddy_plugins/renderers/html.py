"""``html``: one self-contained page to print for the wall.

Inline CSS, no scripts, nothing fetched from the network. Tables carry a
``<caption>`` and ``<th scope>`` headers for screen readers. The print
stylesheet starts each table after the first on a new page, repeats the
header row on every printed page, never splits a row, prints wide tables
(crosstables) in landscape, and sizes the printed type so that the tables
fill the page (:func:`print_size`: across, and down when a table fits one
page; 30 players' columns still fit on A4 and on Letter). On a phone, wide
tables scroll sideways. A report with links (``caddy publish``) gets a
navigation list and linked cells. Every text is escaped: a player called
``<script>`` prints as that text, and control characters (a terminal escape,
a bidirectional override) print as visible escapes (:func:`caddy.messages.visible`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape as _html_escape
from typing import ClassVar

from caddy import hookimpl
from caddy.messages import visible
from caddy.model.report import Report, Table


def escape(text: str) -> str:
    """``text`` as HTML text: markup escaped, control characters made visible."""
    return _html_escape(visible(text))


STYLE = """
:root { color-scheme: light; }
body { font-family: "Helvetica Neue", Arial, "Liberation Sans", sans-serif;
       margin: 1.5rem; color: #111; background: #fff; line-height: 1.3; }
h1 { font-size: 1.35rem; margin: 0 0 .2rem; }
p { margin: .2rem 0; }
p.subtitle { color: #333; margin-bottom: .8rem; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none;
         padding: 0; margin: 0 0 .8rem; }
a { color: #0645ad; }
section { margin: 0 0 1.4rem; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { border: 1px solid #888; padding: .12rem .35rem; vertical-align: top; }
thead th { background: #e8e8e8; }
th[scope="row"] { font-weight: normal; text-align: left; }
.num { text-align: right; white-space: nowrap; }
.wide td, .wide th { padding: .08rem .2rem; }
.notes { margin-top: .8rem; font-size: .9em; color: #333; }
@media (max-width: 40rem) {
  body { margin: .6rem; }
  table { font-size: .85rem; }
  th, td { padding: .1rem .2rem; }
}
@media print {
  @page { size: A4; margin: 10mm; }
  body { margin: 0; font-size: 1rem; }
  nav { display: none; }
  a { color: inherit; text-decoration: none; }
  .scroll { overflow: visible; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  section + section { break-before: page; page-break-before: always; }
}
"""
WIDE_PAGE = "@media print { @page { size: A4 landscape; } }"

#: The printable area (mm) that both A4 and Letter hold with 10 mm margins:
#: portrait width x height; landscape swaps them.
PRINT_AREA_MM = (190.0, 259.0)
PT_MM = 25.4 / 72
#: Generous estimates, in ems: a character's width, a cell's padding and
#: border, a row's height, the title and notes around a table.
CHAR_EM, CELL_EM, ROW_EM, FRAME_EM = 0.55, 0.7, 1.6, 6.0
#: Print type sizes (pt): never larger, never smaller; a table that fits one
#: page whole at MIN_ONE_PAGE_PT or more is sized to fit it.
MAX_PT, MIN_PT, MIN_ONE_PAGE_PT = 18.0, 7.0, 9.0


def table_width_em(table: Table) -> float:
    """The widest the table can print, in ems (nothing wraps)."""
    lines = [table.columns, *table.rows]
    columns = len(table.columns)
    return sum(
        max(len(line[i]) for line in lines if i < len(line)) * CHAR_EM + CELL_EM
        for i in range(columns)
    )


def print_size(report: Report) -> float:
    """The printed type size (pt) that makes the report's tables fill the page
    across (A4 or Letter; landscape for a wide report), and down when a table
    fits one page whole; in half points, from MIN_PT to MAX_PT."""
    if not report.tables:
        return 11.0
    across, down = PRINT_AREA_MM[::-1] if report.wide else PRINT_AREA_MM
    widest = max(table_width_em(t) for t in report.tables)
    size = across / (widest * PT_MM) if widest else MAX_PT
    lines = FRAME_EM + 1.3 * (len(report.intro) + len(report.notes))
    tallest = max((len(t.rows) + 2) * ROW_EM for t in report.tables) + lines
    by_height = down / (tallest * PT_MM)
    if by_height >= MIN_ONE_PAGE_PT:
        size = min(size, by_height)
    size = max(MIN_PT, min(MAX_PT, size))
    return int(size * 2) / 2


def _link(text: str, href: str) -> str:
    if not href:
        return escape(text)
    return f'<a href="{_html_escape(href, quote=True)}">{escape(text)}</a>'


def _table(table: Table, wide: bool) -> str:
    def cell(tag: str, text: str, index: int, href: str, scope: str = "") -> str:
        attrs = f' scope="{scope}"' if scope else ""
        if index in table.right:
            attrs += ' class="num"'
        return f"<{tag}{attrs}>{_link(text, href)}</{tag}>"

    head = "".join(cell("th", c, i, "", "col") for i, c in enumerate(table.columns))
    body = []
    for r, row in enumerate(table.rows):
        links = table.links[r] if r < len(table.links) else ()
        cells = "".join(
            cell(
                "th" if i == table.row_header else "td",
                c,
                i,
                links[i] if i < len(links) else "",
                "row" if i == table.row_header else "",
            )
            for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    rows = "\n".join(body)
    klass = ' class="wide"' if wide else ""
    label = _html_escape(visible(table.caption), quote=True)
    return (
        f'<section{klass}>\n<div class="scroll" role="region" aria-label="{label}" tabindex="0">\n'
        f"<table>\n<caption>{escape(table.caption)}</caption>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>\n</div>\n</section>"
    )


def _nav(report: Report) -> list[str]:
    if not report.nav:
        return []
    items = "".join(f"<li>{_link(link.text, link.href)}</li>" for link in report.nav)
    return [f'<nav aria-label="site"><ul>{items}</ul></nav>']


class HtmlRenderer:
    """A printable page (A4 and Letter), accessible table markup."""

    name: ClassVar[str] = "html"
    summary: ClassVar[str] = "one self-contained printable page (inline CSS, no scripts)"
    suffix: ClassVar[str] = ".html"

    def render(self, report: Report) -> str:
        parts = [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(report.heading)}</title>",
            f"<style>{STYLE}{WIDE_PAGE if report.wide else ''}\n"
            f"@media print {{ html {{ font-size: {print_size(report):g}pt; }} }}\n</style>",
            "</head>",
            "<body>",
            "<header>",
            *_nav(report),
            f"<h1>{escape(report.title)}</h1>",
        ]
        if report.subtitle:
            parts.append(f'<p class="subtitle">{escape(report.subtitle)}</p>')
        parts.extend(f"<p>{escape(line.strip())}</p>" for line in report.intro)
        parts.append("</header>")
        parts.append("<main>")
        parts.extend(_table(table, report.wide) for table in report.tables)
        parts.append("</main>")
        if report.notes:
            parts.append('<footer class="notes">')
            parts.extend(f"<p>{escape(note)}</p>" for note in report.notes)
            parts.append("</footer>")
        parts += ["</body>", "</html>"]
        return "\n".join(parts) + "\n"


@hookimpl
def caddy_register_renderers(register: Callable[[HtmlRenderer], None]) -> None:
    register(HtmlRenderer())
