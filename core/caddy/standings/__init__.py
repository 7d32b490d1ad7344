"""caddy.standings.ranking."""
