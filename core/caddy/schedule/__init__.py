"""caddy.schedule."""
