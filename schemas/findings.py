"""The contract of the findings tables (build/<release>/findings.csv, findings.parquet):
the data-quality findings of pipeline/quality.py as data, one line per finding and
min_cards row involved.

The columns it shares with min_cards are min_cards' own Pandera columns (one
definition); like min_cards, the Arrow schema and the data package's Table Schema
are generated from it (schemas/contract.py).
"""
from __future__ import annotations

import pandas as pd
import pandera.pandas as pa

from pipeline.errors import ContractError
from pipeline.quality import CHECKS
from schemas.min_cards import SCHEMA as MIN_CARDS, failure_problems

SHARED = ["release", "model", "strategy", "seq_len", "framework", "hardware",
          "source_file", "source_page", "source_row", "source_col", "raw_text", "certain"]
KEY = ["release", "finding", "model", "strategy", "seq_len", "framework", "hardware"]
# What min_cards' descriptions say of "the value" is, in a finding, the row involved.
_shared = {name: MIN_CARDS.columns[name] for name in SHARED}

SCHEMA = pa.DataFrameSchema(
    {
        "release": _shared["release"],
        "finding": pa.Column("Int64", pa.Check.gt(0), description=(
            "number of the finding within the release, from 1, in the order of report.md; the lines of one "
            "finding (every min_cards row it involves) share it")),
        "rule": pa.Column("string", pa.Check.isin(list(CHECKS)), description=(
            "the plausibility check that found it (named `rule`: `check` is a reserved word in SQL): " + "; ".join(f"{name}: {text}" for name, text in CHECKS.items()))),
        "model": _shared["model"],
        "strategy": _shared["strategy"],
        "seq_len": _shared["seq_len"],
        "framework": _shared["framework"],
        "hardware": _shared["hardware"],
        "detail": pa.Column("string", pa.Check.str_length(min_value=1), description=(
            "what the finding says, as in report.md (the same text on every line of the finding)")),
        **{name: _shared[name] for name in ["source_file", "source_page", "source_row", "source_col", "raw_text"]},
        # false where the row's value is an uncertain reading: the finding may be an artefact of it
        "certain": _shared["certain"],
    },
    strict=True, ordered=True, unique=KEY,
    description="data-quality findings: one line per finding and min_cards row involved, with that row's cell",
)
COLUMNS = list(SCHEMA.columns)
PANDAS_DTYPES = {name: "string" if str(column.dtype).startswith("str") else str(column.dtype)
                 for name, column in SCHEMA.columns.items()}
# The key of the min_cards row each line involves: a foreign key into that release's min_cards.
ROW_KEY = ["release", "model", "strategy", "seq_len", "framework", "hardware"]


def validate_findings(table: pd.DataFrame, source: str) -> pd.DataFrame:
    typed = table.astype(PANDAS_DTYPES)
    try:
        return SCHEMA.validate(typed, lazy=True)
    except pa.errors.SchemaErrors as exc:
        raise ContractError(source, failure_problems(typed, exc.failure_cases)) from None
