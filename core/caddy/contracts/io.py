"""The contracts of the plugins that read, write and print: :class:`Codec`,
:class:`Renderer` and :class:`TimeControlNotation`. Re-exported by
:mod:`caddy.contracts`, where plugins import them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from collections.abc import Collection

    from caddy.contracts.codecs import Exported, Imported
    from caddy.event.file import EventFile
    from caddy.model.report import Report
    from caddy.model.timecontrol import TimeControl


@runtime_checkable
class Codec(Protocol):
    """The contract of a codec plugin."""

    #: What users type after ``--from``/``--to``.
    name: ClassVar[str]
    #: One line for ``caddy plugins``.
    summary: ClassVar[str]
    #: File suffixes this codec claims (lower case, with the dot).
    suffixes: ClassVar[tuple[str, ...]]

    def sniff(self, data: bytes) -> bool:
        """Whether ``data`` looks like this format (the first bytes suffice)."""
        ...

    def read(
        self, data: bytes, *, source: str, strict: bool = False, readings: Collection[str] = ()
    ) -> Imported:
        """An event from ``data`` (``source`` names the file in messages);
        ``strict`` turns what would be warnings into errors; ``readings``
        names readings of the format's ambiguous records the user chose
        (TRF: ``"801-byes"``). caddy passes ``readings`` only when the user
        chose one, so a codec without the argument still reads every file.

        :raises InputError: one line per problem (a reading the codec does not have, too).
        """
        ...

    def write(self, event: EventFile, *, flavour: str | None = None) -> Exported:
        """The event in this format; ``flavour`` picks a variant (TRF: ``"26"``)."""
        ...


@runtime_checkable
class Renderer(Protocol):
    """The contract of an output-form plugin."""

    #: What users type after ``--output``.
    name: ClassVar[str]
    #: One line for ``caddy plugins``.
    summary: ClassVar[str]
    #: Suffix of files in this form (``.html``).
    suffix: ClassVar[str]

    def render(self, report: Report) -> str:
        """The whole document as text."""
        ...


@runtime_checkable
class TimeControlNotation(Protocol):
    """A time-control notation (``G/90;inc30``, ``90+30``, ``40/90, 30+30``)."""

    name: ClassVar[str]
    #: Lower is tried first; built-ins use 10, 20 and 30.
    priority: ClassVar[int]

    def parse(self, text: str) -> TimeControl | None:
        """The time control, ``None`` if the text is not in this notation;
        raise :class:`~caddy.errors.TimeControlError` for an error in it."""
        ...


#: The older name of :class:`TimeControlNotation`.
TimeControlParser = TimeControlNotation
