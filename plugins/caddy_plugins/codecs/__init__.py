"""Built-in codecs: caddy's JSON event file and FIDE's TRF."""
