"""The folder ``caddy publish`` writes its site into, written safely.

Publish owns the files it wrote and nothing else. The marker file
:data:`MARKER` (``.caddy-publish.json``) in the folder lists them; a file
that is not listed is someone else's (a club's own ``index.html``, a
logo): publish refuses a folder holding one unless told ``--force``, and
even then never removes it. A page listed in the old marker but not in the
new site (an earlier, larger event's ``player-30.html``) is stale and
removed.

No symbolic link is ever followed: the folder itself must not be one
(checked with ``lstat`` and opened with ``O_NOFOLLOW``), every file is
opened and replaced relative to that open folder (``dir_fd``), and a
symbolic link anywhere in the folder is refused, ``--force`` or not. Each
page is written to a new temporary file in the folder (``O_EXCL``) and
renamed over its name, so a reader never sees half a page. The marker is
written before the pages (listing the old files and the new) and again
after them (the new files alone), so a run cut short still knows every
file it wrote.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path

import attrs

from caddy.errors import CaddyError
from caddy.model.documents import MARKER_SCHEMA, PublishMarker, write

#: The file that lists the files ``caddy publish`` wrote.
MARKER = ".caddy-publish.json"
#: Temporary files: ``.caddy-publish-RANDOM.tmp`` (a run cut short leaves one; the next removes it).
TEMP_PREFIX, TEMP_SUFFIX = ".caddy-publish-", ".tmp"
#: Foreign files named one by one before the rest are counted.
SHOWN = 10

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)
#: Opening a named pipe for reading would wait for a writer: never wait.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


@attrs.frozen
class Written:
    """What a publish did: files written, left as they were, and removed (stale)."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...] = ()

    def summary(self) -> str:
        gone = f", removed {len(self.removed)}" if self.removed else ""
        return f"wrote {len(self.written)}, unchanged {len(self.unchanged)}{gone}"


def plain_name(name: str) -> bool:
    """A file name of the folder itself: no separator, not hidden, not ``..``."""
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".")


class Folder:
    """The site's folder, opened once; every file is reached relative to it."""

    def __init__(self, root: Path, shown: str) -> None:
        self.root = root
        self.shown = shown
        self.fd: int | None = None

    def __enter__(self) -> Folder:
        _make(self.root, self.shown)
        if os.open in os.supports_dir_fd and _DIRECTORY:
            try:
                self.fd = os.open(self.root, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
            except OSError as exc:
                raise CaddyError(_folder_problem(self.shown, exc)) from None
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)

    def show(self, name: str) -> str:
        return str(Path(self.shown) / name)

    def _at(self, name: str) -> str:
        return name if self.fd is not None else str(self.root / name)

    def names(self) -> list[str]:
        with os.scandir(self.fd if self.fd is not None else self.root) as entries:
            return sorted(e.name for e in entries)

    def mode(self, name: str) -> int | None:
        """The file's type and mode, the link itself for a link (``None``: no such file)."""
        try:
            return os.stat(self._at(name), dir_fd=self.fd, follow_symlinks=False).st_mode
        except FileNotFoundError:
            return None

    def read(self, name: str) -> bytes | None:
        """A regular file's bytes (``None``: missing, a link, a pipe or unreadable)."""
        flags = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY
        try:
            fd = os.open(self._at(name), flags, dir_fd=self.fd)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            return file.read()

    def write(self, name: str, data: bytes) -> None:
        """Replace ``name`` with ``data`` atomically: a new temp file, renamed over it."""
        temp = f"{TEMP_PREFIX}{secrets.token_hex(8)}{TEMP_SUFFIX}"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY
        try:
            fd = os.open(self._at(temp), flags, 0o666, dir_fd=self.fd)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(self._at(temp), self._at(name), src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(self._at(temp), dir_fd=self.fd)
            raise CaddyError(f"{self.show(name)}: cannot write ({exc.strerror})") from None

    def remove(self, name: str) -> None:
        try:
            os.unlink(self._at(name), dir_fd=self.fd)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise CaddyError(f"{self.show(name)}: cannot remove ({exc.strerror})") from None

    def sync(self) -> None:
        """Make the renames durable."""
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.fsync(self.fd)


def _make(root: Path, shown: str) -> None:
    """The folder: made when missing; refused when it is a link or not a folder."""
    try:
        info = root.lstat()
    except FileNotFoundError:
        try:
            root.mkdir(parents=True)
        except OSError as exc:
            raise CaddyError(f"{shown}: cannot make the folder ({exc.strerror})") from None
        return
    except OSError as exc:
        raise CaddyError(f"{shown}: cannot read the folder ({exc.strerror})") from None
    if stat.S_ISLNK(info.st_mode):
        raise CaddyError(f"{shown}: is a symbolic link; caddy publish never follows one")
    if not stat.S_ISDIR(info.st_mode):
        raise CaddyError(f"{shown}: is not a folder")


def _folder_problem(shown: str, exc: OSError) -> str:
    if exc.errno in (errno.ELOOP, errno.EMLINK):  # O_NOFOLLOW met a link (BSD: EMLINK)
        return f"{shown}: is a symbolic link; caddy publish never follows one"
    return f"{shown}: cannot open the folder ({exc.strerror})"


def _temp(name: str) -> bool:
    return name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)


def marker_bytes(files: set[str]) -> bytes:
    """The marker listing ``files``."""
    out = io.StringIO()
    write(PublishMarker(files=tuple(sorted(files))), out, indent=1, ensure_ascii=True)
    return out.getvalue().encode("utf-8")


def owned_files(folder: Folder, *, force: bool) -> set[str]:
    """The files the marker lists (none without a marker; ``force``: a bad marker lists none)."""
    mode = folder.mode(MARKER)
    if mode is None:
        return set()
    shown = folder.show(MARKER)
    if stat.S_ISLNK(mode):
        raise CaddyError(f"{shown}: is a symbolic link; caddy publish never follows one")
    data = folder.read(MARKER)
    try:
        document = json.loads(data.decode("utf-8")) if data is not None else None
    except ValueError:
        document = None
    files = document.get("files") if isinstance(document, dict) else None
    if (
        isinstance(document, dict)
        and document.get("schema") == MARKER_SCHEMA
        and isinstance(files, list)
        and all(isinstance(f, str) and plain_name(f) for f in files)
    ):
        return set(files)
    if force:
        return set()
    raise CaddyError(f"{shown}: is not a caddy publish marker (--force writes a new one)")


def problems(
    folder: Folder, pages: Mapping[str, bytes], owned: set[str], *, force: bool
) -> list[str]:
    """Why the folder cannot take the site: a symbolic link (never followed,
    ``--force`` or not), a folder where a page goes, files publish did not
    write (without ``force``); one line each."""
    found: list[str] = []
    foreign: list[str] = []
    for name in folder.names():
        mode = folder.mode(name)
        if name == MARKER or mode is None or (_temp(name) and not stat.S_ISDIR(mode)):
            continue
        if stat.S_ISLNK(mode):
            found.append(
                f"{folder.show(name)}: is a symbolic link; caddy publish never follows one"
            )
        elif name in pages and stat.S_ISDIR(mode):
            found.append(f"{folder.show(name)}: is a folder where a page of the site goes")
        elif name not in owned and not force:
            foreign.append(name)
    for name in foreign[:SHOWN]:
        then = "replaces it" if name in pages else "publishes beside it"
        found.append(
            f"{folder.show(name)}: not written by caddy publish (not in {MARKER}); --force {then}"
        )
    if len(foreign) > SHOWN:
        found.append(
            f"{folder.shown}: and {len(foreign) - SHOWN} more files not written by caddy publish"
        )
    return found


def publish_into(root: Path, pages: Mapping[str, bytes], *, shown: str, force: bool) -> Written:
    """Write ``pages`` into the folder ``root``: only what changed, each
    atomically; remove the stale pages of the old marker (see the module docstring)."""
    assert all(plain_name(name) for name in pages)
    with Folder(root, shown) as folder:
        owned = owned_files(folder, force=force)
        found = problems(folder, pages, owned, force=force)
        if found:
            raise CaddyError(found[0], problems=found)
        for name in folder.names():
            if _temp(name) and not stat.S_ISDIR(folder.mode(name) or 0):
                folder.remove(name)  # left by a run cut short
        new = set(pages)
        _update(folder, MARKER, marker_bytes(owned | new))
        written: list[str] = []
        unchanged: list[str] = []
        for name, data in pages.items():
            (written if _update(folder, name, data) else unchanged).append(name)
        stale = sorted(n for n in owned - new if stat.S_ISREG(folder.mode(n) or 0))
        for name in stale:
            folder.remove(name)
        _update(folder, MARKER, marker_bytes(new))
        folder.sync()
    return Written(tuple(written), tuple(unchanged), tuple(stale))


def _update(folder: Folder, name: str, data: bytes) -> bool:
    """Write ``name`` unless it holds ``data`` already; whether it was written."""
    if folder.read(name) == data:
        return False
    folder.write(name, data)
    return True
