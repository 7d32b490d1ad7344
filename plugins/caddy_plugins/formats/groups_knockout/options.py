"""The options of the ``groups-knockout`` format (:mod:`caddy_plugins.formats.groups_knockout`):
the groups, how they are formed, who advances and how ties for a place are
broken, and the knockout's match options."""

from __future__ import annotations

from typing import Literal

import attrs

from caddy_plugins.formats.groups_knockout.draw import GROUPS_BY, GroupsBy
from caddy_plugins.formats.knockout.colours import CHOICES, COLOUR_RULES, Choice, ColourRule
from caddy_plugins.formats.knockout.match import Decider, KnockoutOptions, tiebreak_sequence


@attrs.frozen(kw_only=True)
class GroupsKnockoutOptions:
    """Options of the ``groups-knockout`` format."""

    #: Number of groups.
    groups: int = attrs.field(default=4, validator=attrs.validators.ge(1))
    #: How the groups are formed: ``snake``, ``cyclic`` or ``baskets``
    #: (rating baskets of G, each drawn by lot into the groups).
    groups_by: GroupsBy = attrs.field(default="snake", validator=attrs.validators.in_(GROUPS_BY))
    #: The seed of the basket draw (``groups_by=baskets``): given, or drawn
    #: once when the options are made and recorded with them in the event file.
    draw_seed: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(0))
    )
    #: Group round robin: 1 (single) or 2 (double).
    cycles: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: Players that advance from each group.
    advance: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    #: Group tie-breaks, comma-separated.
    tiebreaks: str = "SB,DE,KS"
    #: Games per knockout match before tie-breaks: 1 or 2.
    games: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: Knockout tie-break stages (as the knockout format's option).
    tiebreak: str = attrs.field(
        default="rapid-pair,blitz-pair,armageddon", validator=tiebreak_sequence
    )
    #: Knockout colours and decider (as the knockout format's options).
    tiebreak_colours: ColourRule = attrs.field(
        default="lot", validator=attrs.validators.in_(COLOUR_RULES)
    )
    armageddon_colour: ColourRule = attrs.field(
        default="lot", validator=attrs.validators.in_(COLOUR_RULES)
    )
    armageddon_choice: Choice = attrs.field(
        default="black", validator=attrs.validators.in_(CHOICES)
    )
    decider: Decider = attrs.field(
        default="armageddon", validator=attrs.validators.in_(("armageddon", "sudden-death"))
    )
    #: Players still tied (after the group tie-breaks) across the last place
    #: that advances: ``playoff`` (a knockout between them after the group
    #: stage) or ``lots`` (a drawing of lots from the event's seed).
    ties: Literal["lots", "playoff"] = attrs.field(
        default="playoff", validator=attrs.validators.in_(("lots", "playoff"))
    )
    #: How the group winners meet: ``bracket`` (seeded by place and group
    #: order in the standard bracket: A1-D1, B1-C1) or ``A-B`` (neighbouring
    #: groups: A1-B1, C1-D1, as the 2022 FIDE Grand Prix semi-finals;
    #: ``advance=1`` and 2, 4, 8 ... groups).
    semifinals: Literal["bracket", "A-B"] = attrs.field(
        default="bracket", validator=attrs.validators.in_(("bracket", "A-B"))
    )

    def __attrs_post_init__(self) -> None:
        KnockoutOptions(tiebreak=self.tiebreak, decider=self.decider)  # the same checks
        if self.groups_by == "baskets" and self.draw_seed is None:
            from caddy.model.schedule import draw_seed

            # drawn once, here; the event file records it with the options
            object.__setattr__(self, "draw_seed", draw_seed())

    def knockout_options(self) -> KnockoutOptions:
        """The knockout's (and the play-off's) match options."""
        return KnockoutOptions(
            games=self.games,
            tiebreak=self.tiebreak,
            tiebreak_colours=self.tiebreak_colours,
            armageddon_colour=self.armageddon_colour,
            armageddon_choice=self.armageddon_choice,
            decider=self.decider,
        )
