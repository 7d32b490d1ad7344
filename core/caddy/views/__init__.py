"""caddy.views.formats."""
