"""What the plugin host keeps: a :class:`Registry` per kind (objects by name,
checked against :mod:`caddy.contracts` as they are added) and a
:class:`PluginRecord` per plugin (what it registers, where it comes from).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import caddy.contracts.conformance as contract_checks
from caddy.errors import InputError, PluginClash, PluginError
from caddy.plugins.discovery import BUILTIN_DISTRIBUTION, FoundEntryPoint, dist_of, distribution_of

if TYPE_CHECKING:
    from caddy.model.documents import PluginData

#: Kinds of plugin and the registration hook each one answers.
KINDS: Mapping[str, str] = {
    "formats": "caddy_register_formats",
    "time_controls": "caddy_register_time_controls",
    "tiebreaks": "caddy_register_tiebreaks",
    "tiebreak_presets": "caddy_register_tiebreak_presets",
    "codecs": "caddy_register_codecs",
    "renderers": "caddy_register_renderers",
    "rating_systems": "caddy_register_rating_systems",
    "prize_sharing": "caddy_register_prize_sharing",
    "norms": "caddy_register_norms",
}


#: What a user calls one thing of each kind, for messages.
KIND_LABEL: Mapping[str, str] = {
    "formats": "format",
    "time_controls": "time-control notation",
    "tiebreaks": "tie-break",
    "tiebreak_presets": "tie-break preset",
    "codecs": "file format",
    "renderers": "output form",
    "rating_systems": "rating system",
    "prize_sharing": "prize-sharing method",
    "norms": "norm rules",
}


#: Entry-point groups a kind loads besides its own (presets usually come
#: with the tie-break plugins).
ALSO_LOADS: Mapping[str, tuple[str, ...]] = {"tiebreak_presets": ("tiebreaks",)}

#: Kinds whose built-in plugins load one at a time, by the name asked for
#: (:class:`PartialRegistry`): ``caddy standings`` imports the tie-breaks it
#: ranks by and the renderer it prints with, not every one. A preset registry
#: (:data:`ALSO_LOADS`) loads the other distributions' tie-break plugins but no
#: built-in one (those register no preset: tests/test_plugins_by_name.py).
BY_NAME = frozenset({"tiebreaks", "renderers"})


T = TypeVar("T")


class Registry(Generic[T]):
    """Named plugin objects of one kind, with the module that registered each.

    :meth:`add` checks each object against its kind's contract
    (:func:`caddy.contracts.conformance.conformance`) and stores it with every optional
    member filled in (:func:`caddy.contracts.conformance.complete`), so core calls
    members directly and never probes a plugin.
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}
        self._modules: dict[str, str] = {}
        #: Names two plugins register, with the message; an error only when used.
        self.clashes: dict[str, str] = {}

    def add(self, item: T, module: str, plugin: str | None = None) -> None:
        """Register ``item`` for the plugin ``plugin`` (default: its module,
        ``module``), with what its members return checked from then on
        (:func:`caddy.contracts.conformance.checked`).

        :raises PluginError: one line naming ``module`` and what ``item``
            lacks of its contract, or the two modules that register one name.
        """

        problems = contract_checks.conformance(self.kind, item)
        if problems:
            raise PluginError(f"plugin {module}: {'; '.join(problems)}", plugin=module)
        name: str = item.name  # type: ignore[attr-defined]
        label = KIND_LABEL.get(self.kind, self.kind)
        if name in self._items:
            raise PluginClash(
                f"two plugins register the {label} '{name}': {self._modules[name]} and {module}",
                plugin=module,
            )
        blamed = blame(plugin or module, module)
        self._items[name] = contract_checks.checked(
            self.kind, contract_checks.complete(self.kind, item), blamed, module
        )
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


class PartialRegistry(Registry[T]):
    """The registry of a kind whose built-in plugins load one at a time
    (:data:`BY_NAME`): :meth:`get` loads the built-in entry point named like
    the name asked for (``BH`` -> ``bh``) with every plugin that may register
    any name (other distributions', the group ``caddy``'s, ``CADDY_PLUGINS``),
    so a clash with the built-in is still found; any other question (every
    name, a name no built-in entry point is named like, one another plugin
    registers) loads the whole kind first.

    :param some: loads what ``get(name)`` needs and gives the registry then,
        with the module of the built-in entry point named like ``name``
        (``None``: no built-in entry point is named so).
    :param whole: loads every plugin of the kind and gives its registry.
    """

    def __init__(
        self,
        kind: str,
        some: Callable[[str], tuple[Registry[T], str] | None],
        whole: Callable[[str], Registry[T]],
    ) -> None:
        super().__init__(kind)
        self._some = some
        self._whole = whole

    def get(self, name: str) -> T:
        """The item called ``name``, loading only the built-in entry point of that
        name (with every other distribution's plugins, so a clash is found); any
        other name loads the whole kind."""
        entry_name = name.lower()
        some = self._some(entry_name) if entry_name.isidentifier() else None
        if some is not None:
            found, module = some
            if name in found.clashes:
                return found.get(name)  # raises: two plugins register it
            if name in found and found.module_of(name) == module:
                return found.get(name)
        return self._whole(self.kind).get(name)

    def module_of(self, name: str) -> str:
        return self._whole(self.kind).module_of(name)

    def names(self) -> list[str]:
        return self._whole(self.kind).names()

    def __iter__(self) -> Iterator[T]:
        return iter(self._whole(self.kind))

    def __contains__(self, name: object) -> bool:
        return name in self._whole(self.kind)

    def __len__(self) -> int:
        return len(self._whole(self.kind))


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
        #: The failures already said, by kind: each is said once, however
        #: often its kind is collected.
        self.said: set[tuple[str, str]] = set()

    def _resolve(self) -> None:
        # Reading a distribution's METADATA costs milliseconds: only on demand.
        if not self._resolved:
            self._resolved = True
            if self.entry_point is not None:
                self._distribution, self._version = dist_of(self.entry_point)
            else:
                self._distribution, self._version = distribution_of(self.module)

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

    def document(self) -> PluginData:
        """The plugin's entry in the ``caddy.plugins`` document."""
        # lazy: start-up: `caddy calc` builds no JSON document (caddy.model.documents)
        from caddy.model.documents import PluginData

        return PluginData(
            name=self.name,
            module=self.module,
            distribution=self.distribution,
            version=self.version,
            source=self.source,
            builtin=self.distribution == BUILTIN_DISTRIBUTION,
            registers={k: sorted(v) for k, v in sorted(self.registers.items())},
            error=self.error,
        )


def collect(
    registry: Registry[Any],
    hook: Any,
    records: Mapping[str, PluginRecord],
    warn: Callable[[str], None],
    stream: Any,
) -> None:
    """Fill ``registry`` from every implementation of ``hook`` (a host's pluggy
    relay of the registry's kind), noting in ``records`` what each plugin registers.

    Each implementation is called on its own so that every registration is
    attributed to the plugin that made it (for ``caddy plugins``), and a broken
    one is skipped whole, named in one ``warn``-ing, the others kept.
    """
    kind = registry.kind
    for known in records.values():
        known.registers.pop(kind, None)
    for impl in hook.get_hookimpls():  # registration order
        record = records.get(impl.plugin_name)
        module = record.module if record else impl.plugin_name
        items: list[Any] = []
        kwargs = {"register": items.append}
        try:
            with contextlib.redirect_stdout(stream):
                impl.function(**{arg: kwargs[arg] for arg in impl.argnames})
            label = KIND_LABEL.get(kind, kind)
            for item in items:
                if not has_name(item):
                    raise PluginError(f"registered a {label} without a name")
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # even sys.exit() in a plugin
            detail = (f"{type(exc).__name__}: {exc}".splitlines() or [""])[0]
            if isinstance(exc, PluginError):
                detail = str(exc)
            if record is None or (kind, detail) not in record.said:  # once per kind
                warn(
                    f"{blame(impl.plugin_name, module)} failed in {KINDS[kind]} ({detail}); skipped"
                )
            if record is not None:
                record.error = detail
                record.said.add((kind, detail))
            continue
        for item in items:
            try:
                registry.add(item, module, impl.plugin_name)
            except PluginClash as exc:  # the first wins; the name is an error when used
                registry.clashes.setdefault(item.name, str(exc))
                continue
            # any other PluginError: the object breaks its contract (exit 3, naming it)
            if record is not None:
                record.registers.setdefault(kind, []).append(item.name)


def blame(plugin: str, module: str) -> str:
    """How every failure of a plugin starts: ``plugin 'NAME' (module)``."""
    return f"plugin '{plugin}' ({module})"


def has_name(item: object) -> bool:
    """Whether a registered object has a non-empty string ``name``."""
    try:
        name = item.name  # type: ignore[attr-defined]
    except AttributeError:
        return False
    return isinstance(name, str) and bool(name)


def finite_values(
    plugin: object, what: str, values: list[Any], count: int | None = None
) -> list[Any]:
    """``values`` (a tie-break's column), refused unless it is a list of ``count``
    values (one per player or team) and each is ``None`` or a finite number: a
    NaN would rank silently anywhere.

    :raises PluginError: naming the tie-break and the plugin's module.
    """
    import math

    if not isinstance(values, (list, tuple)) or (count is not None and len(values) != count):
        module = type(plugin).__module__
        got = f"a list of {len(values)}" if isinstance(values, (list, tuple)) else repr(values)[:40]
        raise PluginError(
            f"tie-break {what} (plugin {module}) gave {got}, not a list of {count} values "
            "(one per player or team ranked)",
            plugin=module,
        )
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


def explanation(plugin: object, what: str, value: Any) -> Any:
    """``value`` (what a tie-break's ``explain`` gave), refused unless it is a
    :class:`caddy.contracts.explanation.Explanation`.

    :raises PluginError: naming the tie-break and the plugin's module.
    """
    # lazy: start-up: only an explained value needs the class (`caddy calc` loads the registry)
    from caddy.contracts.explanation import Explanation

    if not isinstance(value, Explanation):
        module = type(plugin).__module__
        raise PluginError(
            f"tie-break {what} (plugin {module}) explained with {repr(value)[:40]}, "
            "not an Explanation",
            plugin=module,
        )
    return value
