"""Reading back what `mincards extract` published: release folders under build/.

A release folder is trusted through its manifest (pipeline/publish.py): the table
read must have the sha256 the manifest gives it, which the run that wrote both had
validated against the contract. No second contract run on every read."""
from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pandas as pd

from .errors import ReleaseError, SourceError
from .ids import is_release_name
from .publish import MANIFEST
from schemas.min_cards import PANDAS_DTYPES

TABLE = "min_cards.parquet"
REBUILD = "a folder written by `mincards extract`; run it again to rebuild the release"


def published_releases(build_dir: Path) -> dict[str, Path]:
    """Release id -> folder, for every date-named folder holding the table, oldest first."""
    if not build_dir.is_dir():
        return {}
    folders = (p for p in sorted(build_dir.iterdir()) if is_release_name(p.name) and (p / TABLE).is_file())
    return {p.name: p for p in folders}


def resolve(build_dir: Path, ref: str) -> tuple[str, Path]:
    """A release id under build_dir, or a path to a release output folder."""
    releases = published_releases(build_dir)
    if ref in releases:
        return ref, releases[ref]
    path = Path(ref)
    if (path / TABLE).is_file():
        return path.resolve().name, path
    found = ", ".join(releases) or "none; run `make extract` first"
    raise ReleaseError(str(build_dir), f"no published release {ref!r}", f"a release id ({found}) or a "
                       f"folder holding {TABLE}")


def newest(build_dir: Path, count: int) -> list[str]:
    releases = list(published_releases(build_dir))
    if len(releases) < count:
        raise ReleaseError(str(build_dir), f"{len(releases)} published release(s)",
                           f"at least {count}; run `make extract` first")
    return releases[-count:]


def checked_bytes(folder: Path, name: str) -> bytes:
    """A published file's bytes, after checking them against the release's manifest."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        expected = manifest["artifacts"][name]["sha256"]
    except (OSError, ValueError, KeyError, TypeError):
        raise SourceError(str(folder / MANIFEST), f"no readable manifest entry for {name}", REBUILD) from None
    data = (folder / name).read_bytes()
    if hashlib.sha256(data).hexdigest() != expected:
        raise SourceError(str(folder / name), "the file is not the one its release's manifest names "
                          "(changed after it was published)", REBUILD)
    return data


def load(folder: Path) -> pd.DataFrame:
    """The published table, in the contract's dtypes, as its manifest names it."""
    table = pd.read_parquet(io.BytesIO(checked_bytes(folder, TABLE)), dtype_backend="numpy_nullable")
    return table.astype(PANDAS_DTYPES)
