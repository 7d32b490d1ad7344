"""Every ranking of a Keizer event ranks by the Keizer totals (issue 28
review items 1-3, 15, 17): the winner ``caddy pair`` names once the season
is over, a TRF export's rank field, the standings of a section, and the
check of the scores a format gives (one finite number per player, else a
plugin error naming the format, as a tie-break's values get).

The season is docs/keizer.md's worked example; its final Keizer totals are
computed by hand in tests/test_keizer.py (``test_worked_season_by_hand``):
Cara 17.5, Anna 15, Ben 61/6, Dan 9.5, Eve 6.5, Finn 6, Gus 1. By game
points Anna, Cara, Eve and Finn have 2 each and the default tie-breaks put
Eve first.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from caddy.contracts import FormatBase
from caddy.errors import PluginError
from caddy.event import replay
from caddy.event.results import results_event
from caddy.event.store import load
from caddy.model.results import ResultsTable
from caddy.standings.ranking import standings, standings_for
from caddy.standings.scoring import FormatScoring
from tests import sources
from tests.conftest import Run

ROOT = Path(__file__).resolve().parent.parent
SIX = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"


@pytest.fixture
def season(tmp_path: Path, cli: Callable[..., Run]) -> str:
    """docs/keizer.md's worked season, played through the CLI."""
    (tmp_path / "six.csv").write_text(SIX, encoding="utf-8")
    path = str(tmp_path / "season.json")
    steps = [
        (
            "new",
            path,
            "--format",
            "keizer",
            "--rounds",
            "3",
            "--players",
            str(tmp_path / "six.csv"),
        ),
        ("pair", path),
        ("result", path, "1", "1-0 1/2 0-1"),
        ("bye", path, "Ben", "2", "--half"),
        ("pair", path),
        ("result", path, "2", "1-0 0-1"),
        ("bye", path, "Eve", "3", "--full"),
        ("add", path, "Gus", "--rating", "1700"),
        ("pair", path),
        ("result", path, "3", "1/2 1-0 0-1"),
    ]
    for step in steps:
        result = cli(*step)
        assert (result.code, result.err) == (0, ""), (step, result)
    return path


def test_the_event_is_over_names_the_keizer_leader(season: str, cli: Callable[..., Run]) -> None:
    """Item 1: after the last evening ``caddy pair`` names Cara (3), first by
    Keizer total, not Eve (5), first by game points and tie-breaks."""
    result = cli("pair", season)
    assert result.out == (
        f"{season}: the event is over; first in the standings: Cara (3) "
        "(caddy standings ranks everyone)\n"
    )
    by_points = standings(results_event(replay(load(season))))
    assert [r.pairing_number for r in by_points.rows if r.rank == 1] == [5]


def test_trf_export_ranks_by_the_keizer_totals(
    season: str, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    """Item 2: the TRF player line's rank (columns 86-89, FIDE TRF-2016
    record 001) is the Keizer place; its points (columns 81-84) stay the game
    points."""
    out = tmp_path / "season.trf"
    assert cli("export", season, "-o", str(out)).code == 0
    lines = [line for line in out.read_text(encoding="utf-8").splitlines() if line[:3] == "001"]
    got = [(int(line[4:8]), float(line[80:84]), int(line[85:89])) for line in lines]
    assert got == [
        (1, 2.0, 2),
        (2, 1.0, 3),
        (3, 2.0, 1),
        (4, 1.5, 4),
        (5, 2.0, 5),
        (6, 2.0, 6),
        (7, 0.0, 7),
    ]


class _Given(FormatBase):
    """A format whose standings scores are whatever the test gives it."""

    name: ClassVar[str] = "given"
    summary: ClassVar[str] = "test"
    Options: ClassVar[type[Any]] = object

    def __init__(self, scores: Callable[[ResultsTable], Any]) -> None:
        self._scores = scores

    def standings_scores(self, results: ResultsTable, options: Any) -> Sequence[float] | None:
        return self._scores(results)  # type: ignore[no-any-return]


def test_a_section_ranks_by_the_format_scores(season: str) -> None:
    """Item 3: ``standings_for`` asks the format for the scores of the
    section's own results (numbered within the section): here the section
    numbers the players backwards and the format scores each by its number
    within the section, so the rows come in the event's number order."""
    results = results_event(replay(load(season)))
    members = [7, 6, 5, 4, 3, 2, 1]
    scoring = FormatScoring(_Given(lambda r: [float(p.number) for p in r.players]), None)
    ranked = standings_for(results, members, scoring=scoring)
    assert [(r.rank, r.pairing_number, r.score) for r in ranked.rows] == [
        (place, number, float(8 - number)) for place, number in enumerate(range(1, 8), 1)
    ]


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ([1.0, 2.0], "format 'given' gave 2 standings scores for 7 players"),
        (
            [1.0, math.nan, 0, 0, 0, 0, 0],
            "format 'given' gave player 2 the standings score nan, not a finite number",
        ),
        (
            [1.0, 2.0, math.inf, 0, 0, 0, 0],
            "format 'given' gave player 3 the standings score inf, not a finite number",
        ),
        (
            [1.0, 2.0, 3.0, "4", 0, 0, 0],
            "format 'given' gave player 4 the standings score '4', not a finite number",
        ),
        ("1234567", "format 'given' gave '1234567' as standings scores, not 7 numbers"),
    ],
)
def test_the_format_scores_are_checked(season: str, given: Any, message: str) -> None:
    """Item 17: scores of the wrong length or not finite numbers are a plugin
    error naming the format (exit 3, one line), not a silent ranking."""
    results = results_event(replay(load(season)))
    scoring = FormatScoring(_Given(lambda r: given), None)
    with pytest.raises(PluginError) as caught:
        standings(results, scoring=scoring)
    assert str(caught.value) == message
    assert caught.value.exit_code == 3


#: The rankings that rank something other than an event's players as its
#: format does, and why (every other call passes ``scoring=`` or ``scores=``).
NOT_THE_EVENTS_RANKING = {
    # the tie-break values of the TPR column only, not a ranking
    "core/caddy/publish/players.py",
    # a group of groups-knockout ranks by its points (the format's own rule)
    "plugins/caddy_plugins/formats/groups_knockout/ties.py",
    # the tie-break contract suite ranks the events it is given
    "core/caddy/testing/tiebreaks.py",
}

RANKINGS = {"standings", "standings_for", "crosstable", "section_crosstable"}


def test_every_ranking_of_an_event_asks_its_format() -> None:
    """Item 15: the seam is hard to forget: every call of a ranking function
    outside caddy.standings passes the format's scores (``scoring=`` or
    ``scores=``), or is listed above with the reason it ranks something else."""
    missing = []
    for folder in ("core/caddy", "plugins/caddy_plugins"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith("core/caddy/standings/") or relative in NOT_THE_EVENTS_RANKING:
                continue
            for node in sources.nodes(path):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name not in RANKINGS:
                    continue
                if not {k.arg for k in node.keywords} & {"scoring", "scores"}:
                    missing.append(f"{relative}:{node.lineno} {name}()")
    assert missing == []
