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

import errno
import functools
import json
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .files import current_umask
from .history import CHUNK, Runs
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
LICENCE_NOTE = ("no licence stated by the vendor: the numbers are Huawei Cloud's published documentation "
                "(the source page), republished here as data for reference")


# SQLite's result codes for a disk that fails it, as the system errors they are: a full disk is
# one clear error naming the folder (pipeline/cli/common.py `os_error_text`), as for any file.
DISK_ERRORS = {sqlite3.SQLITE_FULL: errno.ENOSPC, sqlite3.SQLITE_IOERR: errno.EIO}


def disk_errors(method):
    """A Database method whose SQLite error of the disk is raised as that OSError, naming the file."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.OperationalError as exc:
            raise as_disk_error(exc, self.path) from exc
    return wrapper


def as_disk_error(exc: sqlite3.OperationalError, path: Path) -> Exception:
    code = DISK_ERRORS.get(getattr(exc, "sqlite_errorcode", 0) & 0xFF)
    return exc if code is None else OSError(code, os.strerror(code), str(path))


def new_file(path: Path) -> sqlite3.Connection:
    """A new database file in a staging folder, in its one transaction: it is renamed into place
    once whole (or copied from and removed), so it keeps no journal and waits for no disk."""
    path.unlink(missing_ok=True)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = OFF")
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("BEGIN")
    return connection


HISTORY_PART = "history.part.sqlite"  # in the staging folder while the database is written


def write_history_part(runs: Runs, path: Path) -> None:
    """The history's rows, in key order, into a file of their own (a table of plain columns),
    for Database.insert_history to copy in: written by a worker while this process writes the
    rest of the database (binding each value here took 0.6 s of its serial work at 128
    releases; the copy inside SQLite 0.13 s)."""
    connection = new_file(path)
    try:
        connection.execute(f"CREATE TABLE history ({', '.join(contract.sql_name(c) for c in history.COLUMNS)})")
        statement = f"INSERT INTO history VALUES ({', '.join('?' * len(history.COLUMNS))})"
        for start in range(0, len(runs), CHUNK):
            connection.executemany(statement, zip(*runs.columns(start, start + CHUNK)))
        connection.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        raise as_disk_error(exc, path) from exc
    finally:
        connection.close()


class Database:
    """The database being written: tables created from the contracts, rows added table by
    table, the full-text indexes built by `index_names` and the file closed by `finish`."""

    @disk_errors
    def __init__(self, path: Path):
        self.path = path
        self.connection = new_file(path)
        for table, (schema, key, references) in TABLES.items():
            self.connection.execute(contract.sqlite_table(table, schema, key, references))
        self.statements = {table: f"INSERT INTO {contract.sql_name(table)} VALUES "
                                  f"({', '.join('?' * len(schema.columns))})"
                           for table, (schema, _, _) in TABLES.items()}

    @disk_errors
    def insert(self, table: str, rows: Iterable[tuple]) -> None:
        self.connection.executemany(self.statements[table], rows)

    @disk_errors
    def insert_history(self, part: Path) -> None:
        """The history's runs, copied in key order (its primary key's index built in one pass)
        from the file write_history_part wrote, which is then removed. Its CHECK constraints
        are not evaluated: every history row is checked against the same contract, which they
        are made from, as history.parquet is written (pipeline/across.py `write_history`,
        before anything is published), with an error that names the row; evaluating them here
        too cost a third of this serial insert."""
        connection = self.connection
        connection.execute("COMMIT")  # (a database is attached outside a transaction)
        connection.execute("ATTACH DATABASE ? AS part", (str(part),))
        connection.execute("PRAGMA ignore_check_constraints = ON")
        connection.execute("BEGIN")
        connection.execute(f"INSERT INTO {contract.sql_name('history')} SELECT * FROM part.history")
        connection.execute("COMMIT")
        connection.execute("PRAGMA ignore_check_constraints = OFF")
        connection.execute("DETACH DATABASE part")
        connection.execute("BEGIN")
        part.unlink()

    def query(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        return self.connection.execute(sql, params)

    @disk_errors
    def index_names(self) -> None:
        """The full-text indexes of the model names, once the tables are whole."""
        for table in SEARCHED:
            name = contract.sql_name(f"{table}_fts")
            self.connection.execute(f'CREATE VIRTUAL TABLE {name} USING FTS5 (model, content="{table}")')
            self.connection.execute(f"INSERT INTO {name} (rowid, model) SELECT rowid, model FROM "
                                    f"{contract.sql_name(table)}")

    @disk_errors
    def finish(self) -> None:
        """The one commit, the file closed."""
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
