"""``csv``: the tables as comma-separated values, for a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.render import Report


class CsvRenderer:
    """One header row and one row per line; several tables with the same
    columns become one, with a first column ``table`` naming each row's table."""

    name: ClassVar[str] = "csv"
    summary: ClassVar[str] = "comma-separated values, for a spreadsheet"
    suffix: ClassVar[str] = ".csv"

    def render(self, report: Report) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        tables = report.tables
        if len(tables) > 1 and len({t.columns for t in tables}) == 1:
            writer.writerow(["table", *tables[0].columns])
            for table in tables:
                writer.writerows([table.caption, *row] for row in table.rows)
            return out.getvalue()
        for index, table in enumerate(tables):
            if index:
                out.write("\n")
            writer.writerow(table.columns)
            writer.writerows(table.rows)
        return out.getvalue()


@hookimpl
def caddy_register_renderers(register: Callable[[CsvRenderer], None]) -> None:
    register(CsvRenderer())
