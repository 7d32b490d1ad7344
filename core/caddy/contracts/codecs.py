"""Codecs: file formats events are imported from and exported to.

A codec is a plugin (hook ``caddy_register_codecs``, entry-point group
``caddy.codecs``). caddy's own JSON event file and FIDE's TRF are the
built-in ones (``caddy_plugins.codecs``); a third party adds another the
same way. ``caddy import``, ``caddy export`` and ``caddy check`` find the
codec by ``--from``/``--to``, else by the file's suffix, else by
:meth:`Codec.sniff`. :class:`FileResults` (hook ``caddy_read_results``) is
defined in :mod:`caddy.contracts.file_results` and importable from here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.contracts.file_results import FileResults as FileResults

if TYPE_CHECKING:
    from caddy.event.file import EventFile


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
class FileCheck:
    """What a codec found checking a file in its format (hook
    ``caddy_check_file``): one line per problem, and what was checked."""

    problems: tuple[str, ...]
    #: One line: what was checked (``12 players, 9 rounds, round robin``).
    summary: str
    warnings: tuple[str, ...] = ()
