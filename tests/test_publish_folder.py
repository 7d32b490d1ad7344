"""``caddy publish`` writes only files it owns (issue 24, item 16).

The folder's marker ``.caddy-publish.json`` lists the files publish wrote.
A symbolic link in the folder (or the folder itself being one) is refused
and nothing is written anywhere; a file publish did not write (a club's own
``index.html``) is refused and left untouched unless ``--force``; pages of
an earlier, larger event are removed; republishing needs no ``--force``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.publish.folder import MARKER
from tests.conftest import Run
from tests.test_publish import players_csv, quiet

LINK = "is a symbolic link; caddy publish never follows one"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def event_of(folder: Path, players: int) -> Path:
    """A Swiss of ``players`` players with round 1 paired."""
    folder.mkdir()
    event = folder / "e.json"
    csv = players_csv(folder, NAMES[:players])
    args = ("--format", "swiss", "--rounds", "3")
    assert quiet("new", str(event), "--players", str(csv), *args) == 0
    assert quiet("pair", str(event)) == 0
    return event


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return event_of(tmp_path_factory.mktemp("big") / "six", 6)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return event_of(tmp_path_factory.mktemp("small") / "four", 4)


def pages_of(players: int) -> list[str]:
    return sorted(
        ["index.html", "round-1.html", *(f"player-{n}.html" for n in range(1, players + 1))]
    )


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_planted_file_link_is_refused_and_nothing_is_written(
    big: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    outside = tmp_path / "outside.html"
    outside.write_bytes(b"not the site's")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").symlink_to(outside)
    (site / "round-1.html").symlink_to(tmp_path / "made.html")  # dangling: would create it
    for force in ((), ("--force",)):
        run = cli("publish", str(big), "-o", str(site), *force)
        assert run == Run(
            1,
            "",
            f"caddy: error: {site / 'index.html'}: {LINK}\n"
            f"caddy: error: {site / 'round-1.html'}: {LINK}\n",
        )
        assert outside.read_bytes() == b"not the site's"
        assert not (tmp_path / "made.html").exists()
        assert listing(site) == [
            "index.html",
            "round-1.html",
        ]  # nothing written, not even the marker


def test_a_link_planted_after_a_publish_is_refused(
    big: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    site = tmp_path / "site"
    assert cli("publish", str(big), "-o", str(site)).code == 0
    outside = tmp_path / "outside.html"
    outside.write_bytes(b"keep")
    (site / "player-1.html").unlink()
    (site / "player-1.html").symlink_to(outside)  # a page the marker lists
    run = cli("publish", str(big), "-o", str(site), "--force")
    assert run == Run(1, "", f"caddy: error: {site / 'player-1.html'}: {LINK}\n")
    assert outside.read_bytes() == b"keep"


def test_planted_folder_links_are_refused(
    big: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    # the site folder itself is a link to a folder elsewhere
    linked = tmp_path / "linked"
    linked.symlink_to(outside, target_is_directory=True)
    run = cli("publish", str(big), "-o", str(linked), "--force")
    assert run == Run(1, "", f"caddy: error: {linked}: {LINK}\n")
    # a sub-folder of the site is a link to a folder elsewhere
    site = tmp_path / "site"
    site.mkdir()
    (site / "files").symlink_to(outside, target_is_directory=True)
    run = cli("publish", str(big), "-o", str(site), "--force")
    assert run == Run(1, "", f"caddy: error: {site / 'files'}: {LINK}\n")
    assert listing(outside) == []
    assert listing(site) == ["files"]


def test_a_foreign_index_is_refused_untouched_then_force_replaces_it(
    big: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_bytes(b"<p>the club's own page</p>")
    (site / "logo.png").write_bytes(b"PNG")
    run = cli("publish", str(big), "-o", str(site))
    assert run == Run(
        1,
        "",
        f"caddy: error: {site / 'index.html'}: not written by caddy publish "
        f"(not in {MARKER}); --force replaces it\n"
        f"caddy: error: {site / 'logo.png'}: not written by caddy publish "
        f"(not in {MARKER}); --force publishes beside it\n",
    )
    assert (site / "index.html").read_bytes() == b"<p>the club's own page</p>"
    assert listing(site) == ["index.html", "logo.png"]
    forced = cli("publish", str(big), "-o", str(site), "--force")
    assert forced == Run(0, f"{site}: wrote 8, unchanged 0\n", "")
    assert b"<html lang=" in (site / "index.html").read_bytes()
    assert (site / "logo.png").read_bytes() == b"PNG"  # left alone, and not publish's
    assert json.loads((site / MARKER).read_text())["files"] == pages_of(6)


def test_a_smaller_event_removes_the_stale_pages(
    big: Path, small: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    site = tmp_path / "site"
    assert cli("publish", str(big), "-o", str(site)).out == f"{site}: wrote 8, unchanged 0\n"
    assert listing(site) == sorted([MARKER, *pages_of(6)])
    run = cli("publish", str(small), "-o", str(site))
    assert run.code == 0 and run.out.endswith(", removed 2\n")
    assert listing(site) == sorted([MARKER, *pages_of(4)])  # player-5 and player-6 are gone
    assert json.loads((site / MARKER).read_text())["files"] == pages_of(4)


def test_republishing_needs_no_force(big: Path, tmp_path: Path, cli: Callable[..., Run]) -> None:
    site = tmp_path / "site"
    assert cli("publish", str(big), "-o", str(site)).code == 0
    (site / ".caddy-publish-0123456789abcdef.tmp").write_bytes(b"half")  # a run cut short
    assert cli("publish", str(big), "-o", str(site)) == Run(
        0, f"{site}: wrote 0, unchanged 8\n", ""
    )
    assert listing(site) == sorted([MARKER, *pages_of(6)])


def test_a_marker_naming_files_outside_the_folder_is_refused(
    big: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    site = tmp_path / "site"
    assert cli("publish", str(big), "-o", str(site)).code == 0
    victim = tmp_path / "victim.html"
    victim.write_bytes(b"keep")
    marker = json.loads((site / MARKER).read_text())
    (site / MARKER).write_text(json.dumps({**marker, "files": ["../victim.html"]}))
    run = cli("publish", str(big), "-o", str(site))
    assert run.code == 1
    assert run.err.startswith(
        f"caddy: error: {site / MARKER}: is not a caddy publish marker (--force writes a new one)\n"
    )
    assert cli("publish", str(big), "-o", str(site), "--force").code == 0
    assert victim.read_bytes() == b"keep"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_planted_pipe_does_not_hang_publish(
    big: Path, tmp_path: Path, cli: Callable[..., Run]
) -> None:
    """A named pipe where a page goes (reading it would wait for a writer
    forever): refused as a file publish did not write; ``--force`` replaces it."""
    site = tmp_path / "site"
    site.mkdir()
    os.mkfifo(site / "index.html")
    run = cli("publish", str(big), "-o", str(site))
    assert (run.code, run.err.count("caddy: error: ")) == (1, 1)
    assert cli("publish", str(big), "-o", str(site), "--force").code == 0
    assert (site / "index.html").is_file()
