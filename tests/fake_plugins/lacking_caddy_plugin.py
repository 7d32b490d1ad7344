"""A format plugin missing one capability of its contract: ``arithmetic``.

Registration must refuse it: exit 3 and one line naming this module and the
missing member (issue 14: an explicit plugin contract).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

import caddy


@attrs.frozen
class LackingOptions:
    rounds: int = 1


class Lacking:
    name: ClassVar[str] = "lacking"
    summary: ClassVar[str] = "a format without arithmetic"
    Options: ClassVar[type[Any]] = LackingOptions

    def variants(self, options: LackingOptions) -> Mapping[str, Any]:
        return {}

    def schedule(self, players: int, options: LackingOptions, *, seed: int | None = None) -> Any:
        raise AssertionError("never called: registration refuses the format")


@caddy.hookimpl
def caddy_register_formats(register: Callable[[Any], None]) -> None:
    register(Lacking())
