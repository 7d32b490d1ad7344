"""Pairing a file that is not an event file (``caddy pair FILE.trf``).

Pairing programs hand an engine a file of the rounds so far. The codec
plugin that reads such files answers the hook ``caddy_pairing_input``
(:func:`caddy.plugins.hookspecs.caddy_pairing_input`) with a
:class:`~caddy.contracts.file_pairing.FilePairing`: the
:class:`~caddy.contracts.PairingRequest` for the round to pair, the format
that pairs it, and a way to write the file with that round added.
:func:`file_pairing` asks the hook; :func:`with_options` lays the user's
``--option KEY=VALUE`` over the file's options.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Literal

import attrs

from caddy.contracts.file_pairing import FilePairing
from caddy.contracts.format_tools import options_from_strings
from caddy.errors import CaddyError
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.contracts import Codec
    from caddy.plugins.host import PluginHost


def file_pairing(
    path: str,
    data: bytes,
    codec: Codec,
    *,
    round: int | None = None,
    rounds: int | None = None,
    initial_colour: Literal["w", "b"] | None = None,
    readings: Collection[str] = (),
    host: PluginHost | None = None,
) -> FilePairing:
    """What the codec of a file (not an event file) reads to pair its next
    round (or ``round``), through the hook ``caddy_pairing_input``.

    :param rounds: the planned rounds, over what the file says.
    :param initial_colour: the top-ranked player's colour in round 1, over the file's.
    :param readings: readings of the file's ambiguous records (TRF: ``"801-byes"``).
    :raises CaddyError: no plugin pairs files of that codec, or the file
        cannot be paired (one line per problem).
    """
    host = resolve(host)
    host.codecs()  # the codec plugins are loaded: their hooks answer
    found: FilePairing | None = host.pm.hook.caddy_pairing_input(
        codec=codec.name,
        data=data,
        source=path,
        round=round,
        rounds=rounds,
        initial_colour=initial_colour,
        readings=tuple(readings),
    )
    if found is None:
        raise CaddyError(f"{path}: no plugin pairs {codec.name} files (caddy pairs TRF files)")
    return found


def with_options(found: FilePairing, fmt: Any, values: Mapping[str, str]) -> FilePairing:
    """``found`` with ``--option KEY=VALUE`` texts over the file's options
    (``caddy pair FILE --option``, ``caddy check FILE --pairings --option``).

    :raises InputError: one line per unknown key or bad value.
    """
    if not values:
        return found
    options = options_from_strings(fmt, values, base=found.request.options)
    return attrs.evolve(found, request=attrs.evolve(found.request, options=options))
