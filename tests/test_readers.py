"""The published files as an analyst's tools read them with no options: pyarrow, pandas,
polars and DuckDB on the Parquet files and the dataset, pandas' recipe for CSV and JSON,
polars on the NDJSON with the Parquet file's schema, SQL on the findings' `rule`.

The types expected are the contract's, written out by hand: release is text everywhere (a
release id is a date or a revision of one, 2025-10-22.2: pipeline/ids.py), min_units an
integer (null where not supported), certain a boolean."""
from __future__ import annotations

# duckdb and polars are imported by the tests that use them: every pytest worker imports every test
# file, and these take ~0.1-0.4 s each.
import sqlite3

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds

from conftest import RELEASES


def counts(rows) -> dict:
    return {release: n for release, n in rows}


def test_every_reader_takes_release_as_text_from_the_dataset_with_no_options(published, tidy):
    """Catches: the partitions without their release column (polars globbing the files loses
    it) or in Hive folders release=<id> (DuckDB then reads release as a DATE, pandas fails to
    merge the folder's category with the file's text)."""
    import polars as pl
    import duckdb
    expected = {release: len(tidy[release]) for release in RELEASES}
    dataset = published / "dataset"
    table = ds.dataset(dataset, format="parquet").to_table()
    assert table.schema.field("release").type == pa.string() and table.schema.field("min_units").type == pa.int64()
    assert counts((v["values"], v["counts"]) for v in table.column("release").value_counts().to_pylist()) == expected
    frame = pd.read_parquet(dataset)
    assert (frame["release"].dtype, frame["min_units"].dtype, frame["certain"].dtype) == ("string", "Int64",
                                                                                         "boolean")
    assert frame["release"].value_counts().to_dict() == expected
    polars = pl.read_parquet(str(dataset / "**" / "*.parquet"))
    assert (polars.schema["release"], polars.schema["min_units"], polars.schema["certain"]) == (
        pl.String, pl.Int64, pl.Boolean)
    assert counts(polars.group_by("release").len().rows()) == expected
    rows = duckdb.connect().execute("SELECT typeof(release), typeof(min_units), release, count(*) FROM "
                                    "read_parquet(?) GROUP BY ALL", [str(dataset / "*" / "*.parquet")]).fetchall()
    assert {(t, u) for t, u, _, _ in rows} == {("VARCHAR", "BIGINT")}
    assert counts((release, n) for _, _, release, n in rows) == expected


def test_pandas_reads_the_parquet_with_the_contract_dtypes_and_no_options(published, tidy):
    """Catches: Parquet files without the pandas metadata made from the contract (pandas then
    reads min_units and min_nodes as float64, supported as numpy bool)."""
    for release in RELEASES:
        frame = pd.read_parquet(published / release / "min_cards.parquet")
        pd.testing.assert_frame_equal(frame, tidy[release])
        assert frame["min_units"].dtype == "Int64"


def test_the_pandas_recipe_for_csv_and_json_keeps_min_units_integral(published, tidy):
    """The documented recipe (notes/data.md): dtype_backend="numpy_nullable". Catches: a CSV or
    JSON writer turning whole numbers into 4.0, which no reader option makes integral again."""
    for release in RELEASES:
        csv = pd.read_csv(published / release / "min_cards.csv", dtype_backend="numpy_nullable")
        ndjson = pd.read_json(published / release / "min_cards.jsonl", lines=True, dtype_backend="numpy_nullable")
        for frame in (csv, ndjson):
            assert frame["min_units"].dtype == "Int64" and frame["release"].dtype == "string"
            assert frame["min_units"].tolist() == tidy[release]["min_units"].tolist()


def test_polars_reads_the_ndjson_with_the_parquet_files_schema(published, tidy):
    """The NDJSON carries no types: where a column is null in the first rows polars infers
    (active_params_b, source_page), its recipe takes the schema of the release's Parquet file.
    Catches: the NDJSON and the Parquet file disagreeing on a column or a value."""
    import polars as pl
    for release in RELEASES:
        schema = pl.read_parquet_schema(published / release / "min_cards.parquet")
        ndjson = pl.read_ndjson(published / release / "min_cards.jsonl", schema=schema)
        assert ndjson.equals(pl.read_parquet(published / release / "min_cards.parquet"))
        assert ndjson.height == len(tidy[release])


def test_the_findings_rule_column_needs_no_quoting_in_sql(published, builds):
    """Catches: the findings column named `check`, a reserved word (DuckDB and SQLite refuse
    it unquoted: a syntax error)."""
    import duckdb
    rows = duckdb.connect().execute(
        "SELECT rule, count(*) FROM read_parquet(?) GROUP BY rule ORDER BY rule",
        [str(published / "2025-10-22" / "findings.parquet")]).fetchall()
    # test_quality.py's six findings: four lora_exceeds_full of two rows each; odd_die_count
    # on llama3.2-1b (4 rows) and qwen2vl-2b (2 rows)
    assert rows == [("lora_exceeds_full", 8), ("odd_die_count", 6)]
    with sqlite3.connect(f"file:{builds['real'] / 'mincards.sqlite'}?mode=ro", uri=True) as db:
        assert db.execute("SELECT rule, count(*) FROM findings GROUP BY rule ORDER BY rule").fetchall() == rows
        assert db.execute("SELECT count(*) FROM min_cards WHERE NOT certain").fetchone() == (18,)
