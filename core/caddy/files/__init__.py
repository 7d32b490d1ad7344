"""caddy.files."""
