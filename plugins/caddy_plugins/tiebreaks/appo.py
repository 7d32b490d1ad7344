"""APPO, average perfect performance of opponents (C.07 Art. 10.5): the mean
PTP of the opponents met in rated games, rounded half up."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy_plugins.tiebreaks.apro import AverageOfOpponents


class AveragePerfectPerformanceOfOpponents(AverageOfOpponents):
    name: ClassVar[str] = "APPO"
    title: ClassVar[str] = "Average perfect performance of opponents"
    article: ClassVar[str] = "10.5"
    kind: ClassVar[str] = "DC"
    summary: ClassVar[str] = "mean PTP of the opponents met in rated games"
    source: ClassVar[str] = "PTP"


@hookimpl
def caddy_register_tiebreaks(
    register: Callable[[AveragePerfectPerformanceOfOpponents], None],
) -> None:
    register(AveragePerfectPerformanceOfOpponents())
