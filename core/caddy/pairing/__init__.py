"""Pairing rounds: the request a format pairs from, and checking pairings again.

- :mod:`caddy.pairing.request`: the :class:`~caddy.contracts.PairingRequest`
  built from an event's replayed state;
- :mod:`caddy.pairing.file_input`: the request read from a file that is not
  an event file (``caddy pair FILE.trf``), through a codec's hook;
- :mod:`caddy.pairing.documents`: a paired round as ``caddy pair`` prints it
  (the JSON document, the engines' exchange lines);
- :mod:`caddy.pairing.recheck` and :mod:`caddy.pairing.differences`:
  re-pairing every round of a tournament and the lines that name what differs
  (``caddy check FILE --pairings``);
- :mod:`caddy.pairing.simulate`: random tournaments played through.

Imports :mod:`caddy.event` and every package below it. May not import views,
publish or the command line (docs/architecture.md; checked by ``lint-imports``).
It reads replayed states and saves no event file; it prints nothing (the CLI does).
"""
