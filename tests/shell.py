"""Run the shell lines of README.md and docs/*.md with ``caddy`` in this process.

The documentation's ``sh`` and ``console`` blocks are short command lists. This
runner reads them as bash would (``shlex`` words, ``#`` comments, ``&&``,
``||``, ``;``, ``> file``, ``$?``, ``NAME=value`` prefixes) and runs

- ``caddy ARGS`` through ``caddy.cli.main.main`` with a fresh plugin host, as a
  new process would have (a ``PYTHONPATH=DIR`` prefix puts ``DIR`` on
  ``sys.path`` for that command);
- ``printf`` and ``echo`` itself;
- ``python3 ARGS`` in a subprocess of the test run's own interpreter.

Anything else (pipes, other programs) is refused with an error naming the
line, so a block this runner cannot run fails loudly instead of passing.
Like ``bash -e``, a script stops at the first command that fails.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs

from caddy.cli.main import main
from caddy.plugins import host as plugins

OPERATORS = ("&&", "||", ";")
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
FD_REDIRECT = re.compile(r"(^|\s)\d+>")  # 2> err, 1>out: not supported


@attrs.frozen
class ShellRun:
    """What a script did: the exit status of its last command and all it printed."""

    code: int
    out: str
    err: str
    commands: int  # how many commands ran


class UnsupportedCommand(AssertionError):
    """A documented command this runner does not run (the test should fail)."""


def words(line: str) -> list[str]:
    """The words and operators of one shell line, comments dropped."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    return list(lexer)


def logical_lines(script: str) -> Iterator[str]:
    """Lines of a script with backslash continuations joined."""
    pending = ""
    for line in script.splitlines():
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        yield pending + line
        pending = ""
    if pending:
        yield pending


def printf(fmt: str, *args: str) -> str:
    """bash's ``printf`` for a format with backslash escapes, ``%s`` and ``%%``."""
    escapes = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}
    out: list[str] = []
    values = list(args)
    i = 0
    while i < len(fmt):
        char = fmt[i]
        if char == "\\" and i + 1 < len(fmt) and fmt[i + 1] in escapes:
            out.append(escapes[fmt[i + 1]])
            i += 2
        elif char == "%" and fmt[i + 1 : i + 2] == "%":
            out.append("%")
            i += 2
        elif char == "%" and fmt[i + 1 : i + 2] == "s":
            out.append(values.pop(0) if values else "")
            i += 2
        elif char == "%":
            raise UnsupportedCommand(f"printf: format {fmt!r} is not supported here")
        else:
            out.append(char)
            i += 1
    return "".join(out)


class Shell:
    """Runs scripts in the current working directory (tests ``monkeypatch.chdir``)."""

    def __init__(self) -> None:
        self.status = 0

    def run(self, script: str) -> ShellRun:
        """Run every line; stop at the first one whose status is not 0."""
        out, err = io.StringIO(), io.StringIO()
        commands = 0
        for line in logical_lines(script):
            tokens = words(line)
            if not tokens:
                continue
            status, ran = self._list(tokens, out, err, line)
            commands += ran
            if status != 0:
                break
        return ShellRun(self.status, out.getvalue(), err.getvalue(), commands)

    def _list(
        self, tokens: list[str], out: io.StringIO, err: io.StringIO, line: str
    ) -> tuple[int, int]:
        """A list of commands joined by ``&&``, ``||`` and ``;``."""
        ran = 0
        skip = False
        start = 0
        for i in range(len(tokens) + 1):
            if i < len(tokens) and tokens[i] not in OPERATORS:
                continue
            command = tokens[start:i]
            if not command:
                raise UnsupportedCommand(f"empty command in {line!r}")
            if not skip:
                self.status = self._command(command, out, err, line)
                ran += 1
            operator = tokens[i] if i < len(tokens) else None
            if operator == "&&":
                skip = skip or self.status != 0
            elif operator == "||":
                skip = not skip and self.status == 0
            else:
                skip = False
            start = i + 1
        return self.status, ran

    def _command(self, argv: list[str], out: io.StringIO, err: io.StringIO, line: str) -> int:
        argv = [self._expand(word) for word in argv]
        target: Path | None = None
        if ">" in argv:
            at = argv.index(">")
            if at + 2 != len(argv) or FD_REDIRECT.search(line):
                raise UnsupportedCommand(f"only a final `> FILE` is supported: {line!r}")
            target, argv = Path(argv[at + 1]), argv[:at]
        for word in argv:
            if word and set(word) <= set("&|<>"):
                raise UnsupportedCommand(f"{word!r} is not supported here: {line!r}")
        env: dict[str, str] = {}
        while argv and ASSIGNMENT.match(argv[0]):
            name, value = argv.pop(0).split("=", 1)
            env[name] = value
        if not argv:
            raise UnsupportedCommand(f"no command in {line!r}")
        name, args = argv[0], argv[1:]
        if name == "caddy":
            code, printed, problems = self._caddy(args, env)
        elif name == "printf":
            code, printed, problems = 0, printf(*args), ""
        elif name == "echo":
            code, printed, problems = 0, " ".join(args) + "\n", ""
        elif name in ("python3", "python"):
            proc = subprocess.run(
                [sys.executable, *args],
                capture_output=True,
                text=True,
                env={**os.environ, **env},
                timeout=300,
            )
            code, printed, problems = proc.returncode, proc.stdout, proc.stderr
        else:
            raise UnsupportedCommand(f"{name!r} is not run by tests/shell.py: {line!r}")
        if target is not None:
            target.write_text(printed, encoding="utf-8")
        else:
            out.write(printed)
        err.write(problems)
        return code

    def _expand(self, word: str) -> str:
        return word.replace("$?", str(self.status))

    def _caddy(self, args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
        """``caddy ARGS`` in this process, as a fresh process would run it."""
        unknown = set(env) - {"PYTHONPATH"} - {n for n in env if n.startswith("CADDY_")}
        if unknown:
            raise UnsupportedCommand(f"variables {sorted(unknown)} are not supported here")
        folders = [
            str(Path(folder).resolve())
            for folder in env.get("PYTHONPATH", "").split(os.pathsep)
            if folder
        ]
        saved_path, saved_env = list(sys.path), dict(os.environ)
        modules = set(sys.modules)
        stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
        stderr = io.StringIO()
        sys.path[:0] = folders
        os.environ.update(env)
        importlib.invalidate_caches()
        previous = plugins.reset_host()
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                code = main(args)
        finally:
            plugins.reset_host(previous)
            sys.path[:] = saved_path
            os.environ.clear()
            os.environ.update(saved_env)
            for name in set(sys.modules) - modules:
                origin = getattr(sys.modules[name], "__file__", None) or ""
                if any(origin.startswith(folder) for folder in folders):
                    del sys.modules[name]
        stdout.flush()
        data = stdout.buffer.getvalue()
        return code, data.decode("utf-8"), stderr.getvalue()
