"""Validated frames -> the bytes of each artifact: CSV, Parquet, JSON, NDJSON, the dense
grid, the findings, the release's data package descriptor and its dataset partition.
Rendering is kept apart from writing: every artifact exists in memory before
pipeline/publish.py puts a release in place.

Every schema here comes from the Pandera contracts (schemas/contract.py): the Arrow
schema of the Parquet files and the Table Schema of the data package."""
from __future__ import annotations

import hashlib
import io
import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from . import __version__
from .files import RELEASE_PACKAGE  # in each release folder: that release's tables
from .quality import finding_rows
from schemas import contract, findings as findings_contract, hardware, min_cards
from schemas.min_cards import COLUMNS


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
    source_url: str | None = None  # the vendor's public page (raw/<release>/SOURCE.md)
    inputs: dict | None = None  # what the manifest records for a later run to compare (pipeline/inputs.py)


def parquet_metadata(release: str, sources: list[SourceInfo], source_url: str | None = None,
                     table: str = "min_cards") -> dict[str, str]:
    metadata = {"mincards.table": table,
                "mincards.release": release,
                "mincards.sources": json.dumps([s.__dict__ for s in sources], sort_keys=True),
                "mincards.pipeline_version": __version__}
    if source_url:
        metadata["mincards.source_url"] = source_url
    return metadata


def parquet_bytes(frame: pd.DataFrame, metadata: dict[str, str], schema: object = min_cards.SCHEMA) -> bytes:
    """The frame under the Arrow schema generated from its Pandera contract: the contract's
    types and nullability, each field's description (and unit) as field metadata; columns
    of the contract missing from the frame (release, in a dataset partition) left out."""
    dropped = tuple(name for name in schema.columns if name not in frame.columns)
    metadata = {**metadata, "pandas": contract.pandas_metadata(schema, drop=dropped)}
    schema = contract.arrow_schema(schema, drop=dropped, metadata=metadata)
    table = pa.Table.from_pandas(frame, schema=schema, preserve_index=False)
    # Keep only our metadata: pandas' own block embeds library versions, not data (ours has none).
    table = table.replace_schema_metadata(schema.metadata)
    sink = io.BytesIO()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue()


def csv_bytes(frame: pd.DataFrame) -> bytes:
    return frame.to_csv(index=False, lineterminator="\n").encode("utf-8")


def json_lines(frame: pd.DataFrame) -> list[str]:
    """One JSON object per row, in the contract's column order. Arrow turns the columns into
    Python values (None for null) in one pass, not a Python call per cell."""
    records = pa.Table.from_pandas(frame[COLUMNS], preserve_index=False).to_pylist()
    return [json.dumps(record, ensure_ascii=False) for record in records]


def json_bytes(lines: list[str]) -> bytes:
    """A JSON array of records, one record per line: valid JSON that still diffs well."""
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def jsonl_bytes(lines: list[str]) -> bytes:
    """NDJSON (JSON Lines): one record per line, nothing else; no line for no rows."""
    return "".join(line + "\n" for line in lines).encode("utf-8")


def grid_csv_bytes(dense: pd.DataFrame) -> bytes:
    """The table as printed: no header line of ours, every merged slot filled."""
    return dense.to_csv(index=False, header=False, lineterminator="\n").encode("utf-8")


def release_artifacts(release: str, frame: pd.DataFrame, dense: pd.DataFrame,
                      sources: list[SourceInfo], source_url: str | None = None,
                      findings: pd.DataFrame | None = None) -> ReleaseFiles:
    """The tables one release publishes, with its data package descriptor (the reports
    are added by the caller). `findings` defaults to the frame's (pipeline/quality.py)."""
    if findings is None:
        findings = findings_contract.validate_findings(finding_rows(frame), f"{release} findings")
    metadata = parquet_metadata(release, sources, source_url)
    # The partition carries its release column, as text: its folder, dataset/<release>/, is no
    # Hive key=value name, so every reader (pyarrow, pandas, polars, DuckDB) takes release from
    # the file with no options, instead of a DATE or category guessed from a folder name.
    partition = parquet_bytes(frame, metadata)
    lines = json_lines(frame)  # the same records in the JSON array and the NDJSON
    files = {
        "min_cards.csv": csv_bytes(frame),
        "min_cards.parquet": parquet_bytes(frame, metadata),
        "min_cards.json": json_bytes(lines),
        "min_cards.jsonl": jsonl_bytes(lines),
        "findings.csv": csv_bytes(findings),
        "findings.parquet": parquet_bytes(findings, parquet_metadata(release, sources, source_url, "findings"),
                                          findings_contract.SCHEMA),
        "grid.csv": grid_csv_bytes(dense),
    }
    files[RELEASE_PACKAGE] = json_document(release_package(release, files, sources, source_url))
    return ReleaseFiles(release, files, partition, tuple(sources), source_url=source_url)


# --- Frictionless Data Package ------------------------------------------------------
# Each release folder holds a descriptor of its own tables (paths relative to the folder:
# the folder is a data package by itself); build/datapackage.json joins the descriptors
# of every release present (pipeline/publish.py writes it after the releases).

# Data Package v2: its Table Schema has exclusiveMinimum (params_b > 0), which v1 lacks.
PACKAGE_PROFILE = "https://datapackage.org/profiles/2.0/datapackage.json"
VENDOR_TABLE = "Huawei Cloud ModelArts, 表1 模型最小卡数配置 (minimum Ascend NPUs per model)"


def json_document(document: dict) -> bytes:
    return (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def package_source(release: str, sources: list[SourceInfo], source_url: str | None) -> dict:
    source = {"title": f"{VENDOR_TABLE}, updated {release}"}
    if source_url:
        source["path"] = source_url
    source["updated"] = release
    source["files"] = [{"path": s.path, "sha256": s.sha256} for s in sources]
    return source


def csv_resource(name: str, path: str, data: bytes | tuple[int, str], description: str, schema: dict,
                 source: dict | None) -> dict:
    """A CSV table of the package; `data` is its bytes, or (size, sha256) of a file written
    in pieces."""
    size, sha256 = (len(data), hashlib.sha256(data).hexdigest()) if isinstance(data, bytes) else data
    resource = {"name": name, "type": "table", "path": path, "format": "csv", "mediatype": "text/csv",
                "encoding": "utf-8", "bytes": size, "hash": f"sha256:{sha256}", "description": description}
    return {**resource, **({"sources": [source]} if source else {}), "schema": schema}


def release_package(release: str, files: dict[str, bytes], sources: list[SourceInfo],
                    source_url: str | None) -> dict:
    """The release's tables as a Frictionless Data Package: CSV resources with the Table
    Schemas generated from the contracts, the primary keys, each finding's row as a
    foreign key into min_cards, the vendor source, the pipeline version."""
    source = package_source(release, sources, source_url)
    findings_schema = contract.table_schema(findings_contract.SCHEMA, findings_contract.KEY)
    findings_schema["foreignKeys"] = [{"fields": findings_contract.ROW_KEY,
                                       "reference": {"resource": "min_cards", "fields": min_cards.KEY}}]
    resources = [
        csv_resource("min_cards", "min_cards.csv", files["min_cards.csv"],
                     f"the vendor table of release {release} as tidy data: one row per (" + ", ".join(min_cards.KEY)
                     + "), sorted by that key. The same rows: min_cards.parquet, min_cards.json, min_cards.jsonl.",
                     contract.table_schema(min_cards.SCHEMA, min_cards.KEY), source),
        csv_resource("findings", "findings.csv", files["findings.csv"],
                     f"data-quality findings of release {release}: one line per finding and min_cards row "
                     "involved, with the row's source cell. The same lines: findings.parquet.",
                     findings_schema, source),
    ]
    return {
        "$schema": PACKAGE_PROFILE,
        "name": f"mincards-{release}",
        "title": f"mincards release {release}",
        "description": f"{VENDOR_TABLE}, release {release}, as validated tidy data",
        "release": release,
        "pipeline_version": __version__,
        "hardware": [{"name": h.name, "unit": h.unit, "units_per_node": h.units_per_node} for h in hardware.HARDWARE],
        "sources": [source],
        "resources": resources,
    }


def package_resources(release: str, package: dict) -> list[dict]:
    """A release descriptor's resources as build/datapackage.json lists them: renamed
    `<name>-<release>`, paths made relative to build/, foreign keys following."""
    resources = []
    for resource in package["resources"]:
        resource = {**resource, "name": f"{resource['name']}-{release}", "path": f"{release}/{resource['path']}",
                    "release": release, "pipeline_version": package["pipeline_version"]}
        if "foreignKeys" in resource["schema"]:
            resource["schema"] = {**resource["schema"], "foreignKeys": [
                {**key, "reference": {**key["reference"], "resource": f"{key['reference']['resource']}-{release}"}}
                for key in resource["schema"]["foreignKeys"]]}
        resources.append(resource)
    return resources


PACKAGE_TITLE = "mincards: minimum Ascend NPUs per model"


def package_description(across: Sequence[str] = ()) -> str:
    text = (f"{VENDOR_TABLE}, every release published in this folder, as validated tidy data. Resources "
            "min_cards-<release> and findings-<release>; the same tables as Parquet (<release>/*.parquet, "
            "dataset/<release>/part-0.parquet, each with its release column) and JSON (<release>/min_cards.json, .jsonl).")
    if "history" in across:
        text += (" Resource history: every configuration's value over the releases, one row per run of releases "
                 "in which it held (the same rows: history.parquet).")
    if "releases" in across:
        text += " Resource releases: every release with its sources."
    return text


def build_package(releases: list[str], descriptor: Callable[[str], dict],
                  across: Sequence[dict] = (), files: dict[str, str] | None = None) -> Iterator[bytes]:
    """build/datapackage.json, in pieces, from the descriptor of each release (oldest
    first), which `descriptor` reads: once for the sources, which come first, then again
    for the resources, so that memory holds one release's descriptor at a time, whatever
    the number of releases (every descriptor held as Python objects cost 18 MiB at 128).
    `across`: the resources made of every release together (history, releases), last; `files`:
    the sha256 of every file made of every release together (the next run rebuilds what no
    longer holds those bytes: publish.described_as_written)."""
    sources = [source for release in releases for source in descriptor(release)["sources"]]
    document = {
        "$schema": PACKAGE_PROFILE,
        "name": "mincards",
        "title": PACKAGE_TITLE,
        "description": package_description([resource["name"] for resource in across]),
        "pipeline_version": __version__,
        "releases": releases,
        "hardware": [{"name": h.name, "unit": h.unit, "units_per_node": h.units_per_node} for h in hardware.HARDWARE],
        "sources": sources,
        "files": files or {},
        "resources": [],  # last: its items follow, as json.dumps(document, indent=1) would print them
    }
    yield json.dumps(document, indent=1, ensure_ascii=False).removesuffix("[]\n}").encode("utf-8")
    separator = "[\n  "
    resources = (resource for release in releases for resource in package_resources(release, descriptor(release)))
    for resource in itertools.chain(resources, across):
        text = json.dumps(resource, indent=1, ensure_ascii=False).replace("\n", "\n  ")  # two levels deep
        yield (separator + text).encode("utf-8")
        separator = ",\n  "
    yield "\n ]\n}\n".encode("utf-8")
