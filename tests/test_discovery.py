"""Plugin discovery finds what :mod:`importlib.metadata` finds (issue 14 item 6).

caddy reads entry points itself when :data:`sys.path` holds only folders (to keep
``caddy calc`` from importing :mod:`importlib.metadata`) and through
:mod:`importlib.metadata` otherwise (core/caddy/plugins/discovery.py, ``discover_entry_points``).
Either way the result must be :func:`importlib.metadata.entry_points` for each group, in
its order, over every installed layout: ``.dist-info`` and ``.egg-info`` folders (the
PyPA "Recording installed projects" and "Entry points" specifications), a zip file on
:data:`sys.path` (``zipimport``), a PEP 660 editable install (a dist-info with
``direct_url.json``, PEP 610, and a ``.pth`` file naming the source folder), and a
distribution another finder on :data:`sys.meta_path` reports (``find_distributions``).
An entry point ``module:attr`` registers the object it names, as pluggy's own
``load_setuptools_entrypoints`` does through ``EntryPoint.load``.
"""

from __future__ import annotations

import importlib.metadata
import io
import json
import site
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.plugins import discovery as plugin_discovery
from caddy.plugins.host import PluginHost
from tests.conftest import Run, make_distribution

#: A format plugin module, as a third party writes it; ``{name}`` is its format's name.
#: The hook is a module function, or (``{attr}``) a method of the object ``plugin``.
MODULE = """
import caddy
from fake_caddy_format import Gauntlet


class Named(Gauntlet):
    name = "{name}"


@caddy.hookimpl
def caddy_register_formats(register):
    register(Named())
"""
ATTR_MODULE = """
import caddy
from fake_caddy_format import Gauntlet


class Named(Gauntlet):
    name = "{name}"


class Plugin:
    @caddy.hookimpl
    def caddy_register_formats(self, register):
        register(Named())


plugin = Plugin()
"""


def metadata(name: str, version: str = "1.0") -> str:
    return f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"


def write_info(folder: Path, name: str, entry_points: str, version: str = "1.0") -> Path:
    """A metadata folder (``.dist-info`` holds METADATA, ``.egg-info`` PKG-INFO)."""
    folder.mkdir(parents=True)
    meta = "PKG-INFO" if folder.suffix == ".egg-info" else "METADATA"
    (folder / meta).write_text(metadata(name, version))
    (folder / "entry_points.txt").write_text(entry_points)
    return folder


class DictDistribution(importlib.metadata.Distribution):
    """A distribution whose files are strings, as a custom finder may report one."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files_ = files

    def read_text(self, filename: str) -> str | None:
        return self.files_.get(filename)

    def locate_file(self, path: Any) -> Path:
        return Path(path)


class DictFinder:
    """A :data:`sys.meta_path` finder that imports nothing and reports one distribution."""

    def __init__(self, dist: DictDistribution) -> None:
        self.dist = dist

    def find_spec(self, *args: Any) -> None:
        return None

    def find_distributions(self, context: Any = None) -> Iterator[DictDistribution]:
        name = getattr(context, "name", None)
        if name is None or name == "custom-dist":
            yield self.dist


#: The format each layout's distribution registers.
FORMATS = {
    "dist-info": "plain-gauntlet",
    "egg-info": "egg-gauntlet",
    "editable": "editable-gauntlet",
    "zip": "zipped-gauntlet",
    "finder": "custom-gauntlet",
}


def install(root: Path, layouts: Iterable[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Install one distribution per layout under ``root``, on sys.path / sys.meta_path.

    Modules are named ``*_caddy_plugin`` so that the ``fake_modules`` fixture unloads them.
    """
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    site_dir = root / "site"
    site_dir.mkdir(parents=True)
    if "dist-info" in layouts:
        (site_dir / "plain_caddy_plugin.py").write_text(MODULE.format(name=FORMATS["dist-info"]))
        write_info(
            site_dir / "plain_dist-1.0.dist-info",
            "plain-dist",
            "[console_scripts]\nplain = plain_caddy_plugin:main\n\n"
            "[caddy.formats]\nplain = plain_caddy_plugin\n",
        )
        # a second copy of the name later on sys.path: shadowed, as by importlib.metadata
        write_info(
            root / "later" / "Plain.Dist-0.9.dist-info",
            "Plain.Dist",
            "[caddy.formats]\nshadowed = nowhere_caddy_plugin\n",
            "0.9",
        )
    if "egg-info" in layouts:
        (site_dir / "egg_caddy_plugin.py").write_text(MODULE.format(name=FORMATS["egg-info"]))
        write_info(
            site_dir / "Egg_Dist.egg-info",
            "Egg-Dist",
            "[caddy]\negg = egg_caddy_plugin\n",
        )
    sys.path[:0] = [str(site_dir)]
    if "dist-info" in layouts:
        sys.path.append(str(root / "later"))
    if "editable" in layouts:
        # what a PEP 660 build backend installs: metadata, direct_url.json, a .pth
        source, editable_site = root / "project" / "src", root / "editable-site"
        source.mkdir(parents=True)
        (source / "editable_caddy_plugin.py").write_text(
            ATTR_MODULE.format(name=FORMATS["editable"])
        )
        info = write_info(
            editable_site / "editable_dist-2.0.dist-info",
            "editable-dist",
            "[caddy.formats]\neditable = editable_caddy_plugin:plugin\n",
            "2.0",
        )
        url = {"url": (root / "project").as_uri(), "dir_info": {"editable": True}}
        (info / "direct_url.json").write_text(json.dumps(url))
        (editable_site / "__editable__.editable_dist-2.0.pth").write_text(f"{source}\n")
        site.addsitedir(str(editable_site))
    if "zip" in layouts:
        archive = root / "zipped.zip"
        with zipfile.ZipFile(archive, "w") as bundle:
            bundle.writestr("zipped_caddy_plugin.py", MODULE.format(name=FORMATS["zip"]))
            bundle.writestr("zipped_dist-1.0.dist-info/METADATA", metadata("zipped-dist"))
            bundle.writestr(
                "zipped_dist-1.0.dist-info/entry_points.txt",
                "[caddy.formats]\nzipped = zipped_caddy_plugin\n",
            )
        sys.path.append(str(archive))
    if "finder" in layouts:
        (site_dir / "custom_caddy_plugin.py").write_text(ATTR_MODULE.format(name=FORMATS["finder"]))
        files = {
            "METADATA": metadata("custom-dist", "3.0"),
            "entry_points.txt": "[caddy.formats]\ncustom = custom_caddy_plugin:plugin\n",
        }
        sys.meta_path.append(DictFinder(DictDistribution(files)))
    importlib.invalidate_caches()


def by_importlib() -> list[tuple[str, str, str, str | None]]:
    """(group, name, value, distribution) of every ``caddy*`` entry point, by group."""
    groups = sorted(g for g in importlib.metadata.entry_points().groups if g.startswith("caddy"))
    return [
        (g, ep.name, ep.value, ep.dist.name if ep.dist else None)
        for g in groups
        if g == "caddy" or g.startswith("caddy.")
        for ep in importlib.metadata.entry_points(group=g)
    ]


def by_caddy() -> list[tuple[str, str, str, str | None]]:
    host = PluginHost(env={})
    return [
        (ep.group, ep.name, ep.value, plugin_discovery.dist_of(ep)[0])
        for ep in host._all_entry_points()
    ]


ALL = list(FORMATS)
#: The distribution each layout installs.
DISTRIBUTIONS = {
    "dist-info": "plain-dist",
    "egg-info": "Egg-Dist",
    "editable": "editable-dist",
    "zip": "zipped-dist",
    "finder": "custom-dist",
}
FOLDERS = ["dist-info", "egg-info", "editable"]


@pytest.mark.parametrize("layouts", [ALL, FOLDERS, []], ids=["all", "folders", "none"])
def test_finds_what_importlib_metadata_finds(
    layouts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_modules: Path
) -> None:
    """Same entry points, same order, same distributions, over every layout (and over
    this environment alone, where chess-caddy is itself installed, editable or not)."""
    install(tmp_path, layouts, monkeypatch)
    expected = by_importlib()
    assert by_caddy() == expected
    # every layout is found: not a parity of two empty lists
    assert {DISTRIBUTIONS[layout] for layout in layouts} <= {dist for *_, dist in expected}
    assert "chess-caddy" in {dist for *_, dist in expected}
    assert "shadowed" not in {name for _, name, _, _ in expected}


def test_plain_folders_are_read_without_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_modules: Path
) -> None:
    """Folders only: the fast reader answers (``caddy calc`` stays within its startup
    budget, benchmarks/startup.py); a zip or another finder hands over to importlib."""
    install(tmp_path, FOLDERS, monkeypatch)
    assert plugin_discovery.scan_folders("caddy", sys.path) is not None
    sys.path.append(str(tmp_path / "missing"))  # a folder that is not there is no reason
    assert plugin_discovery.scan_folders("caddy", sys.path) is not None
    archive = tmp_path / "empty.zip"
    zipfile.ZipFile(archive, "w").close()
    assert plugin_discovery.scan_folders("caddy", [*sys.path, str(archive)]) is None


@pytest.mark.parametrize("layouts", [ALL, FOLDERS], ids=["all", "folders"])
def test_every_layout_registers_its_format(
    layouts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_modules: Path
) -> None:
    install(tmp_path, layouts, monkeypatch)
    names = PluginHost(env={}).formats().names()
    for layout in layouts:
        assert FORMATS[layout] in names, layout


def test_module_attr_entry_point_registers(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fake_modules: Path,
    cli: Callable[..., Run],
) -> None:
    """``name = module:attr`` registers the object ``attr`` (its hookimpls), not the
    module, as pluggy's loader does; `caddy plugins` names its distribution."""
    root = make_distribution(
        tmp_path / "site",
        "attr-dist",
        "4.5.6",
        [],
        "[caddy.formats]\nattr = attr_caddy_plugin : plugin\n",
    )
    (root / "attr_caddy_plugin.py").write_text(ATTR_MODULE.format(name="attr-gauntlet"))
    monkeypatch.syspath_prepend(str(root))
    run = cli("calc", "5", "--format", "attr-gauntlet", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["results"][0]["format"] == "attr-gauntlet"
    run = cli("plugins", "--json")
    assert run.code == 0, run.err
    listed = {p["name"]: p for p in json.loads(run.out)["plugins"]}["attr"]
    assert (listed["module"], listed["distribution"], listed["version"]) == (
        "attr_caddy_plugin",
        "attr-dist",
        "4.5.6",
    )
    assert listed["registers"] == {"formats": ["attr-gauntlet"]}
    assert (listed["source"], listed["builtin"], listed["error"]) == ("entry point", False, None)


def test_missing_attr_is_one_warning(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fake_modules: Path,
    cli: Callable[..., Run],
) -> None:
    root = make_distribution(
        tmp_path / "site",
        "attr-dist",
        "1.0",
        [],
        "[caddy.formats]\nattr = gone_caddy_plugin:nothing\n",
    )
    (root / "gone_caddy_plugin.py").write_text("")
    monkeypatch.syspath_prepend(str(root))
    run = cli("calc", "5")
    assert run.code == 0, run.err
    assert run.err == (
        "caddy: warning: plugin 'attr' (gone_caddy_plugin) from attr-dist 1.0 failed to load"
        " (AttributeError: module 'gone_caddy_plugin' has no attribute 'nothing'); skipped\n"
    )


@pytest.mark.parametrize("layouts", [ALL, FOLDERS], ids=["importlib", "folders"])
def test_malformed_entry_points_skip_only_their_distribution(
    layouts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_modules: Path
) -> None:
    """A line that is not ``name = value`` makes importlib.metadata refuse the file (its
    ``Sectioned`` reader; so does a ``;`` comment); that distribution alone is skipped,
    named once."""
    install(tmp_path, layouts, monkeypatch)
    broken = write_info(
        tmp_path / "site" / "broken_dist-1.0.dist-info",
        "broken-dist",
        "[caddy.formats]\nbroken = plain_caddy_plugin\nnot a pair\n",
    )
    importlib.invalidate_caches()
    err = io.StringIO()
    host = PluginHost(env={}, stderr=err)
    names = host.formats().names()
    assert FORMATS["dist-info"] in names
    assert "broken" not in host.records
    # the detail is importlib.metadata's own exception, worded by the Python version
    warning = err.getvalue()
    assert warning.startswith(f"caddy: warning: unreadable entry points in {broken} (TypeError: ")
    assert warning.endswith("); skipped\n") and warning.count("\n") == 1


#: Lines an entry_points.txt may hold, well formed or not.
LINE = st.sampled_from(
    [
        "",
        "   ",
        "# comment",
        "; comment",
        "[caddy]",
        "[caddy.formats]",
        "[ caddy.formats ]",
        "[caddyish]",
        "[console_scripts]",
        "[[caddy]]",
        "fmt = pkg.mod",
        "  fmt=pkg.mod:obj  ",
        "x = pkg.mod:obj.attr [extra]",
        "a = b = c",
        "= nameless",
        "no pair here",
        "\tdup = first",
        "dup = second",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINE, max_size=12))
def test_reads_entry_points_txt_as_importlib_metadata(lines: list[str]) -> None:
    """The folder reader parses ``entry_points.txt`` exactly as importlib.metadata does,
    or hands over (``None``) where importlib.metadata would refuse the file."""
    text = "\n".join(lines)
    with tempfile.TemporaryDirectory() as folder:
        info = write_info(Path(folder) / "some_dist-1.0.dist-info", "some-dist", text)
        ours = plugin_discovery.scan_folders("caddy", [folder])
        try:
            every = importlib.metadata.PathDistribution(info).entry_points
        except Exception:
            assert ours is None or "[caddy" not in text
            return
    assert ours is not None
    theirs = [ep for ep in every if ep.group == "caddy" or ep.group.startswith("caddy.")]
    assert [(ep.group, ep.name, ep.value) for ep in ours] == [
        (ep.group, ep.name, ep.value) for ep in theirs
    ]
    for mine, their in zip(ours, theirs, strict=True):
        if their.pattern.match(their.value):  # importlib.metadata reads the value
            assert (mine.module, mine.value) == (their.module, their.value)
