"""The contract of the releases table (build/releases.csv, and the `releases` table of
build/mincards.sqlite): one row per published release, with where it came from.

`release` is min_cards' own column; the Table Schema and the SQLite table are generated
from this schema (schemas/contract.py).
"""
from __future__ import annotations

import pandas as pd
import pandera.pandas as pa

from pipeline.errors import ContractError, Place
from schemas.min_cards import SCHEMA as MIN_CARDS, failure_problems

KEY = ["release"]
DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"

SCHEMA = pa.DataFrameSchema(
    {
        "release": MIN_CARDS.columns["release"],
        "updated": pa.Column("string", pa.Check.str_matches(DATE_PATTERN), description=(
            "the vendor page's update date (更新时间), YYYY-MM-DD: the release id without its revision")),
        "revision": pa.Column("Int64", pa.Check.gt(0), description=(
            "1 for the first copy of a date, N for a release id YYYY-MM-DD.N (the vendor changed the page "
            "without changing its date)")),
        "source_url": pa.Column("string", nullable=True, description=(
            "the vendor's public page, from raw/<release>/SOURCE.md; null when it names none")),
        "sources": pa.Column("string", pa.Check.str_length(min_value=1), description=(
            "every source file of the release, raw/<release>/<file>, with its sha256, as a JSON array of "
            "{\"path\", \"sha256\"} objects")),
        "rows": pa.Column("Int64", pa.Check.gt(0), description="rows of the release's min_cards table"),
        "models": pa.Column("Int64", pa.Check.gt(0), description="distinct models in the release"),
        "findings": pa.Column("Int64", pa.Check.ge(0), description=(
            "data-quality findings of the release (its findings table numbers them)")),
        "pipeline_version": pa.Column("string", pa.Check.str_length(min_value=1), description=(
            "the mincards version that published the release")),
    },
    strict=True, ordered=True, unique=KEY,
    description="every published release, oldest first, with its sources",
)
COLUMNS = list(SCHEMA.columns)
PANDAS_DTYPES = {name: "string" if str(column.dtype).startswith("str") else str(column.dtype)
                 for name, column in SCHEMA.columns.items()}


def validate_releases(table: pd.DataFrame, source: str) -> pd.DataFrame:
    typed = table.astype(PANDAS_DTYPES)
    try:
        return SCHEMA.validate(typed, lazy=True)
    except pa.errors.SchemaErrors as exc:
        raise ContractError(source, failure_problems(typed, exc.failure_cases, lambda df, index: (
            Place(), f"release {df.loc[index, 'release']}"))) from None
