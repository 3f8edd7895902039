"""Writing files so that a reader or a crash never sees a partial one. Kept free of the
data libraries: the reading commands' `-o FILE` and `diff --save` import only this."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

MANIFEST = "manifest.json"  # in each release folder: written by publish.py, checked by store.py


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fsync_folder(folder: Path) -> None:
    """Make a folder's entries (renames, new files) durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes | Iterable[bytes]) -> None:
    """A temp file in the same folder, fsynced, renamed over `path`, the folder fsynced.
    `data` is the bytes, or pieces of them written as they come."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private; published artifacts get ordinary permissions.
        os.fchmod(fd, 0o666 & ~current_umask())
        with os.fdopen(fd, "wb") as handle:
            for piece in [data] if isinstance(data, bytes) else data:
                handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
