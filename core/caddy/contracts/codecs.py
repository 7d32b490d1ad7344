"""Codecs: file formats events are imported from and exported to.

A codec is a plugin (hook ``caddy_register_codecs``, entry-point group
``caddy.contracts.codecs``). caddy's own JSON event file and FIDE's TRF are the
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
    from caddy.event.file import EventFile
    from caddy.model.results_table import Event
    from caddy.plugins.host import PluginHost


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


@attrs.frozen(kw_only=True)
class FileResults:
    """A file's results as the file states them, for ranking (hook
    ``caddy_read_results``): for a format that records more than an event
    file holds (stated points, bye values, annulled players)."""

    event: Event
    warnings: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class FileCheck:
    """What a codec found checking a file in its format (hook
    ``caddy_check_file``): one line per problem, and what was checked."""

    problems: tuple[str, ...]
    #: One line: what was checked (``12 players, 9 rounds, round robin``).
    summary: str
    warnings: tuple[str, ...] = ()


def get_codec(name: str, host: PluginHost | None = None) -> Codec:
    """The codec called ``name`` (an unknown name is an error listing the known ones)."""
    if host is None:
        from caddy.plugins.host import get_host

        host = get_host()
    return host.codecs().get(name)


def codec_for(
    path: str | Path, data: bytes, host: PluginHost | None = None, *, flag: str | None = "--from"
) -> Codec:
    """The codec for a file: by suffix, else the first that recognises the bytes.
    ``flag`` is the command's option that names a format, for the error's hint
    (``None``: the command has none, and the error names none)."""
    if host is None:
        from caddy.plugins.host import get_host

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
    hint = f"; name it with {flag}" if flag else ""
    raise CaddyError(f"{path}: cannot tell the file's format (known: {known}){hint}")


def file_results(
    path: str, data: bytes, codec: Codec, host: PluginHost | None = None
) -> FileResults | None:
    """The results of a file as its codec states them (hook
    ``caddy_read_results``), or ``None`` when no plugin reads more than the
    codec's :meth:`Codec.read` gives: then the imported event is ranked."""
    if host is None:
        from caddy.plugins.host import get_host

        host = get_host()
    host.codecs()  # the codec plugins are loaded: their hooks answer
    result: FileResults | None = host.pm.hook.caddy_read_results(
        codec=codec.name, data=data, source=path
    )
    return result


def file_check(
    path: str, data: bytes, codec: Codec, host: PluginHost | None = None
) -> FileCheck | None:
    """A codec's own check of a file in its format (hook ``caddy_check_file``),
    or ``None``: then the imported event's rounds are checked."""
    if host is None:
        from caddy.plugins.host import get_host

        host = get_host()
    host.codecs()
    result: FileCheck | None = host.pm.hook.caddy_check_file(
        codec=codec.name, data=data, source=path
    )
    return result
