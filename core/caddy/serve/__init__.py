"""``caddy serve``: the event as a web application on the arbiter's laptop.

Public pages (the views ``caddy publish`` writes, rendered from the same
reports), arbiter pages behind a secret, and results reported from players'
phones with a token per board. The ASGI app is built on Starlette, served by
uvicorn, its pages rendered by Jinja2 and its QR codes drawn by segno: the
``serve`` extra (``pip install "chess-caddy[serve]"``), imported only by this
command.

- :mod:`caddy.serve.live`: the event as the file holds it now (re-read when the
  file's identity changes; never a copy held as the truth);
- :mod:`caddy.serve.writer`: every change through the event's one session
  (lock, replay, check, atomic write), one writer at a time;
- :mod:`caddy.serve.store`: the board tokens and the players' reports waiting
  for a confirmation (SQLite beside the event file);
- :mod:`caddy.serve.security`: headers, CSRF, rate limits, body limits;
- :mod:`caddy.serve.app`: the routes.

docs/serve.md has the threat model.
"""
