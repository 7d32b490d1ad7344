"""Pausing the cyclic garbage collector while caddy (or a codec plugin) builds large acyclic data.

A 1,000-player round robin holds a million round results; building them
triggers the collector hundreds of times, each pass walking every object
made so far (``benchmarks/io.py`` measured 7.5 s with it, 2.7 s without).
Nothing built inside a pause holds reference cycles, so nothing is lost;
the collector runs again as soon as the block ends.

What the block made and kept goes to the collector's oldest generation, as
an object that has lived through collections would (``gc.freeze`` then
``gc.unfreeze``, each a splice of the collector's lists): it is walked at
the next full collection, when CPython's own rule calls for one, instead of
at once by a collection of the young generation (a walk of every object the
block kept: a million in the round robin) and again by the middle one.
Every object stays tracked, so nothing is lost: a cycle that becomes garbage
is collected at the next full collection.

When the program has frozen objects of its own (``gc.freeze``, as servers
that fork do), the block leaves them and the generations as they are. Asking
for them (``gc.get_freeze_count``) counts them one by one, 43 ms for three
million, so it is asked only after a block that kept :data:`PROMOTE_FROM`
young objects (its own count: the collector's young count at its end less
that at its start, what it made less what it freed), and never again once
some were seen: then no block is handed to the oldest generation, which
costs time only. A block that frees as many old objects as it makes reads as
small, and what it kept stays young (walked by the next collections, as
without a pause; nothing is lost).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The young objects a block must have kept for them to join the oldest generation.
PROMOTE_FROM = 10_000
#: Whether the program was seen to have frozen objects (then no block is promoted).
_frozen_seen = False


@contextmanager
def paused() -> Iterator[None]:
    """Run the block with the cyclic collector off (restores the previous state;
    what a big block kept joins the oldest generation)."""
    global _frozen_seen
    was_enabled = gc.isenabled()
    start = gc.get_count()[0]
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_count()[0] - start >= PROMOTE_FROM and not _frozen_seen:
                if gc.get_freeze_count():  # a walk of the frozen objects: asked until seen
                    _frozen_seen = True
                else:
                    gc.freeze()  # every tracked object to the permanent generation,
                    gc.unfreeze()  # and from there to the oldest: no collection
            gc.enable()
