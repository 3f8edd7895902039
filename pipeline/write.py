"""Validated frames -> artifacts in build/: CSV, Parquet, JSON, the dense grid and
the Hive-partitioned dataset. Every artifact is rendered to bytes first and then
written atomically (temp file in the same folder, fsync, rename), so a reader or
a crash never sees a half-written file, and a failed run leaves the old ones."""
from __future__ import annotations

import contextlib
import fcntl
import io
import json
import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from . import __version__
from .errors import MincardsError
from schemas.min_cards import COLUMNS

# The Arrow schema of the Parquet artifacts, column for column with the contract.
ARROW_TYPES = {"string": pa.string(), "Int64": pa.int64(), "Float64": pa.float64(), "boolean": pa.bool_()}


@dataclass(frozen=True)
class SourceInfo:
    path: str  # relative to the raw folder, as in the source_file column
    sha256: str


def arrow_schema(frame: pd.DataFrame, metadata: dict[str, str]) -> pa.Schema:
    def arrow_type(dtype: object) -> pa.DataType:
        name = "string" if isinstance(dtype, pd.StringDtype) else str(dtype)
        return ARROW_TYPES[name]
    fields = [pa.field(name, arrow_type(frame[name].dtype), nullable=True) for name in frame.columns]
    return pa.schema(fields, metadata={k.encode(): v.encode() for k, v in metadata.items()})


def parquet_metadata(release: str, sources: list[SourceInfo]) -> dict[str, str]:
    return {"mincards.release": release,
            "mincards.sources": json.dumps([s.__dict__ for s in sources], sort_keys=True),
            "mincards.pipeline_version": __version__}


def parquet_bytes(frame: pd.DataFrame, metadata: dict[str, str]) -> bytes:
    schema = arrow_schema(frame, metadata)
    table = pa.Table.from_pandas(frame, schema=schema, preserve_index=False)
    # Keep only our metadata: pandas' own block embeds library versions, not data.
    table = table.replace_schema_metadata(schema.metadata)
    sink = io.BytesIO()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue()


def csv_bytes(frame: pd.DataFrame) -> bytes:
    return frame.to_csv(index=False, lineterminator="\n").encode("utf-8")


def json_value(value: object) -> object:
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    if hasattr(value, "item"):  # numpy scalars -> Python
        return value.item()
    return value


def json_bytes(frame: pd.DataFrame) -> bytes:
    """A JSON array of records, one record per line: valid JSON that still diffs well."""
    lines = [json.dumps({col: json_value(v) for col, v in zip(COLUMNS, row)}, ensure_ascii=False)
             for row in frame[COLUMNS].itertuples(index=False, name=None)]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def grid_csv_bytes(dense: pd.DataFrame) -> bytes:
    """The table as printed: no header line of ours, every merged slot filled."""
    return dense.to_csv(index=False, header=False, lineterminator="\n").encode("utf-8")


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private; published artifacts get ordinary permissions.
        os.fchmod(fd, 0o666 & ~current_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def release_artifacts(release: str, frame: pd.DataFrame, dense: pd.DataFrame,
                      sources: list[SourceInfo]) -> dict[str, bytes]:
    """Every file one release publishes, by path relative to the output folder."""
    metadata = parquet_metadata(release, sources)
    # In a Hive dataset the folder name carries the release; the column inside
    # the file would clash with it when readers merge the partitions.
    partition = parquet_bytes(frame.drop(columns="release"), metadata)
    return {
        f"{release}/min_cards.csv": csv_bytes(frame),
        f"{release}/min_cards.parquet": parquet_bytes(frame, metadata),
        f"{release}/min_cards.json": json_bytes(frame),
        f"{release}/grid.csv": grid_csv_bytes(dense),
        f"dataset/release={release}/part-0.parquet": partition,
    }


LOCK_NAME = ".mincards.lock"


class LockedError(MincardsError):
    kind = "output folder busy"


@contextlib.contextmanager
def output_lock(out_dir: Path):
    """One writer per output folder at a time: a second run fails at once, clearly,
    instead of interleaving its files with the first one's."""
    out_dir.mkdir(parents=True, exist_ok=True)
    handle = open(out_dir / LOCK_NAME, "a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise LockedError(str(out_dir), f"another mincards run ({holder}) is writing here",
                              "one run at a time per output folder; try again when it finishes") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}")
        handle.flush()
        yield
    finally:
        handle.close()  # closing releases the lock


def remove_stale_temporaries(folder: Path) -> None:
    """Temp files a killed run left behind; only called while holding the lock."""
    for stale in folder.glob(".*.tmp"):
        stale.unlink(missing_ok=True)


def write_artifacts(out_dir: Path, artifacts: dict[str, bytes]) -> list[Path]:
    written = []
    for folder in sorted({(out_dir / relative).parent for relative in artifacts}):
        if folder.is_dir():
            remove_stale_temporaries(folder)
    for relative, data in sorted(artifacts.items()):
        atomic_write(out_dir / relative, data)
        written.append(out_dir / relative)
    return written
