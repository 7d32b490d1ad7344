"""Finding plugins: the entry points of the ``caddy.*`` groups, read from the
installed distributions' metadata (a fast scan of the import path's
``*.dist-info`` folders, :mod:`importlib.metadata` otherwise).

Used by :class:`caddy.plugins.host.PluginHost`; nothing here imports a plugin.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from importlib.metadata import Distribution


#: The distribution that ships the built-in plugins.
BUILTIN_DISTRIBUTION = "chess-caddy"


#: Entry-point group prefix; a kind ``formats`` is group ``caddy.formats``.
GROUP = "caddy"


def normalize(name: str) -> str:
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


#: Folder listings and entry-point files already read, by path, with the
#: modification time (ns) and size they had: every plugin host scans the same
#: site folders, and a folder or file that changes is read again.
_LISTINGS: dict[str, tuple[int, list[str]]] = {}
_TEXTS: dict[str, tuple[int, int, str]] = {}


def _listing(folder: str) -> list[str]:
    """``os.listdir(folder)`` in its order (importlib.metadata lists so), cached by mtime."""
    stamp = os.stat(folder).st_mtime_ns  # noqa: PTH116 (os.path only: see below)
    known = _LISTINGS.get(folder)
    if known is not None and known[0] == stamp:
        return known[1]
    listing = os.listdir(folder)  # noqa: PTH208
    _LISTINGS[folder] = (stamp, listing)
    return listing


def _text(path: str) -> str:
    """A file's UTF-8 text, cached by modification time and size."""
    info = os.stat(path)  # noqa: PTH116
    known = _TEXTS.get(path)
    if known is not None and known[:2] == (info.st_mtime_ns, info.st_size):
        return known[2]
    with open(path, encoding="utf-8") as handle:  # noqa: PTH123
        text = handle.read()
    _TEXTS[path] = (info.st_mtime_ns, info.st_size, text)
    return text


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
            listing = _listing(entry or ".")
        except NotADirectoryError:  # a zip file, say
            return None
        except OSError:
            continue
        for child in listing:
            low = child.lower()
            if not low.endswith((".dist-info", ".egg-info")):
                continue
            key = normalize(low.rpartition(".")[0].partition("-")[0])
            if key in seen:
                continue
            seen.add(key)
            # os.path, not pathlib: pathlib is not otherwise imported by `caddy calc`
            folder = os.path.join(entry or ".", child)  # noqa: PTH118
            try:
                text = _text(os.path.join(folder, "entry_points.txt"))  # noqa: PTH118
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
            key = getattr(dist, "_normalized_name", None) or normalize(dist.metadata["Name"])
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


def dist_of(ep: FoundEntryPoint) -> tuple[str | None, str | None]:
    """Name and version of the distribution declaring ``ep``; its metadata is
    read on demand (milliseconds)."""
    from importlib.metadata import PathDistribution
    from pathlib import Path

    dist = PathDistribution(Path(ep.dist)) if isinstance(ep.dist, str) else ep.dist
    try:
        return dist.metadata["Name"] or ep.dist_key, dist.version
    except Exception:  # unreadable METADATA: the name from the folder
        return ep.dist_key, None


def distribution_of(module_name: str) -> tuple[str | None, str | None]:
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
