"""``caddy publish``: an event as a static site (issue 19, items 3 and 4).

The site's pages link only to pages that exist, hold no script and fetch
nothing, escape every name, rewrite only what changed, and print a
10-player crosstable at 11 pt or more on A4 (computed from the page's CSS).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from caddy.cli.main import main
from caddy.event.store import load
from caddy.publish.folder import MARKER
from caddy.publish.site import build_site, rebuild, watch, write_site
from tests.conftest import Run

HOSTILE = ("<script>alert(1)</script>", "\"&'")


class Page(HTMLParser):
    """Tags, attributes and text of one page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def hrefs(self) -> list[str]:
        return [str(a["href"]) for t, a in self.tags if t == "a"]


def quiet(*args: str) -> int:
    """``caddy ARGS`` in this process, its output dropped."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(list(args))


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A simulated 12-player, 5-round Swiss (caddy simulate, then import)."""
    folder = tmp_path_factory.mktemp("swiss")
    trf, event = folder / "s.trf", folder / "s.json"
    assert quiet("simulate", "--players", "12", "--rounds", "5", "--seed", "1", "-o", str(trf)) == 0
    assert quiet("import", str(trf), "-o", str(event)) == 0
    return event


def players_csv(folder: Path, names: list[str]) -> Path:
    path = folder / "players.csv"
    rows = "".join(
        f'"{n.replace(chr(34), 2 * chr(34))}",{2400 - 10 * i}\n' for i, n in enumerate(names)
    )
    path.write_text("name,rating\n" + rows, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def knockout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An 8-player knockout played to the end; two players have hostile names."""
    folder = tmp_path_factory.mktemp("ko")
    names = ["Ann", HOSTILE[0], HOSTILE[1], "Dan", "Eve", "Fay", "Gus", "Hal"]
    event = folder / "ko.json"
    csv = players_csv(folder, names)
    args = ("--by", "given", "--seed", "3", "--name", "KO <b>Cup</b>", "--place", "Leeds")
    assert quiet("new", str(event), "--format", "knockout", "--players", str(csv), *args) == 0
    for rnd, boards in ((1, 4), (2, 2), (3, 1)):
        assert quiet("pair", str(event)) == 0
        for board in range(1, boards + 1):
            assert quiet("result", str(event), str(rnd), str(board), "1-0") == 0
    assert quiet("pair", str(event)) == 0  # "the event is over"
    return event


def check_site(folder: Path) -> dict[str, str]:
    """Every page: self-contained, no script, links only to pages that exist;
    the marker lists every page and nothing else."""
    pages = {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name != MARKER}
    assert json.loads((folder / MARKER).read_text())["files"] == sorted(pages)
    for name, text in pages.items():
        page = Page(text)
        tags = [t for t, _ in page.tags]
        assert "script" not in tags and "<script" not in text.lower(), name
        assert not any("src" in a for _, a in page.tags), name
        assert "url(" not in text and "@import" not in text, name
        assert '<html lang="en">' in text and '<meta name="viewport"' in text, name
        assert "caption" in tags and ("th", {"scope": "col"}) in page.tags, name
        for href in page.hrefs():
            assert href in pages, f"{name} links to {href}, which is not in the site"
    return pages


def test_swiss_site_layout_and_links(swiss: Path, tmp_path: Path) -> None:
    written = write_site(build_site(load(swiss)), tmp_path / "site")
    assert written.summary() == "wrote 24, unchanged 0"
    pages = check_site(tmp_path / "site")
    assert sorted(pages) == sorted(
        ["index.html", "crosstable.html"]
        + [f"round-{r}.html" for r in range(1, 6)]
        + [f"standings-{r}.html" for r in range(1, 6)]
        + [f"player-{n}.html" for n in range(1, 13)]
    )
    # every page is one step from the index
    assert set(Page(pages["index.html"]).hrefs()) == set(pages)


def test_standings_after_the_last_round_are_caddy_standings(
    swiss: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    page = build_site(load(swiss))["standings-5.html"].decode()
    names = re.findall(r'<th scope="row"><a href="player-(\d+)\.html">', page)
    document = json.loads(cli("standings", str(swiss), "--json").out)
    assert [int(n) for n in names] == [row["pairing_number"] for row in document["rows"]]


def test_player_page_games_points_and_performance(swiss: Path) -> None:
    page = build_site(load(swiss))["player-1.html"].decode()
    event = json.loads(swiss.read_text())
    rows = re.findall(r"<tr>(.*?)</tr>", page.split("<tbody>")[1])
    assert len(rows) == 5  # one line per round: a game or a bye
    assert "performance rating" in page and "(TPR, C.07)" in page
    document = json.loads(main_out("standings", str(swiss), "--json"))
    first = next(r for r in document["rows"] if r["pairing_number"] == 1)
    assert f"<p>{first['score']:g} points after round 5, rank {first['rank']}</p>" in page
    assert event["tournament"]["players"][0]["name"] in page


def main_out(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def test_knockout_site_escapes_hostile_names(knockout: Path, tmp_path: Path) -> None:
    write_site(build_site(load(knockout)), tmp_path / "ko")
    pages = check_site(tmp_path / "ko")
    assert "standings-1.html" not in pages  # a knockout has no standings table
    assert {"round-1.html", "round-2.html", "round-3.html", "crosstable.html"} <= set(pages)
    for name, text in pages.items():
        parsed = Page(text)
        shown = "".join(parsed.text)
        assert "<b>" not in text.replace("&lt;b&gt;", ""), name
        assert "KO <b>Cup</b>" in shown, name
        if name in ("round-1.html", "crosstable.html", "index.html", "player-2.html"):
            assert HOSTILE[0] in shown and "&lt;script&gt;alert(1)&lt;/script&gt;" in text, name
            assert HOSTILE[1] in shown and "&quot;&amp;&#x27;" in text, name
    # the crosstable page of a knockout is its bracket (caddy.views.formats), with the winner
    bracket = pages["crosstable.html"]
    assert "knockout bracket" in "".join(Page(bracket).text)
    assert re.search(r"<caption>Final \(round 3\)</caption>", bracket)
    assert re.search(r"<p>winner: [^<]+ \(\d\)</p>", bracket)


def test_rewrites_only_the_pages_that_changed(swiss: Path, tmp_path: Path) -> None:
    event = tmp_path / "s.json"
    event.write_bytes(swiss.read_bytes())
    site = tmp_path / "site"
    first = write_site(build_site(load(event)), site)
    assert (len(first.written), len(first.unchanged)) == (24, 0)
    again = write_site(build_site(load(event)), site)
    assert again.summary() == "wrote 0, unchanged 24"
    before = {p.name: p.stat().st_mtime_ns for p in site.iterdir()}
    last = json.loads(main_out("pairings", str(event), "--round", "5", "--json"))["boards"][0]
    white, black = last["white"]["number"], last["black"]["number"]
    flipped = {"1-0": "0-1", "0-1": "1-0"}.get(last["results"][-1], "1-0")
    assert quiet("result", str(event), "5", "1", flipped, "--force") == 0
    changed = write_site(build_site(load(event)), site)
    assert {"round-5.html", "standings-5.html", "crosstable.html"} <= set(changed.written)
    assert {f"player-{white}.html", f"player-{black}.html"} <= set(changed.written)
    kept = {f"round-{r}.html" for r in range(1, 5)} | {f"standings-{r}.html" for r in range(1, 5)}
    assert kept <= set(changed.unchanged)
    assert "index.html" in changed.unchanged
    assert all((site / name).stat().st_mtime_ns == before[name] for name in changed.unchanged)
    assert [p.name for p in site.iterdir() if p.name.startswith(".")] == [MARKER]  # no temp file


def test_rebuild_follows_the_event_file(swiss: Path, tmp_path: Path) -> None:
    event = tmp_path / "s.json"
    event.write_bytes(swiss.read_bytes())
    site = tmp_path / "site"
    seen, written = rebuild(event, site, None)
    assert written is not None and written.summary() == "wrote 24, unchanged 0"
    assert rebuild(event, site, seen) == (seen, None)  # nothing changed: nothing read
    os.utime(event, ns=(seen + 10**9, seen + 10**9))  # type: ignore[operator]
    later, again = rebuild(event, site, seen)
    assert later == seen + 10**9  # type: ignore[operator]
    assert again is not None and again.summary() == "wrote 0, unchanged 24"


def test_watch_reports_changes_and_bad_files(swiss: Path, tmp_path: Path) -> None:
    event = tmp_path / "s.json"
    event.write_bytes(swiss.read_bytes())
    site = tmp_path / "site"
    lines: list[str] = []
    edits: Iterator[bytes] = iter([b"{not json", swiss.read_bytes()])

    def sleep(_: float) -> None:  # each check: the file is edited before it
        data = next(edits)
        stamp = event.stat().st_mtime_ns + 10**9
        event.write_bytes(data)
        os.utime(event, ns=(stamp, stamp))

    watch(event, site, lines.append, sleep=sleep, rounds=2)
    assert lines[0].startswith("caddy: error: ") and lines[0].endswith("; the site is unchanged")
    assert lines[1] == f"{event} changed: wrote 24, unchanged 0"


def test_cli_publish(swiss: Path, tmp_path: Path, cli: Callable[..., Run]) -> None:
    site = tmp_path / "site"
    assert cli("publish", str(swiss), "-o", str(site)) == Run(
        0, f"{site}: wrote 24, unchanged 0\n", ""
    )
    assert cli("publish", str(swiss), "-o", str(site)).out == f"{site}: wrote 0, unchanged 24\n"
    missing = cli("publish", str(tmp_path / "none.json"), "-o", str(site))
    assert (missing.code, missing.err) == (
        1,
        f"caddy: error: {tmp_path / 'none.json'}: no such file\n",
    )
    not_folder = cli("publish", str(swiss), "-o", str(swiss))
    assert (not_folder.code, not_folder.err) == (1, f"caddy: error: {swiss}: is not a folder\n")


def round_robin(tmp_path: Path, players: int) -> Path:
    """A played round robin whose players have names of 20 characters."""
    names = [f"Player {chr(64 + i)} Lastname{i:04d}" for i in range(1, players + 1)]
    event = tmp_path / "rr.json"
    csv = players_csv(tmp_path, names)
    info = ("--name", "Club Championship", "--place", "Leeds")
    dates = ("--start", "2026-05-01", "--end", "2026-05-09")
    assert quiet("new", str(event), "--players", str(csv), "--by", "given", *info, *dates) == 0
    state = load(event)
    from caddy.event import replay

    codes = ("1-0", "1/2", "0-1")
    for rnd in replay(state).rounds:
        for board in rnd.boards:
            result = codes[(rnd.number + board.number) % 3]
            assert quiet("result", str(event), str(rnd.number), str(board.number), result) == 0
    return event


def print_points(page: str) -> float:
    """The printed type size of a page: the print rule on ``html`` (every
    size in the page is relative to it), in points."""
    found = re.findall(r"@media print \{ html \{ font-size: ([\d.]+)pt; \} \}", page)
    assert len(found) == 1
    return float(found[0])


def test_print_check_a_ten_player_crosstable_prints_at_11_pt_or_more(tmp_path: Path) -> None:
    """The print check (issue 19 item 4), from the CSS: A4 landscape, and the
    type size the page's print rule gives. docs/publish_print_check.py
    measures the same page in Chromium's PDF."""
    pages = build_site(load(round_robin(tmp_path, 10)))
    crosstable = pages["crosstable.html"].decode()
    assert "@page { size: A4 landscape; }" in crosstable
    assert print_points(crosstable) == 17.5
    sheet = pages["round-1.html"].decode()
    assert print_points(sheet) == 11.5 and "size: A4 landscape" not in sheet
    # a pairing sheet carries the event, the round, the dates and the venue
    text = "".join(Page(sheet).text)
    assert "Club Championship" in text and "round 1" in text
    assert "2026-05-01 to 2026-05-09, Leeds" in text


def test_cli_watch_stops_cleanly_on_ctrl_c(
    swiss: Path, tmp_path: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--watch``: the first build, then the loop until Ctrl-C (the loop
    itself is test_watch_reports_changes_and_bad_files's)."""
    from caddy.publish import site as publish

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(publish, "watch", interrupted)
    site = tmp_path / "site"
    run = cli("publish", str(swiss), "-o", str(site), "--watch")
    assert run == Run(
        0, f"{site}: wrote 24, unchanged 0\nwatching {swiss} (Ctrl-C stops)\nstopped\n", ""
    )


def test_an_event_before_round_one_and_after_a_pairing(tmp_path: Path) -> None:
    """Before any pairing: the index and the players; after round 1 is paired:
    its pairing sheet too, and no standings or crosstable until it is played."""
    csv = players_csv(tmp_path, ["Ann", "Ben", "Cat", "Dan"])
    event = tmp_path / "e.json"
    assert (
        quiet("new", str(event), "--players", str(csv), "--format", "swiss", "--rounds", "3") == 0
    )
    write_site(build_site(load(event)), tmp_path / "site")
    assert sorted(check_site(tmp_path / "site")) == ["index.html"] + [
        f"player-{n}.html" for n in range(1, 5)
    ]
    assert quiet("pair", str(event)) == 0
    written = write_site(build_site(load(event)), tmp_path / "site")
    assert written.summary() == "wrote 6, unchanged 0"  # every page links round 1 now
    assert sorted(check_site(tmp_path / "site")) == [
        "index.html",
        *(f"player-{n}.html" for n in range(1, 5)),
        "round-1.html",
    ]


def test_a_pairing_sheet_says_when_its_round_starts(tmp_path: Path) -> None:
    """Dated rounds (``caddy new --every tue --at 19:30``) reach the pairing sheets."""
    csv = players_csv(tmp_path, ["Ann", "Ben", "Cat", "Dan"])
    event = tmp_path / "e.json"
    dated = ("--start", "2026-05-05", "--every", "tue", "--at", "19:30", "--place", "Leeds")
    assert quiet("new", str(event), "--players", str(csv), *dated) == 0
    pages = build_site(load(event))
    sheet = pages["round-2.html"].decode()
    assert "<p>round 2: 2026-05-12 at 19:30</p>\n<p>2026-05-05 to 2026-05-19, Leeds</p>" in sheet
