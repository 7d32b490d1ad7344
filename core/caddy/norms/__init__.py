"""Title norms (issue 30; docs/norms.md): which players made a norm, and the
figures its certificate needs.

- :mod:`caddy.norms.request`: an event's results read into one
  :class:`~caddy.contracts.norms.NormRequest` per player;
- :mod:`caddy.norms.check`: the requests asked of the norm rules a plugin
  registers (hook ``caddy_register_norms``; FIDE's titles by default);
- :mod:`caddy.norms.report`: the ``caddy.norms`` JSON document and the report
  every renderer prints.
"""
