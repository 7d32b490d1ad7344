"""The caddy-free pairing engines: the FIDE Dutch system (``dutch``) and
the team Swiss (``team_swiss``). They import nothing of caddy; the format
plugins (:mod:`caddy_plugins.formats`) feed them requests and read their pairings."""
