"""Reading back what `mincards extract` published: release folders under build/."""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from .errors import ReleaseError
from .release import is_release_name
from schemas.min_cards import PANDAS_DTYPES, validate_min_cards

TABLE = "min_cards.parquet"


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


def load(folder: Path) -> pd.DataFrame:
    """The published table, in the contract's dtypes and checked against it again."""
    frame = pd.read_parquet(folder / TABLE, dtype_backend="numpy_nullable")
    return validate_min_cards(frame.astype(PANDAS_DTYPES), str(folder / TABLE))
