"""The artifacts made of every published release together, built by the extract run once
its releases are staged (pipeline/publish.py `Staging.commit`), and put in place with
them:

    build/history.parquet, history.csv    the history (pipeline/history.py, schemas/history.py)
    build/releases.csv                    every release with its sources (schemas/releases.py)
    build/CHANGELOG.md                    what changed in each release (pipeline/changelog.py)
    build/mincards.sqlite, datasette.json the database for Datasette (pipeline/database.py)
    build/site/                           the static site (pipeline/site.py)

`build_across(releases, work)` is a function of the published releases alone: it reads
each release folder back through pipeline/store.py (checked against its manifest), never
the raw sources, and writes everything into `work` (the run's staging folder). Releases
are read one at a time in release order (pipeline/ids.py), each diffed with the one
before (pipeline/diff.py) and then forgotten: memory holds two releases, a few lines per
release and the history's changes in a few bytes each (pipeline/history.py `Changes`), made
into its runs in key order once every release is in (`Runs`), for the history table,
history.parquet and .csv, and one model at a time for the site.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from . import __version__, store
from .changelog import Entry, ReleaseInfo, changelog_markdown, entry
from .database import DATABASE, HISTORY_PART, METADATA, Database, metadata_bytes, write_history_part
from .diff import Side, diff_releases, diff_sides, sided
from .faults import Steps
from .history import CHUNK, COLUMNS as HISTORY_COLUMNS, RELEASES_METADATA, Changes, Runs, change_kinds, change_rows
from .ids import base_date, revision
from .site import SITE, Site, diff_page, model_note, model_page
from .errors import MincardsError
from .stages import stage
from .units import HARDWARE, UNIT_OF_HARDWARE, vendor_column_order
from .workers import Workers, in_order, meanwhile, new_objects_collected, pool
from .files import ACROSS_FILES, ACROSS_FOLDERS, json_document, sync_filesystem
from .write import RELEASE_PACKAGE, PACKAGE_TITLE, csv_resource, package_description
from schemas import contract, findings as findings_contract, history as history_contract, \
    min_cards as min_cards_contract, releases as releases_contract

HISTORY_PARQUET, HISTORY_CSV, RELEASES_CSV, CHANGELOG = "history.parquet", "history.csv", "releases.csv", \
    "CHANGELOG.md"
FILES, FOLDERS = ACROSS_FILES, ACROSS_FOLDERS  # in build/: each file put in place, each folder one rename
assert FILES == (HISTORY_PARQUET, HISTORY_CSV, RELEASES_CSV, CHANGELOG, DATABASE, METADATA) and FOLDERS == (SITE,)
RUN = 8  # consecutive releases a worker compares in one call: each call reads the release before its
# first again (at 128 releases, 2 -> 8 saved ~0.3 s of the workers' CPU); the last call's the parent adds
# to the database while the workers write the history


@dataclass(frozen=True)
class Across:
    """What build_across wrote into the staging folder: FILES and FOLDERS, and the data
    package resources of its tables (build/datapackage.json lists them last)."""
    resources: tuple[dict, ...]


def table_rows(table: pa.Table, columns: list[str]) -> list[tuple]:
    """A table's rows as tuples of Python values (None for null), for sqlite3."""
    return list(zip(*(plain_values(table.column(name)) for name in columns)))


def plain_values(column: pa.ChunkedArray) -> list:
    """A column's values as Python objects, each distinct string made once (from the
    column's dictionary): a release's model names, frameworks and units repeat on every
    row, and rows sent to another process are then pickled with each string once and
    unpickled as one object each. A copy per value, shared afterwards, cost three times
    as long (1,350 rows: 3.9 -> 1.3 ms)."""
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        return column.to_pylist()
    encoded = column.combine_chunks().dictionary_encode()
    words = np.array([*encoded.dictionary.to_pylist(), None], dtype=object)  # the last one for a null
    return words[encoded.indices.fill_null(len(words) - 1).to_numpy()].tolist()


def release_info(release: str, folder: Path, table: pa.Table, frame: pd.DataFrame, found: pa.Table) -> ReleaseInfo:
    manifest, _ = store.manifest_entry(folder, store.TABLE)
    url = store.source_url(table)
    # the column order from plain lists of the Arrow columns, each (framework, hardware, column) once
    # in order of appearance: a pandas groupby per release cost ~2 ms, a record per row ~1 ms
    places = ("framework", "hardware", "source_col")
    rows = (dict(zip(places, row)) for row in dict.fromkeys(zip(*(table.column(name).to_pylist() for name in places))))
    frameworks = tuple(dict.fromkeys(framework for framework, _ in vendor_column_order(rows)))
    present = set(table.column("hardware").unique().to_pylist())  # not a Python pass over the frame's rows
    return ReleaseInfo(release, base_date(release), revision(release), url,
                       tuple((s["path"], s["sha256"]) for s in manifest["sources"]), len(frame),
                       int(frame["model"].nunique()), len(set(found.column("finding").to_pylist())),
                       manifest["pipeline_version"], frameworks, tuple(h for h in HARDWARE if h in present))


def releases_row(info: ReleaseInfo) -> tuple:
    sources = json.dumps([{"path": path, "sha256": sha} for path, sha in info.sources], ensure_ascii=False)
    return (info.release, info.updated, info.revision, info.source_url, sources, info.rows, info.models,
            info.findings, info.pipeline_version)


class CountedFile(io.RawIOBase):
    """A file written in pieces, counted and hashed as it goes (for the data package)."""

    def __init__(self, path: Path):
        super().__init__()
        self.handle, self.size, self.sha256 = open(path, "wb"), 0, hashlib.sha256()

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:
        self.handle.write(data)
        self.size += len(data)
        self.sha256.update(data)
        return len(data)

    def close(self) -> tuple[int, str]:
        self.handle.close()
        super().close()
        return self.size, self.sha256.hexdigest()


def write_file(path: Path, data: bytes) -> tuple[int, str]:
    out = CountedFile(path)
    out.write(data)
    return out.close()


def csv_text(frame: pd.DataFrame, header: bool) -> bytes:
    return frame.to_csv(index=False, header=header, lineterminator="\n").encode("utf-8")


def write_history(runs: Runs, work: Path, made_of: list[dict], site: Path | None = None,
                  releases: list[str] | None = None) -> tuple[tuple[int, str], list[tuple[str, str]]]:
    """history.parquet and history.csv, in key order, CHUNK rows at a time, each chunk
    checked against the contract; returns the CSV's size and sha256, and (model, note) of
    the model pages written. The rows go to Arrow and to the CSV writer as plain values
    (pandas only for the check). Run in a worker beside the model pages (history_calls);
    with `site` (one process), every model's page is written from the same rows as they
    pass."""
    pages = ModelPages(site, releases) if site is not None and releases else None
    metadata = {"mincards.table": "history", RELEASES_METADATA: json.dumps(made_of),
                "mincards.pipeline_version": __version__}
    schema = contract.arrow_schema(history_contract.SCHEMA, metadata=metadata)
    csv_file = CountedFile(work / HISTORY_CSV)
    csv_file.write(csv_lines([HISTORY_COLUMNS]))
    with pq.ParquetWriter(work / HISTORY_PARQUET, schema, compression="zstd") as parquet:
        for start in range(0, len(runs), CHUNK):
            values = runs.columns(start, start + CHUNK)
            table = pa.table(values, schema=schema)
            history_contract.validate_history(table.to_pandas(types_mapper=store.pandas_dtype),
                                              str(work.parent / HISTORY_PARQUET))
            parquet.write_table(table)
            csv_file.write(csv_lines(zip(*values)))
            if pages:
                pages.add(zip(*values))
    return csv_file.close(), pages.done() if pages else []


def csv_lines(rows) -> bytes:
    """Rows as CSV text, a chunk at a time (a write per row through the counted file cost
    as much as making the lines): None as an empty field, booleans as True/False."""
    text = io.StringIO(newline="")
    csv.writer(text, lineterminator="\n").writerows(rows)
    return text.getvalue().encode("utf-8")


def write_releases(database: Database, work: Path) -> tuple[int, str]:
    rows = database.query("SELECT * FROM releases ORDER BY release").fetchall()
    frame = releases_contract.validate_releases(pd.DataFrame.from_records(rows, columns=releases_contract.COLUMNS),
                                                str(work.parent / RELEASES_CSV))
    return write_file(work / RELEASES_CSV, csv_text(frame, True))


class ModelPages:
    """The site's model pages (site.model_page), written from history rows given in key order,
    model first: a model's page once its last row has passed."""

    def __init__(self, site: Path, releases: list[str]):
        self.site, self.releases = site, releases
        self.model: str | None = None
        self.runs: list[dict] = []
        self.listed: list[tuple[str, str]] = []  # (model, note) for the index

    def add(self, rows) -> None:
        """History rows (HISTORY_COLUMNS values)."""
        for row in rows:
            record = dict(zip(HISTORY_COLUMNS, row))
            if record["model"] != self.model:
                self.write()
                self.model = record["model"]
            self.runs.append(record)

    def write(self) -> None:
        if self.runs:
            first, last = model_page(self.site, self.model, self.runs, self.releases)
            self.listed.append((self.model, model_note(first, last, self.releases[-1])))
            self.runs = []

    def done(self) -> list[tuple[str, str]]:
        self.write()
        return self.listed


def model_pages(runs: Runs, site: Path, models: list[str], releases: list[str]) -> list[tuple[str, str]]:
    """The site's pages of these models, from their runs of the history; (model, note) for
    the index. Run in the workers."""
    pages = ModelPages(site, releases)
    spans = runs.models()
    for model in models:
        pages.add(zip(*runs.columns(*spans[model])))
    return pages.done()


def run_call(function, *args):
    """function(*args): lets one pool run calls of different functions."""
    return function(*args)


def history_calls(runs: Runs, work: Path, site: Site, made_of: list[dict], releases: list[str],
                  jobs: int) -> list[tuple]:
    """The calls that write history.parquet and .csv, and one page per model of any release
    (run_call's arguments): in one process, one call writing the pages from the rows it
    writes out; else the history files one call, the models shared out among `jobs` others."""
    if jobs <= 1:
        return [(write_history, runs, work, made_of, site.folder, releases)]
    models = list(runs.models())
    return [(write_history, runs, work, made_of)] + \
        [(model_pages, runs, site.folder, models[i::jobs], releases) for i in range(jobs) if models[i::jobs]]


def raise_failed(outcomes: list) -> None:
    """The first MincardsError among calls' outcomes, raised."""
    for outcome in outcomes:
        if isinstance(outcome, MincardsError):
            raise outcome


def history_written(outcomes: list) -> tuple[tuple[int, str], list[tuple[str, str]]]:
    """The outcomes of history_calls: the CSV's (size, sha256), and (model, note) for the
    index, by model."""
    raise_failed(outcomes)
    (history_file, listed), *shares = outcomes
    return history_file, sorted([*listed, *(model for share in shares for model in share)])


def across_resources(history_file: tuple[int, str], releases_file: tuple[int, str]) -> tuple[dict, dict]:
    history_schema = contract.table_schema(history_contract.SCHEMA, history_contract.KEY)
    history_schema["foreignKeys"] = [{"fields": [field], "reference": {"resource": "releases", "fields": ["release"]}}
                                     for field in ("first_release", "last_release")]
    return (csv_resource("history", HISTORY_CSV, history_file,
                         "the history of every configuration key over the releases: one row per run of releases in "
                         "which its value held, keyed by (" + ", ".join(history_contract.KEY) + "), in key order. "
                         "The same rows: history.parquet, and the history table of mincards.sqlite.",
                         history_schema, None),
            csv_resource("releases", RELEASES_CSV, releases_file,
                         "every published release, oldest first: its update date, vendor page and source files "
                         "with their sha256. The same rows: the releases table of mincards.sqlite.",
                         contract.table_schema(releases_contract.SCHEMA, releases_contract.KEY), None))


def datasette_package(newest: Path, resources: tuple[dict, ...]) -> dict:
    """The data package of the database's tables: min_cards and findings as the newest
    release's descriptor gives them (every release has the same schema), then ours."""
    descriptor = json_document((newest / RELEASE_PACKAGE).read_text(encoding="utf-8"))
    return {"title": PACKAGE_TITLE, "description": package_description([r["name"] for r in resources]),
            "sources": descriptor["sources"], "resources": [*descriptor["resources"], *resources]}


@dataclass(frozen=True)
class Pair:
    """What a worker sends back for a release: its changes against the release before
    (history rows to be), its changelog entry, and what the database says of it: its
    rows, as the worker read them (the parent reads no release table again)."""
    info: ReleaseInfo
    entry: Entry
    changes: list[tuple]  # pipeline/history.py CHANGE_COLUMNS
    sha256: str  # of its min_cards.parquet
    min_cards: list[tuple]  # schemas/min_cards.py COLUMNS
    findings: list[tuple]  # schemas/findings.py COLUMNS


_last_read: list = []  # [(folder, table, frame, side)]: the release this process read last


def read_release(folder: Path) -> tuple[pa.Table, pd.DataFrame, Side]:
    """A release's table as Arrow, as a frame and as the diff's Side, read back once:
    comparing releases in order, each one is read as the newer of a pair, then again as the
    older of the next and for the database; the last one read is kept (one release,
    whatever their number)."""
    if _last_read and _last_read[0][0] == folder:
        return _last_read[0][1:]
    table = store.read_table(folder)
    frame = table.to_pandas(types_mapper=store.pandas_dtype)
    _last_read[:] = [(folder, table, frame, Side.of(sided(frame)))]
    return _last_read[0][1:]


def compare(position: int, old: tuple[str, Path] | None, new: tuple[str, Path], site: Path) -> Pair:
    """One release against the one before it (or against nothing): the diff decides what
    changed; the site's page of the pair is written here."""
    release, folder = new
    old_table, _, old_side = read_release(old[1]) if old else (None, None, None)
    table, frame, side = read_release(folder)
    found = store.read_table(folder, store.FINDINGS)
    info = release_info(release, folder, table, frame, found)
    diff = diff_sides(old[0], old_side, release, side) if old else \
        diff_releases("", frame.iloc[:0], release, frame)
    kinds = change_kinds(diff)
    if old:
        diff_page(site, diff, {old[0]: store.source_url(old_table), release: info.source_url})
    return Pair(info, entry(info, diff, kinds) if old else entry(info, None),
                change_rows(position, kinds, UNIT_OF_HARDWARE), store.manifest_entry(folder, store.TABLE)[1],
                table_rows(table, min_cards_contract.COLUMNS), table_rows(found, findings_contract.COLUMNS))


def insert_release(database: Database, pair: Pair) -> None:
    """A release's rows and findings into the database."""
    database.insert("releases", [releases_row(pair.info)])
    database.insert("min_cards", pair.min_cards)
    database.insert("findings", pair.findings)


def compare_run(first: int, releases: list[tuple[str, Path]], site: Path) -> list[Pair]:
    """Consecutive releases compared in one call: releases[0] is the one before position
    `first` (None for the first release), each of the others compared with the one before
    it; each release is read once (read_release keeps the last one). Their rows share their
    strings (table_rows, change_rows), for pickling to the parent."""
    return [compare(first + i, releases[i], releases[i + 1], site) for i in range(len(releases) - 1)]


def compare_all(database: Database, releases: dict[str, Path], ordered: list[str], site: Site,
                workers: Workers | None) -> tuple[dict[str, Entry], list[ReleaseInfo], list[dict], Runs, list[Pair]]:
    """Each release compared with the one before, in the workers, and added to the database
    in release order; its changelog entry, what is said of it, what the history is made of
    (release and the sha256 of its table), the history's runs, and the pairs of the last call,
    not yet in the database: the caller adds them while the workers go on with the history,
    rather than keep them waiting."""
    changes = Changes()
    entries: dict[str, Entry] = {}
    infos: list[ReleaseInfo] = []
    made_of: list[dict] = []
    # Runs of RUN consecutive releases per call: a worker reads each release of its run once.
    named = [None] + [(release, releases[release]) for release in ordered]
    firsts = range(0, len(ordered), RUN)
    # Workers only when each has a run to compare: for fewer releases (the two real ones)
    # starting them costs more than the comparisons.
    workers = workers if workers and len(firsts) >= workers.jobs else None
    calls = [(compare_run, first, named[first:first + RUN + 1], site.folder) for first in firsts]
    results = in_order(run_call, calls, workers.jobs if workers else 1, workers=workers)
    last: list[Pair] = []
    try:
        for _, outcome in results:
            if isinstance(outcome, MincardsError):
                raise outcome
            for pair in last:
                insert_release(database, pair)
            for pair in outcome:
                changes.add(pair.info.release, pair.changes)
                entries[pair.info.release] = pair.entry
                infos.append(pair.info)
                made_of.append({"release": pair.info.release, "sha256": pair.sha256})
            last = outcome
    finally:
        results.close()
    return entries, infos, made_of, changes.runs(), last


def build_across(releases: dict[str, Path], work: Path, steps: Steps | None = None, jobs: int = 1,
                 method: str | None = None) -> Across:
    """Every cross-release artifact of these releases (id -> published folder), written into
    `work`; each release is compared with the one before in `jobs` worker processes. Raises
    the first error (a release that cannot be read back, a broken contract) with nothing of
    it left in place: the caller's staging folder is deleted."""
    steps = steps or Steps()
    with stage("across releases"), new_objects_collected():
        return write_across(releases, work, steps, jobs, method)


def write_across(releases: dict[str, Path], work: Path, steps: Steps, jobs: int, method: str | None) -> Across:
    ordered = sorted(releases)  # release-id order: the order fetch files them in (pipeline/ids.py)
    database = Database(work / DATABASE)
    try:
        site = Site(work / SITE)
        with pool(run_call, jobs, method) as workers:  # started once, for the comparisons and the history
            entries, infos, made_of, runs, last = compare_all(database, releases, ordered, site, workers)
            # the history's rows for the database first: this process copies them in once written
            calls = [(write_history_part, runs, work / HISTORY_PART), *history_calls(runs, work, site, made_of,
                                                                                      ordered, jobs)]
            with meanwhile(run_call, calls, workers) as history_outcomes:
                # The database and what needs no history's files are written here while the
                # workers write the history's files and the model pages.
                for pair in last:
                    insert_release(database, pair)
                steps.writing(work / RELEASES_CSV)
                releases_file = write_releases(database, work)
                steps.step(RELEASES_CSV)
                newest_first = [entries[release] for release in reversed(ordered)]
                steps.writing(work / CHANGELOG)
                write_file(work / CHANGELOG, changelog_markdown(newest_first))
                steps.step(CHANGELOG)
                steps.writing(work / SITE)
                site.changelog_page(newest_first)
                newest = releases[ordered[-1]]
                heat = site.heat_map(read_release(newest)[1], store.load(newest, store.FINDINGS))
                raise_failed(history_outcomes(1))
                database.insert_history(work / HISTORY_PART)
                database.index_names()
                steps.writing(work / HISTORY_PARQUET)
                history_file, models = history_written(history_outcomes()[1:])
        steps.step(HISTORY_PARQUET)
        resources = across_resources(history_file, releases_file)
        site.index_page(infos, entries, models, heat)
        steps.step(SITE)
        steps.writing(work / DATABASE)
        database.finish()
        steps.step(DATABASE)
    except BaseException:
        database.abandon()
        raise
    finally:
        _last_read.clear()
    steps.writing(work / METADATA)
    write_file(work / METADATA, metadata_bytes(datasette_package(releases[ordered[-1]], resources)))
    steps.step(METADATA)
    # Every file and folder above made durable at once, before any rename publishes one
    # (a fsync each cost ~7 ms, a second over the pages of 128 releases).
    sync_filesystem(work)
    steps.step("synced")
    return Across(resources)
