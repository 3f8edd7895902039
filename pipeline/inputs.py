"""What a release is built from, and whether its published build is still what those
inputs would give: the release folders found in raw/, the sha256 of each of a release's
files (its sources and its notes), and the version of the pipeline (the package version,
a hash of its own source files, and the versions of the libraries that decide the output).

`mincards extract` compares these with what each release's manifest recorded and skips
a release whose inputs are all unchanged. Kept free of the data libraries and the
extractors: a run with nothing to do decides so and ends without importing them.
"""
from __future__ import annotations

import hashlib
import os
import platform
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .errors import Place, Problem, ReleaseError, SourceError
from .faults import point
from .files import MANIFEST, json_document
from .ids import is_release_name
from .limits import LimitError, Limits

# Where a test can act in the middle of a run (pipeline/faults.py): raw/ may change under it.
RELEASES_LISTED = "releases listed"  # find_releases has listed the raw folder

# The suffixes pipeline/extract reads (EXTRACTORS there is keyed by these; a test checks both agree).
SOURCE_SUFFIXES = (".html", ".htm", ".pdf")

# The libraries whose versions can change the bytes a release is built into.
OUTPUT_DEPENDENCIES = ("cssselect2", "lxml", "numpy", "pandas", "pandera", "pdfminer.six", "pdfplumber", "pyarrow",
                       "pypdfium2", "selectolax", "tinycss2")  # pypdfium2: what a PDF's page shows (pdf_ink)
# The pipeline's own code: every file of these packages (next to this one) counts.
CODE_PACKAGES = ("pipeline", "schemas")
CODE_SUFFIXES = (".py", ".json", ".ttf")  # .ttf: the box font decides which PDF glyphs are seen (pdf_fonts)


@dataclass(frozen=True)
class Release:
    id: str
    folder: Path
    label: str  # how files in it are named in lineage and messages: <raw folder name>/<id>


def find_releases(raw_dir: Path, only: tuple[str, ...] = ()) -> list[Release]:
    """Every release folder in raw_dir (or just `only`), oldest first."""
    if not raw_dir.is_dir():
        raise ReleaseError(str(raw_dir), "not a folder", "the folder that holds the release folders")
    label = raw_dir.resolve().name
    folders = sorted(p for p in raw_dir.iterdir() if p.is_dir() and not p.name.startswith("."))
    bad = [p.name for p in folders if not is_release_name(p.name)]
    if bad:
        raise ReleaseError(str(raw_dir), [Problem(Place(), f"folder {name!r} is not a release date",
                                                  "a folder named YYYY-MM-DD") for name in bad])
    releases = [Release(p.name, p, f"{label}/{p.name}") for p in folders]
    bad_ids = [name for name in only if not is_release_name(name)]
    if bad_ids:
        raise ReleaseError(str(raw_dir), f"--release {', '.join(map(repr, bad_ids))} is not a release id",
                           "a date YYYY-MM-DD, or a revision YYYY-MM-DD.2 to .9, naming a folder in the raw folder")
    if only:
        known = {r.id: r for r in releases}
        missing = [name for name in only if name not in known]
        if missing:
            raise ReleaseError(str(raw_dir), f"no release folder {', '.join(map(repr, missing))}; "
                               f"found {', '.join(known) or 'none'}")
        releases = [known[name] for name in sorted(set(only))]
    if not releases:
        raise ReleaseError(str(raw_dir), "no release folders", "folders named YYYY-MM-DD")
    point(RELEASES_LISTED, releases)
    return releases


# --- the pipeline's version ------------------------------------------------------------

def code_hash(root: Path | None = None) -> str:
    """sha256 over the pipeline's own files (their paths and bytes), found under `root`
    (default: the folder holding the installed packages)."""
    root = root or Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in CODE_PACKAGES:
        files = sorted(p for p in (root / package).rglob("*")
                       if p.suffix in CODE_SUFFIXES and "__pycache__" not in p.parts and p.is_file())
        for path in files:
            data = path.read_bytes()
            digest.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def normalized(name: str) -> str:
    """A distribution's name as its .dist-info folder spells it (PEP 503, then _)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def installed_versions() -> dict[str, str]:
    """Distribution name -> version, from the names of the .dist-info folders on sys.path:
    the metadata importlib.metadata reads, without its import and scan (tens of ms, most
    of a run with nothing to do). The first folder found wins, as for imports."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info") and "-" in name:
                distribution, version = name.removesuffix(".dist-info").rsplit("-", 1)
                found.setdefault(normalized(distribution), version)
    return found


def dependency_versions() -> dict[str, str]:
    """The installed version of each library that decides the output, read from package
    metadata (importing them would cost what a skipped run saves); importlib.metadata
    for one installed otherwise (an egg, a zip)."""
    installed = installed_versions()
    versions = {"python": platform.python_version()}
    for name in OUTPUT_DEPENDENCIES:
        versions[name] = installed.get(normalized(name)) or metadata_version(name)
    return versions


def metadata_version(name: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"


def pipeline_version(root: Path | None = None, dependencies: dict[str, str] | None = None) -> dict:
    """What a release's manifest records of the pipeline that built it. `root` and
    `dependencies` let a test stand in another copy of the code or other versions."""
    return {"package": __version__, "code_sha256": code_hash(root),
            "dependencies": dependencies if dependencies is not None else dependency_versions()}


# --- a release's inputs ----------------------------------------------------------------

def file_entry(path: Path, label: str, folder: Path | None = None) -> dict:
    name = path.relative_to(folder).as_posix() if folder else path.name
    return {"path": f"{label}/{name}", "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}


def saved_files(folder: Path) -> list[Path]:
    """Every regular file in the release folder's subfolders (a browser's "save complete" writes
    `page_files/` beside the page: the extractor reads the style sheets there), by path; not
    hidden ones, not through a link out of the folder (the extractor never follows one)."""
    root = folder.resolve()
    found = [p for sub in folder.iterdir() if sub.is_dir() and not sub.name.startswith(".")
             for p in sub.rglob("*") if not any(part.startswith(".") for part in p.relative_to(folder).parts)
             and p.is_file() and p.resolve().is_relative_to(root)]
    return sorted(found, key=lambda p: p.relative_to(folder).as_posix())


def release_inputs(release: Release) -> dict:
    """The sha256 of each file of the release folder: its sources (as the manifest lists
    them, HTML first) and its notes (SOURCE.md and any other file beside them, by name, then
    the files in its subfolders, such as the style sheets a saved page links, by path).
    None when the folder cannot be read as a release: extraction then says why."""
    try:
        files = [p for p in release.folder.iterdir() if not p.name.startswith(".") and p.is_file()]
        sources = sorted((p for p in files if p.suffix.lower() in SOURCE_SUFFIXES),
                         key=lambda p: (p.suffix.lower() == ".pdf", p.name))
        notes = sorted((p for p in files if p.suffix.lower() not in SOURCE_SUFFIXES), key=lambda p: p.name)
        return {"sources": [file_entry(p, release.label) for p in sources],
                "notes": [file_entry(p, release.label) for p in notes]
                + [file_entry(p, release.label, release.folder) for p in saved_files(release.folder)]}
    except OSError:
        return None


def published_inputs(out_dir: Path, release: str) -> dict | None:
    """What the release's published manifest records of its inputs; None without one."""
    try:
        manifest = json_document((out_dir / release / MANIFEST).read_bytes())
        return {key: manifest[key] for key in ("sources", "notes", "pipeline", "findings")}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def artifacts_intact(out_dir: Path, release: str) -> bool:
    """Every artifact the manifest names is there with its sha256 (a file deleted or edited
    since is rebuilt; a release's files hash in milliseconds)."""
    try:
        manifest = json_document((out_dir / release / MANIFEST).read_bytes())
        return all(hashlib.sha256((out_dir / release / name).read_bytes()).hexdigest() == entry["sha256"]
                   for name, entry in manifest["artifacts"].items())
    except (OSError, ValueError, KeyError, TypeError):
        return False


def is_unchanged(release: Release, out_dir: Path, pipeline: dict, strict: bool = False) -> bool:
    """Whether the published release is exactly what extracting it now would publish: the
    same sources, notes and pipeline, and its files as published. Under --strict, a release published with findings
    is extracted again (so that it fails as it would)."""
    recorded = published_inputs(out_dir, release.id)
    if recorded is None or recorded["pipeline"] != pipeline or (strict and recorded["findings"]):
        return False
    now = release_inputs(release)
    return (now is not None and now["sources"] == recorded["sources"] and now["notes"] == recorded["notes"]
            and artifacts_intact(out_dir, release.id))


def read_source(path: Path, label: str, limits: Limits) -> bytes:
    """The file's bytes, read once through one open file (what is checked is what is read,
    whatever happens to the name meanwhile): a regular file within the size bound, and
    never more than the bound read, even from a file that grows while it is read. Opened
    without blocking, so a pipe named page.html is refused instead of waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise SourceError(label, "is a link to a file that does not exist", "a file") from None
        raise SourceError(label, "the file is gone: it was removed after its folder was listed",
                          "the release folder left alone while mincards extract reads it") from None
    except OSError as exc:
        raise SourceError(label, f"cannot read the file ({exc.strerror})", "a readable file") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SourceError(label, "is a folder", "a file")
        if not stat.S_ISREG(info.st_mode):
            raise SourceError(label, "is not a regular file (a pipe or a device?)", "a file")
        limits.check_bytes(label, info.st_size)
        with open(fd, "rb", closefd=False) as handle:
            data = handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise SourceError(label, f"cannot read the file ({exc.strerror})", "a readable file") from None
    finally:
        os.close(fd)
    if len(data) > limits.max_bytes:
        raise LimitError(label, f"the file grew past {limits.max_bytes:,} bytes while it was read",
                         f"at most {limits.max_bytes:,} (--max-bytes)")
    return data
