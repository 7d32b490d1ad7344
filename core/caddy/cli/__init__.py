"""caddy.cli.main."""
