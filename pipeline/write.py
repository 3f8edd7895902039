"""Validated frames -> the bytes of each artifact: CSV, Parquet, JSON, the dense grid
and the release's dataset partition. Rendering is kept apart from writing: every
artifact exists in memory before pipeline/publish.py puts a release in place.
`atomic_write` is for single files written outside a release (diff --save)."""
from __future__ import annotations

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
from schemas.min_cards import COLUMNS

# The Arrow schema of the Parquet artifacts, column for column with the contract.
ARROW_TYPES = {"string": pa.string(), "Int64": pa.int64(), "Float64": pa.float64(), "boolean": pa.bool_()}


@dataclass(frozen=True)
class SourceInfo:
    path: str  # relative to the raw folder, as in the source_file column
    sha256: str


@dataclass(frozen=True)
class ReleaseFiles:
    """Everything one release publishes, rendered: the files of its folder by name, and
    its dataset partition."""
    release: str
    files: dict[str, bytes]
    partition: bytes
    sources: tuple[SourceInfo, ...]
    pipeline_version: str = __version__


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
                      sources: list[SourceInfo]) -> ReleaseFiles:
    """The tables one release publishes (the reports are added by the caller)."""
    metadata = parquet_metadata(release, sources)
    # In a Hive dataset the folder name carries the release; the column inside
    # the file would clash with it when readers merge the partitions.
    partition = parquet_bytes(frame.drop(columns="release"), metadata)
    files = {
        "min_cards.csv": csv_bytes(frame),
        "min_cards.parquet": parquet_bytes(frame, metadata),
        "min_cards.json": json_bytes(frame),
        "grid.csv": grid_csv_bytes(dense),
    }
    return ReleaseFiles(release, files, partition, tuple(sources))
