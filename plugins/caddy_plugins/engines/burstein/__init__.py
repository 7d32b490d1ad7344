"""Swiss-system pairing by the FIDE Burstein system (FIDE Handbook C.04.4.2).

Public API, with the request and answer types of the Dutch engine
(:mod:`caddy_plugins.engines.dutch.model`), so a front end feeds either engine
the same :class:`~caddy_plugins.engines.dutch.model.PairingRequest`:

- :func:`pair_round` (:mod:`.burstein`): a request in, a
  :class:`~caddy_plugins.engines.dutch.model.Pairing` out, with a
  :class:`BursteinExplanation`; raises
  :class:`~caddy_plugins.engines.dutch.model.NoValidPairingError` when the
  absolute criteria leave no pairing.

The parts: :mod:`.index` (the Index and the seeding rounds), :mod:`.groups`
(the brackets), :mod:`.burstein` (pairing within brackets, colours),
:mod:`.fold` (a bracket's pairs by one matching).
"""

from __future__ import annotations

from caddy_plugins.engines.burstein.burstein import BursteinExplanation, pair_round

__all__ = ["BursteinExplanation", "pair_round"]
