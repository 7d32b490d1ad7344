"""An exclusive, non-blocking lock on an open file, on every platform Python runs on.

* POSIX: ``fcntl.flock`` (Linux, macOS, the BSDs); the lock belongs to the
  open file, so a killed process never leaves it held.
* Windows: ``msvcrt.locking`` on the file's first byte.
* Neither module: :func:`backend` says ``None`` and the caller decides
  (:mod:`caddy.files.storage` warns and writes without a lock).

Nothing here is imported at module level, so ``import caddy`` works whatever
the platform offers (see the Python documentation of the ``fcntl`` and
``msvcrt`` modules).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Literal

Backend = Literal["fcntl", "msvcrt"]


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def backend() -> Backend | None:
    """The locking this platform offers: ``"fcntl"``, ``"msvcrt"`` or ``None``."""
    if _module("fcntl") is not None:
        return "fcntl"
    if _module("msvcrt") is not None:
        return "msvcrt"
    return None


def try_lock(fd: int, kind: Backend) -> bool:
    """Take the exclusive lock on ``fd`` if it is free: ``True`` when taken,
    ``False`` when another open file holds it. Other failures raise OSError."""
    if kind == "fcntl":
        fcntl: ModuleType | None = _module("fcntl")
        assert fcntl is not None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            return False
        return True
    msvcrt = _module("msvcrt")
    assert msvcrt is not None
    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # EACCES / EDEADLOCK: locked by another handle
        return False
    return True


def unlock(fd: int, kind: Backend) -> None:
    """Release the lock taken by :func:`try_lock` (closing ``fd`` releases it too)."""
    if kind == "fcntl":
        fcntl = _module("fcntl")
        assert fcntl is not None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return
    msvcrt = _module("msvcrt")
    assert msvcrt is not None
    os.lseek(fd, 0, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
