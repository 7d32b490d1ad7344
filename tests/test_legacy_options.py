"""Event files written before an option existed replay as they were played
(``Format.legacy_options``): caddy 0.1's Scheveningen colours, knockout
tie-break colours for the higher seed, quads with a round-robin remainder.

The expected Scheveningen rounds are what caddy 0.1 (commit eec2bbe) printed
for teams of 3 and 4 (``Scheveningen().schedule(6 or 8, ...)``): a file it
wrote holds only the options, so the colours are rebuilt on every replay.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from caddy.event.replay import replay
from caddy.event.store import load
from tests.conftest import Run

#: caddy 0.1's rounds, (Whites, Blacks) per round.
OLD_SCHEVENINGEN = {
    (3, 1): [((1, 5, 6), (4, 2, 3)), ((5, 2, 4), (1, 6, 3)), ((6, 4, 3), (1, 2, 5))],
    (3, 2): [
        ((1, 5, 6), (4, 2, 3)),
        ((5, 2, 4), (1, 6, 3)),
        ((6, 4, 3), (1, 2, 5)),
        ((1, 2, 5), (6, 4, 3)),
        ((1, 6, 3), (5, 2, 4)),
        ((4, 2, 3), (1, 5, 6)),
    ],
    (4, 1): [
        ((1, 2, 7, 8), (5, 6, 3, 4)),
        ((6, 7, 3, 4), (1, 2, 8, 5)),
        ((1, 2, 5, 6), (7, 8, 3, 4)),
        ((8, 5, 3, 4), (1, 2, 6, 7)),
    ],
}


def _as_old_file(path: Path, drop: tuple[str, ...]) -> None:
    """Rewrite an event file as an older caddy wrote it: without ``drop`` options."""
    data = json.loads(path.read_text())
    for key in drop:
        del data["tournament"]["format"]["options"][key]
    path.write_text(json.dumps(data))


def test_old_scheveningen_files_keep_their_colours(cli: Callable[..., Run], tmp_path: Path) -> None:
    for (k, cycles), expected in OLD_SCHEVENINGEN.items():
        players = tmp_path / "teams.csv"
        players.write_text(
            "name,rating,team\n"
            + "".join(f"A{i},{2000 - i},A\n" for i in range(1, k + 1))
            + "".join(f"B{i},{1900 - i},B\n" for i in range(1, k + 1))
        )
        path = tmp_path / f"s{k}{cycles}.json"
        args = ["new", str(path), "--format", "scheveningen", "--players", str(players)]
        assert cli(*args, "--option", f"cycles={cycles}").code == 0
        new = [(r.white, r.black) for r in replay(load(path)).rounds]
        _as_old_file(path, ("table",))
        old = [(r.white, r.black) for r in replay(load(path)).rounds]
        assert old == expected, (k, cycles)
        assert load(path).tournament.format.options.table == "search"
        if k == 4:
            assert new != old  # the new default colours differ: only old files read "search"


def test_old_knockout_files_give_the_higher_seed_white(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2400 - 10 * i}\n" for i in range(1, 9)))
    path = tmp_path / "k.json"
    assert cli("new", str(path), "--format", "knockout", "--players", str(players)).code == 0
    assert load(path).tournament.format.options.tiebreak_colours == "lot"  # new events
    _as_old_file(path, ("tiebreak_colours", "armageddon_colour"))
    options = load(path).tournament.format.options
    assert (options.tiebreak_colours, options.armageddon_colour) == ("higher-seed", "higher-seed")


def test_old_quads_files_keep_the_round_robin_remainder(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """9 players: caddy 0.1 played a quad and a 5-player round robin (5 rounds,
    fixed in advance: its files have results but no pairing operations)."""
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2400 - 10 * i}\n" for i in range(1, 10)))
    path = tmp_path / "q.json"
    assert cli("new", str(path), "--format", "quads", "--players", str(players)).code == 0
    _as_old_file(path, ("remainder",))
    assert cli("result", str(path), "1", "1", "1-0").code == 0  # no `caddy pair` needed
    state = replay(load(path))
    assert state.fixed and len(state.rounds) == 5
    assert load(path).tournament.format.options.remainder == "round-robin"
