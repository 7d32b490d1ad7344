"""Renderers: text, markdown, csv and html output of pairings, crosstables,
standings and schedules (``--output``)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from caddy.model.report import Report, Table, aligned
from caddy.plugins.lookup import get_renderer
from tests.conftest import DATA, Run

RR_FILE = str(DATA / "trf/rr_fide_tec_exercise_held_6p.trf")
FORMS = ("text", "markdown", "csv", "html")


def naughty_event(cli: Callable[..., Run], tmp_path: Path) -> Path:
    """A 4-player round robin whose players have names that need escaping."""
    players = tmp_path / "players.csv"
    players.write_text(
        'name,rating\n<script>alert(1)</script>,2000\n"Pipe | Name",1900\nA & B,1800\n'
        '"Comma, Quote ""Q""",1700\n'
    )
    event = tmp_path / "e.json"
    assert cli("new", str(event), "--players", str(players), "--by", "given").code == 0
    for board, result in ((1, "1-0"), (2, "1/2")):
        assert cli("result", str(event), "1", str(board), result).code == 0
    return event


class Collector(HTMLParser):
    """Tags, attributes and text of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_builtin_renderers_are_plugins(cli: Callable[..., Run]) -> None:
    run = cli("plugins", "--json")
    registered = {
        name
        for plugin in json.loads(run.out)["plugins"]
        for name in plugin["registers"].get("renderers", [])
    }
    assert registered == set(FORMS)


@pytest.mark.parametrize("command", ["standings", "crosstable"])
def test_text_is_the_default(command: str, cli: Callable[..., Run]) -> None:
    assert cli(command, RR_FILE).out == cli(command, RR_FILE, "--output", "text").out


def test_unknown_output_form(cli: Callable[..., Run]) -> None:
    run = cli("standings", RR_FILE, "--output", "pdf")
    assert run.code == 1
    assert run.err == "caddy: error: unknown output form 'pdf' (known: csv, html, markdown, text)\n"


def test_html_is_self_contained_accessible_and_escaped(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    event = naughty_event(cli, tmp_path)
    for command in ("crosstable", "standings", "pairings"):
        run = cli(command, str(event), "--output", "html")
        assert run.code == 0, run.err
        page = run.out
        parsed = Collector()
        parsed.feed(page)
        tags = [tag for tag, _ in parsed.tags]
        # no scripts, nothing fetched: no script tag, no src/href, no url() or @import
        assert "script" not in tags
        assert not any("src" in attrs or "href" in attrs for _, attrs in parsed.tags)
        assert "url(" not in page and "@import" not in page
        # the names are text, escaped
        assert "<script>alert(1)</script>" in "".join(parsed.text)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "A &amp; B" in page
        # accessible tables: a caption, column headers, row headers
        assert "caption" in tags
        scopes = {attrs.get("scope") for tag, attrs in parsed.tags if tag == "th"}
        assert "col" in scopes
        if command != "pairings":
            assert "row" in scopes
        # print stylesheet: header row repeated, rows kept whole, page breaks between sections
        assert "@media print" in page and "display: table-header-group" in page
        assert "break-inside: avoid" in page and "section + section { break-before: page" in page
        assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page


def test_crosstable_html_prints_landscape(cli: Callable[..., Run]) -> None:
    page = cli("crosstable", RR_FILE, "--output", "html").out
    assert "@page { size: A4 landscape; }" in page
    standings = cli("standings", RR_FILE, "--output", "html").out
    assert "size: landscape" not in standings


def test_markdown_tables(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = naughty_event(cli, tmp_path)
    out = cli("standings", str(event), "--output", "markdown").out
    lines = out.splitlines()
    assert lines[0].startswith("# ")
    header = next(i for i, line in enumerate(lines) if line.startswith("| rank"))
    assert lines[header + 1] == "|---:|---:|---|---:|---:|---:|---:|"
    assert any("Pipe \\| Name" in line for line in lines)
    body = lines[header + 2 : header + 6]
    assert all(len(re.findall(r"(?<!\\)\|", row)) == 8 for row in body)


def test_csv_round_trips(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = naughty_event(cli, tmp_path)
    out = cli("standings", str(event), "--output", "csv").out
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:4] == ["rank", "no", "name", "points"]
    names = {row[2] for row in rows[1:]}
    assert 'Comma, Quote "Q"' in names and "<script>alert(1)</script>" in names


def test_schedule_in_every_form(cli: Callable[..., Run], tmp_path: Path) -> None:
    for form in FORMS:
        run = cli("table", "6", "--output", form)
        assert run.code == 0, run.err
    csv_rows = list(csv.reader(io.StringIO(cli("table", "6", "--output", "csv").out)))
    assert csv_rows[0] == ["round", "board 1", "board 2", "board 3"]
    assert csv_rows[1] == ["1", "1–6", "2–5", "3–4"]
    # named: one table per round; several tables with the same columns make one CSV
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,1\nB,2\nC,3\nD,4\n")
    page = cli("table", "--players", str(players), "--by", "given", "--output", "html").out
    assert page.count("<section") == 4  # pairing numbers, then three rounds (page breaks)


def test_aligned_text() -> None:
    table = Table(
        caption="t",
        columns=("no", "name", "pts"),
        rows=(("1", "Ann", "2"), ("10", "Bo", "1.5")),
        right=frozenset({0, 2}),
    )
    assert aligned(table) == ["no  name  pts", " 1  Ann     2", "10  Bo    1.5"]


def test_renderers_render_reports_directly() -> None:
    report = Report(
        kind="standings",
        title="T",
        tables=(Table(caption="S", columns=("a",), rows=(("x",),)),),
    )
    assert get_renderer("text").render(report) == "T\na\nx\n"
    assert "<caption>S</caption>" in get_renderer("html").render(report)
