"""Publish an event as a static web site (``caddy publish EVENT -o site/``).

:func:`build_site` makes every page (:mod:`caddy.publish.pages`) and renders
it with the ``html`` renderer: self-contained pages (inline CSS, no script,
nothing fetched), readable on a phone and printable. :func:`write_site`
writes only the pages whose bytes changed, each atomically, into a folder
it owns (:mod:`caddy.publish.folder`: a marker file lists its pages, stale
ones are removed, no symbolic link is followed); :func:`rebuild` is one step of
``--watch``: it rebuilds when the event file's modification time changed.

The site::

    index.html            the event: dates, place, time control, rounds, players
    round-R.html          round R's pairings and results (a knockout: game by game)
    standings-R.html      the standings after round R (complete rounds only)
    crosstable.html       the crosstable and the format's views (a knockout: its bracket)
    player-N.html         player N's games, colours, opponents, results, points
    prizes.html           the prize list, when the event keeps a prize schedule
    norms.html            the title norms, when the players carry titles or federations
    team-standings-R.html, team-crosstable.html, board-prizes.html
                          a team event's team pages (:mod:`caddy.publish.teams`);
                          its round pages show the matches
    .caddy-publish.json   the marker: the files publish wrote
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from caddy.errors import CaddyError
from caddy.event.replay import replay
from caddy.event.session import read
from caddy.plugins.lookup import get_renderer
from caddy.publish.folder import Written, publish_into
from caddy.publish.norms import has_norms, norms_page
from caddy.publish.pages import (
    CROSSTABLE,
    INDEX,
    NORMS,
    PRIZES,
    context,
    crosstable_report,
    index_report,
    player_page,
    round_page,
    round_report,
    standings_page,
    standings_report,
)
from caddy.publish.players import player_lines, player_report
from caddy.publish.prizes import has_prizes, prizes_page
from caddy.publish.ratings import with_rating_cards
from caddy.publish.teams import team_pages, team_round_report
from caddy.views.source import knockout_only

if TYPE_CHECKING:
    from caddy.event.file import EventFile
    from caddy.event.replay import State
    from caddy.model.report import Report
    from caddy.plugins.host import PluginHost


def site_reports(event: EventFile, host: PluginHost | None = None) -> dict[str, Report]:
    """Every page of the site as a report, by file name."""

    return state_reports(replay(event, host), host)


def state_reports(state: State, host: PluginHost | None = None) -> dict[str, Report]:
    """Every page of the site of the replayed event ``state``, by file name."""

    ctx = context(state, host)
    pages: dict[str, Report] = {INDEX: index_report(ctx)}
    one_round = team_round_report if ctx.teams else round_report
    for rnd in state.rounds:
        pages[round_page(rnd.number)] = one_round(ctx, rnd.number)
    if ctx.teams:
        pages.update(team_pages(ctx))
    if not knockout_only(state):
        for number in range(1, ctx.done + 1):
            pages[standings_page(number)] = standings_report(ctx, number)
    if state.rounds and (ctx.done or knockout_only(state)):
        pages[CROSSTABLE] = crosstable_report(ctx)
    lines = player_lines(ctx)
    numbers = range(1, len(state.event.tournament.players) + 1)
    if has_prizes(ctx):
        pages[PRIZES] = prizes_page(ctx)
    norms = norms_page(ctx) if has_norms(ctx) else None
    if norms is not None:
        pages[NORMS] = norms
    players = with_rating_cards(ctx, {n: player_report(ctx, n, lines) for n in numbers})
    pages.update((player_page(number), page) for number, page in players.items())
    return pages


def build_site(event: EventFile, host: PluginHost | None = None) -> dict[str, bytes]:
    """Every page of the site as HTML (UTF-8 bytes), by file name."""
    return rendered(site_reports(event, host), host)


def rendered(reports: Mapping[str, Report], host: PluginHost | None = None) -> dict[str, bytes]:
    """The pages as HTML (UTF-8 bytes), by file name."""

    html = get_renderer("html", host)
    return {name: html.render(report).encode("utf-8") for name, report in reports.items()}


def write_site(pages: Mapping[str, bytes], folder: str | Path, *, force: bool = False) -> Written:
    """Write the pages into ``folder`` (made when missing); a page whose file
    holds the same bytes already is left alone, stale pages of an earlier
    publish are removed. Files publish did not write are refused unless
    ``force``; a symbolic link always is (:mod:`caddy.publish.folder`)."""
    return publish_into(Path(folder), pages, shown=str(folder), force=force)


def publish(
    event_path: str | Path,
    folder: str | Path,
    *,
    force: bool = False,
    host: PluginHost | None = None,
) -> Written:
    """Read the event file (replayed once), build its site, write what changed."""

    state = read(event_path, host=host).state
    return write_site(rendered(state_reports(state, host), host), folder, force=force)


def modified(path: str | Path) -> int | None:
    """The file's modification time in nanoseconds (``None``: it is gone)."""
    try:
        return Path(path).stat().st_mtime_ns
    except OSError:
        return None


def rebuild(
    event_path: str | Path,
    folder: str | Path,
    seen: int | None,
    *,
    force: bool = False,
    host: PluginHost | None = None,
) -> tuple[int | None, Written | None]:
    """One step of ``--watch``: publish again if the event file's modification
    time is not ``seen``; returns the time now seen and what was written
    (``None``: nothing to do)."""
    now = modified(event_path)
    if now is None or now == seen:
        return seen, None
    return now, publish(event_path, folder, force=force, host=host)


def watch(
    event_path: str | Path,
    folder: str | Path,
    report: Callable[[str], None],
    *,
    interval: float = 1.0,
    sleep: Callable[[float], None] = time.sleep,
    rounds: int | None = None,
    force: bool = False,
    host: PluginHost | None = None,
) -> None:
    """Rebuild whenever the event file changes, checking every ``interval``
    seconds, until interrupted (``rounds``: stop after that many checks).
    A bad file (half-typed by hand) is reported and the site left as it was."""
    seen = modified(event_path)
    checks = 0
    while rounds is None or checks < rounds:
        sleep(interval)
        checks += 1
        try:
            seen, written = rebuild(event_path, folder, seen, force=force, host=host)
        except CaddyError as exc:
            seen = modified(event_path)
            report(f"caddy: error: {exc.problems[0]}; the site is unchanged")
            continue
        if written is not None:
            report(f"{event_path} changed: {written.summary()}")
