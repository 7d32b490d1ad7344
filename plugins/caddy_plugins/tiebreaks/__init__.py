"""Built-in tie-breaks, one module each, keyed by FIDE acronym (C.07)."""
