"""What core checks of the values plugin methods return (:data:`RETURNS`).

A value of the wrong type fails later, in core's code, with no plugin code in
the traceback: a format whose ``schedule()`` gives ``None``, a renderer whose
``render()`` gives bytes. So the registry hands out each format, codec,
renderer and time-control notation with these members wrapped
(:func:`caddy.contracts.conformance.checked`): the value is checked where core takes it,
by type only (one :func:`isinstance` per call, never per element), and a
wrong one is one line naming the plugin, the member and what the contract
(:mod:`caddy.contracts`) asks for: a :class:`~caddy.errors.PluginError`,
exit 3. Members called per board or per game are not wrapped.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from typing import Any

from caddy.errors import PluginError


class Returns:
    """What a member must return: an instance of ``names`` (classes of
    ``module``, imported on the first call: ``caddy calc`` never loads the
    models), or ``None`` when ``none``; ``what`` says it in messages."""

    __slots__ = ("_types", "module", "names", "none", "what")

    def __init__(self, what: str, module: str, *names: str, none: bool = False) -> None:
        self.what = what
        self.module = module
        self.names = names
        self.none = none
        self._types: tuple[type, ...] | None = None

    def types(self) -> tuple[type, ...]:
        if self._types is None:
            found = importlib.import_module(self.module)
            self._types = tuple(getattr(found, name) for name in self.names)
        return self._types

    def allows(self, value: object) -> bool:
        return (value is None and self.none) or isinstance(value, self.types())


#: The members checked, by registry kind (see :data:`caddy.plugins.registry.KINDS`).
RETURNS: Mapping[str, Mapping[str, Returns]] = {
    "formats": {
        "arithmetic": Returns("an Arithmetic", "caddy.contracts.measures", "Arithmetic"),
        "schedule": Returns("a Schedule", "caddy.model.schedule", "Schedule"),
        "next_round": Returns("a Round or None", "caddy.model.schedule", "Round", none=True),
        "winner": Returns("an int or None", "builtins", "int", none=True),
    },
    "codecs": {
        "read": Returns("an Imported", "caddy.contracts.codecs", "Imported"),
        "write": Returns("an Exported", "caddy.contracts.codecs", "Exported"),
    },
    "renderers": {"render": Returns("a str", "builtins", "str")},
    "prize_sharing": {"share": Returns("a tuple of Shares", "builtins", "tuple")},
    "rating_systems": {
        "change": Returns("a RatingReport", "caddy.contracts.rating", "RatingReport")
    },
    "time_controls": {
        "parse": Returns(
            "a TimeControl or None", "caddy.model.timecontrol", "TimeControl", none=True
        )
    },
}


def returning(
    method: Callable[..., Any], returns: Returns, blame: str, where: str, module: str
) -> Callable[..., Any]:
    """``method``, with what it returns checked against ``returns``.

    :param blame: who is at fault, as every plugin failure names it
        (:func:`caddy.plugins.registry.blame`).
    :param where: the member and the object (``schedule of format 'x'``).
    :raises PluginError: ``<blame> returned <value> from <where>, not <what>``.
    """

    @functools.wraps(method)
    def call(*args: Any, **kwargs: Any) -> Any:
        value = method(*args, **kwargs)
        if returns.allows(value):
            return value
        shown = "None" if value is None else f"a value of type {type(value).__name__}"
        raise PluginError(
            f"{blame} returned {shown} from {where}, not {returns.what}", plugin=module
        )

    return call
