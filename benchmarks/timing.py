"""Shared timing helper for the benchmark scripts."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any


def best(function: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds (garbage collected before each)."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)
