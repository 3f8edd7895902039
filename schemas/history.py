"""The contract of the history table (build/history.parquet, history.csv, and the
`history` table of build/mincards.sqlite): one row per configuration key per run of
releases in which its value held, as pipeline/history.py derives it from the published
releases.

The key columns and `unit` are min_cards' own Pandera columns (one definition); the
Arrow schema, the data package's Table Schema and the SQLite table are generated from
this schema (schemas/contract.py), like min_cards'.
"""
from __future__ import annotations

import pandas as pd
import pandera.pandas as pa

from pipeline.errors import ContractError, Place
from pipeline.history import CHANGES, COLUMNS as HISTORY_COLUMNS, KEY
from pipeline.ids import RELEASE_PATTERN
from schemas.hardware import units_text
from schemas.min_cards import SCHEMA as MIN_CARDS, failure_problems

_shared = MIN_CARDS.columns


def release_column(description: str) -> pa.Column:
    return pa.Column("string", pa.Check.str_matches(RELEASE_PATTERN), description=description)


def no_value_when_removed(df: pd.DataFrame) -> pd.Series:
    """supported is null exactly on a removed row; min_units is set exactly when supported."""
    removed = df["change"] == "removed"
    units_set = df["min_units"].notna() == df["supported"].fillna(False)
    return ((df["supported"].isna() == removed) & units_set).astype(bool)


def previous_matches_change(df: pd.DataFrame) -> pd.Series:
    """up and down compare two numbers; added and support_added follow no number."""
    up = df["change"] == "up"
    down = df["change"] == "down"
    both = df["min_units"].notna() & df["previous_min_units"].notna()
    rose = (df["min_units"] > df["previous_min_units"]).fillna(False).astype(bool)
    fell = (df["min_units"] < df["previous_min_units"]).fillna(False).astype(bool)
    after_nothing = df["change"].isin(["added", "support_added"])
    return ((~up | (both & rose)) & (~down | (both & fell)) & (~after_nothing | df["previous_min_units"].isna())
            ).astype(bool)


def runs_in_order(df: pd.DataFrame) -> pd.Series:
    """A run ends where it starts or later, and spans `releases` releases at least once."""
    return ((df["first_release"] <= df["last_release"]) & (df["releases"] >= 1)).astype(bool)


SCHEMA = pa.DataFrameSchema(
    {
        **{name: _shared[name] for name in ["model", "strategy", "seq_len", "framework", "hardware"]},
        "supported": pa.Column("boolean", nullable=True, description=(
            "false where the vendor's cell is '-' (not supported) in the releases of this run; null on a removed "
            "row (the key is not in those releases)")),
        "min_units": pa.Column("Int64", pa.Check.gt(0), nullable=True, metadata={
            "unit": "card or die, as the column unit says"}, description=(
            "minimum number of units in the releases of this run: " + units_text()
            + "; null when not supported or removed")),
        "unit": _shared["unit"],
        "first_release": release_column(
            "the first release of the run: the release in which this value took effect (change says how it "
            "differs from the release before)"),
        "last_release": release_column(
            "the last release of the run: the release before the value changed again, or the newest release"),
        "releases": pa.Column("Int64", pa.Check.gt(0), description=(
            "how many consecutive published releases the run spans, first_release to last_release")),
        "previous_min_units": pa.Column("Int64", pa.Check.gt(0), nullable=True, metadata={
            "unit": "card or die, as the column unit says"}, description=(
            "min_units of the key's previous run (null for its first run, and when the previous run was not "
            "supported or removed)")),
        "change": pa.Column("string", pa.Check.isin(list(CHANGES)), description=(
            "how the run began against the release before it: " + "; ".join(
                f"{name}: {text}" for name, text in CHANGES.items()))),
    },
    checks=[pa.Check(no_value_when_removed, error="supported is null exactly when removed, min_units set "
                                                  "exactly when supported"),
            pa.Check(previous_matches_change, error="up and down follow a smaller and a larger number; added "
                                                    "and support_added follow none"),
            pa.Check(runs_in_order, error="first_release <= last_release and releases >= 1")],
    strict=True, ordered=True, unique=KEY,
    description="the history of every configuration key: one row per run of releases in which its value held",
)
COLUMNS = list(SCHEMA.columns)
assert COLUMNS == HISTORY_COLUMNS, "pipeline/history.py and its contract list the columns alike"
PANDAS_DTYPES = {name: "string" if str(column.dtype).startswith("str") else str(column.dtype)
                 for name, column in SCHEMA.columns.items()}


def run_lineage(df: pd.DataFrame, index: object) -> tuple[Place, str]:
    """A history row is read from releases, not from a cell: its key and its releases."""
    row = df.loc[index]
    return Place(), (f"{row['model']} / {row['strategy']} / {row['seq_len']} / {row['framework']} / "
                     f"{row['hardware']}, releases {row['first_release']} to {row['last_release']}")


def validate_history(table: pd.DataFrame, source: str) -> pd.DataFrame:
    typed = table.astype(PANDAS_DTYPES)
    try:
        return SCHEMA.validate(typed, lazy=True)
    except pa.errors.SchemaErrors as exc:
        raise ContractError(source, failure_problems(typed, exc.failure_cases, run_lineage)) from None
