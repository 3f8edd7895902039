"""Rendered releases -> build/, each release published whole.

Each release's files are written into the run's staging folder in the output folder
as the release arrives (every file fsynced, then the folder); once every release of
the run is staged, each is swapped in with one rename: on Linux an
atomic exchange (renameat2 RENAME_EXCHANGE), elsewhere two renames with a moment in
which the release is absent, never mixed. Its dataset partition is swapped the same
way just before it. A reader, or a crash at any point, therefore sees each release
folder entirely from one run. The release's manifest (every artifact with its sha256,
the dataset partition included) is written last into the staging folder, so readers
can check what they read without re-running the contract.

build/datapackage.json describes exactly the releases build/ will hold: it is built from
the descriptors of the release folders (each release folder holds its own
datapackage.json, published whole with it), written into the staging folder with the
releases, and put in place with one rename after them; a crash before that rename leaves
the previous descriptor, which the next run replaces. Every byte of a run is written
before the first swap, so a full disk or a folder that refuses writes fails the run with
build/ as it was. Ctrl-C and SIGTERM are held during the swaps (milliseconds of renames).

Leftovers of a killed run (its staging folder, with any replaced folder not yet
deleted) are removed by the next run, which holds the output folder's lock.
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import faults, signals
from .errors import MincardsError, ReleaseError, Terminated
from .faults import Steps
from .ids import is_release_name
from .files import (ACROSS_FILES, ACROSS_FOLDERS, MANIFEST, RELEASE_PACKAGE, atomic_write, exchange, fsync_folder,
                    json_document)
from .store import LOCK_NAME, PACKAGE, STAGING, package_tables, published_releases  # PACKAGE: build/datapackage.json

if TYPE_CHECKING:  # the writers and the cross-release build (pandas) are imported only by a run that writes
    from .across import Across
    from .write import ReleaseFiles

# The artifacts of every release together: (id -> folder of every release build/ will
# hold, the staging folder, steps) -> what was staged (pipeline/across.py build_across).
AcrossBuild = Callable[[dict[str, Path], Path, Steps], "Across"]

DATASET = "dataset"
PARTITION_FILE = "part-0.parquet"


def partition_folder(out_dir: Path, release: str) -> Path:
    """dataset/<release>/: named by the bare id, not Hive's release=<id>, so that no reader
    infers a partition column from the folder name (DuckDB and polars would type it as a
    DATE, pandas as a category clashing with the file's own release column): each file
    carries its release as text, and every reader takes it from there with no options."""
    return out_dir / DATASET / release


PARTITION_PREFIX = "partition-"  # a partition's name in the staging folder, beside its release's folder
REPLACED_PREFIX = "replaced-"  # a folder's name in the staging folder once a two-rename swap moved it out


def staged_partition(work: Path, release: str) -> Path:
    """Where the partition is staged: beside the staged release folder, under another name."""
    return work / f"{PARTITION_PREFIX}{release}"


def manifest_bytes(files: ReleaseFiles) -> bytes:
    """What the release folder holds, and its dataset partition, each with its sha256."""
    entries = {name: data for name, data in files.files.items()}
    entries[f"../{DATASET}/{files.release}/{PARTITION_FILE}"] = files.partition
    manifest = {
        "release": files.release,
        "pipeline_version": files.pipeline_version,
        "sources": [{"path": s.path, "sha256": s.sha256} for s in files.sources],
        **(files.inputs or {}),  # the notes, pipeline and findings count a skipped run compares (inputs.py)
        "artifacts": {name: {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
                      for name, data in sorted(entries.items())},
    }
    return (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode("utf-8")


def write_folder(folder: Path, files: dict[str, bytes], steps: Steps) -> None:
    """A new folder with these files, each fsynced, then the folder itself."""
    folder.mkdir(parents=True)
    for name, data in files.items():  # open() gives the user's ordinary permissions (umask)
        steps.writing(folder / name)
        with open(folder / name, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        steps.step()
    fsync_folder(folder)
    steps.step()


def swap_in(staged: Path, target: Path, work: Path, steps: Steps, atomic: bool = True) -> None:
    """Put the staged folder at target. The folder it replaces ends up in `work`, the
    run's staging folder, and is deleted with it."""
    if not target.exists():
        os.rename(staged, target)
        steps.step()
    elif atomic and exchange(staged, target):
        steps.step()  # target is the new folder; staged now holds the old one
    else:
        os.rename(target, work / f"{REPLACED_PREFIX}{staged.name}")  # a moment without the release, never a mix
        steps.step()
        os.rename(staged, target)
        steps.step()
    fsync_folder(target.parent)
    steps.step()


def stage_release(files: ReleaseFiles, work: Path, steps: Steps) -> None:
    """The release's dataset partition and its folder (with its manifest), written into
    the run's staging folder: nothing a reader sees changes yet."""
    write_folder(staged_partition(work, files.release), {PARTITION_FILE: files.partition}, steps)
    write_folder(work / files.release, {**files.files, MANIFEST: manifest_bytes(files)}, steps)


def swap_release(out_dir: Path, release: str, work: Path, steps: Steps, atomic: bool = True) -> None:
    """The partition first, then the release folder: once a release folder is in place,
    the partition it names is the one beside it."""
    partition_dir = partition_folder(out_dir, release)
    partition_dir.parent.mkdir(exist_ok=True)
    swap_in(staged_partition(work, release), partition_dir, work, steps, atomic)
    swap_in(work / release, out_dir / release, work, steps, atomic)


def unpublish(out_dir: Path, release: str, work: Path, steps: Steps) -> None:
    """Remove a release and its partition: moved out of sight first, then deleted."""
    for folder, name in ((out_dir / release, release),
                         (partition_folder(out_dir, release), f"{PARTITION_PREFIX}{release}")):
        if folder.exists():
            moved = work / f"removed-{name}"
            os.rename(folder, moved)
            steps.step()
            fsync_folder(folder.parent)
            steps.step()
            shutil.rmtree(moved)
            steps.step()


def empty_folder(folder: Path, steps: Steps) -> None:
    """The folders a run replaced, removed: a release folder a user had linked in from elsewhere
    (a symlink) is removed as a link, what it named left as it was."""
    for path in sorted(folder.iterdir()):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
        steps.step()


def leftovers(out_dir: Path) -> list[Path]:
    """The staging folders of killed runs (or of a run writing now)."""
    return sorted(out_dir.glob(f"{STAGING}*")) if out_dir.is_dir() else []


def remove_leftovers(out_dir: Path) -> None:
    """The staging folders of killed runs (we hold the lock: no run is writing them). One killed
    between the two renames that replace a folder (swap_in where the filesystem has no atomic
    exchange) left the release folder or partition it was replacing there, and none in place: it
    is put back first, as build/datapackage.json (written last) still describes it; deleted, a
    run of other releases then published a build without it (hunt 106)."""
    for path in leftovers(out_dir):
        if path.is_dir() and not path.is_symlink():
            for replaced in sorted(path.glob(f"{REPLACED_PREFIX}*")):
                name = replaced.name.removeprefix(REPLACED_PREFIX)
                target = partition_folder(out_dir, name.removeprefix(PARTITION_PREFIX)) \
                    if name.startswith(PARTITION_PREFIX) else out_dir / name
                if is_release_name(target.name) and not os.path.lexists(target):
                    target.parent.mkdir(exist_ok=True)
                    os.rename(replaced, target)
            shutil.rmtree(path)
        else:
            path.unlink()


def build_changed(out_dir: Path, staged: Collection[str], removed: Collection[str], across: bool = True,
                  interrupted: bool = False) -> bool:
    """Whether the artifacts that span releases (build/datapackage.json, and with `across`
    the history, changelog, database and site) must be built again: a release was added,
    changed or removed, one of them is missing, or a killed run left its staging folder
    (it may have died between swaps: some releases or some of these artifacts new, others
    old, each whole but not describing the others). The one condition they all hang off: a
    run with nothing to rebuild writes nothing."""
    wanted = [out_dir / PACKAGE] + ([out_dir / name for name in ACROSS_FILES + ACROSS_FOLDERS] if across else [])
    return bool(staged or removed) or interrupted or not all(path.exists() for path in wanted) \
        or not described_as_written(out_dir)


def described_as_written(out_dir: Path) -> bool:
    """Whether build/datapackage.json reads as a run wrote it, names the table of every release
    build/ holds, and every file it names (its resources' CSVs, and `files`: what spans releases)
    holds the bytes it gives their sha256:
    an emptied descriptor (a killed editor) or a truncated database is built again by the next
    run, which the readers' errors tell the user to make. Hashed in milliseconds (~2 MB)."""
    try:
        package = json_document((out_dir / PACKAGE).read_bytes())
        named = {resource["path"]: resource["hash"] for resource in package["resources"]}
        named.update(package.get("files", {}))
        return set(package_tables(package)) == set(published_releases(out_dir)) and all(  # (every release build/
            # holds: hunt 126)
            sha256_of(out_dir / path) == digest.removeprefix("sha256:") for path, digest in named.items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def sha256_of(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def across_files(work: Path, built: bool) -> dict[str, str]:
    """{path: "sha256:…"} of what spans releases, staged in `work` (every file of build/site/
    too), for build/datapackage.json's `files`; none when the run built none."""
    if not built:
        return {}
    paths = [work / name for name in ACROSS_FILES]
    paths += sorted(path for name in ACROSS_FOLDERS for path in (work / name).rglob("*") if path.is_file())
    return {path.relative_to(work).as_posix(): "sha256:" + sha256_of(path) for path in paths}


def removed_releases(out_dir: Path, keep: Collection[str] | None, staged: Collection[str] = ()) -> list[str]:
    """The published releases a full run removes: those no longer in raw/ (`keep`)."""
    if keep is None or not out_dir.is_dir():
        return []
    return sorted(published_ids(out_dir) - set(keep) - set(staged))


def published_ids(out_dir: Path) -> set[str]:
    """Release ids that have a folder or a dataset partition in out_dir."""
    ids = {p.name for p in out_dir.iterdir() if p.is_dir() and is_release_name(p.name)}
    dataset = out_dir / DATASET
    if dataset.is_dir():
        ids |= {p.name for p in dataset.iterdir() if is_release_name(p.name)}
    return ids


@dataclass(frozen=True)
class Published:
    written: list[str]  # release ids written
    removed: list[str]  # release ids removed because their raw folder is gone


class Staging:
    """One run's publication, fed release by release (so a run never holds more than the
    release in hand): under the output folder's lock, `stage` writes each release into the
    run's hidden staging folder as it arrives; `commit` then swaps every staged release in
    and rewrites build/datapackage.json. Leaving the `with` block without a commit (an
    error, a failed release) deletes the staging folder: nothing is swapped in, and an
    output folder this run created is removed again."""

    def __init__(self, out_dir: Path, steps: Steps | None = None, atomic: bool = True, wait: bool = False,
                 waiting=None, across: AcrossBuild | None = None):
        self.out_dir, self.atomic, self.wait, self.waiting = out_dir, atomic, wait, waiting
        self.across = across
        self.steps = steps or Steps.from_env()
        self.staged: list[str] = []
        self.committed = False
        self.interrupted = False

    def __enter__(self) -> Staging:
        self.created = not self.out_dir.exists()
        self._lock = contextlib.ExitStack()
        self._lock.enter_context(output_lock(self.out_dir, self.wait, self.waiting))
        try:
            self.interrupted = bool(leftovers(self.out_dir))  # a killed run: rebuild what spans releases
            remove_leftovers(self.out_dir)
            self.work = self.out_dir / f"{STAGING}{os.getpid()}"
            self.work.mkdir()
        except BaseException:
            self._lock.close()
            raise
        return self

    def stage(self, files: ReleaseFiles) -> None:
        if files.release in self.staged:
            raise ValueError(f"release {files.release} staged twice")
        stage_release(files, self.work, self.steps)
        self.staged.append(files.release)

    def commit(self, keep: Collection[str] | None = None) -> Published:
        """Swap in every staged release; with `keep` (the ids still in raw/), also remove
        the releases that are no longer there, so that build/ mirrors raw/. With `across`,
        the artifacts of every release together are built from the releases build/ will
        hold and swapped in after them; without, those of an earlier run are removed
        (they would describe other releases)."""
        out_dir, work, steps = self.out_dir, self.work, self.steps
        removed = removed_releases(out_dir, keep, self.staged)
        if not build_changed(out_dir, self.staged, removed, self.across is not None, self.interrupted):
            work.rmdir()
            self.committed = True
            return Published([], [])
        # Every byte of the run is written before anything is swapped in: a full disk or a
        # read-only folder then fails the run with the output folder as it was. Written
        # before the signals are held: over many releases this takes seconds.
        releases = releases_after(out_dir, work, self.staged, removed)
        across = self.across(releases, work, steps) if self.across and releases else None
        packaged = stage_package(out_dir, work, self.staged, removed, steps, across.resources if across else (),
                                 across_files(work, across is not None))
        with signals.held():  # an interrupted run has published all of its releases or none
            return self._commit(removed, packaged, across is not None)

    def _commit(self, removed: list[str], packaged: bool, across: bool) -> Published:
        out_dir, work, steps = self.out_dir, self.work, self.steps
        for release in sorted(self.staged):
            swap_release(out_dir, release, work, steps, self.atomic)
            faults.signal_at("swapping", os.getpid())
        for release in removed:
            unpublish(out_dir, release, work, steps)
        swap_across(out_dir, work, across, steps, self.atomic)  # before the package that lists them
        swap_package(out_dir, work, packaged, steps)
        empty_folder(work, steps)  # the folders the new ones replaced
        work.rmdir()
        steps.step()
        self.committed = True
        return Published(list(self.staged), removed)

    def __exit__(self, kind, error, traceback) -> None:
        if isinstance(error, (KeyboardInterrupt, Terminated)):
            error.published = self.committed  # a signal held during the commit lands after it
        try:
            if not self.committed:
                shutil.rmtree(self.work, ignore_errors=True)
                if self.created:  # the run made the folder: leave no trace of it
                    with contextlib.suppress(OSError):
                        (self.out_dir / LOCK_NAME).unlink()
                        self.out_dir.rmdir()
        finally:
            self._lock.close()


def publish_all(out_dir: Path, releases: list[ReleaseFiles], keep: Collection[str] | None = None,
                steps: Steps | None = None, atomic: bool = True, across: AcrossBuild | None = None) -> Published:
    """Publish every release whole; with `keep` (the ids still in raw/), also remove the
    releases that are no longer there, so that build/ mirrors raw/. Everything is staged
    in one hidden folder of out_dir (same filesystem, so renames are atomic), never
    inside dataset/ where a reader's glob would find it, and swapped in once all of it
    is staged. `across` (pipeline/across.py build_across) builds the artifacts of every
    release together; `mincards extract` always does."""
    with Staging(out_dir, steps, atomic, across=across) as staging:
        for files in releases:
            staging.stage(files)
        return staging.commit(keep)


def releases_after(out_dir: Path, work: Path, staged: Collection[str], removed: Collection[str]) -> dict[str, Path]:
    """The releases out_dir will hold once the staged ones are swapped in and the removed
    ones gone: id -> where its folder is now (published, or staged in `work`)."""
    folders = {name: folder for name, folder in published_releases(out_dir, whole=False).items() if name not in removed}
    return dict(sorted({**folders, **{name: work / name for name in staged}}.items()))


def swap_across(out_dir: Path, work: Path, built: bool, steps: Steps, atomic: bool = True) -> None:
    """The cross-release artifacts staged in `work` put in place (each file with one
    rename, build/site/ like a release folder); when the run built none, those of an
    earlier run removed."""
    from .across import FILES as ACROSS_FILES, FOLDERS as ACROSS_FOLDERS

    changed = False
    for name in ACROSS_FILES:
        if built:
            os.replace(work / name, out_dir / name)
        elif (out_dir / name).exists():
            os.unlink(out_dir / name)
        else:
            continue
        changed = True
        steps.step()
    for name in ACROSS_FOLDERS:
        if built:
            swap_in(work / name, out_dir / name, work, steps, atomic)
        elif (out_dir / name).is_dir():
            os.rename(out_dir / name, work / f"removed-{name}")
            steps.step()
            changed = True
    if changed:
        fsync_folder(out_dir)
        steps.step()


def described_releases(out_dir: Path) -> list[str]:
    """The release folders of out_dir that have a data package descriptor, oldest first
    (a folder written before descriptors existed has none and is not described)."""
    return [folder.name for folder in sorted(out_dir.iterdir())
            if folder.is_dir() and is_release_name(folder.name) and (folder / RELEASE_PACKAGE).is_file()]


def read_descriptor(place: Path, release: str) -> dict:
    try:
        return json_document(place.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # (UnicodeDecodeError and JSONDecodeError are ValueErrors)
        raise ReleaseError(str(place), f"cannot read the release's data package descriptor ({exc})",
                           f"the descriptor mincards wrote: extract release {release} again") from None


def stage_package(out_dir: Path, work: Path, staged: Collection[str], removed: Collection[str],
                  steps: Steps, across: Sequence[dict] = (), files: dict[str, str] | None = None) -> bool:
    """build/datapackage.json for the releases out_dir will hold once the staged ones are
    swapped in and the removed ones gone (and the cross-release tables, `across`; the hashes
    of every cross-release file, `files`), written into the staging folder. False when no
    release will be left (a package needs a resource)."""
    places = {name: out_dir / name / RELEASE_PACKAGE for name in described_releases(out_dir) if name not in removed}
    places.update({name: work / name / RELEASE_PACKAGE for name in staged})
    if not places:
        return False
    from .write import build_package

    releases = sorted(places)
    steps.writing(work / PACKAGE)
    atomic_write(work / PACKAGE, build_package(releases, lambda release: read_descriptor(places[release], release),
                                               across, files or {}))
    steps.step()
    return True


def swap_package(out_dir: Path, work: Path, packaged: bool, steps: Steps) -> None:
    """The staged build/datapackage.json put in place with one rename; with no release
    left, the old one removed."""
    path = out_dir / PACKAGE
    if packaged:
        os.replace(work / PACKAGE, path)
    elif path.exists():
        path.unlink()
    else:
        return
    fsync_folder(out_dir)
    steps.step()


class LockedError(MincardsError):
    kind = "output folder busy"


# Descriptors of the output-folder locks this process holds. A forked child (a --jobs
# worker) must not keep the lock alive after its parent dies: flock belongs to the open
# file, which a fork shares, so the child points its copy at /dev/null as it starts.
_held_locks: set[int] = set()


def _drop_locks_in_child() -> None:
    if _held_locks:
        devnull = os.open(os.devnull, os.O_RDONLY)
        for fd in _held_locks:
            os.dup2(devnull, fd)
        os.close(devnull)
        _held_locks.clear()


os.register_at_fork(after_in_child=_drop_locks_in_child)


def lock_holder(handle) -> str:
    handle.seek(0)
    return handle.read().strip() or "another process"


@contextlib.contextmanager
def output_lock(out_dir: Path, wait: bool = False, waiting=None) -> Iterator[None]:
    """One writer per output folder at a time: a second run fails at once, clearly,
    instead of interleaving its files with the first one's; with `wait`, it tells
    `waiting(holder)` and waits for the first to finish. Only this process holds the
    lock (never its workers), so it goes with the process, however that ends."""
    out_dir.mkdir(parents=True, exist_ok=True)
    # (never through a link: a link planted as the lock file had its target overwritten, hunt 106)
    handle = os.fdopen(os.open(out_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o666), "a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = lock_holder(handle)
            if not wait:
                raise LockedError(str(out_dir), f"another mincards run ({holder}) is writing here",
                                  "one run at a time per output folder; try again when it finishes, "
                                  "or give --wait") from None
            if waiting:
                waiting(holder)
            fcntl.flock(handle, fcntl.LOCK_EX)
        _held_locks.add(handle.fileno())
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}")
        handle.flush()
        yield
        # the pid taken out as the run ends: a reader finding a build between two runs asks whether the
        # pid written is alive (store.live_writer), and a process that ran extract lives on (a notebook, a
        # test), or its pid is reused (hunt 106: readers waited 10 s for "a run (pid 1)"); a killed run's stays
        handle.seek(0)
        handle.truncate()
        handle.flush()
    finally:
        _held_locks.discard(handle.fileno())
        handle.close()  # closing releases the lock
