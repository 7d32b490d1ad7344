"""``caddy.model.collector.paused``, each check in a fresh interpreter.

The checks ask the collector where objects are, count the frozen ones and
run full collections: in a test process those walk everything the other
tests have kept (2.8 CPU seconds together in an xdist worker, issue 31 item
6) and see what its other threads do; in an interpreter of its own each
sees the block's objects alone. What is checked (docs/architecture.md, the
module's docstring): nothing is lost, what a big block kept joins the
oldest generation, a program's frozen objects and a collector it turned off
are left alone, and a small block never counts the frozen objects
(``gc.get_freeze_count`` walks them all).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import gc, weakref
from caddy.model.collector import PROMOTE_FROM, paused

class Node:
    def __init__(self):
        self.me = self  # a reference cycle: only the cyclic collector frees it
"""


def run(body: str) -> None:
    """Run ``body`` after :data:`PRELUDE` in a new interpreter; its asserts must hold."""
    script = PRELUDE + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr


def test_a_big_block_joins_the_oldest_generation_and_nothing_is_lost() -> None:
    run(
        """
        gc.collect()
        with paused():
            assert not gc.isenabled()
            made = [[number] for number in range(2 * PROMOTE_FROM)]
            node = Node()
        assert gc.isenabled()
        assert gc.get_freeze_count() == 0
        # not walked by a collection of the young generation (which would have
        # moved them to the middle one): in the oldest
        young = {id(o) for generation in (0, 1) for o in gc.get_objects(generation=generation)}
        assert young.isdisjoint(map(id, made))
        assert all(map(gc.is_tracked, made))
        gone = weakref.ref(node)
        del node
        gc.collect()
        assert gone() is None  # the cycle made in the block is collected
        """
    )


def test_a_small_block_does_not_count_the_frozen_objects() -> None:
    """A program that froze millions of objects (a server that forks) paid a
    walk of them all at the end of every block, however small (with 3 million
    frozen: 43 ms each; the standings of a four-player group ten times over).
    Only a block that kept ``PROMOTE_FROM`` young objects of its own asks,
    whatever the young generation held before it (a program whose collector
    runs rarely), and once some were seen nobody asks again."""
    run(
        """
        asked = []
        count = gc.get_freeze_count
        gc.get_freeze_count = lambda: asked.append(1) or count()
        gc.set_threshold(10 * PROMOTE_FROM)  # the young generation fills up
        before = [[number] for number in range(2 * PROMOTE_FROM)]
        assert gc.get_count()[0] >= 2 * PROMOTE_FROM
        with paused():
            small = [[number] for number in range(100)]
            node = Node()
        assert asked == [] and all(map(gc.is_tracked, small))
        gone = weakref.ref(node)
        del node
        gc.collect()
        assert gone() is None
        with paused():
            big = [[number] for number in range(2 * PROMOTE_FROM)]
        assert asked == [1] and all(map(gc.is_tracked, big))  # none frozen: promoted
        gc.freeze()
        with paused():
            second = [[number] for number in range(2 * PROMOTE_FROM)]
        with paused():
            third = [[number] for number in range(2 * PROMOTE_FROM)]
        assert asked == [1, 1]  # frozen objects seen: never asked again
        assert all(map(gc.is_tracked, second + third))
        """
    )


@pytest.mark.parametrize("frozen", [1, 200_000])
def test_frozen_objects_and_a_disabled_collector_are_left_alone(frozen: int) -> None:
    run(
        f"""
        kept = [[number] for number in range({frozen})]
        gc.freeze()
        before = gc.get_freeze_count()
        with paused():
            made = [[number] for number in range(2 * PROMOTE_FROM)]
        assert gc.get_freeze_count() == before  # nothing unfrozen, nothing more frozen
        assert all(map(gc.is_tracked, made))
        gc.unfreeze()
        gc.disable()
        with paused():
            pass
        assert not gc.isenabled()
        """
    )
