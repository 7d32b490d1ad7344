"""caddy.pairing.request."""
