"""Who has White in a knockout match's tie-break games (docs/formats.md).

The FIDE World Cup regulations (the tie-break article of the 2019, 2021 and
2023 editions) draw the colours anew before each tie-break stage (the rapid
pair, the blitz pair), and before the Armageddon draw lots: the player who
wins the drawing of lots chooses the colour. Federations' play-off rules
follow the same pattern. caddy draws each of these lots once, from the seed
the event file records (core gives every match a ``lot_seed`` made of that
seed, the round and the board) and the stage's place in the match, so a
replay in any process finds the same colours:

>>> stage_key("7:2:1", 1, "rapid-pair")
'7:2:1:knockout:1:rapid-pair'
>>> first_white(3, 6, "rapid-pair", 1, None, tiebreak="lot", armageddon="lot", choice="black")
3

(no seed: no lot is drawn, and the higher seed has White, as with
``tiebreak_colours=higher-seed``).
"""

from __future__ import annotations

import random
from typing import Literal

import attrs

#: How the colours of each tie-break stage are chosen.
ColourRule = Literal["lot", "higher-seed"]
#: The colour the winner of the Armageddon's lot takes.
Choice = Literal["black", "white"]

COLOUR_RULES: tuple[str, ...] = ("lot", "higher-seed")
CHOICES: tuple[str, ...] = ("black", "white")


def stage_key(lot_seed: str, position: int, stage: str) -> str:
    """The seed of one stage's drawing of lots: the match's ``lot_seed`` (the
    event's seed, the round, the board), the stage's place in the match (0 is
    the standard games, 1 the first tie-break stage ...) and its name."""
    return f"{lot_seed}:knockout:{position}:{stage}"


def higher_wins_lot(key: str) -> bool:
    """A drawing of lots between the two players: ``True`` when the higher seed
    wins it. A string seed hashes the same in every process (``random.seed``,
    version 2), so the lot is the same on every replay."""
    return random.Random(key).random() < 0.5


@attrs.frozen
class StageLot:
    """One stage's drawing of lots, as the pairing sheet may tell it."""

    #: The stage (``rapid-pair``, ``armageddon`` ...) and its place in the match.
    stage: str
    position: int
    #: Who won the lot.
    winner: int
    #: White of the stage's first game (for the Armageddon: the lot winner's choice).
    white: int


def draw_stage(
    higher: int,
    lower: int,
    stage: str,
    position: int,
    lot_seed: str | None,
    *,
    tiebreak: str,
    armageddon: str,
    choice: str,
) -> StageLot | None:
    """The lot drawn for a stage, ``None`` when the stage draws none (the
    standard games, a rule of ``higher-seed``, no seed, a drawing of lots that
    decides the match itself)."""
    if lot_seed is None or stage in ("standard", "lots"):
        return None
    rule = armageddon if stage == "armageddon" else tiebreak
    if rule != "lot":
        return None
    winner = higher if higher_wins_lot(stage_key(lot_seed, position, stage)) else lower
    other = lower if winner == higher else higher
    if stage == "armageddon":  # the winner of the lot chooses the colour
        return StageLot(stage, position, winner, winner if choice == "white" else other)
    return StageLot(stage, position, winner, winner)  # the lot winner has White first


def first_white(
    higher: int,
    lower: int,
    stage: str,
    position: int,
    lot_seed: str | None,
    *,
    tiebreak: str,
    armageddon: str,
    choice: str,
) -> int:
    """White of the first game of a stage of the match between ``higher`` and
    ``lower``: the higher seed, unless the stage draws lots (:func:`draw_stage`)."""
    drawn = draw_stage(
        higher,
        lower,
        stage,
        position,
        lot_seed,
        tiebreak=tiebreak,
        armageddon=armageddon,
        choice=choice,
    )
    return higher if drawn is None else drawn.white
