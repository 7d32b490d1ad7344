"""Reading and writing files safely (event files: :mod:`caddy.event.store`).

* Every write goes to a temporary file ``.NAME.caddy-tmp-XXXXXXXX`` in the
  same folder, is fsynced, and is renamed over the old file: a failed or
  interrupted write (even ``kill -9``) leaves the previous file
  byte-identical. A temp file a killed command left behind is removed by the
  next command that takes the file's lock.
* The new file keeps the old one's permission bits; a new file gets the
  umask's. A read-only file, a folder, a device or a pipe is never written.
* A write holds an exclusive lock on ``NAME.lock`` beside the *real* file
  (symlinks resolved; :mod:`caddy.files.lock`: ``fcntl`` on POSIX, ``msvcrt``
  on Windows). A second command waits for it up to :data:`LOCK_WAIT`
  seconds, then gives one clear line. Where the platform has no locking at
  all, caddy warns and writes without it.
* ``new``, ``import`` and ``export -o`` create their file under the lock and
  never replace an existing one unless told to (:func:`write_file`).
* Only regular files are read (never a device or a pipe), up to
  :data:`MAX_BYTES`. A corrupt or hand-broken file gives one ``path: message``
  line per problem and is never rewritten.
* A failed write (a full disk, a file-size limit) is one line, exit 1.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from caddy.errors import CaddyError, FileError
from caddy.messages import warn

#: The largest event file caddy reads (a 1,000-player double round robin is well under it).
MAX_BYTES = 512 * 1024 * 1024

#: How long a command waits for another one's lock on the same file, in seconds.
LOCK_WAIT = 10.0

#: The middle of a temp file's name: ``.NAME.caddy-tmp-XXXXXXXX``.
TEMP_MARK = ".caddy-tmp-"


class LockedError(FileError):
    """Another process is writing the event file."""


class WriteError(FileError, OSError):
    """Writing a file failed (a full disk, a file-size limit, ...); exit 1.

    Also an :class:`OSError`, so code that guards a write against the operating
    system's errors keeps catching it."""


def read_bytes(path: str | Path, what: str = "an event file", *, shown: str | None = None) -> bytes:
    """A regular file's bytes, with one clear line when it cannot be read.

    A folder, a device (``/dev/zero``), a named pipe or a socket is refused
    without reading it, and so is a file over :data:`MAX_BYTES`. ``shown``
    names the file in messages (default ``path``)."""
    path = Path(path)
    name = shown if shown is not None else str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        if path.is_dir():
            raise IsADirectoryError
        fd = os.open(path, flags)  # O_NONBLOCK: opening a pipe does not wait for a writer
    except FileNotFoundError:
        raise FileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise FileError(f"{name}: is a folder, not {what}") from None
    except OSError as exc:
        raise FileError(f"{name}: cannot read ({exc.strerror})") from None
    except ValueError:  # a NUL in the name
        raise FileError(f"{name!r}: not a file name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileError(f"{name}: is a folder, not {what}")
        if not stat.S_ISREG(info.st_mode):
            raise FileError(f"{name}: is {_kind(info.st_mode)}, not {what}")
        too_big = CaddyError(f"{name}: larger than {MAX_BYTES // (1024 * 1024)} MiB; not {what}")
        if info.st_size > MAX_BYTES:
            raise too_big
        chunks = []
        total = 0
        while chunk := os.read(fd, max(info.st_size - total, 0) + 65536):
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_BYTES:
                raise too_big
        return b"".join(chunks)
    except OSError as exc:
        raise FileError(f"{name}: cannot read ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_text(path: str | Path, what: str) -> str:
    """A regular file's UTF-8 text (a byte-order mark dropped), as
    :func:`read_bytes` reads it; one clear line when it is not UTF-8."""
    try:
        return read_bytes(path, what).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileError(f"{path}: not UTF-8 (byte {exc.start}); save the file as UTF-8") from None


def peek(path: str | Path, size: int = 64) -> bytes:
    """The first ``size`` bytes of a regular file; ``b""`` for anything else
    (a missing file, a folder, a device, a pipe), never waiting."""
    try:
        if not stat.S_ISREG(Path(path).stat().st_mode):
            return b""
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError):
        return b""
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def existing_regular(path: str | Path, what: str = "an event file") -> None:
    """:func:`read_bytes`'s refusals, from the file's status alone (nothing read)."""
    name = str(path)
    try:
        info = Path(path).stat()
    except FileNotFoundError:
        raise FileError(f"{name}: no such file") from None
    except (OSError, ValueError):
        return  # read_bytes says what is wrong
    if stat.S_ISDIR(info.st_mode):
        raise FileError(f"{name}: is a folder, not {what}")
    if not stat.S_ISREG(info.st_mode):
        raise FileError(f"{name}: is {_kind(info.st_mode)}, not {what}")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def real_path(path: str | Path) -> Path:
    """``path`` with every symlink resolved: the file a write must lock and
    replace (replacing the link itself would turn it into a plain file)."""
    return Path(os.path.realpath(path))


def writable(path: str | Path, shown: str | None = None) -> os.stat_result | None:
    """The status of the existing file ``path`` will replace (``None`` if there
    is none); :class:`CaddyError` when it is not a regular file or is read-only."""
    name = shown if shown is not None else str(path)
    try:
        info = Path(path).stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FileError(f"{name}: cannot write ({exc.strerror})") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileError(f"{name}: is a folder; caddy writes only regular files")
    if not stat.S_ISREG(info.st_mode):
        raise FileError(f"{name}: is {_kind(info.st_mode)}; caddy writes only regular files")
    if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise FileError(f"{name}: the file is read-only; caddy leaves it unchanged")
    return info


def write_atomic(path: str | Path, data: bytes, *, shown: str | None = None) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder, fsync
    and rename: a failed write leaves any previous file unchanged and no temp
    file behind. A symlink is followed (the real file is replaced); an existing
    file keeps its permission bits, a new one gets the umask's. The caller holds
    the file's lock (:func:`locked`); :func:`write_file` does both."""
    name = shown if shown is not None else str(path)
    real = real_path(path)
    folder = real.parent
    old = writable(real, name)
    fd, temp = _make_temp(real, name)
    opened = True
    try:
        if old is not None:
            _copy_mode(fd, temp, old)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        os.close(fd)
        opened = False
        temp.replace(real)
    except BaseException as exc:
        if opened:
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            temp.unlink()
        if isinstance(exc, OSError) and not isinstance(exc, CaddyError):
            left = "the file is unchanged" if old is not None else "nothing was written"
            raise WriteError(f"{name}: cannot write ({_why(exc)}); {left}") from None
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _make_temp(real: Path, name: str) -> tuple[int, Path]:
    import secrets  # lazy: start-up: reading a file never needs it

    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temp = real.with_name(f".{real.name}{TEMP_MARK}{secrets.token_hex(4)}")
        try:
            return os.open(temp, flags, 0o666), temp  # 0o666 less the umask
        except FileExistsError:
            continue
        except FileNotFoundError:
            raise FileError(f"{name}: the folder {real.parent} does not exist") from None
        except OSError as exc:
            raise WriteError(f"{name}: cannot write ({_why(exc)}); nothing was written") from None
    raise FileError(f"{name}: cannot make a temp file in {real.parent}")  # pragma: no cover


def _copy_mode(fd: int, temp: Path, old: os.stat_result) -> None:
    """Give the temp file the old file's permission bits (and owner, where allowed)."""
    mode = stat.S_IMODE(old.st_mode)
    if hasattr(os, "fchown") and hasattr(os, "getuid"):
        info = os.fstat(fd)
        if (info.st_uid, info.st_gid) != (old.st_uid, old.st_gid):
            with contextlib.suppress(OSError):  # only root may give a file away
                os.fchown(fd, old.st_uid, old.st_gid)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # pragma: no cover - Windows before Python 3.13
        temp.chmod(mode)


def _why(exc: OSError) -> str:
    if exc.errno == errno.EFBIG:
        return "file too large: a file-size limit is set"
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "no space left on the disk"
    return exc.strerror or str(exc) or type(exc).__name__


def _clean_temps(real: Path) -> None:
    """Remove temp files of ``real`` that a killed command left (call under the lock)."""
    with contextlib.suppress(OSError):
        for temp in real.parent.glob(f".{_glob_escape(real.name)}{TEMP_MARK}*"):
            with contextlib.suppress(OSError):
                temp.unlink()


def _glob_escape(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[]" else c for c in text)


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[Path]:
    """Hold the exclusive lock of the file ``path`` names (symlinks resolved),
    waiting up to :data:`LOCK_WAIT` seconds for another command's; yields the
    real path. Raises :class:`LockedError` when the wait is over.

    The lock is ``NAME.lock`` beside the real file. With ``fcntl`` the holder
    removes it before releasing, and a waiter that then gets the lock of a
    removed file starts again on the new one (so no lock file stays behind)."""
    # lazy: start-up: only a command that writes takes a lock (fcntl, msvcrt)
    from caddy.files import lock as _filelock

    real = real_path(path)
    kind = _filelock.backend()
    if kind is None:
        warn(
            f"{path}: written without a lock: this platform offers no file "
            "locking (neither fcntl nor msvcrt); run one caddy command at a time on a file"
        )
        _clean_temps(real)
        yield real
        return
    lock_path = real.with_name(real.name + ".lock")
    deadline = time.monotonic() + LOCK_WAIT
    delay = 0.002
    fd = _open_lock(path, lock_path)
    try:
        while True:
            try:
                taken = _filelock.try_lock(fd, kind)
            except OSError as exc:
                raise FileError(f"{path}: cannot lock {lock_path.name} ({exc.strerror})") from None
            if taken:
                if kind != "fcntl" or _same_file(fd, lock_path):
                    break
                os.close(fd)  # the holder removed that lock file: take the new one
                fd = -1
                fd = _open_lock(path, lock_path)
                continue
            if time.monotonic() >= deadline:
                raise LockedError(
                    f"{path}: another caddy command is changing this event and still held "
                    f"it after {LOCK_WAIT:g} s; try again when it is done"
                )
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        _clean_temps(real)
        try:
            yield real
        finally:
            if kind == "fcntl":
                with contextlib.suppress(OSError):
                    lock_path.unlink()
            with contextlib.suppress(OSError):
                _filelock.unlock(fd, kind)
    finally:
        if fd >= 0:
            os.close(fd)


def _open_lock(path: str | Path, lock_path: Path) -> int:
    try:
        return os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except FileNotFoundError:
        raise FileError(f"{path}: the folder {lock_path.parent} does not exist") from None
    except PermissionError:
        with contextlib.suppress(OSError):
            return os.open(lock_path, os.O_RDONLY)  # flock works on a read-only file too
        raise FileError(
            f"{path}: cannot create the lock file {lock_path.name} (permission denied)"
        ) from None
    except OSError as exc:
        raise FileError(
            f"{path}: cannot create the lock file {lock_path.name} ({exc.strerror})"
        ) from None


def _same_file(fd: int, lock_path: Path) -> bool:
    try:
        now = lock_path.stat()
    except OSError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)


def write_file(
    path: str | Path, data: bytes, *, force: bool = True, exists: str | None = None
) -> None:
    """Create or replace ``path`` under its lock, atomically (:func:`write_atomic`).

    Without ``force`` an existing file is refused with ``exists`` (checked under
    the lock, so of two commands creating one file only the first succeeds)."""
    writable(real_path(path), str(path))  # no lock file beside a device, a folder, ...
    with locked(path) as real:
        if not force and os.path.lexists(real):
            raise FileError(exists or f"{path} exists already (use --force to replace it)")
        write_atomic(real, data, shown=str(path))


def exists_message(path: str) -> str:
    """The one line every output option gives for a file that exists already."""
    return f"{path} exists already (use --force to replace it)"


def refuse_existing(path: str | None, force: bool) -> None:
    """Refuse an output file early, before the work: one that exists (unless
    ``force``), a folder, a device or a read-only file. :func:`write_output`
    checks again under the file's lock."""
    if path is None:
        return
    if writable(real_path(path), path) is not None and not force:
        raise FileError(exists_message(path), path=path)


def write_output(path: str, data: bytes, *, force: bool) -> None:
    """Write an output file atomically under its lock; an existing file is
    replaced only with ``force`` (``--force``), else :func:`exists_message`."""
    write_file(path, data, force=force, exists=exists_message(path))
