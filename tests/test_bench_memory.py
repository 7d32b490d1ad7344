"""benchmarks/schedule.py measures a process's own peak memory (issue 13 r).

``ru_maxrss`` from ``os.wait4`` keeps, on Linux, the high-water mark of the
address space a child had before exec (a copy of its parent's): with 300 MiB
held here, ``python -c pass`` read 313 MiB. The benchmark's measuring
function must report the child's own ``VmHWM`` (proc(5)) instead.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024  # KiB

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads /proc (Linux)"
)


def _schedule_benchmark() -> ModuleType:
    # by path: benchmarks/ is no package, and its io.py would shadow the standard library's
    spec = importlib.util.spec_from_file_location(
        "caddy_bench_schedule", ROOT / "benchmarks" / "schedule.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _own_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise AssertionError(field)  # pragma: no cover


def test_a_large_parent_does_not_inflate_the_child(tmp_path: Path) -> None:
    bench = _schedule_benchmark()
    held = b"\x01" * (300 << 20)  # written, so resident
    assert _own_kib("VmRSS") >= 300 * MIB
    _, peak = bench.run_measured([sys.executable, "-c", "pass"], tmp_path / "out")
    assert len(held) == 300 << 20
    assert 1 * MIB < peak < 100 * MIB


def test_the_child_own_peak_is_measured(tmp_path: Path) -> None:
    """A child that allocates 200 MiB itself reports at least that."""
    bench = _schedule_benchmark()
    code = "import sys; data = b'x' * (200 << 20); sys.stdout.write(str(len(data)))"
    _, peak = bench.run_measured([sys.executable, "-c", code], tmp_path / "out")
    assert (tmp_path / "out").read_text() == str(200 << 20)
    assert 200 * MIB < peak < 300 * MIB


def test_a_script_and_its_arguments(tmp_path: Path) -> None:
    """Scripts (the ``caddy`` console script is one) run with their own ``sys.argv``."""
    bench = _schedule_benchmark()
    script = tmp_path / "echo.py"
    script.write_text("import sys\nprint(sys.argv[1:])\n")
    for command in ([sys.executable, str(script)], [str(script)]):
        _, peak = bench.run_measured([*command, "a", "b"], tmp_path / "out")
        assert (tmp_path / "out").read_text() == "['a', 'b']\n"
        assert peak < 100 * MIB
