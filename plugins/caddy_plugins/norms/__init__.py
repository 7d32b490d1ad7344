"""Built-in norm rules (hook ``caddy_register_norms``): FIDE's title norms
(:mod:`caddy_plugins.norms.fide`, FIDE Handbook B.01; docs/norms.md)."""
