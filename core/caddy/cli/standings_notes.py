"""What ``caddy standings`` and ``caddy crosstable`` rank: FILE read into a
:class:`caddy.views.source.Source`, an event file replayed once, or any file
a codec reads (its own reading of its results, else the event it imports)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from caddy.cli.common import check_readings, print_error, read_file

if TYPE_CHECKING:
    import argparse

    from caddy.plugins.host import PluginHost
    from caddy.views.source import Source, StandingsChoices


def file_source(ns: argparse.Namespace, choices: StandingsChoices, host: PluginHost) -> Source:
    """An event file's results, or those of any file a codec reads; an event
    file's own tie-breaks and edition apply unless the command line gives others."""
    # lazy: `caddy --help` builds this parser; reading a file imports the event and views
    from caddy.files.storage import peek

    path = Path(ns.file)
    head = peek(path).lstrip()  # never opens a pipe or reads a device
    if path.suffix.lower() == ".json" or head.startswith((b"{", b"[")):
        # lazy: an event file's session loads only for an event file (never for a TRF file)
        from caddy.event.session import read
        from caddy.views.source import state_source

        check_readings(ns, ns.file, "json")  # the reading was chosen at import
        return state_source(read(ns.file, host=host).state, choices, ns.file)
    return _other_file(ns, choices, host)


def _other_file(ns: argparse.Namespace, choices: StandingsChoices, host: PluginHost) -> Source:
    """The results of a file that is not an event file, through the codec
    registry: the codec's own reading of its results (hook
    ``caddy_read_results``), else the event its ``read`` imports."""
    # lazy: start-up: the family's other commands (caddy tiebreaks, --help) do not load it
    from caddy.cli.event import other_codec

    # lazy: `caddy --help` builds this parser; reading a file imports the event and views
    from caddy.files.storage import read_bytes
    from caddy.plugins.lookup import codec_for, file_results, get_codec
    from caddy.views.source import results_source, state_source

    data = read_bytes(ns.file, "a TRF file")  # a regular file only: never a device or a pipe
    name = other_codec(ns.file, host)
    codec = get_codec(name, host) if name is not None else codec_for(ns.file, data, host, flag=None)
    results = file_results(ns.file, data, codec, host)
    if results is None:
        # lazy: a codec that reads the results itself (TRF) never needs the event's replay
        from caddy.event.replay import replay

        imported = read_file(ns, codec, data)
        for warning in imported.warnings:
            print_error(warning, "warning")
        return state_source(replay(imported.event, host), choices, ns.file)
    for warning in results.warnings:
        print_error(warning, "warning")
    return results_source(results.event, choices, ns.file, results.planned_rounds)
