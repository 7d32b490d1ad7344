"""Built-in time-control notations: US Chess, FIDE shorthand, PGN/TRF26 seconds."""
