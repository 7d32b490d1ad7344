"""``csv``: the tables as comma-separated values, for a spreadsheet.

No cell reaches a spreadsheet as a formula (OWASP, "CSV Injection"): a cell
whose text starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
(after any spaces) gets a leading ``'``, which spreadsheets read as "this is
text". Plain numbers are left as they are (``-1``, ``+0.5``, ``2.5``: a
number cannot run anything), and so is a lone ``-`` or ``+`` (a sign with
nothing after it: caddy's "no value" and a crosstable's forfeit win), so
caddy's own cells read as before. Control characters (newlines included)
become spaces.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable
from typing import ClassVar

from caddy import hookimpl
from caddy.messages import CONTROL, one_line
from caddy.model.report import Report, Table

#: What a spreadsheet may take for a formula: these first characters (OWASP).
_FORMULA = re.compile(r"\s*[=+\-@\t\r]")
#: A plain number or a lone sign (left alone even when it starts with ``-`` or ``+``).
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)|[+-]")


def safe_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: control characters as spaces,
    a would-be formula prefixed with ``'`` (see the module docstring)."""
    if _FORMULA.match(text) and not _NUMBER.fullmatch(text):
        text = "'" + text
    return one_line(text) if CONTROL.search(text) else text


def _safe(rows: Iterable[Iterable[str]]) -> list[list[str]]:
    return [[safe_cell(cell) for cell in row] for row in rows]


class CsvRenderer:
    """One header row and one row per line; consecutive tables with the same
    columns become one, with a first column ``table`` naming each row's table."""

    name: ClassVar[str] = "csv"
    summary: ClassVar[str] = "comma-separated values, for a spreadsheet"
    suffix: ClassVar[str] = ".csv"

    def render(self, report: Report) -> str:
        """Consecutive tables with the same columns (the groups, a bracket's
        rounds) become one; blocks of different columns are a blank line apart."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        runs: list[list[Table]] = []
        for table in report.tables:
            if runs and runs[-1][0].columns == table.columns:
                runs[-1].append(table)
            else:
                runs.append([table])
        for index, run in enumerate(runs):
            if index:
                out.write("\n")
            if len(run) > 1:
                writer.writerows(_safe([["table", *run[0].columns]]))
                for table in run:
                    writer.writerows(_safe([table.caption, *row] for row in table.rows))
                continue
            writer.writerows(_safe([run[0].columns]))
            writer.writerows(_safe(run[0].rows))
        return out.getvalue()


@hookimpl
def caddy_register_renderers(register: Callable[[CsvRenderer], None]) -> None:
    register(CsvRenderer())
