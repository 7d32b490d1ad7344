"""The renderer contract suite (re-exported from :mod:`caddy.testing`).

:class:`RendererContract` is a pytest base class. Subclass it and name the
renderer::

    from caddy.testing import RendererContract

    class TestMyRenderer(RendererContract):
        renderer_name = "my-renderer"
        form = "html"        # default: from the renderer's suffix

It renders a report of every kind caddy prints (:data:`DOCUMENT_KINDS`:
pairings, crosstable, standings, and a schedule ``table``), shaped as the
commands shape them, with :data:`HOSTILE_NAMES` in every place a name or a
title can reach: titles, context lines, captions, column headings, cells and
notes. It checks, for every kind:

* the output is text ending with a newline, and every cell's plain text is
  in it (the whole document is rendered);
* no control character but the newline reaches the output (no terminal
  escape, no bidirectional override, no stray carriage return), and no
  name's embedded newline starts a line of its own;
* the hostile names come out escaped for the form: ``html`` (no ``<script``
  tag, the name as ``&lt;script&gt;``), ``csv`` (every cell parses, and
  none a spreadsheet would run as a formula: OWASP "CSV Injection"),
  ``markdown`` (every table row has as many cells as its header, no raw
  ``<``), ``text`` (nothing beyond the generic checks).

A form caddy does not know gets the generic checks; override
:meth:`RendererContract.check_escaped` to add its own. Each check is also a
method (``check_document``) that raises :class:`AssertionError`.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import ClassVar

import pytest

from caddy.contracts import Renderer
from caddy.contracts.conformance import conformance
from caddy.messages import CONTROL
from caddy.model.report import Report, Table
from caddy.plugins.host import PluginHost, resolve

__all__ = ["DOCUMENT_KINDS", "HOSTILE_NAMES", "RendererContract", "sample_reports"]

#: What the commands print: ``caddy pairings``, ``crosstable``, ``standings``, ``table``.
DOCUMENT_KINDS = ("pairings", "crosstable", "standings", "table")
#: Names a player or an event may have that must not break any output form.
HOSTILE_NAMES = (
    "<script>alert(1)</script>",
    "=cmd|' /C calc'!A0",
    "Ann\nInjected line",
    "Pipe | Name",
    "@SUM(A1:A9)",
    "+1+cmd",
    "-2+cmd",
    "\x1b[31mRed\r",
    "\u202eevil\u202c",
    "<b>bold</b> & co",
)
#: A cell a spreadsheet may run (OWASP), unless it is a plain number or a lone sign.
_FORMULA = re.compile(r"\s*[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)|[+-]")
#: The forms known by suffix.
FORMS = {".html": "html", ".htm": "html", ".csv": "csv", ".md": "markdown", ".txt": "text"}


def sample_reports(names: Sequence[str] = HOSTILE_NAMES) -> dict[str, Report]:
    """A report of each kind in :data:`DOCUMENT_KINDS`, with ``names`` as
    players, in the title, the context lines, the captions and the notes."""
    players = [f"Plain Player {k}" for k in range(1, 3)] + list(names)
    n = len(players)
    title = names[0] if names else "Event"
    pairings = Report(
        kind="pairings",
        title=title,
        subtitle="round 1",
        tables=(
            Table(
                caption="Round 1",
                columns=("board", "no", "white", "rating", "no", "black", "rating", "result"),
                rows=tuple(
                    (str(b), str(w), players[w - 1], "2100", str(w + 1), players[w], "", "1-0")
                    for b, w in enumerate(range(1, n, 2), 1)
                ),
                right=frozenset({0, 1, 3, 4, 6}),
            ),
        ),
        notes=tuple(f"bye (pab): {name} ({n})" for name in players[-1:]),
    )
    crosstable = Report(
        kind="crosstable",
        title=title,
        subtitle="crosstable",
        tables=(
            Table(
                caption="Crosstable",
                columns=("no", "name", "rating", *(str(k) for k in range(1, n + 1)), "pts"),
                rows=tuple(
                    (
                        str(i),
                        name,
                        "",
                        *("*" if k == i else ("1" if k > i else "0") for k in range(1, n + 1)),
                        str(float(n - i)),
                    )
                    for i, name in enumerate(players, 1)
                ),
                right=frozenset({0, 2, n + 3}),
                row_header=1,
            ),
        ),
        notes=(f"annulled: {players[-1]}",),
        title_in_text=False,
        wide=True,
    )
    standings = Report(
        kind="standings",
        title=title,
        subtitle="C.07 edition 2026",
        intro=tuple(f"section {name}" for name in names[:2]),
        tables=tuple(
            Table(
                caption=caption,
                columns=("rank", "no", "name", "pts", "SB", names[1] if len(names) > 1 else "BH"),
                rows=tuple(
                    (str(i), str(i), name, str(float(n - i)), "-", "-1.5")
                    for i, name in enumerate(players, 1)
                ),
                right=frozenset({0, 1, 3, 4, 5}),
                row_header=2,
                caption_in_text=True,
            )
            for caption in ("Standings", *names[3:4])
        ),
    )
    schedule = Report(
        kind="table",
        title=f"{title}; the left player has White",
        intro=tuple(f"{name}: 1 2" for name in names[:1]),
        tables=(
            Table(
                caption="Pairing numbers (as given)",
                columns=("no", "name", "rating"),
                rows=tuple((str(k), name, "unrated") for k, name in enumerate(players, 1)),
                right=frozenset({0, 2}),
                row_header=1,
                caption_in_text=True,
            ),
            Table(
                caption="Round 1",
                columns=("board", "white", "black"),
                rows=tuple(
                    (str(b), players[w - 1], players[w]) for b, w in enumerate(range(1, n, 2), 1)
                ),
                right=frozenset({0}),
                caption_in_text=True,
            ),
        ),
        notes=tuple(names[-1:]),
    )
    return {
        "pairings": pairings,
        "crosstable": crosstable,
        "standings": standings,
        "table": schedule,
    }


def _injected_lines(names: Sequence[str]) -> list[str]:
    """What follows an embedded newline in a name: must never start a line."""
    return [part.strip() for name in names for part in name.splitlines()[1:] if part.strip()]


class RendererContract:
    """Base class of the renderer contract suite (see the module docstring)."""

    #: The registered name of the renderer under test.
    renderer_name: ClassVar[str]
    #: The escaping to check: ``html``, ``csv``, ``markdown``, ``text``, or
    #: ``None`` (by the renderer's suffix; generic checks for a suffix caddy does not know).
    form: ClassVar[str | None] = None
    #: The names to render.
    names: ClassVar[Sequence[str]] = HOSTILE_NAMES

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host to look the renderer up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def renderer(self, caddy_host: PluginHost) -> Renderer:
        found: Renderer = caddy_host.renderers().get(self.renderer_name)
        return found

    def form_of(self, renderer: Renderer) -> str | None:
        """The form whose escaping is checked (see :attr:`form`)."""
        return self.form or FORMS.get(renderer.suffix.lower())

    # -- the checks ------------------------------------------------------------------

    def check_document(self, renderer: Renderer, report: Report) -> str:
        """Render ``report`` and check it (see the module docstring); returns the output."""
        output = renderer.render(report)
        label = f"{renderer.name} {report.kind}"
        assert isinstance(output, str), f"{label}: render() must give text"
        assert output.endswith("\n"), f"{label}: the output does not end with a newline"
        stray = CONTROL.search(output.replace("\n", ""))
        assert stray is None, f"{label}: control character {stray.group()!r} in the output"
        form = self.form_of(renderer)
        if form != "html":  # in HTML a newline inside text is only a space
            for line in output.splitlines():
                for injected in _injected_lines(self.names):
                    assert not line.lstrip(" |,\"'").startswith(injected), (
                        f"{label}: a name's newline starts a line of its own: {line!r}"
                    )
        for table in report.tables:
            for row in table.rows:
                for cell in row:
                    if cell.replace(" ", "").isalnum():
                        assert cell in output, f"{label}: cell {cell!r} is missing"
        self.check_escaped(form, output, label)
        return output

    def check_escaped(self, form: str | None, output: str, label: str) -> None:
        """The hostile names escaped as ``form`` needs (override for another form)."""
        if form == "html":
            assert "<script" not in output.lower(), f"{label}: a raw <script> tag"
            assert "<b>" not in output, f"{label}: a name's raw markup"
            assert "&lt;script&gt;" in output, f"{label}: the name <script> is not in the output"
        elif form == "csv":
            for row in csv.reader(io.StringIO(output)):
                for cell in row:
                    assert not (_FORMULA.match(cell) and not _NUMBER.fullmatch(cell)), (
                        f"{label}: a spreadsheet would run the cell {cell!r}"
                    )
        elif form == "markdown":
            assert not re.search(r"(?<!\\)<", output), f"{label}: a raw '<' opens HTML"
            header: int | None = None
            for line in output.splitlines():
                if not line.startswith("|"):
                    header = None
                    continue
                cells = len(re.findall(r"(?<!\\)\|", line))
                if header is None:
                    header = cells
                assert cells == header, f"{label}: the row {line!r} breaks its table"

    # -- the contract -------------------------------------------------------------------

    def check_metadata(self, renderer: Renderer) -> None:
        """The plugin conforms to :class:`caddy.contracts.Renderer`, and its
        descriptive members have the types the contract gives them."""
        assert conformance("renderers", renderer) == []
        assert isinstance(renderer.summary, str) and renderer.summary
        assert renderer.suffix.startswith("."), renderer.suffix

    def test_has_metadata(self, renderer: Renderer) -> None:
        assert renderer.name == self.renderer_name
        self.check_metadata(renderer)

    @pytest.mark.parametrize("kind", DOCUMENT_KINDS)
    def test_renders_every_document_kind_safely(self, renderer: Renderer, kind: str) -> None:
        self.check_document(renderer, sample_reports(self.names)[kind])

    def test_renders_an_empty_report(self, renderer: Renderer) -> None:
        output = renderer.render(Report(kind="standings", title="Empty"))
        assert isinstance(output, str)
