"""The option sets of each format that can take a field (what ``caddy plan`` weighs).

Each registered format offers :meth:`~caddy.contracts.Format.plan_options`
of its default options (its own options and its
:meth:`~caddy.contracts.Format.variants`; the Swiss adds round counts);
:func:`candidates` keeps those :meth:`~caddy.contracts.Format.check` accepts
and says why a format with none left cannot take the field.
:mod:`caddy.schedule.planner` fits them to a time budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from caddy.contracts.format_tools import option_summary
from caddy.errors import CaddyError, PluginError
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.contracts import Format
    from caddy.plugins.host import PluginHost

__all__ = ["Candidate", "candidates"]


@attrs.frozen(kw_only=True)
class Candidate:
    """One option set of one format that can take the field."""

    format: Format
    #: The format's label for the option set (``""``: its own options).
    variant: str
    options: Any


def _key(fmt: Format, options: Any, players: int) -> tuple[str, tuple[Any, ...]]:
    arithmetic = fmt.arithmetic(players, options)
    shape = (arithmetic.rounds, arithmetic.games, arithmetic.games_per_player, arithmetic.stages)
    return repr(sorted(option_summary(options).items())), shape


def candidates(
    players: int, host: PluginHost | None = None, formats: Sequence[str] | None = None
) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Every format's option sets for ``players``, and the formats that cannot take the field.

    Each registered format offers :meth:`~caddy.contracts.Format.plan_options`
    of its default options; a set that :meth:`~caddy.contracts.Format.check`
    refuses is left out, and a format with no set left is returned with the
    reason (its first refusal). A variant with the same options and the same
    arithmetic as another format's own options (the round robin's ``double
    round robin`` and the ``double-round-robin`` format) is listed once, as
    the format's own. ``formats`` names the formats to ask (default: all).

    :raises caddy.errors.CaddyError: a name in ``formats`` no plugin registers.
    """
    host = resolve(host)
    registry = host.formats()
    chosen = (
        sorted(registry, key=lambda f: f.name)
        if formats is None
        else [registry.get(name) for name in dict.fromkeys(formats)]
    )
    offered: list[list[Candidate]] = []
    refused: list[tuple[str, str]] = []
    for fmt in chosen:
        sets: list[Candidate] = []
        first_problem: str | None = None
        try:
            options_by_label = dict(fmt.plan_options(players, fmt.Options()))
        except PluginError:
            raise
        except CaddyError as exc:
            refused.append((fmt.name, exc.problems[0]))
            continue
        for label, options in options_by_label.items():
            try:
                fmt.check(players, options)
                fmt.arithmetic(players, options)
            except PluginError:  # a plugin's fault, not the field's
                raise
            except CaddyError as exc:
                first_problem = first_problem or exc.problems[0]
                continue
            sets.append(Candidate(format=fmt, variant=label, options=options))
        if sets:
            offered.append(sets)
        else:
            refused.append((fmt.name, first_problem or "the format offers no option set"))
    # each format's own options first, so a variant repeating another format is dropped
    seen: set[tuple[str, tuple[Any, ...]]] = set()
    kept: set[int] = set()
    for pass_own in (True, False):
        for sets in offered:
            for index, item in enumerate(sets):
                if (index == 0) != pass_own:
                    continue
                key = _key(item.format, item.options, players)
                if key not in seen:
                    seen.add(key)
                    kept.add(id(item))
    result = [item for sets in offered for item in sets if id(item) in kept]
    return result, refused
