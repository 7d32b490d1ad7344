"""Built-in rating systems: FIDE's (B.02) as ``fide``."""
