"""Shared fixtures: in-process and subprocess CLI runners, fake plugins.

Tests run the CLI in this process through ``cli`` (``caddy.cli.main.main`` with
captured output). Only a small end-to-end set starts the installed console
script (``caddy_proc``); every such launch is counted, and the session fails
when there are more than :data:`MAX_CADDY_PROCESSES` (issue 13: the suite
stays fast).

The plugins a test sees are caddy's built-ins and whatever the test itself
installs (the fake distributions below): a caddy plugin installed in the
environment the suite runs in (the example of docs/plugins.md, say) is hidden
from every host built from the environment, in this process and in the
``caddy`` processes the tests start (:data:`FOREIGN_LOCATIONS`, issue 24 item 12).

Property tests (hypothesis, and the test classes built on ``caddy.testing``'s
contract suites that draw with it) are marked ``property``; the default run tries an
eighth of each one's examples, at least 5 (:func:`default_examples`),
``nox -s properties`` (``CADDY_PROPERTIES=full``) every example its ``@settings``
asks for (issue 31 item 6: the suite's time). The run's header says which. No example has a
deadline in either run (a loaded machine is not a failure). Two test processes
share the rewriting of the test modules' asserts (:func:`pytest_collection`).
"""

from __future__ import annotations

import functools
import gc
import importlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from caddy.cli.main import main
from caddy.plugins import host as plugins
from caddy.plugins.discovery import (
    BUILTIN_DISTRIBUTION,
    FoundEntryPoint,
    discover_entry_points,
    normalize,
)

HERE = Path(__file__).parent
FAKES = HERE / "fake_plugins"
#: Data the tests read; see tests/data/SOURCES.md. Never a folder outside the repository.
DATA = HERE / "data"
#: At most this many ``caddy`` processes in a whole test session (issue 13).
MAX_CADDY_PROCESSES = 15
#: Every launch of the console script (or ``python -m caddy``) in this session, by test.
CADDY_LAUNCHES: list[str] = []


def _location(ep: FoundEntryPoint) -> str:
    """Where an entry point's distribution is installed (its metadata folder)."""
    return ep.dist if isinstance(ep.dist, str) else str(getattr(ep.dist, "_path", ep.dist))


#: The caddy plugins that distributions other than chess-caddy had installed when
#: the session started (the example of docs/plugins.md, say), by the folder of their
#: metadata and by module: no test counts on them (issue 24 item 12).
_FOREIGN = [ep for ep in discover_entry_points() if ep.dist_key != normalize(BUILTIN_DISTRIBUTION)]
FOREIGN_LOCATIONS = frozenset(map(_location, _FOREIGN))
FOREIGN_MODULES = frozenset(ep.module for ep in _FOREIGN)
#: ``PYTHONPATH`` when the session started: folders added later are the tests' own.
_PYTHONPATH = os.environ.get("PYTHONPATH", "").split(os.pathsep)


def _provides(folder: str, module: str) -> bool:
    top = Path(folder) / module.partition(".")[0]
    return top.is_dir() or top.with_suffix(".py").is_file()


def builtins_only(env: dict[str, str]) -> dict[str, str]:
    """``env`` for a ``caddy`` process a test starts: :data:`FOREIGN_MODULES` added
    to ``CADDY_DISABLED_PLUGINS``, except a module the test puts on ``PYTHONPATH``
    itself (its own copy, which comes first)."""
    added = [f for f in env.get("PYTHONPATH", "").split(os.pathsep) if f and f not in _PYTHONPATH]
    hidden = [m for m in FOREIGN_MODULES if not any(_provides(f, m) for f in added)]
    named = [env.get("CADDY_DISABLED_PLUGINS", ""), *sorted(hidden)]
    return {**env, "CADDY_DISABLED_PLUGINS": ",".join(filter(None, named))}


_host_entry_points = plugins.PluginHost._all_entry_points


def _builtins_only_entry_points(self: plugins.PluginHost) -> list[FoundEntryPoint]:
    """A host built from the environment leaves out the entry points of the
    distributions at :data:`FOREIGN_LOCATIONS` (a test's own copy of one, installed
    elsewhere, is found); one given its ``env`` sees everything installed."""
    found = _host_entry_points(self)
    if not FOREIGN_LOCATIONS or self._env is not os.environ:  # nothing to leave out
        return found
    return [ep for ep in found if _location(ep) not in FOREIGN_LOCATIONS]


@attrs.frozen
class Run:
    code: int
    out: str
    err: str


def _environment() -> tuple[object, ...]:
    """What a plugin host is built from: the ``CADDY_*`` variables and the path
    its entry points are found on."""
    caddy_vars = sorted((k, v) for k, v in os.environ.items() if k.startswith("CADDY_"))
    return (tuple(caddy_vars), tuple(sys.path))


def _plugins_of(host: plugins.PluginHost) -> frozenset[str]:
    """The plugins registered in ``host``; those a test added are marked."""
    loaded = {"entry point", "CADDY_PLUGINS"}
    names = {name for name, _ in host.pm.list_name_plugin()}
    added = {
        f"added:{name}"
        for name in names
        if name not in host.records or host.records[name].source not in loaded
    }
    return frozenset(names | added)


class _Hosts:
    """The default host of the tests, built once per environment: a test that
    leaves the host as it found it (no plugin registered or removed) hands it
    to the next test with the same ``CADDY_*`` variables and ``sys.path``;
    any other test's next one gets a host built afresh. Building a host's
    registries and converters again for each of 3,000 tests cost a third of
    the suite's time; what each test sees is the same.

    Not kept: a host a plugin failed to load into (its warning is said once,
    when the host loads, and the next test may look for it). A test that needs
    a host built anew whatever the environment (discovery patched, files
    rewritten in a folder already on ``sys.path``) builds its own
    ``PluginHost(...)`` and passes it, as an embedder does."""

    def __init__(self) -> None:
        self.kept: tuple[tuple[object, ...], plugins.PluginHost, frozenset[str]] | None = None
        self.original = plugins.get_host

    def get_host(self) -> plugins.PluginHost:
        current = plugins.reset_host(None)  # the host of this run, if one is built
        if current is not None:
            plugins.reset_host(current)
            return current
        environment = _environment()
        kept = self.kept
        if kept is not None and kept[0] == environment:
            plugins.reset_host(kept[1])
            return kept[1]
        host = self.original()
        self.kept = (environment, host, _plugins_of(host))
        return host

    def after_test(self) -> None:
        """Keep the host only if the test left it as loading alone makes it:
        plugins of the environment may have loaded (a kind used for the first
        time); none was registered by hand or removed."""
        kept = self.kept
        if kept is None:
            return
        now = _plugins_of(kept[1])
        if (
            kept[0] != _environment()
            or not kept[2] <= now
            or any(n.startswith("added:") for n in now)
            or any(record.error is not None for record in kept[1].records.values())
        ):
            self.kept = None
        else:
            self.kept = (kept[0], kept[1], now)


_HOSTS = _Hosts()
#: What the tests' ``caddy.plugins.host.get_host`` is: the real one's name,
#: signature and docstring (the API reference reads them), the kept host.
_GET_HOST = functools.wraps(plugins.get_host)(lambda: _HOSTS.get_host())


@pytest.fixture(autouse=True)
def fresh_host(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts with the plugin host of its own environment (built
    afresh, or kept from a test with the same environment that changed nothing
    of it: :class:`_Hosts`)."""
    previous = plugins.reset_host()
    monkeypatch.setattr(plugins, "get_host", _GET_HOST)
    yield
    _HOSTS.after_test()
    plugins.reset_host(previous)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Run ``caddy ARGS`` in this process."""

    def run(*args: str) -> Run:
        code = main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def _caddy_command() -> list[str]:
    script = shutil.which("caddy", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "caddy"]


def _launches_caddy(args: object) -> bool:
    """Whether a Popen argument list starts ``caddy`` (the script, or ``-m caddy``)."""
    if isinstance(args, (str, bytes, os.PathLike)):
        argv = [os.fsdecode(args)]
    else:
        argv = [os.fsdecode(a) for a in args]  # type: ignore[attr-defined]
    if not argv:
        return False
    if Path(argv[0]).name in ("caddy", "caddy.exe"):
        return True
    return any(argv[i : i + 2] == ["-m", "caddy"] for i in range(len(argv) - 1))


_popen_init = subprocess.Popen.__init__


def _counting_init(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
    if _launches_caddy(args):
        CADDY_LAUNCHES.append(os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0])
    _popen_init(self, args, *rest, **kwargs)


_fsync = os.fsync


def _fsync_without_waiting(fd: Any) -> None:
    """``os.fsync`` in this process: an invalid descriptor fails as in ``fsync``
    (``EBADF``), a valid one returns without waiting for the disk. What reaches the
    disk after a power cut is nothing a test here can see, and the wait was about a
    tenth of the suite's time; tests that make ``fsync`` fail still patch it."""
    os.fstat(fd if isinstance(fd, int) else fd.fileno())


#: ``CADDY_PROPERTIES=full``: every property test tries all the examples its
#: ``@settings`` (or hypothesis's default, 100) asks for; else :func:`default_examples`.
FULL_PROPERTIES = os.environ.get("CADDY_PROPERTIES", "") == "full"


def default_examples(asked: int) -> int:
    """The examples a property test tries in the default run: an eighth of what it
    asks for, at least 5 (or all of them, when it asks for fewer). Each run draws
    new examples; ``nox -s properties`` tries them all."""
    return min(asked, max(5, asked // 8))


def pytest_report_header(config: pytest.Config) -> str:
    if FULL_PROPERTIES:
        return "property tests: every example (CADDY_PROPERTIES=full)"
    return (
        "property tests: an eighth of each one's examples, at least 5 "
        "(every example: nox -s properties, or CADDY_PROPERTIES=full)"
    )


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark each property test ``property``; outside a full run, let it try
    :func:`default_examples` of its examples. No example has a deadline (a
    loaded machine is no failure: no test compares a clock reading); its
    settings are otherwise as written."""
    _scale_contract_suite(item)
    function = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
    if not getattr(function, "is_hypothesis_test", False):
        return
    item.add_marker(pytest.mark.property)
    if getattr(function, "_caddy_asked_settings", None) is not None:
        return  # a parametrized test: its settings are set already
    from hypothesis import settings

    asked = function._hypothesis_internal_use_settings  # type: ignore[union-attr]
    examples = asked.max_examples if FULL_PROPERTIES else default_examples(asked.max_examples)
    function._caddy_asked_settings = asked  # type: ignore[union-attr]
    function._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
        asked, max_examples=examples, deadline=None
    )


def _scale_contract_suite(item: pytest.Item) -> None:
    """A test class built on a contract suite of ``caddy.testing`` that draws its
    events with hypothesis (its ``max_examples``): marked ``property``, and
    outside a full run it draws :func:`default_examples` of them."""
    cls = getattr(item, "cls", None)
    asked = getattr(cls, "max_examples", None)
    if cls is None or not isinstance(asked, int):
        return
    if not any(base.__module__.startswith("caddy.testing") for base in cls.__mro__):
        return
    item.add_marker(pytest.mark.property)
    if FULL_PROPERTIES or "_caddy_asked_examples" in vars(cls):
        return
    cls._caddy_asked_examples = asked
    cls.max_examples = default_examples(asked)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[None]:
    """xdist's workers share the rewriting of the test modules' asserts
    (issue 31 item 6: about a third of each worker's collection).

    pytest rewrites each test module's ``assert`` statements when it imports
    it and keeps the result as a ``.pyc`` in ``__pycache__``, unless bytecode
    writing is off (``PYTHONDONTWRITEBYTECODE``): then every worker rewrites
    every module. While a worker collects, bytecode is written (so a run with
    xdist leaves ``.pyc`` files as one without that variable would), and the
    odd workers (``gw1``, ``gw3``...) import the test modules the run collects
    last to first, so each finds what the other has already rewritten. A
    module that fails to import here fails again in pytest's own collection,
    which reports it. A single process (no xdist) is left as it is."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker[2:].isdigit():
        return (yield)
    kept = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        if int(worker[2:]) % 2 == 1:
            for path in sorted(_modules_collected(session.config), reverse=True):
                try:
                    importlib.import_module(f"tests.{path.stem}")
                except KeyboardInterrupt:
                    raise
                except BaseException:  # pytest.fail, sys.exit...: pytest reports it again
                    pass
        return (yield)
    finally:
        sys.dont_write_bytecode = kept


def _modules_collected(config: pytest.Config) -> set[Path]:
    """The test modules of this folder that the run's paths (``config.args``) take in."""
    found: set[Path] = set()
    for arg in config.args:
        path = Path(config.invocation_params.dir, arg.split("::")[0]).resolve()
        if path.is_dir() and (path == HERE or path in HERE.parents):
            found.update(HERE.glob("test_*.py"))
        elif path.parent == HERE and path.name.startswith("test_") and path.suffix == ".py":
            found.add(path)
    return found


#: The collector's thresholds while the tests run (CPython's: 700, 10, 10). A test
#: process keeps a large heap (parsed sources, sample events, every module of
#: caddy), and each collection of the oldest generation walks all of it: with
#: CPython's thresholds about 9 of the suite's CPU seconds went to the collector,
#: with these about 3 (issue 31 item 6). Nothing a test checks depends on when the
#: collector runs: a test that needs a cycle freed calls ``gc.collect()``.
GC_THRESHOLDS = (20_000, 20, 20)
_GC_KEPT: list[int] = []


def pytest_configure(config: pytest.Config) -> None:
    """Count every ``caddy`` process the tests start, however they start it;
    in-process writes skip the wait of ``fsync`` (:func:`_fsync_without_waiting`);
    plugin hosts leave out the environment's third-party plugins (:func:`_builtins_only_entry_points`);
    the cyclic garbage collector runs less often (:data:`GC_THRESHOLDS`)."""
    subprocess.Popen.__init__ = _counting_init  # type: ignore[method-assign]
    os.fsync = _fsync_without_waiting
    plugins.PluginHost._all_entry_points = _builtins_only_entry_points  # type: ignore[method-assign]
    _GC_KEPT[:] = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Undo :func:`pytest_configure`. An xdist worker, which exits next, also
    collects its garbage once and then freezes what is left (``gc.freeze``):
    pytest's own last collections (five, to report an exception raised in a
    ``__del__``, which this one collection already raises) and the
    interpreter's at exit then walk none of it, and the run ends 1.5 s sooner
    (issue 31 item 6)."""
    subprocess.Popen.__init__ = _popen_init  # type: ignore[method-assign]
    os.fsync = _fsync
    plugins.PluginHost._all_entry_points = _host_entry_points  # type: ignore[method-assign]
    if _GC_KEPT:
        gc.set_threshold(*_GC_KEPT)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when the tests started more ``caddy`` processes than allowed."""
    if len(CADDY_LAUNCHES) > MAX_CADDY_PROCESSES:
        counts: dict[str, int] = {}
        for test in CADDY_LAUNCHES:
            counts[test] = counts.get(test, 0) + 1
        listing = "\n".join(f"  {n}  {test}" for test, n in sorted(counts.items()))
        sys.stderr.write(
            f"\nERROR: the tests started {len(CADDY_LAUNCHES)} caddy processes "
            f"(at most {MAX_CADDY_PROCESSES}); use the in-process `cli` fixture:\n{listing}\n"
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture
def caddy_proc() -> Callable[..., Run]:
    """Run the installed ``caddy`` console script in a subprocess.

    Only for the end-to-end set (the script itself, exit codes, a new process finding
    plugins): every launch counts against :data:`MAX_CADDY_PROCESSES`. Use ``cli``."""

    def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> Run:
        full_env = builtins_only({**os.environ, **(env or {})})
        proc = subprocess.run(
            [*_caddy_command(), *args],
            capture_output=True,
            text=True,
            env=full_env,
            cwd=cwd,
            timeout=120,
        )
        return Run(proc.returncode, proc.stdout, proc.stderr)

    return run


def make_distribution(
    root: Path, name: str, version: str, modules: list[str], entry_points: str
) -> Path:
    """An installed third-party distribution in ``root``: modules copied from
    tests/fake_plugins and a dist-info folder declaring ``entry_points``."""
    root.mkdir(parents=True, exist_ok=True)
    for module in modules:
        shutil.copy(FAKES / f"{module}.py", root / f"{module}.py")
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(entry_points)
    return root


@pytest.fixture
def third_party(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed fake distribution ``fake-caddy-format`` 1.2.3 whose entry
    point registers the ``gauntlet`` format; on sys.path and PYTHONPATH."""
    root = make_distribution(
        tmp_path / "site",
        "fake-caddy-format",
        "1.2.3",
        ["fake_caddy_format"],
        "[caddy.formats]\ngauntlet = fake_caddy_format\n",
    )
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    importlib.invalidate_caches()
    yield root
    sys.modules.pop("fake_caddy_format", None)


@pytest.fixture
def fake_modules(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """tests/fake_plugins importable by module name (for CADDY_PLUGINS)."""
    monkeypatch.syspath_prepend(str(FAKES))
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(FAKES), os.environ.get("PYTHONPATH", "")])
    )
    yield FAKES
    for name in list(sys.modules):
        if name.endswith("_caddy_plugin") or name == "fake_caddy_format":
            sys.modules.pop(name, None)
