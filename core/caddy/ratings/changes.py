"""Rating change of an event: :func:`rating_change` (``caddy.ratings.change``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from caddy.event.replay import State, replay
from caddy.plugins.host import PluginHost, resolve
from caddy.ratings.request import rating_request

if TYPE_CHECKING:
    from caddy.contracts.rating import RatingReport, RatingSystem
    from caddy.event.file import EventFile

#: The rating system used when none is named (FIDE Handbook B.02).
DEFAULT_SYSTEM = "fide"


def rating_system(name: str, host: PluginHost | None = None) -> RatingSystem:
    """The registered rating system ``name``.

    :raises InputError: no system has that name (the known ones listed)."""
    return resolve(host).rating_systems().get(name)


def rating_change(
    event: EventFile | State | str | os.PathLike[str],
    system: str = DEFAULT_SYSTEM,
    options: Mapping[str, str] | None = None,
    *,
    host: PluginHost | None = None,
) -> RatingReport:
    """Each player's rating change in ``event`` (an event file, its
    replayed state, or the path of an event file, read as ``caddy.event.read`` reads it) by the rating system ``system`` (a plugin; default
    ``fide``, FIDE Handbook B.02), with the system's ``options``.

    :raises CaddyError: an unknown system, or an option it refuses.
    """
    host = resolve(host)
    chosen = rating_system(system, host)
    if isinstance(event, str | os.PathLike):
        # lazy: reading a file brings the file storage, which a caller with an event does not need
        from caddy.event.session import read

        event = read(os.fspath(event), host=host).state
    state = event if isinstance(event, State) else replay(event, host)
    return chosen.change(rating_request(state, options))
