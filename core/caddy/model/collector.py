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
is collected at the next full collection. When the program has frozen
objects of its own (``gc.get_freeze_count()``), the block leaves them and
the generations as they are. A block that kept fewer than
:data:`PROMOTE_FROM` young objects leaves them to the young generation (a
collection of a few thousand objects is cheap): asking for the frozen
objects counts them one by one, which costs a program that froze millions
of objects (as servers that fork do) more than a small block saves. The
block's size is the collector's count of young objects, which is what was
made less what was freed: a block that frees as many old objects as it
makes reads as small, and what it kept stays young (walked by the next
collections, as without a pause; nothing is lost).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The young objects a block must have kept for them to join the oldest generation.
PROMOTE_FROM = 10_000


@contextmanager
def paused() -> Iterator[None]:
    """Run the block with the cyclic collector off (restores the previous state;
    what the block kept joins the oldest generation)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            # the count first: get_freeze_count walks the program's frozen objects
            if gc.get_count()[0] >= PROMOTE_FROM and not gc.get_freeze_count():
                gc.freeze()  # every tracked object to the permanent generation,
                gc.unfreeze()  # and from there to the oldest: no collection
            gc.enable()
