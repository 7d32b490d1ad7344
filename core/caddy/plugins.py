"""The plugin host: discovery, loading and the typed registries.

This module is the only user of ``pm.hook``. The host is built lazily and
cached (:func:`get_host`); each kind of plugin (formats, time controls, ...)
is loaded on first use from its own entry-point group, so ``caddy calc``
never imports tie-break or renderer plugins.

Environment variables:

``CADDY_PLUGINS=mod,mod``
    extra modules to import and register as plugins, for every command.
``CADDY_DISABLED_PLUGINS=name,name``
    plugins (entry-point names or module names) not to load, built-ins
    included.
``CADDY_DISABLE_PLUGIN_AUTOLOAD=1``
    load no entry point from other distributions: only caddy's built-ins
    and the modules in ``CADDY_PLUGINS``.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import pluggy

from caddy import hookspecs
from caddy.errors import InputError, PluginClash, PluginError

if TYPE_CHECKING:
    from importlib.metadata import Distribution

    from caddy.contracts import (
        Codec,
        Format,
        Renderer,
        TieBreak,
        TieBreakPreset,
        TimeControlParser,
    )

#: The distribution that ships the built-in plugins.
BUILTIN_DISTRIBUTION = "chess-caddy"
#: Entry-point group prefix; a kind ``formats`` is group ``caddy.formats``.
GROUP = "caddy"
#: Kinds of plugin and the registration hook each one answers.
KINDS: Mapping[str, str] = {
    "formats": "caddy_register_formats",
    "time_controls": "caddy_register_time_controls",
    "tiebreaks": "caddy_register_tiebreaks",
    "tiebreak_presets": "caddy_register_tiebreak_presets",
    "codecs": "caddy_register_codecs",
    "renderers": "caddy_register_renderers",
}
#: What a user calls one thing of each kind, for messages.
KIND_LABEL: Mapping[str, str] = {
    "formats": "format",
    "time_controls": "time-control notation",
    "tiebreaks": "tie-break",
    "tiebreak_presets": "tie-break preset",
    "codecs": "file format",
    "renderers": "output form",
}
#: Entry-point groups a kind loads besides its own (presets usually come
#: with the tie-break plugins).
ALSO_LOADS: Mapping[str, tuple[str, ...]] = {"tiebreak_presets": ("tiebreaks",)}

T = TypeVar("T")


def _normalize(name: str) -> str:
    """A distribution name normalised as in PEP 503, with ``_`` (folder style)."""
    out = []
    for char in name.lower():
        out.append("_" if char in "-_." else char)
    text = "".join(out)
    while "__" in text:
        text = text.replace("__", "_")
    return text


#: An entry point's value, as :attr:`importlib.metadata.EntryPoint.pattern` reads it.
_VALUE = r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$"


class FoundEntryPoint(NamedTuple):
    """An installed distribution's entry point (what :class:`importlib.metadata.EntryPoint`
    holds, with the distribution's normalised name)."""

    name: str
    #: ``module``, ``module:attr``, either with ``[extras]``.
    value: str
    group: str
    #: The distribution: its metadata folder, or as :mod:`importlib.metadata` found it.
    dist: str | Distribution
    #: The distribution's name, normalised.
    dist_key: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].partition("[")[0].strip()

    def load(self) -> Any:
        """The module, or the object ``module:attr`` names (as ``EntryPoint.load``)."""
        match = re.match(_VALUE, self.value)
        if match is None:
            raise ValueError(f"malformed entry point '{self.name} = {self.value}'")
        found: Any = importlib.import_module(match["module"])
        for attr in filter(None, (match["attr"] or "").split(".")):
            found = getattr(found, attr)
        return found


def _ours(group: str, prefix: str) -> bool:
    return group == prefix or group.startswith(prefix + ".")


def scan_folders(prefix: str, paths: list[Any]) -> list[FoundEntryPoint] | None:
    """Entry points in groups ``prefix`` and ``prefix.*`` of the ``.dist-info`` and
    ``.egg-info`` folders in ``paths``, as :mod:`importlib.metadata` reads them
    (``MetadataPathFinder``): folders in listing order, the first of a normalised
    name winning, ``entry_points.txt`` parsed as ``Sectioned`` does.

    ``None`` when ``paths`` hold something only :mod:`importlib.metadata` reads
    (a zip file, an ``.egg``) or an ``entry_points.txt`` it would refuse.
    """
    found: list[FoundEntryPoint] = []
    seen: set[str] = set()
    marker = "[" + prefix
    for entry in paths:
        if not isinstance(entry, str) or entry.lower().endswith(".egg"):
            return None
        try:
            listing = os.listdir(entry or ".")  # noqa: PTH208 (importlib.metadata lists so, in this order)
        except NotADirectoryError:  # a zip file, say
            return None
        except OSError:
            continue
        for child in listing:
            low = child.lower()
            if not low.endswith((".dist-info", ".egg-info")):
                continue
            key = _normalize(low.rpartition(".")[0].partition("-")[0])
            if key in seen:
                continue
            seen.add(key)
            # os.path, not pathlib: pathlib is not otherwise imported by `caddy calc`
            folder = os.path.join(entry or ".", child)  # noqa: PTH118
            try:
                with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as handle:  # noqa: PTH118, PTH123
                    text = handle.read()
            except UnicodeDecodeError:
                return None
            except OSError:
                continue
            if marker not in text:
                continue
            group = None
            for raw in text.splitlines():
                line = raw.strip()
                if not line or line.startswith("#"):
                    continue
                if line.startswith("[") and line.endswith("]"):
                    group = line.strip("[]")
                elif group is not None:
                    name, sep, value = line.partition("=")
                    if not sep:
                        return None
                    if _ours(group, prefix):
                        found.append(
                            FoundEntryPoint(name.strip(), value.strip(), group, folder, key)
                        )
    return found


def discover_entry_points(
    prefix: str = GROUP, warn: Callable[[str], None] | None = None
) -> list[FoundEntryPoint]:
    """Entry points in groups ``prefix`` and ``prefix.*``, sorted by group.

    Exactly those :func:`importlib.metadata.entry_points` finds for each group,
    in its order: every distribution a finder on :data:`sys.meta_path` reports
    (``.dist-info`` and ``.egg-info`` folders, zip files on :data:`sys.path`,
    PEP 660 editable installs), the first of a name winning. When only the
    standard path finder reports distributions and :data:`sys.path` holds only
    folders, :func:`scan_folders` reads them without importing
    :mod:`importlib.metadata` (about 20 ms, a third of all `caddy calc` takes);
    tests/test_discovery.py holds the parity tests.

    A distribution whose ``entry_points.txt`` mentions the group and is malformed
    (which makes :func:`~importlib.metadata.entry_points` raise) is skipped,
    named in one ``warn``; the others load.
    """
    from importlib.machinery import PathFinder

    plain = all(
        finder is PathFinder or not hasattr(finder, "find_distributions")
        for finder in sys.meta_path
    )
    found = scan_folders(prefix, sys.path) if plain else None
    if found is None:
        found = _read_distributions(prefix, warn)
    return sorted(found, key=lambda ep: ep.group)


def _read_distributions(prefix: str, warn: Callable[[str], None] | None) -> list[FoundEntryPoint]:
    """:func:`importlib.metadata.entry_points` one distribution at a time, so
    that a malformed ``entry_points.txt`` costs only its own distribution."""
    from importlib.metadata import distributions

    found: list[FoundEntryPoint] = []
    seen: set[str] = set()
    marker = "[" + prefix
    for dist in distributions():
        try:
            # the key importlib.metadata.entry_points() tells distributions apart by
            key = getattr(dist, "_normalized_name", None) or _normalize(dist.metadata["Name"])
            if key in seen:
                continue
            seen.add(key)
            if marker in (dist.read_text("entry_points.txt") or ""):
                for ep in dist.entry_points:
                    if _ours(ep.group, prefix):
                        found.append(FoundEntryPoint(ep.name, ep.value, ep.group, dist, key))
        except Exception as exc:
            where = getattr(dist, "_path", None) or type(dist).__name__
            detail = (f"{type(exc).__name__}: {exc}".splitlines() or [""])[0]
            if warn is not None:
                warn(f"unreadable entry points in {where} ({detail}); skipped")
    return found


class Registry(Generic[T]):
    """Named plugin objects of one kind, with the module that registered each.

    :meth:`add` checks each object against its kind's contract
    (:func:`caddy.contracts.conformance`) and stores it with every optional
    member filled in (:func:`caddy.contracts.complete`), so core calls
    members directly and never probes a plugin.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}
        self._modules: dict[str, str] = {}
        #: Names two plugins register, with the message; an error only when used.
        self.clashes: dict[str, str] = {}

    def add(self, item: T, module: str) -> None:
        """Register ``item`` for the plugin ``module``.

        :raises PluginError: one line naming ``module`` and what ``item``
            lacks of its contract, or the two modules that register one name.
        """
        from caddy.contracts import complete, conformance

        problems = conformance(self.kind, item)
        if problems:
            raise PluginError(f"plugin {module}: {'; '.join(problems)}", plugin=module)
        name: str = item.name  # type: ignore[attr-defined]
        label = KIND_LABEL.get(self.kind, self.kind)
        if name in self._items:
            raise PluginClash(
                f"two plugins register the {label} '{name}': {self._modules[name]} and {module}",
                plugin=module,
            )
        self._items[name] = complete(self.kind, item)
        self._modules[name] = module

    def get(self, name: str) -> T:
        """The item called ``name``.

        :raises PluginError: two plugins register the name (the clash matters
            only to whoever uses it).
        :raises InputError: no plugin registers it.
        """
        if name in self.clashes:
            raise PluginError(self.clashes[name])
        try:
            return self._items[name]
        except KeyError:
            label = KIND_LABEL.get(self.kind, self.kind)
            known = ", ".join(sorted(self._items)) or "none"
            raise InputError(f"unknown {label} '{name}' (known: {known})") from None

    def module_of(self, name: str) -> str:
        return self._modules[name]

    def names(self) -> list[str]:
        return sorted(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items.values())

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __len__(self) -> int:
        return len(self._items)


class PluginRecord:
    """What the host knows about one loaded (or failed) plugin."""

    def __init__(
        self,
        name: str,
        module: str,
        distribution: str | None,
        version: str | None,
        source: str,
    ) -> None:
        self.name = name
        self.module = module
        self._distribution = distribution
        self._version = version
        #: The entry point the plugin was loaded from, if any.
        self.entry_point: FoundEntryPoint | None = None
        self._resolved = distribution is not None
        #: ``entry point`` or ``CADDY_PLUGINS`` or ``registered``.
        self.source = source
        self.registers: dict[str, list[str]] = {}
        self.error: str | None = None

    def _resolve(self) -> None:
        # Reading a distribution's METADATA costs milliseconds: only on demand.
        if not self._resolved:
            self._resolved = True
            if self.entry_point is not None:
                self._distribution, self._version = _dist_of(self.entry_point)
            else:
                self._distribution, self._version = _distribution_of(self.module)

    @property
    def distribution(self) -> str | None:
        """The installed distribution that provides the plugin, if any."""
        self._resolve()
        return self._distribution

    @property
    def version(self) -> str | None:
        """That distribution's version."""
        self._resolve()
        return self._version

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "module": self.module,
            "distribution": self.distribution,
            "version": self.version,
            "source": self.source,
            "builtin": self.distribution == BUILTIN_DISTRIBUTION,
            "registers": {k: sorted(v) for k, v in sorted(self.registers.items())},
            "error": self.error,
        }


def _has_name(item: object) -> bool:
    """Whether a registered object has a non-empty string ``name``."""
    try:
        name = item.name  # type: ignore[attr-defined]
    except AttributeError:
        return False
    return isinstance(name, str) and bool(name)


def _split_env(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


class PluginHost:
    """Loads plugins kind by kind and keeps their registries.

    :param env: the environment to read ``CADDY_*`` variables from
        (default: :data:`os.environ`).
    :param stderr: where plugin warnings go (default: :data:`sys.stderr`).
    """

    def __init__(
        self,
        env: Mapping[str, str] | None = None,
        stderr: Any = None,
    ) -> None:
        self._env = os.environ if env is None else env
        self._stderr = stderr
        self.pm = pluggy.PluginManager(GROUP)
        self.pm.add_hookspecs(hookspecs)
        self.records: dict[str, PluginRecord] = {}
        self._loaded_groups: set[str] = set()
        self._registries: dict[str, Registry[Any]] = {}
        self._entry_points: list[FoundEntryPoint] | None = None
        self.disabled = set(_split_env(self._env.get("CADDY_DISABLED_PLUGINS")))
        self.autoload = self._env.get("CADDY_DISABLE_PLUGIN_AUTOLOAD", "") in ("", "0")
        self._env_modules_loaded = False

    # -- loading -----------------------------------------------------------

    def _stream(self) -> Any:
        return self._stderr if self._stderr is not None else sys.stderr

    def _warn(self, message: str) -> None:
        print(f"caddy: warning: {message}", file=self._stream())

    def _all_entry_points(self) -> list[FoundEntryPoint]:
        if self._entry_points is None:
            self._entry_points = discover_entry_points(GROUP, self._warn)
        return self._entry_points

    def register(
        self,
        plugin: ModuleType | object,
        name: str | None = None,
        *,
        distribution: str | None = None,
        version: str | None = None,
        source: str = "registered",
    ) -> None:
        """Register an already imported plugin object (a module or an instance).

        Registries built before the call are rebuilt on next use, so a plugin
        registered at any time is seen by later lookups.
        """
        if self.pm.is_registered(plugin):
            return
        module = (
            plugin.__name__ if isinstance(plugin, (ModuleType, type)) else type(plugin).__module__
        )
        name = name or module
        if self.pm.get_plugin(name) is not None:
            name = f"{name}@{distribution or module}"
        try:
            self.pm.register(plugin, name=name)
        except pluggy.PluginValidationError as exc:
            if self.pm.is_registered(plugin):
                self.pm.unregister(plugin)
            raise PluginError(
                f"plugin {name} ({module}) is invalid: {exc}", plugin=module
            ) from None
        self.records[name] = PluginRecord(name, module, distribution, version, source)
        self._registries.clear()

    def unregister(self, plugin: ModuleType | object) -> None:
        """Remove a plugin registered earlier (for tests and embedders)."""
        name = self.pm.get_name(plugin)
        if name is not None:
            self.pm.unregister(plugin)
            self.records.pop(name, None)
            self._registries.clear()

    def _import(
        self, name: str, module_name: str, origin: FoundEntryPoint | None, source: str
    ) -> None:
        """Import a module (or load an entry point, ``module:attr`` included)
        and register what it gives; a failure is one warning, the plugin skipped."""
        if name in self.disabled or module_name in self.disabled:
            return
        try:
            # a plugin that prints at import must not corrupt --json or TRF on stdout
            with contextlib.redirect_stdout(self._stream()):
                plugin = origin.load() if origin else importlib.import_module(module_name)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # a broken plugin (even sys.exit) must not take the CLI down
            detail = (f"{type(exc).__name__}: {exc}".splitlines() or [type(exc).__name__])[0]
            dist, version = _dist_of(origin) if origin else _distribution_of(module_name)
            where = f" from {dist} {version}" if dist else ""
            self._warn(f"plugin '{name}' ({module_name}){where} failed to load ({detail}); skipped")
            failed = PluginRecord(name, module_name, dist, version, source)
            failed.error = detail
            self.records.setdefault(name, failed)
            return
        try:
            self.register(plugin, name, source=source)
        except PluginError as exc:  # e.g. a hook with the wrong arguments
            self._warn(f"{exc}; skipped")
            failed = PluginRecord(name, module_name, None, None, source)
            failed.entry_point = origin
            failed.error = str(exc)
            self.records.setdefault(name, failed)
            return
        record = self.records.get(self.pm.get_name(plugin) or "")
        if record is not None and origin is not None:
            record.entry_point = origin
            record.module = module_name  # not the class's module of a `module:attr` object

    def _load_env_modules(self) -> None:
        if self._env_modules_loaded:
            return
        self._env_modules_loaded = True
        for module_name in _split_env(self._env.get("CADDY_PLUGINS")):
            self._import(module_name, module_name, None, "CADDY_PLUGINS")

    def load(self, kind: str | None = None) -> None:
        """Import the plugins of one kind (``None``: every group ``caddy*``).

        The general group ``caddy`` loads with every kind.
        """
        if kind is None:

            def wanted(group: str) -> bool:
                return group == GROUP or group.startswith(GROUP + ".")
        else:
            groups = {GROUP, f"{GROUP}.{kind}"}

            def wanted(group: str) -> bool:
                return group in groups

        for ep in self._all_entry_points():
            if ep.group in self._loaded_groups or not wanted(ep.group):
                continue
            if not self.autoload and ep.dist_key != _normalize(BUILTIN_DISTRIBUTION):
                continue
            self._import(ep.name, ep.module, ep, "entry point")
        self._loaded_groups.update(ep.group for ep in self._all_entry_points() if wanted(ep.group))
        if kind is not None:
            self._loaded_groups.update(groups)
        self._load_env_modules()
        try:  # a hook implementation with no spec (a misspelt name) fails loudly
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {self.pm.get_name(exc.plugin)} is invalid: {exc}") from None

    # -- registries ----------------------------------------------------------

    def registry(self, kind: str) -> Registry[Any]:
        """The registry of one kind, loading its plugins first."""
        if kind not in KINDS:
            raise PluginError(f"unknown plugin kind '{kind}'")
        for other in ALSO_LOADS.get(kind, ()):
            self.load(other)
        self.load(kind)
        registry = self._registries.get(kind)
        if registry is None:
            registry = Registry[Any](kind)
            self._collect(kind, registry)
            self._registries[kind] = registry
        return registry

    def _collect(self, kind: str, registry: Registry[Any]) -> None:
        hook = getattr(self.pm.hook, KINDS[kind])  # pluggy's relay, not a plugin
        for known in self.records.values():
            known.registers.pop(kind, None)
        # Call each implementation on its own so that every registration is
        # attributed to the plugin that made it (for `caddy plugins`), and a
        # broken one is skipped whole, named in one warning, the others kept.
        for impl in hook.get_hookimpls():  # registration order
            record = self.records.get(impl.plugin_name)
            module = record.module if record else impl.plugin_name
            items: list[Any] = []
            kwargs = {"register": items.append}
            try:
                with contextlib.redirect_stdout(self._stream()):
                    impl.function(**{arg: kwargs[arg] for arg in impl.argnames})
                label = KIND_LABEL.get(kind, kind)
                for item in items:
                    if not _has_name(item):
                        raise PluginError(f"registered a {label} without a name")
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # even sys.exit() in a plugin
                detail = (f"{type(exc).__name__}: {exc}".splitlines() or [""])[0]
                if isinstance(exc, PluginError):
                    detail = str(exc)
                self._warn(
                    f"plugin '{impl.plugin_name}' ({module}) failed in {KINDS[kind]} ({detail}); skipped"
                )
                if record is not None:
                    record.error = detail
                continue
            for item in items:
                try:
                    registry.add(item, module)
                except PluginClash as exc:  # the first wins; the name is an error when used
                    registry.clashes.setdefault(item.name, str(exc))
                    continue
                # any other PluginError: the object breaks its contract (exit 3, naming it)
                if record is not None:
                    record.registers.setdefault(kind, []).append(item.name)

    def formats(self) -> Registry[Format]:
        """Every registered tournament format, by name."""
        return self.registry("formats")

    def time_control_parsers(self) -> list[TimeControlParser]:
        """Every registered time-control parser, in the order they are tried."""
        parsers: list[TimeControlParser] = list(self.registry("time_controls"))
        return sorted(parsers, key=lambda p: (p.priority, p.name))

    def tiebreaks(self) -> Registry[TieBreak]:
        """Every registered tie-break, by acronym."""
        return self.registry("tiebreaks")

    def codecs(self) -> Registry[Codec]:
        """Every registered file format (codec), by name."""
        return self.registry("codecs")

    def renderers(self) -> Registry[Renderer]:
        """Every registered output form (renderer), by name."""
        return self.registry("renderers")

    def tiebreak_presets(self) -> Registry[TieBreakPreset]:
        """Every registered named tie-break list (preset), by name."""
        return self.registry("tiebreak_presets")

    def add_commands(self, subparsers: Any) -> None:
        """Let every plugin add CLI commands (loads every kind)."""
        self.load()
        with contextlib.redirect_stdout(self._stream()):
            self.pm.hook.caddy_add_commands(subparsers=subparsers)

    def plugin_records(self) -> list[PluginRecord]:
        """Every plugin of every kind, with what each registers."""
        for kind in KINDS:
            self.registry(kind)
        return sorted(
            self.records.values(), key=lambda r: (r.distribution != BUILTIN_DISTRIBUTION, r.name)
        )


def _dist_of(ep: FoundEntryPoint) -> tuple[str | None, str | None]:
    """Name and version of the distribution declaring ``ep``; its metadata is
    read on demand (milliseconds)."""
    from importlib.metadata import PathDistribution
    from pathlib import Path

    dist = PathDistribution(Path(ep.dist)) if isinstance(ep.dist, str) else ep.dist
    try:
        return dist.metadata["Name"] or ep.dist_key, dist.version
    except Exception:  # unreadable METADATA: the name from the folder
        return ep.dist_key, None


def _distribution_of(module_name: str) -> tuple[str | None, str | None]:
    """The installed distribution that provides a top-level module, if any."""
    from importlib.metadata import packages_distributions, version

    top = module_name.partition(".")[0]
    names = packages_distributions().get(top)
    if not names:
        return None, None
    try:
        return names[0], version(names[0])
    except Exception:
        return names[0], None


def finite_values(plugin: object, what: str, values: list[Any]) -> list[Any]:
    """``values`` (a tie-break's column), refused unless each is ``None`` or a
    finite number: a NaN would rank silently anywhere.

    :raises PluginError: naming the tie-break and the plugin's module.
    """
    import math

    for value in values:
        if value is None:
            continue
        try:
            finite = not isinstance(value, bool) and math.isfinite(value)
        except TypeError:
            finite = False
        if not finite:
            module = type(plugin).__module__
            raise PluginError(
                f"tie-break {what} (plugin {module}) gave {value!r}, not a finite number",
                plugin=module,
            )
    return values


_HOST: PluginHost | None = None


def get_host() -> PluginHost:
    """The process-wide plugin host, built on first use."""
    global _HOST
    if _HOST is None:
        _HOST = PluginHost()
    return _HOST


def reset_host(host: PluginHost | None = None) -> PluginHost | None:
    """Replace the process-wide host (``None``: build a fresh one on next use).

    Returns the previous host. Meant for tests and embedding applications
    that change ``CADDY_*`` variables at run time.
    """
    global _HOST
    previous, _HOST = _HOST, host
    return previous
