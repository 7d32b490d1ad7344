"""The plugin contract: every capability core may ask of a plugin, in one place.

A plugin registers objects of these kinds (see :mod:`caddy.plugins.hookspecs`):
formats, tie-breaks, codecs, renderers, time-control notations, named
tie-break presets, rating systems, prize-sharing rules and title-norm rules. Each kind has a :class:`~typing.Protocol` here, and a
``*Base`` class giving the defaults of its optional members, so that core
calls every member directly and never probes a plugin with ``getattr``.

Registration (:meth:`caddy.plugins.host.Registry.add`) checks each object with
:func:`~caddy.contracts.conformance.conformance`: a missing required member is a
:class:`~caddy.errors.PluginError` naming the plugin's module and the member
(``caddy: error: plugin fake_mod: format 'x' lacks arithmetic(players,
options)``, exit 3). An object that has the required members but not every
optional one is wrapped by :func:`~caddy.contracts.conformance.complete`, which
adds the defaults of the kind's base class; plugins that subclass the base
class are used as they are.

Formats come in three kinds (:attr:`Format.kind`): ``"schedule"`` (the
whole schedule is known before round 1, :class:`ScheduleFormat`),
``"results"`` (later rounds are paired from the results,
:class:`PairingFormat`, which receives a :class:`PairingRequest`) and
``"external"`` (the pairings come from outside, :class:`ExternalFormat`).

This module is the facade plugin authors import from: the names in
``__all__``. They live in the modules of this package:

- :mod:`caddy.contracts.format` and :mod:`caddy.contracts.base`: the format
  Protocols and :class:`FormatBase`;
- :mod:`caddy.contracts.measures`: :class:`Arithmetic`, what a format says of a
  field's size;
- :mod:`caddy.contracts.pairing`: the data the contract exchanges
  (:class:`PlayedRound`, :class:`Stage`, :class:`PairingRequest` ...);
- :mod:`caddy.contracts.tiebreaks` and :mod:`caddy.contracts.tiebreak_table`:
  tie-breaks, and the table they compute from;
- :mod:`caddy.contracts.io`: codecs, renderers and time-control notations;
- :mod:`caddy.contracts.rating`: rating systems and the data they exchange;
- :mod:`caddy.contracts.conformance`: the registration checks
  (``conformance``, ``complete``, ``checked``, ``plugin_of``), and
  :mod:`caddy.contracts.returns`: what each member must return.

The names of :mod:`caddy.contracts.measures`, :mod:`caddy.contracts.pairing`,
:mod:`caddy.contracts.tiebreaks` and :mod:`caddy.contracts.rating`, and
``TeamPairingContext`` (:mod:`caddy.model.teams`), are importable from here
too, each loaded when first asked for: ``caddy calc`` needs only
:class:`Arithmetic` of them, and ``caddy standings FILE.trf`` only the
tie-break contract (issue 31 item 4: start-up).

What may not live here: anything that looks a plugin up or reads a file
(that is :mod:`caddy.plugins` and :mod:`caddy.files`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from caddy.contracts.base import FormatBase
from caddy.contracts.format import (
    FORMAT_KINDS,
    ExternalFormat,
    Format,
    FormatKind,
    PairingFormat,
    ResultDependentFormat,
    ScheduleFormat,
)
from caddy.contracts.io import Codec, Renderer, TimeControlNotation, TimeControlParser

if TYPE_CHECKING:
    from caddy.contracts.measures import Arithmetic
    from caddy.contracts.pairing import (
        HISTORY_KINDS,
        HistoryEntry,
        HistoryKind,
        Match,
        PairingPlayer,
        PairingRequest,
        PlayedRound,
        Stage,
        as_request,
    )
    from caddy.contracts.rating import (
        GameChange,
        PlayerChange,
        RatedPlayer,
        RatingGame,
        RatingReport,
        RatingRequest,
        RatingSystem,
    )
    from caddy.contracts.tiebreaks import (
        GroupTieBreak,
        Preset,
        TieBreak,
        TieBreakBase,
        TieBreakPreset,
    )
    from caddy.model.teams import TeamPairingContext

#: Names loaded from their module when first asked for (PEP 562): a command that
#: pairs nothing and rates nothing (``caddy standings FILE.trf``, ``caddy calc``)
#: never creates the pairing and rating data classes, nor the team model; one
#: that ranks nothing (``caddy calc``), nor the tie-break contract.
_LAZY = {
    "Arithmetic": "caddy.contracts.measures",
    **dict.fromkeys(
        ("GroupTieBreak", "Preset", "TieBreak", "TieBreakBase", "TieBreakPreset"),
        "caddy.contracts.tiebreaks",
    ),
    **dict.fromkeys(
        (
            "HISTORY_KINDS",
            "HistoryEntry",
            "HistoryKind",
            "Match",
            "PairingPlayer",
            "PairingRequest",
            "PlayedRound",
            "Stage",
            "as_request",
        ),
        "caddy.contracts.pairing",
    ),
    **dict.fromkeys(
        (
            "GameChange",
            "PlayerChange",
            "RatedPlayer",
            "RatingGame",
            "RatingReport",
            "RatingRequest",
            "RatingSystem",
        ),
        "caddy.contracts.rating",
    ),
    "TeamPairingContext": "caddy.model.teams",
}

__all__ = [
    "FORMAT_KINDS",
    "HISTORY_KINDS",
    "Arithmetic",
    "Codec",
    "ExternalFormat",
    "Format",
    "FormatBase",
    "FormatKind",
    "GameChange",
    "GroupTieBreak",
    "HistoryEntry",
    "HistoryKind",
    "Match",
    "PairingFormat",
    "PairingPlayer",
    "PairingRequest",
    "PlayedRound",
    "PlayerChange",
    "Preset",
    "RatedPlayer",
    "RatingGame",
    "RatingReport",
    "RatingRequest",
    "RatingSystem",
    "Renderer",
    "ResultDependentFormat",
    "ScheduleFormat",
    "Stage",
    "TeamPairingContext",
    "TieBreak",
    "TieBreakBase",
    "TieBreakPreset",
    "TimeControlNotation",
    "TimeControlParser",
    "as_request",
]


def __getattr__(name: str) -> Any:
    """A name of :data:`_LAZY`, imported from its module when first asked for
    (and kept here from then on)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'caddy.contracts' has no attribute {name!r}")
    # lazy: start-up: the pairing, rating, tie-break and team modules load when a command uses them
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
