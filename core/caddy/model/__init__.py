"""caddy.model."""
