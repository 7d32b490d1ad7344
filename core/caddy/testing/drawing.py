"""How the contract suites run hypothesis: the same examples on every run (a
failure in a plugin's CI reproduces on the author's machine), no example
database, no deadline, and shrinking only when the suite asks for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hypothesis import settings
    from hypothesis.strategies import SearchStrategy


def suite_settings(max_examples: int, shrink: bool) -> settings:
    """The hypothesis settings of a contract suite's drawn checks."""
    from hypothesis import HealthCheck, Phase, settings

    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
        phases=[phase for phase in Phase if shrink or phase is not Phase.shrink],
    )


def each_drawn(
    check: Callable[[Any], None], strategy: SearchStrategy[Any], max_examples: int, shrink: bool
) -> None:
    """Run ``check`` on what ``strategy`` draws, with a suite's settings."""
    from hypothesis import given

    @suite_settings(max_examples, shrink)
    @given(strategy)
    def run(drawn: Any) -> None:
        check(drawn)

    run()
