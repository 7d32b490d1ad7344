"""caddy.plugins.host."""
