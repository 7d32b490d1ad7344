"""Standings: rank an event by score and tie-breaks (:mod:`caddy.standings.ranking`,
FIDE Handbook C.07), explain a player's tie-breaks (:mod:`caddy.standings.explain`),
the crosstable, team standings and board prizes."""
