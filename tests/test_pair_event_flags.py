"""``caddy pair EVENT.json`` refuses the flags it would otherwise ignore:
``--option`` (an event's options are set at ``caddy new``; ``--option`` is for
a TRF file), and ``--pairings``/``--byes`` outside a manual event (a Swiss
pairs its rounds itself; a bye is announced with ``caddy bye``)."""

from __future__ import annotations

from pathlib import Path

from caddy.event.replay import replay
from caddy.event.store import load
from tests.test_event_issue24 import Cli, new_swiss, refused


def test_pair_of_an_event_refuses_what_it_would_ignore(cli: Cli, tmp_path: Path) -> None:
    event = new_swiss(cli, tmp_path, 6, 3)
    assert refused(cli, "pair", event, "--option", "forbidden=1-6") == [
        "caddy: error: --option is for TRF files; an event file pairs its next round with "
        "its own rounds, colours and options (set at caddy new)"
    ]
    for flag, value in (("--byes", "1"), ("--pairings", "1-2")):
        assert refused(cli, "pair", event, flag, value) == [
            "caddy: error: --pairings and --byes type a manual event's round; format 'swiss' "
            "pairs its rounds itself (announce a bye with caddy bye)"
        ]
    assert replay(load(event)).rounds == []  # nothing paired, nothing saved
