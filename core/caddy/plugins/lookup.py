"""Finding the plugin for a thing: a codec for a file, a renderer by name,
the notation that reads a time control, the formats' shorthands.

Value modules (:mod:`caddy.model`, :mod:`caddy.contracts`) never look a plugin
up; the layers above call these functions with the host they were given.
``host=None`` means the process's default host (:func:`caddy.plugins.host.resolve`,
the one place that chooses it).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from caddy.errors import CaddyError
from caddy.plugins.host import PluginHost, resolve

if TYPE_CHECKING:
    from caddy.contracts import Codec, Renderer
    from caddy.contracts.codecs import FileCheck
    from caddy.contracts.file_results import FileResults
    from caddy.contracts.format_tools import Shorthand
    from caddy.model.timecontrol import TimeControl


#: Short names ``--output`` accepts for the built-in renderers.
ALIASES = {"md": "markdown", "txt": "text", "htm": "html"}


def parse_time_control(text: str, host: PluginHost | None = None) -> TimeControl:
    """Read ``text`` with the host's time-control notation plugins, first match wins.

    :raises TimeControlError: no notation can read the text, or the one
        that recognises it finds an error (the message names the part).
    """
    # lazy: start-up: `caddy standings` looks up codecs and renderers, never a time control
    from caddy.model.timecontrol import read_time_control

    return read_time_control(text, resolve(host).time_control_parsers())


def get_codec(name: str, host: PluginHost | None = None) -> Codec:
    """The codec called ``name`` (an unknown name is an error listing the known ones)."""
    host = resolve(host)
    return host.codecs().get(name)


def codec_for(
    path: str | os.PathLike[str],
    data: bytes,
    host: PluginHost | None = None,
    *,
    flag: str | None = "--from",
) -> Codec:
    """The codec for a file: by suffix, else the first that recognises the bytes.
    ``flag`` is the command's option that names a format, for the error's hint
    (``None``: the command has none, and the error names none)."""
    host = resolve(host)
    codecs = list(host.codecs())
    from pathlib import Path  # not at the top: `caddy calc` imports this module, not pathlib

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
    host = resolve(host)
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
    host = resolve(host)
    host.codecs()
    result: FileCheck | None = host.pm.hook.caddy_check_file(
        codec=codec.name, data=data, source=path
    )
    return result


def shorthands(host: PluginHost | None = None) -> list[Shorthand]:
    """Every format plugin's shorthands, each flag once (the first plugin's)."""
    host = resolve(host)
    host.formats()  # the format plugins are loaded: their hooks answer
    seen: dict[str, Shorthand] = {}
    for answer in host.pm.hook.caddy_format_shorthands():
        for item in answer:
            seen.setdefault(item.flag, item)
    return list(seen.values())


def get_renderer(name: str, host: PluginHost | None = None) -> Renderer:
    """The renderer called ``name`` or a short name of :data:`ALIASES` (an
    unknown name lists the known ones)."""
    host = resolve(host)
    return host.renderers().get(ALIASES.get(name.lower(), name))
