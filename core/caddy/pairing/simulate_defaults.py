"""The defaults of a simulated Swiss (:mod:`caddy.pairing.simulate`), apart
so that ``caddy simulate``'s parser shows them without importing the simulation."""

#: The default ratings range (``--ratings``).
DEFAULT_RATINGS = (1400, 2700)
#: Default probabilities (``--draws``, ``--forfeits``, ``--half-byes``, ``--retire``).
DEFAULT_DRAWS = 0.4
DEFAULT_FORFEITS = 0.02
DEFAULT_HALF_BYES = 0.02
DEFAULT_RETIRE = 0.01
