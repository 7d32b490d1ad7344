"""The plugin host: discovery, loading and the typed registries.

This module is the only user of ``pm.hook``. The host is built lazily and cached
(:func:`get_host`); each kind of plugin (formats, time controls, ...) is loaded on
first use from its own entry-point group: ``caddy calc`` imports no tie-break, and
``caddy standings`` only the built-in tie-breaks it ranks by (:data:`~caddy.plugins.registry.BY_NAME`).

Environment variables:

``CADDY_PLUGINS=mod,mod``
    extra modules to import and register as plugins, for every command.
``CADDY_DISABLED_PLUGINS=name,name``
    plugins (entry-point or module names) not to load, built-ins included.
``CADDY_DISABLE_PLUGIN_AUTOLOAD=1``
    load no other distribution's entry point (built-ins and ``CADDY_PLUGINS`` only).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from caddy.errors import PluginError
from caddy.messages import tell
from caddy.plugins import hookspecs
from caddy.plugins.discovery import (
    BUILTIN_DISTRIBUTION,
    GROUP,
    FoundEntryPoint,
    discover_entry_points,
    dist_of,
    distribution_of,
    normalize,
)
from caddy.plugins.manager import PluginManager
from caddy.plugins.registry import (
    ALSO_LOADS,
    BY_NAME,
    KINDS,
    PartialRegistry,
    PluginRecord,
    Registry,
    blame,
    collect,
)

if TYPE_CHECKING:
    from caddy.contracts import (
        Codec,
        Format,
        RatingSystem,
        Renderer,
        TieBreak,
        TieBreakPreset,
        TimeControlParser,
    )


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
        self.pm: pluggy.PluginManager = PluginManager(GROUP)
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

        tell(message, "warning", self._stream())

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
            dist, version = dist_of(origin) if origin else distribution_of(module_name)
            where = f" from {dist} {version}" if dist else ""
            self._warn(f"{blame(name, module_name)}{where} failed to load ({detail}); skipped")
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
        groups = None if kind is None else {GROUP, f"{GROUP}.{kind}"}
        if groups is not None and groups <= self._loaded_groups and self._env_modules_loaded:
            return  # loaded already (a registry asked for again): nothing new to import or check

        def wanted(group: str) -> bool:
            if groups is None:
                return group == GROUP or group.startswith(GROUP + ".")
            return group in groups

        for ep in self._all_entry_points():
            if ep.group in self._loaded_groups or not wanted(ep.group):
                continue
            if not self.autoload and ep.dist_key != normalize(BUILTIN_DISTRIBUTION):
                continue
            self._import(ep.name, ep.module, ep, "entry point")
        self._loaded_groups.update(ep.group for ep in self._all_entry_points() if wanted(ep.group))
        if groups is not None:
            self._loaded_groups.update(groups)
        self._load_env_modules()
        try:  # a hook implementation with no spec (a misspelt name) fails loudly
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {self.pm.get_name(exc.plugin)} is invalid: {exc}") from None

    # -- registries ----------------------------------------------------------

    def registry(self, kind: str) -> Registry[Any]:
        """The registry of one kind, loading its plugins first: every plugin of
        other distributions, of the group ``caddy`` and of ``CADDY_PLUGINS``, and
        the built-in ones, all of them or (tie-breaks, renderers) the one a name asks for
        (:class:`~caddy.plugins.registry.PartialRegistry`); presets load no built-in tie-break."""
        if kind not in KINDS:
            raise PluginError(f"unknown plugin kind '{kind}'")
        loaded = self._loaded_groups
        if kind in BY_NAME and f"{GROUP}.{kind}" not in loaded:
            return PartialRegistry(kind, lambda name: self._by_name(kind, name), self._whole)
        if any(f"{GROUP}.{other}" not in loaded for other in ALSO_LOADS.get(kind, ())):
            return self._load_some(kind, None)  # type: ignore[return-value]
        return self._whole(kind)

    def _by_name(self, kind: str, entry_name: str) -> tuple[Registry[Any], str] | None:
        """What a :class:`~caddy.plugins.registry.PartialRegistry` asks: the
        registry once the built-in entry point ``entry_name`` is loaded
        (:meth:`_load_some`), and that entry point's module."""
        found = self._load_some(kind, entry_name)
        if found is None:
            return None
        builtin, group = normalize(BUILTIN_DISTRIBUTION), f"{GROUP}.{kind}"
        module = next(
            ep.module
            for ep in self._all_entry_points()
            if ep.group == group and ep.dist_key == builtin and ep.name == entry_name
        )  # there is one: _load_some found it
        return found, module

    def _whole(self, kind: str) -> Registry[Any]:
        """The registry of one kind, every plugin of its groups loaded."""
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
        collect(registry, hook, self.records, self._warn, self._stream())

    def formats(self) -> Registry[Format]:
        """Every registered tournament format, by name."""
        return self.registry("formats")

    def format(self, name: str) -> Format:
        """The format called ``name``, importing no other built-in format: its
        entry point (``round-robin`` -> ``round_robin``) with every plugin of other
        distributions, of the group ``caddy`` and of ``CADDY_PLUGINS`` (a clash
        of names is still found). Another name loads the whole group (:meth:`formats`)."""
        if f"{GROUP}.formats" in self._loaded_groups:
            return self.formats().get(name)
        partial = self._load_some("formats", name.replace("-", "_"))
        if partial is None or (name not in partial.names() and name not in partial.clashes):
            return self.formats().get(name)
        return partial.get(name)  # type: ignore[no-any-return]

    def _load_some(self, kind: str, entry_name: str | None) -> Registry[Any] | None:
        """Import the built-in entry point ``entry_name`` of ``kind`` (``None``:
        each one; of a group ``kind`` also loads, none) and every plugin that may
        register any name (see :meth:`format`), and collect the registry of what
        is registered then (kept until a plugin registers); ``None`` when no
        built-in entry point of ``kind`` has the name."""
        group, builtin = f"{GROUP}.{kind}", normalize(BUILTIN_DISTRIBUTION)
        also = {f"{GROUP}.{other}" for other in ALSO_LOADS.get(kind, ())}
        found = self._all_entry_points()
        if entry_name is not None and not any(
            ep.group == group and ep.dist_key == builtin and ep.name == entry_name for ep in found
        ):
            return None
        kept: Registry[Any] | None = self._registries.get(f"{kind}: {entry_name or ''}")
        if kept is not None:
            return kept
        for ep in found:
            if ep.group not in (GROUP, group, *also) or ep.group in self._loaded_groups:
                continue
            if ep.dist_key == builtin:
                if ep.group in also or (ep.group == group and entry_name not in (None, ep.name)):
                    continue
            elif not self.autoload:
                continue
            self._import(ep.name, ep.module, ep, "entry point")
        self._load_env_modules()
        try:  # a hook implementation with no spec (a misspelt name) fails loudly
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {self.pm.get_name(exc.plugin)} is invalid: {exc}") from None
        partial: Registry[Any] = Registry(kind)
        self._collect(kind, partial)
        self._registries[f"{kind}: {entry_name or ''}"] = partial
        return partial

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

    def rating_systems(self) -> Registry[RatingSystem]:
        """Every registered rating system (``fide``, a federation's ...), by name."""
        return self.registry("rating_systems")

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
            self._whole(kind)
        return sorted(
            self.records.values(), key=lambda r: (r.distribution != BUILTIN_DISTRIBUTION, r.name)
        )


_HOST: PluginHost | None = None


def get_host() -> PluginHost:
    """The process-wide plugin host, built on first use."""
    global _HOST
    if _HOST is None:
        _HOST = PluginHost()
    return _HOST


def resolve(host: PluginHost | None) -> PluginHost:
    """``host``, or the process-wide default host when it is ``None``.

    The one place the library chooses a default host: an embedder that passes
    its own host to a public function gets that host used throughout the call.
    """
    return get_host() if host is None else host


def reset_host(host: PluginHost | None = None) -> PluginHost | None:
    """Replace the process-wide host (``None``: build a fresh one on next use).

    Returns the previous host. Meant for tests and embedding applications
    that change ``CADDY_*`` variables at run time.
    """
    global _HOST
    previous, _HOST = _HOST, host
    return previous
