"""Contract test suites for plugin authors: one pytest base class per kind.

Subclass a suite in your own tests, name your plugin, and pytest proves
that it keeps caddy's promises::

    from caddy.testing import (
        CodecContract, FormatContract, NormRulesContract, PrizeSharingContract,
        RatingSystemContract, RendererContract, TeamTieBreakContract, TieBreakContract,
    )

    class TestMyFormat(FormatContract):
        format_name = "my-format"

    class TestMyTieBreak(TieBreakContract):
        tiebreak_name = "MYTB"

    class TestMyTeamTieBreak(TeamTieBreakContract):
        tiebreak_name = "MYTEAMTB"

    class TestMyCodec(CodecContract):
        codec_name = "my-codec"

    class TestMyRenderer(RendererContract):
        renderer_name = "my-renderer"

    class TestMyRatingSystem(RatingSystemContract):
        system_name = "my-system"

    class TestMyPrizeSharing(PrizeSharingContract):
        method_name = "my-sharing"

    class TestMyNormRules(NormRulesContract):
        rules_name = "my-norms"

* :class:`FormatContract` (:mod:`caddy.testing.formats`): schedules keep the
  format's arithmetic, pairs meet as promised, colours as the format
  declares them, deterministic for a seed.
* :class:`TieBreakContract` (:mod:`caddy.testing.tiebreaks`): on small
  generated events, deterministic, unchanged by relabelling the players,
  ``explain`` agrees with the value, the order of a tie-break list changes
  no value.
* :class:`TeamTieBreakContract` (:mod:`caddy.testing.team_tiebreaks`): the
  same promises for a team tie-break, on small generated team events (byes,
  forfeited matches and boards, team round robins).
* :class:`CodecContract` (:mod:`caddy.testing.codecs`): write → read → write
  gives the same bytes, on generated events.
* :class:`RendererContract` (:mod:`caddy.testing.renderers`): every kind of
  document renders, and hostile names (``<script>``, ``=cmd``, a newline,
  ``|``) come out escaped for the form.
* :class:`RatingSystemContract` (:mod:`caddy.testing.rating_systems`): one
  change per player in order, totals are the sums of the games, unplayed
  games never rated, options refused with one line, deterministic, unchanged
  by relabelling the players.
* :class:`PrizeSharingContract` (:mod:`caddy.testing.prize_sharing`): on
  small generated tied groups, the shares keep the contract (open prizes,
  to members who qualify, an item whole, a prize's cash in full),
  deterministic, unchanged by relabelling the players, a group of one takes
  what ``by_tiebreak`` gives it.
* :class:`NormRulesContract` (:mod:`caddy.testing.norms`): a title-norm
  plugin's verdicts and figures on generated events (docs/norms.md).

Each suite looks the plugin up in caddy's plugin host; a plugin that is not
installed can be registered by overriding the suite's ``caddy_host``
fixture. Every check is also a plain method that raises
:class:`AssertionError`, so a suite can be run on an object directly. This
package imports pytest (and, when the tie-break or codec suite runs,
hypothesis): import it from tests only.
"""

from __future__ import annotations

from caddy.testing.codecs import CodecContract
from caddy.testing.formats import ColourPromise, FormatContract, colour_problems
from caddy.testing.norms import NormRulesContract
from caddy.testing.prize_sharing import PrizeSharingContract
from caddy.testing.rating_systems import RatingSystemContract
from caddy.testing.renderers import HOSTILE_NAMES, RendererContract
from caddy.testing.team_tiebreaks import TeamTieBreakContract
from caddy.testing.tiebreaks import TieBreakContract

__all__ = [
    "HOSTILE_NAMES",
    "CodecContract",
    "ColourPromise",
    "FormatContract",
    "NormRulesContract",
    "PrizeSharingContract",
    "RatingSystemContract",
    "RendererContract",
    "TeamTieBreakContract",
    "TieBreakContract",
    "colour_problems",
]
