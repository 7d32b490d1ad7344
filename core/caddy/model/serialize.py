"""JSON (de)serialisation with cattrs, imported only when something is
(de)serialised.

Every document has an envelope ``{"schema": "caddy.<kind>", "version": N}``.
:func:`make_converter` returns a ``cattrs.preconf.json`` converter that
knows caddy's value types (time controls travel as their canonical text);
it forbids extra keys, so a misspelt key in a file is an error, and
:func:`structure` turns cattrs' errors into one ``path: message`` line each.
Pass your own converter to :func:`configure_converter` to compose caddy's
hooks with an application's.

Values are read as strictly as the CLI reads its arguments (issue 13 s):
a string field takes only a JSON string that is valid Unicode text (no
lone surrogate such as ``"\\ud800"``, which JSON escapes can carry but
UTF-8 cannot encode, RFC 8259 §8.2); a whole-number field takes only a
JSON integer (not ``true``, ``2100.0`` or ``"2050"``); a number field
takes an integer or a finite float (never ``NaN`` or ``Infinity``, which
RFC 8259 §6 does not allow); a list field takes only a JSON list. Nothing
is coerced: ``[]`` never becomes the text ``"[]"``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar, get_origin

import attrs

from caddy.errors import CaddyError
from caddy.model.timecontrol import TimeControl

if TYPE_CHECKING:
    from cattrs import Converter

    from caddy.model.timecontrol import TimeControl

T = TypeVar("T")


#: A lone UTF-16 surrogate: a JSON ``\uD800`` escape gives one, but it is not Unicode text.
_SURROGATE = re.compile("[\ud800-\udfff]")


def describe(value: Any) -> str:
    """A short, printable name for a JSON value in a message (``a list``, ``true``, ``NaN``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, int):
        text = str(value) if abs(value) < 10**30 else f"a {len(str(abs(value)))}-digit number"
        return text
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return "a string " + json.dumps(shown)  # ASCII: a lone surrogate prints as \ud800
    return type(value).__name__


def text_problem(value: Any) -> str | None:
    """What keeps ``value`` from being a JSON string of Unicode text, or ``None``."""
    if type(value) is not str:
        return f"expected a string, got {describe(value)}"
    bad = _SURROGATE.search(value)
    if bad:
        return f"not Unicode text (a lone surrogate \\u{ord(bad.group()):04x})"
    return None


def whole_number_problem(value: Any) -> str | None:
    """What keeps ``value`` from being a JSON integer (``true`` and ``2.0`` are not), or ``None``."""
    if type(value) is not int:
        return f"expected a whole number, got {describe(value)}"
    return None


def number_problem(value: Any) -> str | None:
    """What keeps ``value`` from being a finite JSON number, or ``None``."""
    if type(value) is int:
        return None
    if type(value) is not float or not math.isfinite(value):
        return f"expected a number, got {describe(value)}"
    return None


def _strict_str(value: Any, _: Any) -> str:
    problem = text_problem(value)
    if problem:
        raise ValueError(problem)
    return str(value)


def _strict_int(value: Any, _: Any) -> int:
    problem = whole_number_problem(value)
    if problem:
        raise ValueError(problem)
    return int(value)


def _strict_float(value: Any, _: Any) -> float:
    problem = number_problem(value)
    if problem:
        raise ValueError(problem)
    return float(value)


def _strict_decimal(value: Any, _: Any) -> Decimal:
    """An amount of money as written: a decimal string (``"100.00"``) or a
    whole number, finite (never a float: it would not be exact)."""
    if type(value) is int:
        return Decimal(value)
    if type(value) is not str:
        raise ValueError(f'expected an amount as a string ("100.00"), got {describe(value)}')
    try:
        amount = Decimal(value)
    except ArithmeticError:
        raise ValueError(f"'{value}' is not an amount") from None
    if not amount.is_finite():
        raise ValueError(f"'{value}' is not an amount")
    return amount


def _strict_bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {describe(value)}")
    return bool(value)


def _is_tuple(type_: Any) -> bool:
    return type_ is tuple or get_origin(type_) is tuple


def _omits_defaults(cls: Any) -> bool:
    """An attrs class whose JSON leaves out the fields it names in
    ``omit_defaults`` when they have their default (:mod:`caddy.model.documents`)."""
    return attrs.has(cls) and bool(getattr(cls, "omit_defaults", ()))


def configure_converter(
    converter: Converter, read_time_control: Callable[[str], TimeControl] | None = None
) -> Converter:
    """Add caddy's hooks to ``converter`` and return it: time controls as
    their text, strict primitives (see the module's docstring), and documents
    that leave out fields at their default. Time controls are read from their
    text by ``read_time_control`` (the host's notations: the event converter,
    :func:`caddy.event.convert.configure`, gives it); without it, not at all."""

    def structure_time_control(value: Any, _: Any) -> TimeControl:
        problem = text_problem(value)
        if problem:
            raise ValueError(problem)
        if read_time_control is None:
            raise ValueError("a time control is read by the event's converter")
        return read_time_control(value)

    def tuple_hook(type_: Any) -> Any:
        def structure_tuple(value: Any, cls: Any) -> Any:
            if type(value) is not list and type(value) is not tuple:
                raise ValueError(f"expected a list, got {describe(value)}")
            return converter._structure_tuple(value, cls)

        return structure_tuple

    def attrs_hook(cls: Any) -> Any:
        inner = converter.gen_structure_attrs_fromdict(cls)

        def structure_attrs(value: Any, type_: Any) -> Any:
            if not isinstance(value, dict):
                raise ValueError(f"expected an object, got {describe(value)}")
            return inner(value, type_)

        return structure_attrs

    def omitting_hook(cls: Any) -> Any:
        from cattrs.gen import make_dict_unstructure_fn, override

        fields = {name: override(omit_if_default=True) for name in cls.omit_defaults}
        return make_dict_unstructure_fn(cls, converter, **fields)  # type: ignore[arg-type]

    converter.register_unstructure_hook_factory(_omits_defaults, omitting_hook)
    converter.register_unstructure_hook(TimeControl, str)
    converter.register_structure_hook(TimeControl, structure_time_control)
    converter.register_unstructure_hook(Decimal, str)
    converter.register_structure_hook(Decimal, _strict_decimal)
    converter.register_structure_hook(str, _strict_str)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(float, _strict_float)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook_factory(_is_tuple, tuple_hook)
    converter.register_structure_hook_factory(attrs.has, attrs_hook)
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
        problems = path_first(transform_error(exc, path=where))
        raise CaddyError(problems[0], problems=problems) from None
    except (ValueError, TypeError, AttributeError) as exc:
        raise CaddyError(f"{where}: {exc}") from None


def path_first(problems: list[str], root: str = "$") -> list[str]:
    """cattrs' ``message @ $.path`` lines as caddy's ``$.path: message``."""
    out = []
    for problem in problems:
        message, at, path = problem.rpartition(" @ ")
        out.append(f"{path}: {message}" if at and path.startswith(root) else problem)
    return out
