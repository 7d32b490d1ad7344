"""JSON (de)serialisation with cattrs, imported only when something is
(de)serialised.

Every document has an envelope ``{"schema": "caddy.<kind>", "version": N}``.
:func:`make_converter` returns a ``cattrs.preconf.json`` converter that
knows caddy's value types (time controls travel as their canonical text);
it forbids extra keys, so a misspelt key in a file is an error, and
:func:`structure` turns cattrs' errors into one ``path: message`` line each.
Pass your own converter to :func:`configure_converter` to compose caddy's
hooks with an application's.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from cattrs import Converter

T = TypeVar("T")


def configure_converter(converter: Converter) -> Converter:
    """Add caddy's hooks to ``converter`` and return it."""
    from caddy.timecontrol import TimeControl, parse_time_control

    converter.register_unstructure_hook(TimeControl, str)
    converter.register_structure_hook(TimeControl, lambda value, _: parse_time_control(value))
    return converter


@cache
def make_converter() -> Converter:
    """caddy's converter (built once, after plugins are known)."""
    from cattrs.preconf.json import make_converter as json_converter

    return configure_converter(json_converter(forbid_extra_keys=True))


def unstructure(value: Any) -> Any:
    """An attrs value as plain JSON-ready data."""
    return make_converter().unstructure(value)


def structure(data: Any, cls: type[T], *, where: str = "$") -> T:
    """Build ``cls`` from plain data; every problem becomes one line.

    :raises CaddyError: with one ``path: message`` problem per line.
    """
    from cattrs import transform_error
    from cattrs.errors import BaseValidationError

    try:
        return make_converter().structure(data, cls)
    except BaseValidationError as exc:
        problems = transform_error(exc, path=where)
        raise CaddyError(problems[0], problems=problems) from None
    except (ValueError, TypeError) as exc:
        raise CaddyError(f"{where}: {exc}") from None


def dump_document(schema: str, version: int, body: dict[str, Any], out: TextIO) -> None:
    """Write ``{"schema": ..., "version": ..., **body}`` as indented JSON."""
    document = {"schema": schema, "version": version, **body}
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")
