"""Reading back what `mincards extract` published: release folders under build/.

A release folder is trusted through its manifest (pipeline/publish.py): the table
read must have the sha256 the manifest gives it, which the run that wrote both had
validated against the contract. No second contract run on every read. The files of
a release are read through one open handle on its folder (read_whole), so a read that
overlaps a publication gets the release entirely from one run or the other.

Start-up matters here (every reading command goes through this module), so it
imports neither the contract (pandera) nor the writers. The questions (query, fit,
models, plan) read a release as plain records (load_records: its min_cards.json, the
same rows as its Parquet table, both checked against the manifest) with the standard
library alone; `diff` reads the Parquet table as a DataFrame (load), its column dtypes
from the file's own Arrow schema, pandas and pyarrow imported only then."""
from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Union

from . import faults
from .errors import ReleaseError, SourceError
from .files import MANIFEST, json_document
from .ids import is_release_name

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

TABLE = "min_cards.parquet"
FINDINGS = "findings.parquet"
RECORDS = "min_cards.json"
BUILD_ENV = "MINCARDS_BUILD"
Row = dict[str, Union[str, int, float, bool, None]]  # one record of the table, as min_cards.json holds it
REBUILD = "a folder written by `mincards extract`; run it again to rebuild the release"


def published_releases(build_dir: Path, whole: bool = True) -> dict[str, Path]:
    """Release id -> folder, for every date-named folder holding the table, oldest first. For a
    reader (`whole`), a release folder whose manifest is there but its table not is an error
    naming it: left out, the newest release would silently be an older one (hunt 90: 2 cards
    answered for 4). The run that publishes (whole=False) rebuilds such a folder."""
    if not build_dir.is_dir():
        return {}
    folders = [p for p in sorted(build_dir.iterdir()) if is_release_name(p.name)]
    for folder in folders if whole else ():
        if not (folder / TABLE).is_file() and (folder / MANIFEST).is_file():
            raise ReleaseError(str(folder), f"release {folder.name} is incomplete: its manifest is there, its "
                               f"{TABLE} is not", REBUILD)
    return {p.name: p for p in folders if (p / TABLE).is_file()}


def where_to_look(build_dir: Path) -> str:
    return (f"a folder written by `mincards extract --out DIR`; looked in {build_dir.absolute()}; "
            f"give --build DIR or set {BUILD_ENV}")


def resolve(build_dir: Path, ref: str) -> tuple[str, Path]:
    """A release id under build_dir, or a path to a release output folder."""
    releases = published_releases(build_dir)
    if ref in releases:
        return ref, releases[ref]
    path = Path(ref)
    if (path / TABLE).is_file():
        return path.resolve().name, path
    if not releases:
        raise ReleaseError(str(build_dir), f"no published release {ref!r}: no release here at all",
                           where_to_look(build_dir))
    raise ReleaseError(str(build_dir), f"no published release {ref!r}", f"a release id ({', '.join(releases)}) "
                       f"or a folder holding {TABLE}")


def newest(build_dir: Path, count: int) -> list[str]:
    """The `count` newest releases build/ holds, as one run published them (check_one_run): a
    release the run published missing (a run stopped between the two renames that replace it, or
    a folder deleted by hand) would make an older release the newest (hunt 106: 2 cards answered
    where the newest publication says 4)."""
    check_one_run(build_dir)
    releases = list(published_releases(build_dir))
    if not releases:
        raise ReleaseError(str(build_dir), "no published release here", where_to_look(build_dir))
    if len(releases) < count:
        raise ReleaseError(str(build_dir), f"{len(releases)} published release ({releases[0]})",
                           f"at least {count} to compare; extract more releases into it")
    return releases[-count:]


def release_folder(build_dir: Path, release: str | None) -> tuple[str, Path]:
    """The release asked for, or the newest one; a release of build/ only as one run published
    its releases (check_one_run: a question about one release is an error too while they are
    not, as docs/commands.md says; a folder given by its path is read as it is)."""
    if release is None:
        return resolve(build_dir, newest(build_dir, 1)[0])
    if release in published_releases(build_dir):
        check_one_run(build_dir)
    return resolve(build_dir, release)


class ReleaseChanged(ReleaseError):
    kind = "release changed while reading"


READ_ATTEMPTS = 5


def open_in(folder: Path, folder_fd: int, name: str, stack: contextlib.ExitStack):
    """A file of the folder open for reading (through the folder's handle), or None if missing."""
    try:
        fd = regular_fd(name, folder_fd, str(folder / name))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(folder / name)) from None
    return stack.enter_context(os.fdopen(fd, "rb"))


def regular_fd(path: str | Path, dir_fd: int | None = None, label: str = "") -> int:
    """A published file open for reading, refused unless it is a regular file: a FIFO put in its
    place would block a reader for ever, a link to /dev/zero fill its memory (hunt 106). Opened
    without waiting (a FIFO opens at once so), then looked at."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK, dir_fd=dir_fd)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a regular file", label or str(path))
    os.set_blocking(fd, True)
    return fd


def regular_text(path: Path) -> str:
    """A published JSON file's text (regular_fd)."""
    with os.fdopen(regular_fd(path), "rb") as handle:
        return handle.read().decode("utf-8")


def swapped_out(folder: Path, folder_fd: int) -> bool:
    """Whether `folder` no longer names the directory open as folder_fd."""
    try:
        now, opened = os.stat(folder), os.fstat(folder_fd)
    except FileNotFoundError:
        return True
    return (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino)


@contextlib.contextmanager
def opened_whole(folder: Path, names: list[str]) -> Iterator[list[BinaryIO | None]]:
    """These files of a release folder open for reading (None for a missing one), all
    from one publication.

    A publication swaps a complete new folder in, then deletes the one it replaced
    (pipeline/publish.py). Reading by path could take the manifest from one run and the
    table from the next; here every file is opened through one handle on the folder, so
    they come from the same folder even if it is swapped out meanwhile, and stay
    readable once open. A file can be missing only because the folder was swapped out
    and deleted between opening it and opening its files: then the folder now in its
    place is opened, a few times at most."""
    for _ in range(READ_ATTEMPTS):
        with contextlib.ExitStack() as stack:
            try:
                folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
            except FileNotFoundError:  # between the two renames where the system cannot exchange
                continue
            stack.callback(os.close, folder_fd)
            handles = [open_in(folder, folder_fd, name, stack) for name in names]
            if None in handles and swapped_out(folder, folder_fd):
                continue
            yield handles
            return
    raise ReleaseChanged(str(folder), f"replaced or removed by a publication while being read "
                         f"({READ_ATTEMPTS} attempts)", "a release that stays in place while it is read; try again")


def read_whole(folder: Path, names: list[str]) -> list[bytes | None]:
    """These files of a release folder (None for a missing one), all from one publication."""
    with opened_whole(folder, names) as handles:
        return [handle.read() if handle else None for handle in handles]


def checked_files(folder: Path, names: list[str]) -> list[bytes]:
    """Published files' bytes, after checking each against the release's manifest (all
    read from the same publication)."""
    manifest, *files = read_whole(folder, [MANIFEST, *names])
    try:
        manifest = json_document(manifest)
    except (ValueError, TypeError):
        manifest = None
    if isinstance(manifest, dict) and is_release_name(folder.name) and manifest.get("release") != folder.name:
        raise SourceError(str(folder), f"holds release {manifest.get('release')!r}, not {folder.name} (a release "
                          "folder copied or renamed by hand)", REBUILD)
    out = []
    for name, data in zip(names, files):
        try:
            expected = manifest["artifacts"][name]["sha256"]
        except (KeyError, TypeError):
            raise SourceError(str(folder / MANIFEST), f"no readable manifest entry for {name}", REBUILD) from None
        if data is None:
            raise SourceError(str(folder / name), "missing, though its release's manifest names it", REBUILD)
        if hashlib.sha256(data).hexdigest() != expected:
            raise SourceError(str(folder / name), "the file is not the one its release's manifest names "
                              "(changed after it was published)", REBUILD)
        out.append(data)
    return out


def checked_bytes(folder: Path, name: str) -> bytes:
    """A published file's bytes, after checking them against the release's manifest."""
    return checked_files(folder, [name])[0]


def load_records(folder: Path) -> list[Row]:
    """The published table as records (min_cards.json), with the standard library alone.
    The Parquet table is checked against the manifest too: a release whose table was
    changed after publication is refused whichever of its files is read."""
    _, data = checked_files(folder, [TABLE, RECORDS])
    try:
        rows = json_document(data)
    except (UnicodeDecodeError, ValueError) as exc:
        raise SourceError(str(folder / RECORDS), f"not readable JSON ({exc})", REBUILD) from None
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise SourceError(str(folder / RECORDS), "not an array of records", REBUILD)
    return rows


def load_all_records(build_dir: Path) -> dict[str, list[Row]]:
    """Every published release as records, oldest first, all of one run (of_one_run)."""
    def read() -> dict[str, list[Row]]:
        releases = published_releases(build_dir)
        if not releases:
            raise ReleaseError(str(build_dir), "no published release here", where_to_look(build_dir))
        out = {}
        for release, folder in releases.items():
            faults.point(READING_RELEASES, release)
            out[release] = load_records(folder)
        return out

    return of_one_run(build_dir, read)


PACKAGE = "datapackage.json"  # build/datapackage.json: written last by a run, after all its releases
ONE_RUN = "the releases of one run of `mincards extract`; run it again to publish them all"


READING_RELEASES = "reading-releases"  # a fault point: between the releases a question across them reads
WAITING_FOR_RUN = "waiting-for-run"  # a fault point: each look at build/ while a live run swaps its releases in
LOCK_NAME = ".mincards.lock"  # held by the run writing into build/, which writes its pid into it
STAGING = ".staging-"  # a run's folder in build/ while it writes (pipeline/publish.py)
PUBLISHING_WAIT = 10.0  # seconds a question waits for a live run to end its swaps
POLL = 0.05  # seconds between two looks at build/ while a run swaps its releases in


def of_one_run(build_dir: Path, read: Callable[[], object]):
    """What `read()` reads of several releases of build/, all published by one run: the run's
    releases are checked before and after it (check_one_run), and read again when a publication
    landed meanwhile (a few times at most): a release read before a swap and another after it
    would show changes no vendor release made."""
    for _ in range(READ_ATTEMPTS):
        before = check_one_run(build_dir)
        result = read()
        if check_one_run(build_dir) == before:
            return result
    raise ReleaseChanged(str(build_dir), f"its releases replaced by publications while being read ({READ_ATTEMPTS} "
                         "attempts)", "releases that stay in place while they are read; try again")


def odd_one(described: dict[str, str], held: dict[str, str]) -> str:
    """The first release of build/ that is not as build/datapackage.json describes it."""
    release = min(set(described) ^ set(held) or {r for r in held if held[r] != described[r]})
    if release not in described:
        return f"{release} is not in {PACKAGE}: a release folder copied in by hand?"
    if release not in held:
        return f"{release}, which {PACKAGE} names, is not here"
    return f"{release}'s table is not the one {PACKAGE} names"


def check_one_run(build_dir: Path) -> dict[str, str] | None:
    """The releases build/ holds ({release: sha256 of its min_cards.csv}), as one run published
    them: build/datapackage.json, which that run put in place last, after its releases, names each
    of them and its table by its sha256. A run swapping its releases in holds build/ between two
    runs for milliseconds: it is waited for (PUBLISHING_WAIT at most). One killed between two swaps
    (SIGKILL cannot be held) leaves some releases of the new run beside others of the old one, or
    none in place of one (newest), until the next run: answers across them would show changes no
    vendor release made, and the newest release held may not be the newest published, so every
    question is then an error. None for a build without a descriptor (an older version's),
    not checked. JSON alone: the questions import neither pandas nor pyarrow."""
    waited = 0.0
    while True:
        described = described_tables(build_dir)
        if described is None:
            return None
        held = {release: manifest_entry(folder, "min_cards.csv")[1]
                for release, folder in published_releases(build_dir).items()}
        if described == held:
            return held
        writer = live_writer(build_dir)
        if writer is None or waited >= PUBLISHING_WAIT:
            stopped = sorted(p.name for p in build_dir.glob(f"{STAGING}*"))
            why = (f": a run ({writer}) is publishing here" if writer else
                   f" (a run stopped while publishing left {stopped[0]})" if stopped else f" ({odd_one(described, held)})")
            raise ReleaseError(str(build_dir), f"its releases are not all from one run{why}", ONE_RUN)
        faults.point(WAITING_FOR_RUN, writer)
        time.sleep(POLL)
        waited += POLL


def package_tables(package: dict) -> dict[str, str]:
    """{release: sha256 of its min_cards.csv} as a data package descriptor names them."""
    return {r["name"].removeprefix("min_cards-"): r["hash"].removeprefix("sha256:")
            for r in package["resources"] if r["name"].startswith("min_cards-")}


def described_tables(build_dir: Path) -> dict[str, str] | None:
    """{release: sha256 of its min_cards.csv} as build/datapackage.json names them (None: no descriptor)."""
    try:
        return package_tables(json_document(regular_text(build_dir / PACKAGE)))
    except FileNotFoundError:
        return None
    except PermissionError as exc:  # a file to read, not to rebuild (hunt 120)
        raise unreadable(build_dir / PACKAGE, exc) from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        raise SourceError(str(build_dir / PACKAGE), "not the data package descriptor a run writes", ONE_RUN) from None


def unreadable(path: Path, exc: OSError) -> SourceError:
    return SourceError(str(path), exc.strerror or "permission denied", "read access to build/ and its files")


def live_writer(build_dir: Path) -> str | None:
    """The run writing into build/ now ("pid N", from its lock file), or None when none holds the
    lock: a killed run's pid stays written there, and may name a live process by then (pids are
    reused), so where the system tells who holds the lock (flock_held) that decides."""
    try:
        holder = regular_text(build_dir / LOCK_NAME).strip()
        pid = int(holder.removeprefix("pid "))
        held = flock_held(build_dir / LOCK_NAME)
        if held is None:
            os.kill(pid, 0)
    except (OSError, ValueError):  # no lock file, none written, no such process
        return None
    return holder if held is not False and pid != os.getpid() else None  # this process reads, not publishes


def flock_held(path: Path) -> bool | None:
    """Does a process hold an flock on the file? Read from Linux's /proc/locks, which names the
    locked file by device and inode: asking by taking the lock, even shared and for a moment, would
    make a run starting then fail as busy. None where the system does not tell."""
    try:
        found = os.stat(path, follow_symlinks=False)
        locks = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    key = f"{os.major(found.st_dev):02x}:{os.minor(found.st_dev):02x}:{found.st_ino}"
    return any("FLOCK" in fields and key in fields for fields in map(str.split, locks.splitlines()))


def manifest_entry(folder: Path, name: str) -> tuple[dict, str]:
    """The release's manifest, and the sha256 it gives the artifact `name`."""
    try:
        manifest = json_document(regular_text(folder / MANIFEST))
        return manifest, manifest["artifacts"][name]["sha256"]
    except PermissionError as exc:
        raise unreadable(folder / MANIFEST, exc) from None
    except (OSError, ValueError, KeyError, TypeError):
        raise SourceError(str(folder / MANIFEST), f"no readable manifest entry for {name}", REBUILD) from None


def pandas_dtype(arrow_type: object) -> object:
    """The contract's nullable pandas dtype for an Arrow column type (string, Int64, Float64, boolean)."""
    import pandas as pd
    import pyarrow as pa

    for test, dtype in ((pa.types.is_string, pd.StringDtype()), (pa.types.is_large_string, pd.StringDtype()),
                        (pa.types.is_int64, pd.Int64Dtype()), (pa.types.is_float64, pd.Float64Dtype()),
                        (pa.types.is_boolean, pd.BooleanDtype())):
        if test(arrow_type):
            return dtype
    return None


def read_table(folder: Path, name: str = TABLE) -> pa.Table:
    """A published Parquet table (min_cards, or FINDINGS) as Arrow, as its manifest names it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    data = checked_bytes(folder, name)
    try:
        table = pq.ParquetFile(pa.BufferReader(data)).read(use_threads=False)
    except (pa.ArrowException, OSError) as exc:
        raise SourceError(str(folder / name), f"not a readable Parquet file ({exc})", REBUILD) from None
    odd = [f"{f.name}: {f.type}" for f in table.schema if pandas_dtype(f.type) is None]
    if odd:
        raise SourceError(str(folder / name), f"unexpected column types ({', '.join(odd)})",
                          "string, int64, double or bool columns")
    return table


def load(folder: Path, name: str = TABLE) -> pd.DataFrame:
    """The published table, in the contract's dtypes, as its manifest names it."""
    return read_table(folder, name).to_pandas(types_mapper=pandas_dtype, use_threads=False)


def source_url(table: pa.Table) -> str | None:
    """The vendor page a published table was read from (its Parquet metadata; None when its
    release had no SOURCE.md)."""
    return (table.schema.metadata or {}).get(b"mincards.source_url", b"").decode("utf-8") or None


def load_with_source(folder: Path) -> tuple[pd.DataFrame, str | None]:
    """The published table (as load) and its vendor page's URL (source_url), read once."""
    table = read_table(folder)
    return table.to_pandas(types_mapper=pandas_dtype, use_threads=False), source_url(table)


def load_all(build_dir: Path) -> dict[str, pd.DataFrame]:
    """Every published release, oldest first."""
    releases = published_releases(build_dir)
    if not releases:
        raise ReleaseError(str(build_dir), "no published release here", where_to_look(build_dir))
    return {release: load(folder) for release, folder in releases.items()}


def newest_values(build_dir: Path, column: str) -> list[str]:
    """A column's values in the newest release, read cheaply for shell completion (no
    pandas, no manifest check: a completion is a suggestion, not an answer)."""
    releases = published_releases(build_dir)
    if not releases:
        return []
    try:
        records = json_document(regular_text(list(releases.values())[-1] / RECORDS))
        return sorted({r[column] for r in records})
    except (OSError, ValueError, KeyError, TypeError):
        return []


def model_names(build_dir: Path) -> list[str]:
    return newest_values(build_dir, "model")


def framework_names(build_dir: Path) -> list[str]:
    return newest_values(build_dir, "framework")


def default_build() -> Path:
    return Path(os.environ.get(BUILD_ENV) or "build")
