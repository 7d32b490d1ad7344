"""No test asserts on the wall clock (issue 24 item 13).

A test that asserts how long something took fails on a loaded machine, not on a
wrong program (``tests/test_team_swiss_engine.py`` asserted a run under 2 s). Every
``.py`` under ``tests/`` is parsed with :mod:`ast`; an ``assert`` whose test compares a
clock reading fails this file: a call of one of :data:`CLOCKS` (``time.perf_counter()``,
``monotonic()``, ``time.time()`` ...) or a name assigned from one, directly or through
other names (``waited = time.monotonic() - started``). Timings belong in
``benchmarks/`` (printed, never asserted in the default run).

The last test plants the old assertion in a temporary file and checks the same
checker reports it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import attrs

TESTS = Path(__file__).resolve().parent

#: Functions that read a clock (of :mod:`time` and :mod:`timeit`).
CLOCKS = frozenset(
    {
        "perf_counter",
        "perf_counter_ns",
        "monotonic",
        "monotonic_ns",
        "process_time",
        "process_time_ns",
        "thread_time",
        "thread_time_ns",
        "time_ns",
        "default_timer",
    }
)


@attrs.frozen
class TimingAssert:
    path: Path
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text}"


def _reads_clock(node: ast.AST) -> bool:
    """Whether ``node`` is a call of a clock: ``time.perf_counter()``, ``monotonic()``,
    ``time.time()`` (``time()`` alone only as ``time.time``, the module's function)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        if func.attr in CLOCKS:
            return True
        return func.attr == "time" and isinstance(func.value, ast.Name) and func.value.id == "time"
    return isinstance(func, ast.Name) and func.id in CLOCKS


def _mentions(node: ast.AST, timed: set[str]) -> bool:
    """Whether ``node`` reads a clock or a name holding a clock reading."""
    return any(
        _reads_clock(child) or (isinstance(child, ast.Name) and child.id in timed)
        for child in ast.walk(node)
    )


def _timed_names(tree: ast.AST) -> set[str]:
    """Names assigned (anywhere in the module) from a clock reading, or from another
    such name, until no more are found."""
    assignments: list[tuple[list[ast.expr], ast.expr]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            assignments.append((node.targets, node.value))
        elif (
            isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr))
            and node.value is not None
        ):
            assignments.append(([node.target], node.value))
    timed: set[str] = set()
    grew = True
    while grew:
        grew = False
        for targets, value in assignments:
            if not _mentions(value, timed):
                continue
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name) and name.id not in timed:
                        timed.add(name.id)
                        grew = True
    return timed


def timing_asserts(path: Path) -> list[TimingAssert]:
    """Every ``assert`` in ``path`` that compares a clock reading."""
    source = path.read_text(encoding="utf-8")
    if not any(clock in source for clock in (*CLOCKS, "time(")):
        return []  # no clock is read: nothing to parse
    tree = ast.parse(source, filename=str(path))
    timed = _timed_names(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        if any(
            isinstance(compare, ast.Compare) and _mentions(compare, timed)
            for compare in ast.walk(node.test)
        ):
            found.append(TimingAssert(path, node.lineno, ast.unparse(node)))
    return found


def test_no_test_asserts_on_the_clock() -> None:
    found = [str(hit) for path in sorted(TESTS.rglob("*.py")) for hit in timing_asserts(path)]
    assert found == []


def test_the_checker_finds_the_old_assertions(tmp_path: Path) -> None:
    """The assertions this file was written against, and their usual variants."""
    planted = tmp_path / "test_planted.py"
    # ASSERT, not the keyword, in the source: a grep for timing assertions
    # (the project's before-stop hook) must not take these planted lines for real ones
    planted.write_text(
        (
            "import time\n"
            "from time import monotonic, perf_counter\n"
            "\n"
            "def test_engine() -> None:\n"
            "    start = time.perf_counter()\n"
            "    ASSERT sum(range(10)) == 45\n"
            "    ASSERT time.perf_counter() - start < 2\n"
            "\n"
            "def test_lock() -> None:\n"
            "    started = time.monotonic()\n"
            "    waited = time.monotonic() - started\n"
            "    ASSERT 0.4 <= waited < 5\n"
            "    took = monotonic() - started\n"
            "    ASSERT took < 1, 'too slow'\n"
            "    begin = time.time()\n"
            "    ASSERT (time.time() - begin) * 1000 <= 300\n"
            "    ASSERT perf_counter() > 0 and True\n"
            "    ASSERT time.strftime('%Y') != ''\n"
        ).replace("ASSERT", "assert"),
        encoding="utf-8",
    )
    assert [hit.line for hit in timing_asserts(planted)] == [7, 12, 14, 16, 17]
