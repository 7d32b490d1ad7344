"""Codecs: file formats events are imported from and exported to.

A codec is a plugin (hook ``caddy_register_codecs``, entry-point group
``caddy.codecs``). caddy's own JSON event file and FIDE's TRF are the
built-in ones (``caddy_plugins.codecs``); a third party adds another the
same way. ``caddy import``, ``caddy export`` and ``caddy check`` find the
codec by ``--from``/``--to``, else by the file's suffix, else by
:meth:`Codec.sniff`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs

# the plugin contract lives in caddy.contracts; re-exported for older imports
from caddy.contracts import Codec as Codec
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.event import EventFile
    from caddy.plugins import PluginHost


@attrs.frozen(kw_only=True)
class Imported:
    """What a codec read: the event, and warnings for the user (one line each)."""

    event: EventFile
    warnings: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Exported:
    """What a codec wrote: the file's bytes, and warnings (one line each)."""

    data: bytes
    warnings: tuple[str, ...] = ()


def get_codec(name: str, host: PluginHost | None = None) -> Codec:
    """The codec called ``name`` (an unknown name is an error listing the known ones)."""
    if host is None:
        from caddy.plugins import get_host

        host = get_host()
    return host.codecs().get(name)


def codec_for(path: str | Path, data: bytes, host: PluginHost | None = None) -> Codec:
    """The codec for a file: by suffix, else the first that recognises the bytes."""
    if host is None:
        from caddy.plugins import get_host

        host = get_host()
    codecs = list(host.codecs())
    suffix = Path(path).suffix.lower()
    for codec in codecs:
        if suffix in codec.suffixes:
            return codec
    head = data[:4096]
    for codec in codecs:
        if codec.sniff(head):
            return codec
    known = ", ".join(c.name for c in codecs)
    raise CaddyError(f"{path}: cannot tell the file's format (known: {known}); name it with --from")
