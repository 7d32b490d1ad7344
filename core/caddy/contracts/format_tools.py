"""Helpers for the format plugin contract (:class:`caddy.contracts.Format`).

A format plugin registers an object satisfying :class:`Format` (arithmetic
for the calculator; subclass :class:`FormatBase` for the defaults) and, by
its ``kind``, :class:`ScheduleFormat` (the whole schedule),
:class:`PairingFormat` (pairs from results) or :class:`ExternalFormat`
(pairings from outside). Options are an attrs class;
the CLI's ``--option KEY=VALUE`` reaches any of its fields through
:func:`options_from_strings`, so a third-party format needs no CLI code.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Protocol

import attrs

from caddy.contracts import Format, ScheduleFormat
from caddy.contracts.conformance import complete
from caddy.errors import InputError


def format_kind(fmt: Format) -> str:
    """The format's :attr:`~caddy.contracts.Format.kind`; a format object used
    without registering it (a test, :mod:`caddy.testing`) is completed first."""
    return str(complete("formats", fmt).kind)


def depends_on_results(fmt: Format) -> bool:
    """Whether a format pairs later rounds from results (``kind == "results"``)."""
    return format_kind(fmt) == "results"


def generates_schedule(fmt: Format) -> bool:
    """Whether a format produces whole schedules (``kind == "schedule"``)."""
    return format_kind(fmt) == "schedule"


def pairs_from_outside(fmt: Format) -> bool:
    """Whether a format's pairings come from outside (``kind == "external"``)."""
    return format_kind(fmt) == "external"


def fixed_in_advance(fmt: Format, players: int, options: Any) -> bool:
    """Whether the whole schedule of ``players`` is known before round 1
    (:meth:`~caddy.contracts.Format.schedules_in_advance`: every field of a
    ``schedule`` format; some fields of a format that pairs from results)."""
    return bool(complete("formats", fmt).schedules_in_advance(players, options))


def schedule_format(fmt: Format, players: int | None = None, options: Any = None) -> ScheduleFormat:
    """``fmt`` as a :class:`ScheduleFormat` (for ``players`` and ``options``
    when given: a format that fixes that field in advance), or a clear error."""
    if not generates_schedule(fmt) and (
        players is None or not fixed_in_advance(fmt, players, options)
    ):
        raise InputError(f"format '{fmt.name}' does not produce a whole schedule in advance")
    return fmt  # type: ignore[return-value]


_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


def fewer_rounds(options: Any, planned: int, players: int, word: str) -> dict[str, Any]:
    """``caddy plan``'s option sets for a format whose length is its ``rounds`` option:
    ``{"": options}`` and ``"<count> <word>"`` for each count below ``planned`` down to
    ``ceil(log2 players)``, the fewest after which one player alone can have won every
    game (the Swiss and Keizer formats' ``plan_options``)."""
    if players < 2:
        return {"": options}
    fewest = min(planned, max(1, (players - 1).bit_length()))
    return {
        "": options,
        **{
            f"{count} {word}": attrs.evolve(options, rounds=count)
            for count in range(planned - 1, fewest - 1, -1)
        },
    }


def _fraction_text(text: str) -> float:
    """A finite number written ``0.5``, ``½`` or ``1/2`` (``nan``, ``inf``: ValueError)."""
    import math

    cleaned = text.strip().replace("½", ".5")
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    if "/" in cleaned:
        top, _, bottom = cleaned.partition("/")
        value = int(top) / int(bottom)
    else:
        value = float(cleaned)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _convert(text: str, kind: Any) -> Any:
    """Convert one option value from text, guided by its annotation."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is typing.Literal:
        for choice in args:
            if str(choice) == text:
                return choice
        raise ValueError("expected one of " + ", ".join(str(a) for a in args))
    if origin in (typing.Union, types.UnionType):
        if text.lower() in ("none", "") and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(text, arg)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError("; ".join(errors))
    if kind is bool:
        lowered = text.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ValueError("expected true or false")
    if kind is int:
        if not text.strip().lstrip("+-").isascii():  # int() reads '٣' as 3
            raise ValueError("expected a whole number")
        try:
            return int(text)
        except ValueError:
            raise ValueError("expected a whole number") from None
    if kind is float:
        try:
            return _fraction_text(text)
        except (ValueError, ZeroDivisionError, OverflowError):
            raise ValueError("expected a number (0.5, ½ and 1/2 are all allowed)") from None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if text in (member.name, str(member.value), member.name.lower()):
                return member
        raise ValueError("expected one of " + ", ".join(str(m.value) for m in kind))
    return text  # str, or a type whose own converter takes text


def options_from_strings(fmt: Format, values: Mapping[str, str], base: Any = None) -> Any:
    """Build ``fmt.Options`` from ``KEY=VALUE`` texts, validated by the class.

    :param base: options to start from (default: ``fmt.Options()``).
    :raises InputError: one problem per line for unknown keys and bad values.
    """
    options_cls = fmt.Options
    attrs.resolve_types(options_cls)
    fields = {f.name: f for f in attrs.fields(options_cls) if f.init}
    base = options_cls() if base is None else base
    problems: list[str] = []
    changes: dict[str, Any] = {}
    for key, text in values.items():
        field = fields.get(key.replace("-", "_"))
        if field is None:
            known = ", ".join(sorted(fields)) or "none"
            problems.append(f"unknown option '{key}' for format '{fmt.name}' (options: {known})")
            continue
        try:
            changes[field.name] = _convert(text, field.type)
        except ValueError as exc:
            problems.append(f"invalid option {key}={text}: {exc}")
    if not problems:
        try:
            return attrs.evolve(base, **changes)
        except (ValueError, TypeError) as exc:
            for key, text in values.items():  # which value its own validator refuses
                name = key.replace("-", "_")
                try:
                    attrs.evolve(base, **{name: changes[name]})
                except (ValueError, TypeError) as own:
                    problems.append(f"invalid option {key}={text}: {_validator_message(own)}")
            if not problems:  # only together
                shown = ", ".join(f"{k}={v}" for k, v in values.items())
                problems.append(
                    f"invalid options for format '{fmt.name}' ({shown}): {_validator_message(exc)}"
                )
    raise InputError(problems[0], problems=problems)


def _validator_message(exc: Exception) -> str:
    """What an attrs validator's error says, without the attrs internals:
    ``in_`` raises ``(message, attribute, options, value)``."""
    args = exc.args
    if len(args) == 4 and isinstance(args[1], attrs.Attribute):
        options = args[2]
        if isinstance(options, (tuple, list, set, frozenset)):
            return "expected one of " + ", ".join(str(o) for o in options)
    return str(args[0]) if args else type(exc).__name__


def option_summary(options: Any) -> dict[str, Any]:
    """The options as plain values, for messages and JSON."""
    result: dict[str, Any] = {}
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        result[field.name] = value.value if isinstance(value, enum.Enum) else value
    return result


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def require_players(fmt: _Named, players: int, minimum: int = 2) -> None:
    """Raise the standard error for a field that is too small."""
    if players < minimum:
        raise InputError(f"format '{fmt.name}' needs at least {minimum} players, got {players}")


@attrs.frozen(kw_only=True)
class Shorthand:
    """A command-line flag that stands for a format option (hook
    ``caddy_format_shorthands``): ``--groups G`` for ``--option groups=G``,
    ``--double`` for ``--option cycles=2``."""

    #: The flag, with its dashes (``--groups``).
    flag: str
    #: The option it sets.
    option: str
    #: The value it sets; ``None``: the flag takes the value (``--groups 4``).
    value: str | None = None
    #: One line for ``--help``.
    help: str = ""
    #: The value's name in ``--help`` (``G``).
    metavar: str = "VALUE"
