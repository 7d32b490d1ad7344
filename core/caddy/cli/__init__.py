"""The ``caddy`` command line: :func:`caddy.cli.main.main` and one module per
command family, each owning its parsers and handlers.

A handler parses, calls one library function, prints: no domain rule, no
report built here, no state kept on the argparse namespace. Functions stay
under 60 lines (``tests/test_architecture.py``). Start-up is kept short: only
the invoked command's parser is built and its modules imported, so an import
inside a function says why (``# lazy: ...``).

The top layer: imports any package below it; nothing in caddy imports it but
the console script :mod:`caddy.entry` (docs/architecture.md; checked by
``lint-imports``).
"""
