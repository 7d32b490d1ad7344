"""The format plugin contract and its helpers.

A format plugin registers an object satisfying :class:`Format` (arithmetic
for the calculator) and, when its pairings are fixed in advance,
:class:`ScheduleFormat` (the whole schedule). Options are an attrs class;
the CLI's ``--option KEY=VALUE`` reaches any of its fields through
:func:`options_from_strings`, so a third-party format needs no CLI code.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

import attrs

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.models import Round, Schedule, Section
    from caddy.plugins import PluginHost


@attrs.frozen(kw_only=True)
class Arithmetic:
    """What a format needs for a field of ``players``: the calculator's input."""

    #: Number of players.
    players: int
    #: Rounds to play (the longest section's, for sectioned formats).
    rounds: int
    #: Games in the whole event.
    games: int
    #: Boards needed in the busiest round.
    boards: int
    #: Games each player plays (the most any player plays).
    games_per_player: int
    #: Players without a game in each round (the most in any round).
    byes_per_round: int
    #: How often every pair of players meets, when the format promises one
    #: number for all pairs (1 for a round robin, 2 for a double); ``None``
    #: when pairs meet a varying number of times (sections, teams, knockout).
    pair_meetings: int | None = None
    #: The most games the event can take (knockout tie-breaks); ``None``: ``games``.
    max_games: int | None = None
    #: How many of the rounds are knockout stages; the calculator gives each
    #: its own night.
    stages: int = 0
    #: Format-specific lines for the calculator's summary (sections, groups ...).
    details: tuple[str, ...] = ()
    #: The format's advice for a field of this size (the calculator's
    #: ``Advice:`` line, docs/calculator.md); ``None``: none.
    advice: str | None = None


@runtime_checkable
class Format(Protocol):
    """What every format plugin provides."""

    #: Registry key and serialisation tag, what users type (``"round-robin"``).
    name: ClassVar[str]
    #: One line for ``caddy plugins`` and the docs.
    summary: ClassVar[str]
    #: The attrs class of the format's options (all fields need defaults).
    Options: ClassVar[type[Any]]

    def arithmetic(self, players: int, options: Any) -> Arithmetic:
        """Counts for ``players``; raise :class:`~caddy.errors.CaddyError`
        for a field the format cannot run (for example fewer than 2 players)."""

    def variants(self, options: Any) -> Mapping[str, Any]:
        """Other option sets worth comparing in the calculator's summary,
        by label (the round robin offers its double). May be empty."""


@runtime_checkable
class ScheduleFormat(Format, Protocol):
    """A format whose whole schedule is known before round 1."""

    def schedule(self, players: int, options: Any, *, seed: int | None = None) -> Schedule:
        """The schedule for pairing numbers ``1..players``.

        ``seed`` makes any random choice (a colour toss) repeatable: the same
        seed gives the same schedule. ``None`` lets the format draw a seed,
        which it records in :attr:`caddy.models.Schedule.seed`.
        """


@runtime_checkable
class ResultDependentFormat(Format, Protocol):
    """A format whose later rounds depend on the results so far (knockout)."""

    def next_round(
        self, players: int, options: Any, played: Sequence[PlayedRound], *, seed: int | None = None
    ) -> Round | None:
        """The next round given the rounds played, or ``None`` when the event is over."""

    def winner(self, players: int, options: Any, played: Sequence[PlayedRound]) -> int | None:
        """The winner once the event is over."""


@attrs.frozen(kw_only=True)
class PlayedRound:
    """A round with its results, for formats that pair from results."""

    round: Round
    #: White's points per board, in board order (1, 0.5 or 0). For a knockout
    #: match (``round.matches``): 1 if White won the match, 0 if Black did.
    results: tuple[float, ...]
    #: Games each board took (a match with tie-breaks takes more than one).
    games: tuple[int, ...] = ()

    def winners(self) -> list[int]:
        return [
            w if r > 0.5 else b
            for w, b, r in zip(self.round.white, self.round.black, self.results, strict=True)
        ]

    def losers(self) -> list[int]:
        return [
            b if r > 0.5 else w
            for w, b, r in zip(self.round.white, self.round.black, self.results, strict=True)
        ]


@attrs.frozen(kw_only=True)
class Stage:
    """A stage of an event, for ``caddy check``: a format with stages (a group
    stage, then a knockout) says what each stage's pairings must satisfy
    through an optional method ``stages(players, options) -> Sequence[Stage]``."""

    #: What the stage is called in messages (``group stage``, ``knockout``).
    name: str
    #: The stage's rounds; ``last=None`` runs to the end of the event.
    first: int = 1
    last: int | None = None
    #: Each section (a group, a quad) is a round robin of ``cycles`` cycles:
    #: every pair of a section meets exactly that often once the stage is
    #: complete, and nobody meets a player of another section. No sections:
    #: no pair meets twice within the stage.
    sections: tuple[Section, ...] = ()
    cycles: int = 1

    def holds(self, number: int) -> bool:
        """Whether round ``number`` belongs to the stage."""
        return self.first <= number and (self.last is None or number <= self.last)


def depends_on_results(fmt: Format) -> bool:
    """Whether a format pairs later rounds from results (see :class:`ResultDependentFormat`)."""
    return callable(getattr(fmt, "next_round", None))


def generates_schedule(fmt: Format) -> bool:
    """Whether a format produces whole schedules (see :class:`ScheduleFormat`)."""
    return callable(getattr(fmt, "schedule", None))


def schedule_format(fmt: Format) -> ScheduleFormat:
    """``fmt`` as a :class:`ScheduleFormat`, or a clear error if it is not one."""
    if not generates_schedule(fmt):
        raise CaddyError(f"format '{fmt.name}' does not produce a whole schedule in advance")
    return fmt  # type: ignore[return-value]


_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


def _fraction_text(text: str) -> float:
    cleaned = text.strip().replace("½", ".5")
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    if "/" in cleaned:
        top, _, bottom = cleaned.partition("/")
        return int(top) / int(bottom)
    return float(cleaned)


def _convert(text: str, kind: Any) -> Any:
    """Convert one option value from text, guided by its annotation."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is typing.Literal:
        for choice in args:
            if str(choice) == text:
                return choice
        raise ValueError("expected one of " + ", ".join(str(a) for a in args))
    if origin in (typing.Union, types.UnionType):
        if text.lower() in ("none", "") and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(text, arg)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError("; ".join(errors))
    if kind is bool:
        lowered = text.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ValueError("expected true or false")
    if kind is int:
        if not text.strip().lstrip("+-").isascii():  # int() reads '٣' as 3
            raise ValueError("expected a whole number")
        try:
            return int(text)
        except ValueError:
            raise ValueError("expected a whole number") from None
    if kind is float:
        try:
            return _fraction_text(text)
        except (ValueError, ZeroDivisionError):
            raise ValueError("expected a number (0.5, ½ and 1/2 are all allowed)") from None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if text in (member.name, str(member.value), member.name.lower()):
                return member
        raise ValueError("expected one of " + ", ".join(str(m.value) for m in kind))
    return text  # str, or a type whose own converter takes text


def options_from_strings(fmt: Format, values: Mapping[str, str], base: Any = None) -> Any:
    """Build ``fmt.Options`` from ``KEY=VALUE`` texts, validated by the class.

    :param base: options to start from (default: ``fmt.Options()``).
    :raises CaddyError: one problem per line for unknown keys and bad values.
    """
    options_cls = fmt.Options
    attrs.resolve_types(options_cls)
    fields = {f.name: f for f in attrs.fields(options_cls) if f.init}
    base = options_cls() if base is None else base
    problems: list[str] = []
    changes: dict[str, Any] = {}
    for key, text in values.items():
        field = fields.get(key.replace("-", "_"))
        if field is None:
            known = ", ".join(sorted(fields)) or "none"
            problems.append(f"unknown option '{key}' for format '{fmt.name}' (options: {known})")
            continue
        try:
            changes[field.name] = _convert(text, field.type)
        except ValueError as exc:
            problems.append(f"invalid option {key}={text}: {exc}")
    if not problems:
        try:
            return attrs.evolve(base, **changes)
        except (ValueError, TypeError) as exc:
            for key, text in values.items():  # which value its own validator refuses
                name = key.replace("-", "_")
                try:
                    attrs.evolve(base, **{name: changes[name]})
                except (ValueError, TypeError) as own:
                    problems.append(f"invalid option {key}={text}: {_validator_message(own)}")
            if not problems:  # only together
                shown = ", ".join(f"{k}={v}" for k, v in values.items())
                problems.append(
                    f"invalid options for format '{fmt.name}' ({shown}): {_validator_message(exc)}"
                )
    raise CaddyError(problems[0], problems=problems)


def _validator_message(exc: Exception) -> str:
    """What an attrs validator's error says, without the attrs internals:
    ``in_`` raises ``(message, attribute, options, value)``."""
    args = exc.args
    if len(args) == 4 and isinstance(args[1], attrs.Attribute):
        options = args[2]
        if isinstance(options, (tuple, list, set, frozenset)):
            return "expected one of " + ", ".join(str(o) for o in options)
    return str(args[0]) if args else type(exc).__name__


def option_summary(options: Any) -> dict[str, Any]:
    """The options as plain values, for messages and JSON."""
    result: dict[str, Any] = {}
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        result[field.name] = value.value if isinstance(value, enum.Enum) else value
    return result


def require_players(fmt: Format, players: int, minimum: int = 2) -> None:
    """Raise the standard error for a field that is too small."""
    if players < minimum:
        raise CaddyError(f"format '{fmt.name}' needs at least {minimum} players, got {players}")


@attrs.frozen(kw_only=True)
class Shorthand:
    """A command-line flag that stands for a format option (hook
    ``caddy_format_shorthands``): ``--groups G`` for ``--option groups=G``,
    ``--double`` for ``--option cycles=2``."""

    #: The flag, with its dashes (``--groups``).
    flag: str
    #: The option it sets.
    option: str
    #: The value it sets; ``None``: the flag takes the value (``--groups 4``).
    value: str | None = None
    #: One line for ``--help``.
    help: str = ""
    #: The value's name in ``--help`` (``G``).
    metavar: str = "VALUE"


def shorthands(host: PluginHost | None = None) -> list[Shorthand]:
    """Every format plugin's shorthands, each flag once (the first plugin's)."""
    if host is None:
        from caddy.plugins import get_host

        host = get_host()
    host.formats()  # the format plugins are loaded: their hooks answer
    seen: dict[str, Shorthand] = {}
    for answer in host.pm.hook.caddy_format_shorthands():
        for item in answer:
            seen.setdefault(item.flag, item)
    return list(seen.values())
