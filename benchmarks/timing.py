"""The timing the benchmark scripts share: a best time, and best times taken in turn.

A script run as ``python benchmarks/NAME.py`` imports this module as
``benchmarks.timing`` after putting the repository root on ``sys.path``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

__all__ = ["best", "interleaved"]


def best(function: Callable[[], Any], repeat: int) -> float:
    """The best of ``repeat`` timings of ``function()``, in seconds (a collection first each time)."""
    return interleaved([function], repeat)[0]


def interleaved(functions: list[Callable[[], Any]], repeat: int) -> list[float]:
    """Each function's best time, the functions run in turn ``repeat`` times: a
    ratio of two of them is not skewed by the machine's load changing between
    them (a shared machine)."""
    times: list[list[float]] = [[] for _ in functions]
    for _ in range(repeat):
        for function, kept in zip(functions, times, strict=True):
            gc.collect()
            start = time.perf_counter()
            function()
            kept.append(time.perf_counter() - start)
    return [min(kept) for kept in times]
