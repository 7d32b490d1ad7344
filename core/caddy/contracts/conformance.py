"""Conformance of plugin objects to the contract, and the objects the registry hands out.

:func:`conformance` says what an object lacks to be a plugin object of a kind
(a missing required member is a :class:`~caddy.errors.PluginError` at
registration); :func:`complete` fills in the defaults of the kind's ``*Base``
class; :func:`checked` wraps the members whose returned value core checks
(:data:`caddy.contracts.returns.RETURNS`); :func:`plugin_of` unwraps both.
The registry (:class:`caddy.plugins.registry.Registry`) is their one caller in
core; :mod:`caddy.testing` uses them to check a plugin outside a host.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from caddy.contracts.base import base_class
from caddy.contracts.format import FORMAT_KINDS
from caddy.contracts.returns import RETURNS, Returns, returning


def _member(name: str, *params: str) -> tuple[str, tuple[str, ...] | None]:
    return name, params


def _attr(name: str) -> tuple[str, tuple[str, ...] | None]:
    return name, None


#: Required members per kind: ``(name, parameters)``; ``None`` for data.
REQUIRED: Mapping[str, tuple[tuple[str, tuple[str, ...] | None], ...]] = {
    "formats": (
        _attr("name"),
        _attr("summary"),
        _attr("Options"),
        _member("arithmetic", "players", "options"),
    ),
    "tiebreaks": (
        _attr("name"),
        _member("compute", "table", "spec"),
        _member("explain", "table", "spec", "player"),
    ),
    "codecs": (
        _attr("name"),
        _attr("summary"),
        _attr("suffixes"),
        _member("sniff", "data"),
        _member("read", "data"),
        _member("write", "event"),
    ),
    "renderers": (_attr("name"), _attr("summary"), _attr("suffix"), _member("render", "report")),
    "rating_systems": (
        _attr("name"),
        _attr("summary"),
        _attr("options"),
        _member("change", "request"),
    ),
    "prize_sharing": (_attr("name"), _attr("summary"), _member("share", "group")),
    "norms": (*map(_attr, ("name", "summary", "titles")), _member("check", "request", "forecast")),
    "time_controls": (_attr("name"), _attr("priority"), _member("parse", "text")),
    "tiebreak_presets": (
        _attr("name"),
        _attr("summary"),
        _attr("tiebreaks"),
        _attr("default_for"),
    ),
}


#: Members each format kind adds.
FORMAT_KIND_REQUIRED: Mapping[str, tuple[tuple[str, tuple[str, ...] | None], ...]] = {
    "schedule": (_member("schedule", "players", "options"),),
    "results": (
        _member("next_round", "request"),
        _member("winner", "players", "options", "played"),
    ),
    "external": (),
}


GROUP_REQUIRED = (_member("rank_group", "table", "spec", "group"),)


#: Optional members per kind (each has a default in :func:`~caddy.contracts.base.base_class`).
OPTIONAL: Mapping[str, tuple[str, ...]] = {
    "formats": (
        "kind",
        "default_numbering",
        "has_matches",
        "pairs_teams",
        "variants",
        "check",
        "plan_options",
        "number_players",
        "new_match",
        "sections",
        "stages",
        "group_rounds",
        "extra_rounds",
        "planned_rounds",
        "pre_determined",
        "schedule_title",
        "schedule_notes",
        "explain_round",
        "schedules_in_advance",
        "legacy_options",
        "bracket_seeds",
        "round_name",
        "match_name",
        "team_match",
        "standings_scores",
        "rounds_per_night",
        "rated",
    ),
    "tiebreaks": (
        "title",
        "article",
        "kind",
        "modifiers",
        "summary",
        "editions",
        "group_dependent",
        "separates_round_robin",
        "scope",
        "takes_score",
        "lower_is_better",
        "explain_group",
        "group_values",
    ),
}


def _has(obj: object, name: str) -> bool:
    try:
        inspect.getattr_static(obj, name)
    except AttributeError:
        return False
    return True


def _signature_lacks(function: Any, params: tuple[str, ...]) -> bool:
    """Whether ``function`` cannot take ``params`` (positionally or by name)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return False  # a builtin: trust it
    kinds = [p.kind for p in signature.parameters.values()]
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        return False
    positional = [
        p
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return len(positional) < len(params)


def _label(kind: str) -> str:
    return {
        "formats": "format",
        "tiebreaks": "tie-break",
        "codecs": "file format",
        "renderers": "output form",
        "rating_systems": "rating system",
        "prize_sharing": "prize-sharing method",
        "norms": "norm rules",
        "time_controls": "time-control notation",
        "tiebreak_presets": "tie-break preset",
    }.get(kind, kind)


def _missing(obj: object, members: Sequence[tuple[str, tuple[str, ...] | None]]) -> list[str]:
    problems = []
    for name, params in members:
        shown = name if params is None else f"{name}({', '.join(params)})"
        if not _has(obj, name):
            problems.append(f"lacks {shown}")
            continue
        if params is None:
            continue
        value = inspect.getattr_static(obj, name)
        bound = obj.__getattribute__(name)
        if not callable(value if not isinstance(value, (staticmethod, classmethod)) else bound):
            problems.append(f"has {name} but it is not callable: expected {shown}")
        elif _signature_lacks(bound, params):
            problems.append(f"has {name} without the parameters {shown}")
    return problems


def _format_kind(obj: object) -> str:
    """The kind a format declares, or (for a format written before kinds)
    the kind its members show."""
    if _has(obj, "kind"):
        return str(obj.__getattribute__("kind"))
    if _has(obj, "pairs_from_outside") and obj.__getattribute__("pairs_from_outside"):
        return "external"
    if _has(obj, "next_round"):
        return "results"
    return "schedule"


#: Conformance of plugin objects whose members are all their class's (an
#: instance without attributes of its own), by kind and class: a class
#: does not change, and every plugin host checks the same built-ins again.
_CONFORMANCE: dict[tuple[str, type], list[str]] = {}


def conformance(kind: str, obj: object) -> list[str]:
    """What ``obj`` lacks to be a plugin object of ``kind`` (empty: it conforms).

    ``kind`` is a registry kind (``"formats"``, ``"tiebreaks"``, ``"codecs"``,
    ``"renderers"``, ``"time_controls"``, ``"tiebreak_presets"``). Each entry
    reads ``<label> '<name>' lacks <member>(<parameters>)``.
    """
    try:
        own = vars(obj)
    except TypeError:  # __slots__ only: members are the class's
        own = {}
    if isinstance(obj, type) or own:
        return _conformance(kind, obj)
    key = (kind, type(obj))
    found = _CONFORMANCE.get(key)
    if found is None:
        found = _CONFORMANCE[key] = _conformance(kind, obj)
    return list(found)


def _conformance(kind: str, obj: object) -> list[str]:
    name = obj.__getattribute__("name") if _has(obj, "name") else None
    who = f"{_label(kind)} '{name}'" if isinstance(name, str) and name else f"a {_label(kind)}"
    if not isinstance(name, str) or not name:
        return [f"registered {who} without a name"]
    members = list(REQUIRED.get(kind, ()))
    problems = _missing(obj, members)
    if kind == "formats":
        if _has(obj, "Options") and not attrs.has(obj.__getattribute__("Options")):
            problems.append("has Options that is not an attrs class")
        fmt_kind = _format_kind(obj)
        if fmt_kind not in FORMAT_KINDS:
            problems.append(f"has kind {fmt_kind!r}, not one of {', '.join(FORMAT_KINDS)}")
        else:
            problems.extend(_missing(obj, FORMAT_KIND_REQUIRED[fmt_kind]))
    if (
        kind == "tiebreaks"
        and _has(obj, "group_dependent")
        and obj.__getattribute__("group_dependent")
    ):
        problems.extend(_missing(obj, GROUP_REQUIRED))
    return [f"{who} {problem}" for problem in problems]


class _Filled:
    """Marks the objects :func:`complete` and :func:`checked` make in place of a
    plugin's (the plugin's object is ``__dict__["_plugin"]``)."""


_FILLED: dict[tuple[type, type], type] = {}


def _filled_class(plugin_type: type, base: type) -> type:
    """A class named as ``plugin_type`` whose instances forward to ``_plugin``
    every attribute they (and ``base``) lack, and pass for one of
    ``plugin_type`` (``isinstance``, ``__class__``): a plugin's own checks of
    what the registry hands out keep working."""
    key = (plugin_type, base)
    cls = _FILLED.get(key)
    if cls is None:

        def __getattr__(self: Any, name: str) -> Any:
            return self.__dict__["_plugin"].__getattribute__(name)

        cls = type(
            plugin_type.__name__,
            (_Filled,) if base is object else (base, _Filled),
            {
                "__module__": plugin_type.__module__,
                "__qualname__": plugin_type.__qualname__,
                "__getattr__": __getattr__,
                "__class__": property(lambda self: type(self.__dict__["_plugin"])),
                "__doc__": plugin_type.__doc__,
            },
        )
        _FILLED[key] = cls
    return cls


#: The contract members a plugin class has, by kind and class (see _CONFORMANCE).
_PRESENT: dict[tuple[str, type], frozenset[str]] = {}


def _present(kind: str, obj: object) -> frozenset[str]:
    """Which members of ``kind``'s contract ``obj`` has: its class's (cached per
    class) and the attributes of its own that are members."""
    names = frozenset(
        (
            *(n for n, _ in (*REQUIRED[kind], *FORMAT_KIND_REQUIRED["results"], *GROUP_REQUIRED)),
            *OPTIONAL[kind],
            "schedule",
        )
    )
    if isinstance(obj, type):
        return frozenset(name for name in names if _has(obj, name))
    key = (kind, type(obj))
    found = _PRESENT.get(key)
    if found is None:
        found = _PRESENT[key] = frozenset(name for name in names if _has(type(obj), name))
    try:
        own = vars(obj)
    except TypeError:  # __slots__ only: members are the class's
        return found
    return found | (names & own.keys()) if own else found


def complete(kind: str, obj: Any) -> Any:
    """``obj`` with every member of its kind's contract: ``obj`` itself when it
    has them all (it subclasses :class:`FormatBase` ...), else a wrapper that
    adds the base class's defaults and forwards everything else to ``obj``."""
    base = base_class(kind)
    if base is None:
        return obj
    if isinstance(obj, base):  # the base class has every optional member
        return obj
    if _present(kind, obj).issuperset(OPTIONAL[kind]):
        return obj
    return _wrapped(kind, obj)


def _wrapped(kind: str, obj: Any) -> Any:
    """A new object forwarding to ``obj``, holding every member of ``kind``'s
    contract ``obj`` has (the others are the base class's defaults)."""
    base = base_class(kind) or object
    wrapper: Any = object.__new__(_filled_class(type(obj), base))
    wrapper.__dict__["_plugin"] = obj
    if base is object:  # no default to shadow: the contract's members, as conformance sees them
        for name, _ in REQUIRED[kind]:
            wrapper.__dict__[name] = obj.__getattribute__(name)
        return wrapper
    present = _present(kind, obj)
    for name, _ in (*REQUIRED[kind], *FORMAT_KIND_REQUIRED["results"], *GROUP_REQUIRED):
        if name in present:
            wrapper.__dict__[name] = obj.__getattribute__(name)
    for name in (*OPTIONAL[kind], "schedule"):
        if name in present:
            wrapper.__dict__[name] = obj.__getattribute__(name)
    if kind == "formats":
        wrapper.__dict__["kind"] = _format_kind(obj)
    return wrapper


#: The members :func:`checked` wraps, by kind and class (see _CONFORMANCE).
_CHECKED: dict[tuple[str, type], tuple[tuple[str, Returns], ...]] = {}


def _checked_members(kind: str, obj: object) -> tuple[tuple[str, Returns], ...]:
    """The members of :data:`~caddy.contracts.returns.RETURNS` ``obj`` has."""
    key = (kind, type(obj))
    found = _CHECKED.get(key)
    if found is None:
        found = tuple((n, r) for n, r in RETURNS.get(kind, {}).items() if _has(obj, n))
        try:
            own = vars(obj)
        except TypeError:
            own = {}
        if own:  # members of its own: not the class's to cache
            return found
        _CHECKED[key] = found
    return found


def checked(kind: str, obj: Any, blame: str, module: str) -> Any:
    """``obj`` (as :func:`complete` gives it), with the value each member of
    :data:`caddy.contracts.returns.RETURNS` returns checked: a wrong one is a
    :class:`~caddy.errors.PluginError` starting with ``blame`` (exit 3).
    A wrapper made by :func:`complete` is changed in place, else ``obj`` is
    wrapped; ``obj`` itself when its kind has no member checked."""
    members = _checked_members(kind, plugin_of(obj))
    if not members:
        return obj
    wrapper = obj if isinstance(obj, _Filled) else _wrapped(kind, obj)
    label = f"{_label(kind)} '{obj.name}'"
    for name, returns in members:
        method = obj.__getattribute__(name)
        wrapper.__dict__[name] = returning(method, returns, blame, f"{name} of {label}", module)
    return wrapper


def plugin_of(obj: Any) -> Any:
    """The object a plugin registered (unwrapping :func:`complete` and :func:`checked`)."""
    if isinstance(obj, _Filled):
        return obj.__dict__["_plugin"]
    return obj
