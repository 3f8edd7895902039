"""A Pandera schema -> every other form of the same contract.

The Pandera models (schemas/min_cards.py, schemas/findings.py) are the one place a
column is defined: its dtype, whether it may be null, its checks, its description and
(in the Field's metadata) its unit. From them come

- `json_schema`: a JSON Schema (draft 2020-12) for one record,
- `arrow_schema`: the Arrow schema of the Parquet files (types, nullability, each
  field's description and unit as Arrow field metadata),
- `table_schema`: the Frictionless Table Schema of the CSV files in the data package.

A check this module cannot translate is an error, never silently dropped: a new kind of
rule in the contract has to be taught here before anything is published.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pandera.pandas as pa
import pyarrow

# Pandera dtype (as str) -> (JSON Schema / Table Schema type, Arrow type)
TYPES = {
    "string": ("string", pyarrow.string()),
    "Int64": ("integer", pyarrow.int64()),
    "Float64": ("number", pyarrow.float64()),
    "boolean": ("boolean", pyarrow.bool_()),
}
# JSON Schema / Table Schema type -> DuckDB type, for reading the NDJSON with explicit
# columns (auto-detection reads release as DATE and an all-null source_page as NULL).
DUCKDB_TYPES = {"string": "VARCHAR", "integer": "BIGINT", "number": "DOUBLE", "boolean": "BOOLEAN"}


class UntranslatableCheck(ValueError):
    pass


@dataclass(frozen=True)
class ColumnSpec:
    """One column of a contract, in terms every output form understands."""
    name: str
    kind: str  # string, integer, number, boolean
    arrow_type: pyarrow.DataType
    nullable: bool
    description: str
    unit: str | None = None
    pattern: str | None = None
    enum: tuple | None = None
    min_length: int | None = None
    minimum: int | None = None  # integers: inclusive
    exclusive_minimum: float | None = None  # numbers
    extra: dict = field(default_factory=dict)  # the rest of the Field's metadata


def dtype_name(dtype: object) -> str:
    name = str(dtype)
    return "string" if name.startswith("string") or name == "str" else name


def column_spec(name: str, column: pa.Column) -> ColumnSpec:
    kind, arrow_type = TYPES[dtype_name(column.dtype)]
    metadata = dict(column.metadata or {})
    spec: dict = {"unit": metadata.pop("unit", None), "extra": metadata}
    for check in column.checks:
        stats = check.statistics
        if check.name == "str_matches":
            spec["pattern"] = stats["pattern"]
        elif check.name == "isin":
            spec["enum"] = tuple(stats["allowed_values"])
        elif check.name == "str_length" and stats.get("max_value") is None and stats.get("exact_value") is None:
            spec["min_length"] = stats["min_value"]
        elif check.name == "greater_than" and kind == "integer":
            spec["minimum"] = int(stats["min_value"]) + 1
        elif check.name == "greater_than" and kind == "number":
            spec["exclusive_minimum"] = stats["min_value"]
        elif check.name == "greater_than_or_equal_to" and kind == "integer":
            spec["minimum"] = int(stats["min_value"])
        else:
            raise UntranslatableCheck(f"column {name}: check {check.name} {stats} has no translation "
                                      "in schemas/contract.py")
    if not column.description:
        raise ValueError(f"column {name}: no description in its Pandera Field")
    return ColumnSpec(name, kind, arrow_type, bool(column.nullable), column.description, **spec)


def column_specs(schema: pa.DataFrameSchema) -> list[ColumnSpec]:
    return [column_spec(name, column) for name, column in schema.columns.items()]


# --- JSON Schema ---------------------------------------------------------------------

def value_constraints(spec: ColumnSpec) -> dict:
    """The constraints JSON Schema and Table Schema spell alike, for the ones the column has."""
    named = {"pattern": spec.pattern, "minLength": spec.min_length, "minimum": spec.minimum,
             "exclusiveMinimum": spec.exclusive_minimum}
    return {key: value for key, value in named.items() if value is not None}


def json_property(spec: ColumnSpec) -> dict:
    prop: dict = {"type": [spec.kind, "null"] if spec.nullable else spec.kind}
    if spec.enum is not None:
        prop["enum"] = list(spec.enum) + ([None] if spec.nullable else [])
    prop.update(value_constraints(spec))
    prop["description"] = spec.description
    if spec.unit:
        prop["x-unit"] = spec.unit
    return prop


def json_record_schema(schema: pa.DataFrameSchema, rules: list[dict] = ()) -> dict:
    """The JSON Schema of one record: every column required (null where nullable), no
    other property; `rules` are the contract's cross-column checks as if/then."""
    specs = column_specs(schema)
    record = {
        "type": "object",
        "additionalProperties": False,
        "required": [s.name for s in specs],
        "properties": {s.name: json_property(s) for s in specs},
    }
    if rules:
        record["allOf"] = list(rules)
    return record


# --- Arrow ---------------------------------------------------------------------------

def arrow_field(spec: ColumnSpec) -> pyarrow.Field:
    metadata = {"description": spec.description}
    if spec.unit:
        metadata["unit"] = spec.unit
    return pyarrow.field(spec.name, spec.arrow_type, nullable=spec.nullable, metadata=metadata)


def arrow_schema(schema: pa.DataFrameSchema, drop: tuple[str, ...] = (),
                 metadata: dict[str, str] | None = None) -> pyarrow.Schema:
    fields = [arrow_field(s) for s in column_specs(schema) if s.name not in drop]
    return pyarrow.schema(fields, metadata=metadata)


# Contract type -> (pandas_type, numpy_type) of pandas' Parquet metadata: the nullable dtypes
# the pipeline itself uses, so that min_units stays integral (Int64, not float64) in pandas.
PANDAS_TYPES = {"string": ("unicode", "string"), "integer": ("int64", "Int64"), "number": ("float64", "Float64"),
                "boolean": ("bool", "boolean")}


def pandas_metadata(schema: pa.DataFrameSchema, drop: tuple[str, ...] = ()) -> str:
    """The `pandas` key of a Parquet file's metadata, made from the contract (not by pandas, whose
    own block names library versions): `pandas.read_parquet` with no options then gives each
    column its contract dtype."""
    import json

    columns = [{"name": s.name, "field_name": s.name, "pandas_type": PANDAS_TYPES[s.kind][0],
                "numpy_type": PANDAS_TYPES[s.kind][1], "metadata": None}
               for s in column_specs(schema) if s.name not in drop]
    return json.dumps({"index_columns": [], "column_indexes": [], "columns": columns,
                       "creator": {"library": "mincards"}}, sort_keys=True)


# --- Frictionless Table Schema -------------------------------------------------------

def table_field(spec: ColumnSpec) -> dict:
    constraints: dict = {"required": not spec.nullable}
    if spec.enum is not None:
        constraints["enum"] = list(spec.enum)
    constraints.update(value_constraints(spec))
    entry = {"name": spec.name, "type": spec.kind, "description": spec.description}
    if spec.unit:
        entry["unit"] = spec.unit
    entry["constraints"] = constraints
    return entry


def table_schema(schema: pa.DataFrameSchema, primary_key: list[str]) -> dict:
    return {"fields": [table_field(s) for s in column_specs(schema)], "primaryKey": list(primary_key),
            "missingValues": [""]}


# --- SQLite --------------------------------------------------------------------------
# build/mincards.sqlite (pipeline/database.py). Booleans are 0/1, as SQLite stores them.
SQLITE_TYPES = {"string": "TEXT", "integer": "INTEGER", "number": "REAL", "boolean": "INTEGER"}


def validation_ready() -> None:
    """Pandera's pandas backends registered, as the first validation of a process registers them
    (importing pandera's check strategies, hypothesis among them: ~0.1 s of CPU). The extract run
    calls it before forking its workers: each then inherits them instead of registering them
    again, and the run's own validations after the workers (the history's) find them ready."""
    import pandas as pd

    pa.DataFrameSchema({}).validate(pd.DataFrame())


def sql_name(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def sql_literal(value: object) -> str:
    return "'" + str(value).replace("'", "''") + "'" if isinstance(value, str) else repr(value)


def sqlite_column(spec: ColumnSpec, references: tuple[str, str] | None = None) -> str:
    """One column's definition: type, NOT NULL, the checks SQLite can state (allowed
    values, minimums, not empty; a pattern is left to the contract), a reference."""
    name = sql_name(spec.name)
    checks = [f"{name} IN (0, 1)"] if spec.kind == "boolean" else []
    if spec.enum is not None:
        checks.append(f"{name} IN ({', '.join(sql_literal(v) for v in spec.enum)})")
    if spec.minimum is not None:
        checks.append(f"{name} >= {spec.minimum}")
    if spec.exclusive_minimum is not None:
        checks.append(f"{name} > {spec.exclusive_minimum!r}")
    if spec.min_length is not None:
        checks.append(f"length({name}) >= {spec.min_length}")
    text = f"{name} {SQLITE_TYPES[spec.kind]}" + ("" if spec.nullable else " NOT NULL")
    text += f" CHECK ({' AND '.join(checks)})" if checks else ""
    return text + (f" REFERENCES {sql_name(references[0])} ({sql_name(references[1])})" if references else "")


def sqlite_table(table: str, schema: pa.DataFrameSchema, primary_key: list[str],
                 references: dict[str, tuple[str, str]] | None = None) -> str:
    """CREATE TABLE for these columns, with the primary key. Each column's description (and
    unit) is a comment on its line: SQLite keeps the statement as written (sqlite_master),
    so the database describes itself, and Datasette shows it on the table's page."""
    lines = []
    for spec in column_specs(schema):
        comment = spec.description + (f" [unit: {spec.unit}]" if spec.unit else "")
        lines.append(f"  {sqlite_column(spec, (references or {}).get(spec.name))}, -- {comment}")
    lines.append(f"  PRIMARY KEY ({', '.join(sql_name(k) for k in primary_key)})")
    return f"CREATE TABLE {sql_name(table)} (\n" + "\n".join(lines) + "\n)"


# --- readers' aids -------------------------------------------------------------------

def duckdb_columns(schema: pa.DataFrameSchema) -> str:
    """The `columns={...}` argument of DuckDB's read_json for these records."""
    return "{" + ", ".join(f"'{s.name}': '{DUCKDB_TYPES[s.kind]}'" for s in column_specs(schema)) + "}"


def data_dictionary(schema: pa.DataFrameSchema, primary_key: list[str]) -> str:
    """A Markdown table of the columns: name, type, null, unit, allowed values, meaning."""
    lines = ["| column | type | null | unit | values | meaning |", "|---|---|---|---|---|---|"]
    for s in column_specs(schema):
        values = []
        if s.enum is not None:
            values.append(", ".join(f"`{v}`" for v in s.enum))
        if s.pattern is not None:
            values.append(f"matches `{s.pattern}`")
        if s.minimum is not None:
            values.append(f"≥ {s.minimum}")
        if s.exclusive_minimum is not None:
            values.append(f"> {s.exclusive_minimum:g}")
        if s.min_length is not None:
            values.append("not empty")
        name = f"`{s.name}`" + (" (key)" if s.name in primary_key else "")
        meaning = s.description.replace("|", "\\|")
        lines.append(f"| {name} | {s.kind} | {'yes' if s.nullable else 'no'} | {s.unit or ''} | "
                     f"{'; '.join(values)} | {meaning} |")
    return "\n".join(lines) + "\n"
