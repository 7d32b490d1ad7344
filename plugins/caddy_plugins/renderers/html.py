"""``html``: one self-contained page to print for the wall.

Inline CSS, no scripts, nothing fetched from the network. Tables carry a
``<caption>`` and ``<th scope>`` headers for screen readers. The print
stylesheet starts each table after the first on a new page, repeats the
header row on every printed page, never splits a row, and prints wide
tables (crosstables) in landscape with a smaller type so that 30 players'
columns fit on A4 and on Letter. Every text is escaped: a player called
``<script>`` prints as that text, and control characters (a terminal escape,
a bidirectional override) print as visible escapes (:func:`caddy.render.visible`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape as _html_escape
from typing import ClassVar

from caddy import hookimpl
from caddy.render import Report, Table, visible


def escape(text: str) -> str:
    """``text`` as HTML text: markup escaped, control characters made visible."""
    return _html_escape(visible(text))


STYLE = """
:root { color-scheme: light; }
body { font-family: "Helvetica Neue", Arial, "Liberation Sans", sans-serif;
       margin: 1.5rem; color: #111; background: #fff; }
h1 { font-size: 1.35rem; margin: 0 0 .2rem; }
p { margin: .2rem 0; }
p.subtitle { color: #333; margin-bottom: .8rem; }
section { margin: 0 0 1.4rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { border: 1px solid #888; padding: .12rem .35rem; vertical-align: top; }
thead th { background: #e8e8e8; }
th[scope="row"] { font-weight: normal; text-align: left; }
.num { text-align: right; white-space: nowrap; }
.wide td, .wide th { padding: .08rem .2rem; }
.notes { margin-top: .8rem; font-size: .9em; color: #333; }
@media print {
  @page { margin: 10mm; }
  body { margin: 0; font-size: 10pt; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  section + section { break-before: page; page-break-before: always; }
  .wide { font-size: 7pt; }
}
"""
WIDE_PAGE = "@media print { @page { size: landscape; } }"


def _table(table: Table, wide: bool) -> str:
    def cell(tag: str, text: str, index: int, scope: str = "") -> str:
        attrs = f' scope="{scope}"' if scope else ""
        if index in table.right:
            attrs += ' class="num"'
        return f"<{tag}{attrs}>{escape(text)}</{tag}>"

    head = "".join(cell("th", c, i, "col") for i, c in enumerate(table.columns))
    body = []
    for row in table.rows:
        cells = "".join(
            cell("th", c, i, "row") if i == table.row_header else cell("td", c, i)
            for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    rows = "\n".join(body)
    klass = ' class="wide"' if wide else ""
    return (
        f"<section{klass}>\n<table>\n"
        f"<caption>{escape(table.caption)}</caption>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>\n</section>"
    )


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
            f"<style>{STYLE}{WIDE_PAGE if report.wide else ''}</style>",
            "</head>",
            "<body>",
            "<header>",
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
