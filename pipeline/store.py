"""Reading back what `mincards extract` published: release folders under build/.

A release folder is trusted through its manifest (pipeline/publish.py): the table
read must have the sha256 the manifest gives it, which the run that wrote both had
validated against the contract. No second contract run on every read.

Start-up matters here (every reading command goes through this module), so it
imports neither the contract (pandera) nor the writers: the column dtypes come from
the Parquet file's own Arrow schema, and pandas/pyarrow are imported when a table is
read, not when the module is."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import ReleaseError, SourceError
from .files import MANIFEST
from .ids import is_release_name

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

TABLE = "min_cards.parquet"
FINDINGS = "findings.parquet"
RECORDS = "min_cards.json"
BUILD_ENV = "MINCARDS_BUILD"
REBUILD = "a folder written by `mincards extract`; run it again to rebuild the release"


def published_releases(build_dir: Path) -> dict[str, Path]:
    """Release id -> folder, for every date-named folder holding the table, oldest first."""
    if not build_dir.is_dir():
        return {}
    folders = (p for p in sorted(build_dir.iterdir()) if is_release_name(p.name) and (p / TABLE).is_file())
    return {p.name: p for p in folders}


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
    releases = list(published_releases(build_dir))
    if not releases:
        raise ReleaseError(str(build_dir), "no published release here", where_to_look(build_dir))
    if len(releases) < count:
        raise ReleaseError(str(build_dir), f"{len(releases)} published release ({releases[0]})",
                           f"at least {count} to compare; extract more releases into it")
    return releases[-count:]


def release_folder(build_dir: Path, release: str | None) -> tuple[str, Path]:
    """The release asked for, or the newest one."""
    return resolve(build_dir, release or newest(build_dir, 1)[0])


def manifest_entry(folder: Path, name: str) -> tuple[dict, str]:
    """The release's manifest, and the sha256 it gives the artifact `name`."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return manifest, manifest["artifacts"][name]["sha256"]
    except (OSError, ValueError, KeyError, TypeError):
        raise SourceError(str(folder / MANIFEST), f"no readable manifest entry for {name}", REBUILD) from None


def checked_bytes(folder: Path, name: str) -> bytes:
    """A published file's bytes, after checking them against the release's manifest."""
    _, expected = manifest_entry(folder, name)
    data = (folder / name).read_bytes()
    if hashlib.sha256(data).hexdigest() != expected:
        raise SourceError(str(folder / name), "the file is not the one its release's manifest names "
                          "(changed after it was published)", REBUILD)
    return data


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
        table = pq.read_table(pa.BufferReader(data))
    except (pa.ArrowException, OSError) as exc:
        raise SourceError(str(folder / name), f"not a readable Parquet file ({exc})", REBUILD) from None
    odd = [f"{f.name}: {f.type}" for f in table.schema if pandas_dtype(f.type) is None]
    if odd:
        raise SourceError(str(folder / name), f"unexpected column types ({', '.join(odd)})",
                          "string, int64, double or bool columns")
    return table


def load(folder: Path, name: str = TABLE) -> pd.DataFrame:
    """The published table, in the contract's dtypes, as its manifest names it."""
    return read_table(folder, name).to_pandas(types_mapper=pandas_dtype)


def load_all(build_dir: Path) -> dict[str, pd.DataFrame]:
    """Every published release, oldest first."""
    releases = published_releases(build_dir)
    if not releases:
        raise ReleaseError(str(build_dir), "no published release here", where_to_look(build_dir))
    return {release: load(folder) for release, folder in releases.items()}


def model_names(build_dir: Path) -> list[str]:
    """The newest release's model names, read cheaply for shell completion (no pandas,
    no manifest check: a completion is a suggestion, not an answer)."""
    releases = published_releases(build_dir)
    if not releases:
        return []
    try:
        records = json.loads((list(releases.values())[-1] / RECORDS).read_text(encoding="utf-8"))
        return sorted({r["model"] for r in records})
    except (OSError, ValueError, KeyError, TypeError):
        return []


def default_build() -> Path:
    return Path(os.environ.get(BUILD_ENV) or "build")
