"""The ``caddy`` console script (and ``python -m caddy``): :func:`caddy.cli.main.main`
with Ctrl-C and memory running out handled from the first instant.

The script imports this module, which imports nothing: the CLI is imported inside
:func:`run`, so a Ctrl-C while it loads (the first fraction of a second) is the
one line ``caddy: interrupted`` and exit 130, never a traceback; memory running
out where even that line cannot be formatted is a line written as bytes, exit 3.
"""

#: The lines :func:`run` writes with ``os.write``: bytes already, so that writing
#: them needs no formatting, no encoding and next to no memory (the text of
#: :data:`caddy.errors.OUT_OF_MEMORY`, which this module does not import).
INTERRUPTED = b"caddy: interrupted\n"
OUT_OF_MEMORY = (
    b"caddy: error: out of memory: the work asked for needs more memory than caddy may use\n"
)


def run() -> int:
    """Run the CLI on :data:`sys.argv`; the exit code."""
    try:
        # lazy: start-up: `caddy --version` and one command's parser import nothing more
        from caddy.cli.main import main

        return main()
    except KeyboardInterrupt:
        return _say(INTERRUPTED, 130)
    except MemoryError as exc:
        exc.__traceback__ = None
        del exc
        return _say(OUT_OF_MEMORY, 3)


def _say(line: bytes, code: int) -> int:
    import contextlib
    import os

    with contextlib.suppress(OSError):  # stderr closed: nothing more to say
        os.write(2, line)
    return code
