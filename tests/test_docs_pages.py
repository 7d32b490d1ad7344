"""What the pages cover, and links that work on a code forge.

- docs/teams.md has a section for every team format (``pairs_teams``), the team
  Swiss (FIDE C.04.6) among them; docs/swiss.md no longer lists team Swiss
  events as not done, and sends readers to it.
- Every link from one page to a heading of another (``page.md#anchor``) names a
  heading that page has, by the anchors a forge gives headings (GitHub's: lower
  case, punctuation dropped, spaces as hyphens), which MyST's
  ``myst_heading_anchors`` gives the Sphinx site too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from caddy.plugins.host import get_host

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]
LINK = re.compile(r"\]\(([\w./-]*\.md)?#([^)\s]+)\)")


def section(page: Path, heading: str) -> str:
    """The text under a heading, up to the next heading of the same or a higher level."""
    text = page.read_text(encoding="utf-8")
    level = heading.split(" ", 1)[0]
    body = text.split(heading + "\n", 1)[1]
    heading_line = re.compile(rf"^#{{1,{len(level)}}} ", re.MULTILINE)
    ends = [m.start() for m in heading_line.finditer(body)]
    return body[: ends[0]] if ends else body


def team_formats() -> list[str]:
    formats = get_host().formats()
    return [name for name in formats.names() if formats.get(name).pairs_teams]


@pytest.mark.parametrize("name", team_formats())
def test_teams_page_has_every_team_format(name: str) -> None:
    assert f"### `{name}`\n" in (DOCS / "teams.md").read_text(encoding="utf-8")


def test_teams_page_covers_the_team_swiss() -> None:
    text = section(DOCS / "teams.md", "### `team-swiss`")
    assert "C.04.6" in text and "--format team-swiss" in text
    assert "(team-swiss.md)" in text  # the options and readings
    assert "team Swiss" in section(DOCS / "teams.md", "# Team events")


def test_swiss_page_no_longer_says_team_swiss_is_not_done() -> None:
    undone = section(DOCS / "swiss.md", "## Not done yet")
    listed = [line for line in undone.splitlines() if line.startswith("- ")]
    assert listed and not any("team" in line.lower() for line in listed)
    assert "(teams.md#team-swiss)" in undone


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    fence = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and re.match(r"^#{1,6} ", line):
            base = slug(line.lstrip("#"))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def test_slugs_are_githubs() -> None:
    assert slug(" 5. A tie-break plugin") == "5-a-tie-break-plugin"
    assert slug(" The contract (`caddy.contracts`)") == "the-contract-caddycontracts"
    assert slug(" `team-swiss`") == "team-swiss"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_to_headings_resolve(page: Path) -> None:
    broken = []
    for target, anchor in LINK.findall(page.read_text(encoding="utf-8")):
        linked = (page.parent / target).resolve() if target else page
        if linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}#{anchor}")
    assert not broken, f"{page.name}: links to headings that do not exist: {broken}"
