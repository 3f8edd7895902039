"""build/mincards.sqlite: every release's min_cards rows, the history, the findings and the
releases in one SQLite database, for Datasette

    datasette build/mincards.sqlite --metadata build/datasette.json

or any SQLite client. The tables are generated from the contracts
(schemas/contract.py `sqlite_table`): types, NOT NULL, allowed values and minimums as
CHECK constraints, each column's description as a comment in its CREATE TABLE (SQLite
keeps the statement as written). Each table's key is its primary key (indexed); model
names have a full-text index (FTS5) on min_cards and history, which Datasette finds by
itself. build/datasette.json (title, source, licence note, column descriptions and
units) is generated from the data package's descriptors of the same tables.

The database is written by the run into its staging folder and put in place whole
(pipeline/publish.py), so its bytes depend only on the releases (no journal, no clock).
"""
from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .files import current_umask
from .history import COLUMNS as HISTORY_COLUMNS, KEY_COLUMNS, RUN_COLUMNS, Runs
from schemas import contract, findings, history, min_cards, releases

DATABASE = "mincards.sqlite"
METADATA = "datasette.json"
NAME = Path(DATABASE).stem  # Datasette names a database after its file
# table -> (contract, primary key, references of single columns)
TABLES = {
    "releases": (releases.SCHEMA, releases.KEY, {}),
    "min_cards": (min_cards.SCHEMA, min_cards.KEY, {"release": ("releases", "release")}),
    "findings": (findings.SCHEMA, findings.KEY, {"release": ("releases", "release")}),
    "history": (history.SCHEMA, history.KEY, {"first_release": ("releases", "release"),
                                              "last_release": ("releases", "release")}),
}
SEARCHED = ("min_cards", "history")  # full-text search on their model names
# Datasette's `units` are Pint units; the contract's units that are one plain word are
# declared to Pint as units of their own (a token is no SI unit).
UNIT_WORDS = ("tokens", "node")
# The history's rows in its order: each closed run with its key, sorted once by key and position
# (the closed runs are kept in the order they close, which costs each insert least).
HISTORY_COPY = (f"SELECT {', '.join([f'k.{c}' for c in KEY_COLUMNS] + [f'c.{c}' for c in RUN_COLUMNS])} "
                f"FROM temp.closed AS c CROSS JOIN temp.keys AS k ON k.number = c.number "
                f"ORDER BY {', '.join(f'k.{c}' for c in KEY_COLUMNS)}, c.position")
LICENCE_NOTE = ("no licence stated by the vendor: the numbers are Huawei Cloud's published documentation "
                "(the source page), republished here as data for reference")


class Database:
    """The database being written: tables created from the contracts, rows added table by
    table, the full-text indexes built by `index_names` and the file closed by `finish`."""

    def __init__(self, path: Path):
        self.path = path
        path.unlink(missing_ok=True)
        self.connection = sqlite3.connect(path, isolation_level=None)
        # A file in a staging folder, renamed into place once whole: no journal to keep.
        self.connection.execute("PRAGMA journal_mode = OFF")
        self.connection.execute("PRAGMA synchronous = OFF")
        self.connection.execute("BEGIN")
        for table, (schema, key, references) in TABLES.items():
            self.connection.execute(contract.sqlite_table(table, schema, key, references))
        self.statements = {table: f"INSERT INTO {contract.sql_name(table)} VALUES "
                                  f"({', '.join('?' * len(schema.columns))})"
                           for table, (schema, _, _) in TABLES.items()}

    def insert(self, table: str, rows: Iterable[tuple]) -> None:
        self.connection.executemany(self.statements[table], rows)

    # --- the history, from the changes of each release (pipeline/history.py) ---

    def start_history(self) -> None:
        """Two temporary tables (outside the database file): each key under its number
        (history.Runs), and the runs as they close, appended in that order. Kept by (key
        number, position) instead, each release's runs went to as many places of a tree
        larger than the cache (at 128 releases, 1.0 s of inserts against 0.5 s appended);
        the history table is copied from them with one sort (0.17 -> 0.38 s)."""
        self.runs = Runs()
        self.connection.execute(f"CREATE TEMP TABLE keys (number INTEGER PRIMARY KEY, {', '.join(KEY_COLUMNS)})")
        self.connection.execute(f"CREATE TEMP TABLE closed (number INTEGER, position INTEGER, {', '.join(RUN_COLUMNS)})")

    def add_changes(self, release: str, rows: list[tuple]) -> None:
        self.keep_closed(self.runs.add(release, rows))

    def keep_closed(self, runs: list[tuple]) -> None:
        self.connection.executemany(f"INSERT INTO temp.keys VALUES ({', '.join('?' * (len(KEY_COLUMNS) + 1))})",
                                    self.runs.keys_seen())
        self.connection.executemany(f"INSERT INTO temp.closed VALUES ({', '.join('?' * (len(RUN_COLUMNS) + 2))})",
                                    runs)

    def finish_history(self) -> None:
        """The history table, its rows inserted in key order (its index built in one pass):
        the closed runs sorted by key, each key's runs in position order.
        Its CHECK constraints are not evaluated on the copy: every history row is checked
        against the same contract, which they are made from, as history.parquet is written
        (pipeline/across.py `write_history`, before anything is published), with an error
        that names the row; evaluating them here too cost a third of this serial copy."""
        self.keep_closed(self.runs.rest())
        self.connection.execute("PRAGMA ignore_check_constraints = ON")
        try:
            self.connection.execute(f"INSERT INTO history {HISTORY_COPY}")
        finally:
            self.connection.execute("PRAGMA ignore_check_constraints = OFF")
        self.connection.execute("DROP TABLE temp.closed")
        self.connection.execute("DROP TABLE temp.keys")

    def commit(self) -> None:
        """What is written so far, readable by other connections (the workers); writing goes
        on in this connection's memory only, until `finish`: with no journal, a page spilled
        to the file mid-transaction would be read by them half-written (a schema naming
        tables not there yet). SQLite applies cache_spill between transactions only."""
        self.connection.execute("COMMIT")
        self.connection.execute("PRAGMA cache_spill = OFF")
        self.connection.execute("BEGIN")

    def query(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        return self.connection.execute(sql, params)

    def index_names(self) -> None:
        """The full-text indexes, written after `commit` while other connections may still
        read the file (the workers writing the history's files): every page stays in this
        connection's memory until `finish` commits, and they read the committed database."""
        for table in SEARCHED:
            name = contract.sql_name(f"{table}_fts")
            self.connection.execute(f'CREATE VIRTUAL TABLE {name} USING FTS5 (model, content="{table}")')
            self.connection.execute(f"INSERT INTO {name} (rowid, model) SELECT rowid, model FROM "
                                    f"{contract.sql_name(table)}")

    def finish(self) -> None:
        """Once no other connection reads (index_names done): the last commit, the file closed."""
        self.connection.execute("COMMIT")
        self.connection.close()
        # SQLite makes its files 0644 whatever the umask allows; artifacts follow the umask
        os.chmod(self.path, 0o666 & ~current_umask())

    def abandon(self) -> None:
        self.connection.close()


# --- build/datasette.json ------------------------------------------------------------------

def table_metadata(resource: dict) -> dict:
    """A data package resource as Datasette's table metadata: its description, each column's
    description (with its unit), the Pint units of the columns that have a plain one."""
    fields = resource["schema"]["fields"]
    columns = {f["name"]: f["description"] + (f" [unit: {f['unit']}]" if f.get("unit") else "") for f in fields}
    units = {f["name"]: f["unit"] for f in fields if f.get("unit") in UNIT_WORDS}
    metadata = {"description": resource["description"], "columns": columns}
    if units:
        metadata["units"] = units
    if resource["name"] in SEARCHED:
        metadata["fts_table"] = f"{resource['name']}_fts"
    return metadata


def datasette_metadata(package: dict) -> dict:
    """build/datasette.json from a data package (title, description, sources, licence
    note) whose resources are named after the database's tables."""
    source = package["sources"][-1]
    return {
        "title": package["title"],
        "description": package["description"],
        "license": LICENCE_NOTE,
        "license_url": source.get("path", ""),
        "source": source["title"],
        "source_url": source.get("path", ""),
        "custom_units": [f"{word} = [{word}]" for word in UNIT_WORDS],
        "databases": {NAME: {"tables": {r["name"]: table_metadata(r) for r in package["resources"]}}},
    }


def metadata_bytes(package: dict) -> bytes:
    return (json.dumps(datasette_metadata(package), indent=1, ensure_ascii=False) + "\n").encode("utf-8")
