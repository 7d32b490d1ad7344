"""A third party's format plugin installed in the environment the suite runs in
(as the example of docs/plugins.md would be): the round robin under another name.

tests/test_plugins.py installs it before a pytest session starts and checks that the
tests which count or list plugins still pass (issue 24 item 12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import caddy
from caddy_plugins.formats.round_robin import RoundRobin


class InstalledRoundRobin(RoundRobin):
    name: ClassVar[str] = "installed-round-robin"
    summary: ClassVar[str] = "a round robin from a distribution installed beside caddy"


@caddy.hookimpl
def caddy_register_formats(register: Callable[[Any], None]) -> None:
    register(InstalledRoundRobin())
