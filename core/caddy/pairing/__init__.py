"""Pairing a round: the request formats receive, re-pairing, simulation.

Lives here: :mod:`~caddy.pairing.request` (the pairing contract's
:class:`~caddy.contracts.PairingRequest` from a replayed state, a file's round
to pair), :mod:`~caddy.pairing.recheck` (``caddy check --pairings``: every
round re-paired and compared) and :mod:`~caddy.pairing.simulate` (``caddy
simulate``). The pairing engines themselves are plugins.

Imports :mod:`caddy.event` and every package below it. May not import views,
publish or the command line (docs/architecture.md; checked by ``lint-imports``).
"""
