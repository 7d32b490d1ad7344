"""Docs and docstrings cite what a reader of the repository can open (issue 13 p, q).

A citation names a file of this repository or a public source (a FIDE
Handbook article, the TRF specification, a US Chess rule): never the
project's private notes, which are not in the repository (their names are
spelt in pieces below so this file does not match itself). Every relative
Markdown link of the docs and the README leads to a file (and heading) that
exists. The API page reads as a guide before the generated reference.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THIS = Path(__file__).resolve()

#: Where citations live: the docs, the README, the sources, the tests, the benchmarks.
SCANNED = ("docs", "core", "plugins", "tests", "benchmarks")
SCANNED_FILES = ("README.md", "noxfile.py", "pyproject.toml")
TEXT_SUFFIXES = {".py", ".md", ".json", ".toml", ".txt", ".rst", ".html", ".css", ".cfg", ".ini"}
SKIPPED_PARTS = {"__pycache__", ".pytest_cache", ".mypy_cache", "_build", ".venv", "node_modules"}

_NOTE_NAMES = ("SPEC", "ARCHITECTURE", "STYLE", "ROUND_" + "ROBIN", "TIE" + "BREAKS", "TRF")
_NOTES = "|".join(
    re.escape(name + ".md")
    for name in (*_NOTE_NAMES, "TIME" + "CONTROLS", "TEAMS", "SWISS_" + "DUTCH")
)
#: The notes by name, anything under a ``rules/`` or ``shared/`` folder, the seed guides.
PRIVATE = re.compile(rf"(?<![\w-])(?:{_NOTES})|\brules/\w+\.md|\bshared/|\bseed-" + "guide")
#: What every match of :data:`PRIVATE` contains (a file with none has no match).
_LITERALS = (
    *(name + ".md" for name in (*_NOTE_NAMES, "TIME" + "CONTROLS", "TEAMS", "SWISS_" + "DUTCH")),
    "rules/",
    "shared/",
    "seed-" + "guide",
)


def text_files() -> Iterator[Path]:
    for name in SCANNED_FILES:
        yield ROOT / name
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if (
                path.is_file()
                and path.suffix in TEXT_SUFFIXES
                and not SKIPPED_PARTS & set(path.relative_to(ROOT).parts)
                and path.resolve() != THIS
            ):
                yield path


def private_citations() -> list[str]:
    found = []
    for path in text_files():
        text = path.read_text(encoding="utf-8")
        if not any(literal in text for literal in _LITERALS):
            continue  # most files: a few substring searches, no regular expression
        for number, line in enumerate(text.splitlines(), 1):
            for match in PRIVATE.finditer(line):
                found.append(
                    f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} in {line.strip()!r}"
                )
    return found


def test_the_scan_sees_the_repository() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in text_files()}
    assert {"README.md", "docs/calculator.md", "core/caddy/standings/ranking.py"} <= names
    assert "plugins/caddy_plugins/formats/round_robin/__init__.py" in names
    assert "benchmarks/schedule.py" in names and "tests/test_calc.py" in names
    assert "plugins/caddy_plugins/tiebreaks/data/fide_rating_tables.json" in names


@pytest.mark.parametrize(
    "line",
    [
        "For a round robin (SPEC" + ".md §1)",
        "the construction in ``rules/ROUND" + "_ROBIN.md`` §1.4",
        "summarised in `shared/rules/TRF" + ".md`",
        "Rest rounds are no round at all (TIE" + "BREAKS.md §9)",
        "first design notes (shared/ARCHITECTURE" + ".md)",
        "see the seed-" + "guide-hu.txt",
        "(rules/TRF" + ".md §4)",
    ],
)
def test_the_pattern_finds_private_citations(line: str) -> None:
    assert PRIVATE.search(line)


@pytest.mark.parametrize(
    "line",
    [
        "FIDE Handbook C.05 Annex 1 Berger tables",
        "see docs/trf.md and [trf.md](trf.md)",
        "tests/data/trf/SOURCES.md names each file's origin",
        "C.07 tie-break regulations Art. 15.2; US Chess rule 5C",
        "places are shared (1, 1, 3) by tied players",
    ],
)
def test_the_pattern_passes_public_citations(line: str) -> None:
    assert not PRIVATE.search(line)


def test_no_citation_of_files_outside_the_repository() -> None:
    found = private_citations()
    assert not found, "cites files not in the repository:\n" + "\n".join(found)


# -- relative Markdown links ------------------------------------------------------------

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
INLINE_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.MULTILINE)
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)


def markdown_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in ("docs", "tests", "benchmarks"):
        files += sorted(
            path
            for path in (ROOT / folder).rglob("*.md")
            if not SKIPPED_PARTS & set(path.relative_to(ROOT).parts)
        )
    return files


def links(text: str) -> list[str]:
    prose = CODE_SPAN.sub("", FENCE.sub("", text))
    return [m.group(1) for m in INLINE_LINK.finditer(prose)] + [
        m.group(1) for m in REFERENCE_LINK.finditer(prose)
    ]


def anchor(heading: str) -> str:
    """GitHub's (and MyST's) anchor for a heading."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {anchor(m.group(1)) for m in HEADING.finditer(text)}


def broken_links(path: Path, text: str | None = None) -> list[str]:
    """Problems with the relative links of a page (``text``: its text, if not the file's)."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    problems = []
    for target in links(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # https:, mailto: ... : not a file of the repository
        file_part, _, fragment = target.partition("#")
        where = f"{path.relative_to(ROOT)}: ({target})"
        linked = (path.parent / file_part).resolve() if file_part else path
        if file_part.startswith("/") or not linked.is_relative_to(ROOT):
            problems.append(f"{where} leaves the repository")
        elif not linked.exists():
            problems.append(f"{where} does not exist")
        elif fragment and linked.suffix == ".md":
            names = anchors(linked) if file_part else {anchor(h) for h in HEADING.findall(text)}
            if fragment not in names:
                problems.append(f"{where} names no heading of {linked.relative_to(ROOT)}")
    return problems


def test_links_are_found() -> None:
    text = (
        'See [a](a.md), ![i](images/x.png), [b](b.md#part "title"), [web](https://x.org).\n'
        "`[not](code.md)`\n```\n[not](fenced.md)\n```\n[ref]: c.md\n"
    )
    assert links(text) == ["a.md", "images/x.png", "b.md#part", "https://x.org", "c.md"]
    assert anchor("Writing a `codec`") == "writing-a-codec"
    assert anchor("Embedding caddy: a guide") == "embedding-caddy-a-guide"


@pytest.mark.parametrize(
    "markdown,problem",
    [
        ("[x](missing.md)", "does not exist"),
        ("[x](../../outside.md)", "leaves the repository"),
        ("[x](/etc/passwd)", "leaves the repository"),
        ("[x](plugins.md#no-such-heading)", "names no heading"),
        ("[x](#no-such-heading)", "names no heading"),
        ("[ref]: ../" + "shared/notes.md", "does not exist"),  # a planted bad link
    ],
)
def test_the_link_check_catches(markdown: str, problem: str) -> None:
    page = ROOT / "docs" / "index.md"
    found = broken_links(page, "# Index\n\n" + markdown + "\n")
    assert len(found) == 1 and problem in found[0], found


def test_the_link_check_passes_good_links() -> None:
    page = ROOT / "docs" / "index.md"
    text = "# Index\n\n[x](plugins.md#writing-a-codec) [y](#index) [z](examples/club.json)\n"
    assert broken_links(page, text) == []


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_lead_to_files_of_the_repository(path: Path) -> None:
    assert broken_links(path) == []


# -- the API page ---------------------------------------------------------------------


def test_the_api_page_opens_with_a_guide() -> None:
    """docs/api.md reads on a forge: a guide with code before the reference."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    guide = text.split("\n## Reference\n", 1)[0]
    headings = [m.group(1).lower() for m in HEADING.finditer(guide)]
    for topic in ("load", "pair", "result", "save", "import a trf"):
        assert any(topic in h for h in headings), (topic, headings)
    code = re.findall(r"^```python\n(.*?)^```", guide, re.MULTILINE | re.DOTALL)
    assert len(code) >= 5
    for call in ("load(", "standings(", "RecordResult(", "save(", "PairRound(", ".read("):
        assert any(call in block for block in code), call
    assert "#### `caddy.event`" in text.split(guide, 1)[1]
