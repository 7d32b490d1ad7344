"""caddy.publish.site."""
