"""The contract of the `min_cards` table, as a Pandera DataFrameModel.

Every frame is validated lazily, so one run reports every broken rule at once;
`validate_min_cards` turns Pandera's failure cases into a ContractError whose
problems carry the lineage (file, row, column, raw text) of each offending row.
"""
from __future__ import annotations

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from pipeline.errors import ContractError, Place, Problem

KEY = ["release", "model", "strategy", "seq_len", "framework", "hardware"]
UNIT_OF_HARDWARE = {"Snt9b": "card", "Snt9b23": "die"}
UNITS_PER_NODE = {"card": 8, "die": 16}
NAME = r"^\S+$"  # no whitespace left after token repair


class MinCards(pa.DataFrameModel):
    release: Series[pd.StringDtype] = pa.Field(str_matches=r"^\d{4}-\d{2}-\d{2}$",
                                               description="the page's update date, YYYY-MM-DD")
    model: Series[pd.StringDtype] = pa.Field(str_matches=NAME, description="published model name, compound names split")
    model_label: Series[pd.StringDtype] = pa.Field(str_matches=NAME, description="the model cell as published, after repair")
    family: Series[pd.StringDtype] = pa.Field(str_matches=NAME, description="model family, e.g. qwen2.5_vl")
    params_b: Series[pd.Float64Dtype] = pa.Field(nullable=True, gt=0, description="total parameters, billions")
    active_params_b: Series[pd.Float64Dtype] = pa.Field(nullable=True, gt=0, description="MoE active parameters, billions")
    modality: Series[pd.StringDtype] = pa.Field(isin=["text", "vision-language"])
    strategy: Series[pd.StringDtype] = pa.Field(isin=["full", "lora"])
    seq_len: Series[pd.Int64Dtype] = pa.Field(gt=0)
    framework: Series[pd.StringDtype] = pa.Field(str_matches=NAME, description="training framework, from the header")
    hardware: Series[pd.StringDtype] = pa.Field(isin=list(UNIT_OF_HARDWARE))
    supported: Series[pd.BooleanDtype] = pa.Field(description="false where the cell is -")
    min_units: Series[pd.Int64Dtype] = pa.Field(nullable=True, gt=0, description="cards (Snt9b) or DIEs (Snt9b23)")
    unit: Series[pd.StringDtype] = pa.Field(isin=list(UNITS_PER_NODE))
    min_nodes: Series[pd.Int64Dtype] = pa.Field(nullable=True, gt=0, description="machines needed")
    source_file: Series[pd.StringDtype] = pa.Field(str_length={"min_value": 1})
    source_page: Series[pd.Int64Dtype] = pa.Field(nullable=True, gt=0, description="null for HTML")
    source_row: Series[pd.Int64Dtype] = pa.Field(gt=0)
    source_col: Series[pd.Int64Dtype] = pa.Field(gt=0)
    raw_text: Series[pd.StringDtype] = pa.Field(str_length={"min_value": 1})

    class Config:
        strict = True
        ordered = True
        unique = KEY

    @pa.dataframe_check(error="min_units is set exactly when supported")
    def units_iff_supported(cls, df: pd.DataFrame) -> Series[bool]:
        return df["min_units"].notna() == df["supported"]

    @pa.dataframe_check(error="unit matches hardware (Snt9b: card, Snt9b23: die)")
    def unit_matches_hardware(cls, df: pd.DataFrame) -> Series[bool]:
        return df["hardware"].map(UNIT_OF_HARDWARE) == df["unit"]

    @pa.dataframe_check(error="min_nodes = ceil(min_units / units per node: 8 cards or 16 DIE)")
    def nodes_match_units(cls, df: pd.DataFrame) -> Series[bool]:
        per_node = df["unit"].map(UNITS_PER_NODE).astype("Int64")
        expected = -(-df["min_units"] // per_node)
        same = (expected == df["min_nodes"]).fillna(False)
        return (same | (expected.isna() & df["min_nodes"].isna())).astype(bool)

    @pa.dataframe_check(error="rows are sorted by the key")
    def sorted_by_key(cls, df: pd.DataFrame) -> bool:
        return df.index.equals(df.sort_values(KEY, kind="stable").index)


SCHEMA = MinCards.to_schema()
COLUMNS = list(SCHEMA.columns)
# Pandera maps StringDtype to pandas' default "str" (NaN for missing); we use the
# NA-based "string" dtype, like the other nullable columns (Int64, Float64, boolean).
PANDAS_DTYPES = {name: "string" if isinstance(dtype.type, pd.StringDtype) else dtype.type
                 for name, dtype in SCHEMA.dtypes.items()}


def source_place(row: pd.Series, prefix: str = "", suffix: str = "") -> Place:
    """Where a row's value was read, from its lineage columns; merged or diffed frames name
    them with a prefix (`old_source_row`) or a suffix (`source_row_a`)."""
    column = lambda name: f"{prefix}{name}{suffix}"  # noqa: E731
    page = row[column("source_page")]
    return Place(int(row[column("source_row")]), int(row[column("source_col")]),
                 None if pd.isna(page) else int(page))


def row_lineage(df: pd.DataFrame, index: object) -> tuple[Place, str]:
    row = df.loc[index]
    what = (f"{row['model']} / {row['strategy']} / {row['seq_len']} / {row['framework']} / "
            f"{row['hardware']}, read from {row['raw_text']!r} in {row['source_file']}")
    return source_place(row), what


def failure_problems(df: pd.DataFrame, failures: pd.DataFrame) -> list[Problem]:
    """One Problem per failed check and row, with the row's lineage when it has one.

    Pandera reports a table-wide check once per column of the failing row; those
    collapse to one problem, since the row (not a column) is what failed."""
    cases = failures.copy()
    table_wide = cases["schema_context"] == "DataFrameSchema"
    cases.loc[table_wide, ["column", "failure_case"]] = None
    cases = cases.drop_duplicates(["schema_context", "check", "column", "index"])
    problems = []
    for case in cases.itertuples(index=False):
        message = f"check {case.check!r} failed"
        value = case.failure_case.item() if hasattr(case.failure_case, "item") else case.failure_case
        if isinstance(case.column, str):
            message += f" on column {case.column}, value {value!r}"
        elif value is not None:
            message += f": {value!r}"
        place = Place()
        if case.index is not None and not pd.isna(case.index) and case.index in df.index:
            place, what = row_lineage(df, case.index)
            message += f" for {what}"
        problems.append(Problem(place, message))
    return problems


def validate_min_cards(df: pd.DataFrame, source: str) -> pd.DataFrame:
    """Validate lazily; raise one ContractError listing every failure."""
    try:
        return MinCards.validate(df, lazy=True)
    except pa.errors.SchemaErrors as exc:
        raise ContractError(source, failure_problems(df, exc.failure_cases)) from None
