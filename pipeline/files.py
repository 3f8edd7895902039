"""Writing files so that a reader or a crash never sees a partial one, and reading back the
JSON they hold. Kept free of the data libraries: the reading commands' `-o FILE` and
`diff --save` import only this."""
from __future__ import annotations

import ctypes
import errno
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

# What pipeline/across.py builds from every release together, in build/: named here so
# that deciding whether a run has anything to do needs no pandas.
ACROSS_FILES = ("history.parquet", "history.csv", "releases.csv", "CHANGELOG.md", "mincards.sqlite", "datasette.json")
ACROSS_FOLDERS = ("site",)
MANIFEST = "manifest.json"  # in each release folder: written by publish.py, checked by store.py
RELEASE_PACKAGE = "datapackage.json"  # in each release folder: that release's tables (write.py renders it)


def json_document(data: str | bytes) -> object:
    """json.loads, where a document nested past Python's recursion limit (a file of 1,001 `[`)
    is malformed JSON, a ValueError, like any other this reader cannot take: never an
    internal error."""
    try:
        return json.loads(data)
    except RecursionError:
        raise ValueError("JSON nested too deeply to read") from None


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


def _syncfs():
    try:
        function = ctypes.CDLL(None, use_errno=True).syncfs
    except (AttributeError, OSError):
        return None
    function.argtypes = [ctypes.c_int]
    return function


SYNCFS = _syncfs()


def sync_filesystem(folder: Path) -> None:
    """Make every file and folder written on the filesystem of `folder` durable in one call
    (Linux syncfs; elsewhere sync): for many files written at once, far cheaper than a
    fsync each, which waits for the disk every time."""
    if SYNCFS is None:
        os.sync()
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        if SYNCFS(fd) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), str(folder))
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes | Iterable[bytes]) -> None:
    """A temp file in the same folder, fsynced, renamed over `path`, the folder fsynced.
    `data` is the bytes, or pieces of them written as they come."""
    tmp = staged_beside(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)


def staged_beside(path: Path, data: bytes | Iterable[bytes]) -> Path:
    """`data` in a temp file in `path`'s folder (made if missing), fsynced: to be renamed over it."""
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
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_all_or_none(files: dict[Path, bytes]) -> None:
    """Files of one answer (`diff --save`'s .md, .json and .html) written as write_output writes
    each, but every regular one staged beside its path before any is renamed over it: a full disk
    or a folder refusing writes leaves none of them, not the first alone."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            if path.exists() and not path.is_file() and not path.is_dir():
                continue  # a pipe or a device: written below, as write_output writes it
            target = Path(os.path.realpath(path))
            if target.is_dir():  # no file can be renamed over it: found before any other is
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
            staged.append((staged_beside(target, data), target))
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, target in staged:
        os.replace(tmp, target)
    for folder in {target.parent for _, target in staged}:
        fsync_folder(folder)
    for path, data in files.items():
        if path.exists() and not path.is_file() and not path.is_dir():
            write_output(path, data)


def write_output(path: Path, data: bytes) -> None:
    """What a reading command writes to -o: as a shell's `>` would, into what the path names
    (a symlink's target; a pipe or a device such as /dev/null written into, never replaced by a
    file), and atomically where that is a regular file or none (atomic_write)."""
    if path.exists() and not path.is_file():  # (the kernel follows /dev/stdout to a pipe no path names)
        with open(path, "wb") as handle:  # a FIFO, a character device, a pipe: the reader at its end gets it
            handle.write(data)
        return
    atomic_write(Path(os.path.realpath(path)), data)


def _renameat2():
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return function


RENAMEAT2 = _renameat2()
AT_FDCWD, RENAME_NOREPLACE, RENAME_EXCHANGE = -100, 1, 2


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step; False where the system cannot."""
    if RENAMEAT2 is None:
        return False
    if RENAMEAT2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False  # a filesystem without exchange
    raise OSError(code, os.strerror(code), str(b))


def rename_new(source: Path, target: Path) -> None:
    """Rename, refusing to replace anything at target (FileExistsError), in one atomic
    step where the system can; elsewhere a check just before the rename."""
    if RENAMEAT2 is not None:
        if RENAMEAT2(AT_FDCWD, os.fsencode(source), AT_FDCWD, os.fsencode(target), RENAME_NOREPLACE) == 0:
            return
        code = ctypes.get_errno()
        if code == errno.EEXIST:
            raise FileExistsError(code, os.strerror(code), str(target))
        if code not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise OSError(code, os.strerror(code), str(target))
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))
    os.rename(source, target)
