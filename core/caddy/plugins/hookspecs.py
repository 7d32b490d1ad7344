"""The plugin API: every hook caddy calls, documented by its docstring.

A plugin is a module (or object) with functions marked ``@caddy.hookimpl``
whose names match the specs below. Implementations may accept a subset of a
hook's arguments, so hooks can grow new arguments without breaking plugins.

Registration hooks receive a ``register`` callback owned by the host: the
host, not pluggy's call order, decides what happens when two plugins use the
same name (an error naming both modules).

Plugins are found through entry points, one group per kind, so that a
command imports only what it needs::

    [project.entry-points."caddy.formats"]
    my_format = "my_package.my_format"

Groups: ``caddy.formats``, ``caddy.time_controls``, ``caddy.tiebreaks``, ``caddy.codecs``, ``caddy.renderers``,
``caddy.tiebreak_presets``, ``caddy.rating_systems``, ``caddy.prize_sharing``, ``caddy.norms``, and ``caddy`` for plugins that must always load (for example those adding CLI commands).

Every registered object is checked against its contract in
:mod:`caddy.contracts` when its kind is first used: an object missing a
required member is an error naming the plugin's module and the member
(exit 3).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from collections.abc import Sequence

    from caddy.contracts import (
        Codec,
        Format,
        Renderer,
        TieBreak,
        TieBreakPreset,
        TimeControlParser,
    )
    from caddy.contracts.codecs import FileCheck
    from caddy.contracts.file_pairing import FilePairing
    from caddy.contracts.file_results import FileResults
    from caddy.contracts.format_tools import Shorthand
    from caddy.contracts.norms import NormRules
    from caddy.contracts.prizes import SharingMethod
    from caddy.contracts.rating import RatingSystem

#: Marker for hook specifications (used by caddy itself).
hookspec = pluggy.HookspecMarker("caddy")
#: Marker for hook implementations: decorate your plugin's functions with it.
hookimpl = pluggy.HookimplMarker("caddy")


@hookspec
def caddy_register_formats(register: Callable[[Format], None]) -> None:
    """Register tournament formats.

    :param register: call it once per format object. A format has a
        ``name`` (what users type, e.g. ``"round-robin"``; also the tag in
        serialised files), a ``summary``, an ``Options`` attrs class and an
        ``arithmetic(players, options)`` method; a format whose pairings are
        fixed in advance also has ``schedule(players, options, seed=...)``.
        Its ``kind`` (``"schedule"``, ``"results"``, ``"external"``) says
        which of :class:`caddy.contracts.ScheduleFormat`,
        :class:`caddy.contracts.PairingFormat` (``next_round(request)``) and
        :class:`caddy.contracts.ExternalFormat` applies; subclass
        :class:`caddy.contracts.FormatBase` for the optional members.

    Two plugins registering the same name is an error naming both modules.

    .. versionadded:: 0.1
    """


@hookspec
def caddy_format_shorthands() -> Sequence[Shorthand]:
    """Command-line shorthands for format options.

    ``caddy calc``, ``caddy table`` and ``caddy new`` offer each flag a
    plugin returns here (for example the round robin's ``--double`` for
    ``--option cycles=2``) as a :class:`caddy.contracts.format_tools.Shorthand`: the flag,
    the option it sets, a fixed value or none (the flag then takes one), and
    its help line. A flag two plugins offer is the first one's.

    .. versionadded:: 0.2
    """
    return ()


@hookspec
def caddy_register_time_controls(register: Callable[[TimeControlParser], None]) -> None:
    """Register time-control notation parsers.

    :param register: call it once per parser object. A parser has a
        ``name``, a ``priority`` (lower is tried first; built-ins use 10, 20
        and 30) and ``parse(text)`` returning a
        :class:`caddy.model.timecontrol.TimeControl`, or ``None`` when the text is
        not in its notation. A parser that recognises its notation but finds
        an error raises :class:`caddy.errors.TimeControlError` naming the part
        it could not read. See :class:`caddy.contracts.TimeControlParser`.

    .. versionadded:: 0.1
    """


@hookspec
def caddy_register_tiebreaks(register: Callable[[TieBreak], None]) -> None:
    """Register tie-breaks.

    :param register: call it once per tie-break object. A tie-break has a
        ``name`` (its FIDE acronym, e.g. ``"SB"``: the registry key and what
        users type), a ``title``, the C.07 ``article``, its ``kind`` (type
        letters), the ``modifiers`` it accepts (``C`` cut, ``M`` median,
        ``L`` limit, ``P``, ``F``), a one-line ``summary``, the ``editions``
        it exists in, ``group_dependent`` (True for direct encounter), and
        ``compute(table, spec)`` returning one value per player plus
        ``explain(table, spec, player)``; optionally ``lower_is_better(spec)``
        and ``separates_round_robin``, and for a group tie-break
        ``rank_group(table, spec, group)``, ``explain_group(...)`` and
        ``group_values(table, spec, places)`` (the values shown; default the
        places). See
        :class:`caddy.contracts.TieBreak` (:class:`caddy.contracts.TieBreakBase`
        has the defaults).

    .. versionadded:: 0.1
    """


@hookspec
def caddy_register_tiebreak_presets(register: Callable[[TieBreakPreset], None]) -> None:
    """Register named tie-break lists (presets).

    :param register: call it once per preset object. A preset has a
        ``name`` (what users type after ``--tiebreaks``, e.g. ``"rr"``), a
        one-line ``summary``, its ``tiebreaks`` (texts in order, modifiers
        included, e.g. ``("BH/C1", "BH", "SB")``) and ``default_for``: the
        kinds of event it is the default list for (``"pre-determined"``,
        ``"other"``). See :class:`caddy.contracts.TieBreakPreset`.

    .. versionadded:: 0.2
    """


@hookspec
def caddy_register_codecs(register: Callable[[Codec], None]) -> None:
    """Register file formats that events are imported from and exported to.

    :param register: call it once per codec object. A codec has a ``name``
        (what users type after ``--to``/``--from``, e.g. ``"trf"``), a
        ``summary``, the file ``suffixes`` it claims (``(".trf",)``),
        ``sniff(data)`` saying whether bytes look like its format,
        ``read(data, source=..., strict=...)`` returning a
        :class:`caddy.contracts.codecs.Imported` and ``write(event, flavour=...)``
        returning a :class:`caddy.contracts.codecs.Exported`. Problems are raised as
        :class:`caddy.errors.CaddyError`, one line each. See
        :class:`caddy.contracts.Codec`.

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def caddy_read_results(codec: str, data: bytes, source: str) -> FileResults | None:
    """The results of a file in a codec's format, as the file states them.

    ``caddy standings FILE`` and ``caddy crosstable FILE`` read a file that
    is not an event file through the codec registry: by default the codec's
    ``read`` makes an event file and that event's results are ranked. A
    format that records more than an event file holds (stated points and
    bye values, players annulled by a rule) answers here instead.

    :param codec: the name of the codec the file was found to be in;
        answer ``None`` for a codec that is not yours.
    :param data: the file's bytes.
    :param source: the file's name, for messages.
    :returns: a :class:`caddy.contracts.file_results.FileResults`, or ``None``.
    :raises caddy.errors.CaddyError: the file cannot be read (one line each).

    .. versionadded:: 0.2
    """


@hookspec(firstresult=True)
def caddy_check_file(codec: str, data: bytes, source: str) -> FileCheck | None:
    """Check a file in a codec's format (``caddy check FILE``).

    By default the codec's ``read`` makes an event file and its rounds are
    checked. A codec that can report more (every game whose two sides
    disagree, stated points that differ from the results) answers here.

    :param codec: the name of the codec the file was found to be in;
        answer ``None`` for a codec that is not yours.
    :param data: the file's bytes.
    :param source: the file's name, for messages.
    :returns: a :class:`caddy.contracts.codecs.FileCheck`, or ``None``.
    :raises caddy.errors.CaddyError: the file cannot be read (one line each).

    .. versionadded:: 0.2
    """


@hookspec(firstresult=True)
def caddy_pairing_input(
    codec: str,
    data: bytes,
    source: str,
    round: int | None,
    rounds: int | None,
    initial_colour: str | None,
    readings: Collection[str],
) -> FilePairing | None:
    """Read a file in a codec's format as a round to pair (``caddy pair FILE``).

    Pairing programs hand an engine a file of the rounds so far; the codec
    that reads such files answers with the pairing request for the round to
    pair and a way to write the file with that round added.

    :param codec: the name of the codec the file was found to be in;
        answer ``None`` for a codec that is not yours.
    :param data: the file's bytes.
    :param source: the file's name, for messages.
    :param round: the round to pair (``None``: the first with no game).
    :param rounds: the planned rounds when the user gives them.
    :param initial_colour: ``"w"``/``"b"`` when the user gives it.
    :param readings: readings of the format's ambiguous records the user
        chose, as for :meth:`caddy.contracts.Codec.read` (TRF: ``"801-byes"``).
    :returns: a :class:`caddy.contracts.file_pairing.FilePairing`, or ``None``.
    :raises caddy.errors.CaddyError: the file cannot be paired (one line each).

    .. versionadded:: 0.2
    """


@hookspec
def caddy_register_renderers(register: Callable[[Renderer], None]) -> None:
    """Register output forms for pairing sheets, crosstables, standings and schedules.

    :param register: call it once per renderer object. A renderer has a
        ``name`` (what users type after ``--output``, e.g. ``"html"``), a
        ``summary``, the ``suffix`` of its files, and ``render(report)``
        returning text: the :class:`caddy.model.report.Report` a command built (a
        title, context lines, tables of text cells, notes). See
        :class:`caddy.contracts.Renderer`.

    .. versionadded:: 0.1
    """


@hookspec
def caddy_register_rating_systems(register: Callable[[RatingSystem], None]) -> None:
    """Register rating systems: what a player's rating changes by in an event.

    :param register: call it once per rating-system object. A rating system
        has a ``name`` (what users type after ``caddy ratings EVENT
        --system``, e.g. ``"fide"``), a ``summary``, its ``options`` (name →
        one line of help) and ``change(request)`` taking a
        :class:`caddy.contracts.rating.RatingRequest` (the players' ratings,
        every round's games, the event's date and rating type) and returning
        a :class:`caddy.contracts.rating.RatingReport`. See
        :class:`caddy.contracts.rating.RatingSystem`.

    .. versionadded:: 0.3
    """


@hookspec
def caddy_register_prize_sharing(register: Callable[[SharingMethod], None]) -> None:
    """Register prize-sharing methods: how players tied on points share cash.

    :param register: call it once per method object. A method has a
        ``name`` (what a prize schedule's ``sharing`` names, e.g. ``"hort"``),
        a ``summary`` and ``share(group)`` taking a
        :class:`caddy.contracts.prizes.TiedGroup` (the tied players, best
        tie-break first, and the prizes open to them) and returning the
        :class:`caddy.contracts.prizes.Share` s it gives. See
        :class:`caddy.contracts.prizes.SharingMethod`.

    .. versionadded:: 0.3
    """


@hookspec
def caddy_register_norms(register: Callable[[NormRules], None]) -> None:
    """Register title-norm rules: which players made a norm, and its figures.

    :param register: call it once per rules object. Rules have a ``name``
        (what ``caddy norms --rules`` names, e.g. ``"fide"``), a ``summary``,
        the ``titles`` they check and ``check(request, forecast)`` taking a
        :class:`caddy.contracts.norms.NormRequest` (one player's rounds, their
        opponents' titles, federations and ratings, the event's shape) and
        returning one :class:`caddy.contracts.norms.NormResult` per title. See
        :class:`caddy.contracts.norms.NormRules` and docs/norms.md.

    .. versionadded:: 0.4
    """


@hookspec
def caddy_add_commands(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add sub-commands to the ``caddy`` command line.

    :param subparsers: the object returned by
        ``ArgumentParser.add_subparsers()``. Add a parser with
        ``subparsers.add_parser(name, help=...)`` and give it a handler with
        ``parser.set_defaults(handler=function)``; the handler receives the
        parsed :class:`argparse.Namespace` and returns an exit code.

    Plugins adding commands should be declared in the ``caddy`` entry-point
    group so that they load for every command.

    .. versionadded:: 0.1
    """
