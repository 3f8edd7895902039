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
from pipeline.ids import RELEASE_PATTERN
from pipeline.tokens import STRATEGIES
from schemas.contract import json_record_schema
from schemas.hardware import HARDWARE, HARDWARE_NAMES, UNIT_OF_HARDWARE, UNITS, UNITS_PER_NODE, units_text

KEY = ["release", "model", "strategy", "seq_len", "framework", "hardware"]
NAME = r"^\S+$"  # no whitespace left after token repair
# min_units and min_nodes are set exactly when the configuration is supported (Field
# metadata `present_iff`; the JSON Schema's if/then rule is made from it).
PRESENT_IFF = "supported"


class MinCards(pa.DataFrameModel):
    """Each column's Field is its whole definition: dtype, nullability, checks, description
    and (metadata) unit. The JSON Schema, the Arrow schema and the data package's Table
    Schema are generated from it (schemas/contract.py): adding a column is one edit here."""
    release: Series[pd.StringDtype] = pa.Field(
        str_matches=RELEASE_PATTERN,
        description="the vendor page's update date (更新时间), YYYY-MM-DD, with .2 to .9 added for a later "
        "revision the vendor published under the same date; also the release folder's name. Text in every file "
        "(Parquet string, JSON string), never a date: a revision such as 2025-10-22.2 is no date, and as text "
        "the ids sort in release order")
    model: Series[pd.StringDtype] = pa.Field(
        str_matches=NAME, description="published model name after token repair, compound names split "
        "(DeepSeek-V3/R1 -> DeepSeek-V3, DeepSeek-R1); no other renaming")
    model_label: Series[pd.StringDtype] = pa.Field(
        str_matches=NAME, description="the model cell as published, after token repair, e.g. DeepSeek-V3/R1")
    family: Series[pd.StringDtype] = pa.Field(
        str_matches=NAME, description="the model name before its size (without one, before its active size or its "
        "version), e.g. qwen2.5_vl, qwen3_moe, Qwen3-Next, DeepSeek")
    params_b: Series[pd.Float64Dtype] = pa.Field(
        nullable=True, gt=0, metadata={"unit": "billion parameters"},
        description="total parameters in billions where the name states them (7b -> 7, 30B_A3B -> 30, "
        "80B-A3B -> 80); null for V3/R1, for 8x7b, for 17b-16e (17B active of 16 experts) and for two sizes "
        "(OLMoE-1B-7B)")
    active_params_b: Series[pd.Float64Dtype] = pa.Field(
        nullable=True, gt=0, metadata={"unit": "billion parameters"},
        description="MoE active parameters in billions from _A<n>B or -A<n>B (30B_A3B -> 3, 80B-A3B -> 3, "
        "MoE-A2.7B -> 2.7) or a size before a number of experts (17b-16e -> 17); null for dense models")
    modality: Series[pd.StringDtype] = pa.Field(
        isin=["text", "vision-language"],
        description="vision-language when the name says so (vl, vision, llava, pixtral, a version ending in V: "
        "GLM-4.5V), else text (read from the name only)")
    strategy: Series[pd.StringDtype] = pa.Field(
        isin=list(STRATEGIES), description="training strategy: full or lora (full/lora cells give both)")
    seq_len: Series[pd.Int64Dtype] = pa.Field(
        gt=0, metadata={"unit": "tokens"},
        description="training sequence length (4096/8192 cells give one row per length)")
    framework: Series[pd.StringDtype] = pa.Field(
        str_matches=NAME, description="training framework, from the header text <framework>规格卡数/DIE")
    hardware: Series[pd.StringDtype] = pa.Field(
        isin=HARDWARE_NAMES, description="Ascend hardware: " + ", ".join(HARDWARE_NAMES)
        + " (older pages spell Snt9B/Snt9B23)")
    supported: Series[pd.BooleanDtype] = pa.Field(
        description="false where the vendor's cell is '-' (not supported)")
    min_units: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, gt=0, metadata={"unit": "card or die, as the column unit says", "present_iff": PRESENT_IFF},
        description="minimum number of units (N*Ascend = N): " + units_text() + "; null iff not supported")
    unit: Series[pd.StringDtype] = pa.Field(
        isin=UNITS, description="what min_units counts: " + ", ".join(
            f"{h.unit} on {h.name}" for h in HARDWARE))
    min_nodes: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, gt=0, metadata={"unit": "node", "present_iff": PRESENT_IFF},
        description="machines needed: ceil(min_units / units per node), " + units_text()
        + "; null iff not supported")
    certain: Series[pd.BooleanDtype] = pa.Field(
        description="false where the release folder's notes.toml declares the reading of the value's cell "
        "uncertain (another reading of the page survives the evidence; the notes give the reason and the "
        "alternative, report.md lists them); true otherwise")
    source_file: Series[pd.StringDtype] = pa.Field(
        str_length={"min_value": 1},
        description="the file the value was read from, raw/<release>/<file> (the HTML page when the release "
        "has both)")
    source_page: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, gt=0, description="1-based page of the cell in a PDF; null for HTML")
    source_row: Series[pd.Int64Dtype] = pa.Field(
        gt=0, description="1-based table row where the value's cell starts (header rows counted)")
    source_col: Series[pd.Int64Dtype] = pa.Field(
        gt=0, description="1-based grid column where the value's cell starts")
    raw_text: Series[pd.StringDtype] = pa.Field(
        str_length={"min_value": 1}, description="the value cell's text as published, before token repair")

    class Config:
        strict = True
        ordered = True
        unique = KEY

    @pa.dataframe_check(error="min_units is set exactly when supported")
    def units_iff_supported(cls, df: pd.DataFrame) -> Series[bool]:
        return df["min_units"].notna() == df["supported"]

    @pa.dataframe_check(error="unit matches hardware ("
                        + ", ".join(f"{h.name}: {h.unit}" for h in HARDWARE) + ")")
    def unit_matches_hardware(cls, df: pd.DataFrame) -> Series[bool]:
        return df["hardware"].map(UNIT_OF_HARDWARE) == df["unit"]

    @pa.dataframe_check(error="min_nodes = ceil(min_units / units per node: "
                        + " or ".join(f"{h.units_per_node} {h.vendor_plural}" for h in HARDWARE) + ")")
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


def failure_problems(df: pd.DataFrame, failures: pd.DataFrame, lineage=row_lineage) -> list[Problem]:
    """One Problem per failed check and row, with the row's lineage when it has one
    (`lineage(df, index)`: where the row was read, and what it is).

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
            place, what = lineage(df, case.index)
            message += f" for {what}"
        problems.append(Problem(place, message))
    return problems


def validate_min_cards(df: pd.DataFrame, source: str) -> pd.DataFrame:
    """Validate lazily; raise one ContractError listing every failure."""
    try:
        return MinCards.validate(df, lazy=True)
    except pa.errors.SchemaErrors as exc:
        raise ContractError(source, failure_problems(df, exc.failure_cases)) from None


# --- the JSON Schema, generated from the model (schemas/generate.py writes the file) ---

JSON_SCHEMA_FILE = "min_cards.schema.json"


def record_rules() -> list[dict]:
    """The cross-column checks in JSON Schema terms: the columns marked `present_iff`
    are set exactly when supported; each hardware's unit (schemas/hardware.py)."""
    present = [name for name, column in SCHEMA.columns.items()
               if (column.metadata or {}).get("present_iff") == PRESENT_IFF]
    rules = [{"if": {"properties": {PRESENT_IFF: {"const": True}}, "required": [PRESENT_IFF]},
              "then": {"properties": {name: {"not": {"type": "null"}} for name in present}},
              "else": {"properties": {name: {"type": "null"} for name in present}}}]
    rules += [{"if": {"properties": {"hardware": {"const": h.name}}, "required": ["hardware"]},
               "then": {"properties": {"unit": {"const": h.unit}}}} for h in HARDWARE]
    return rules


def json_schema() -> dict:
    """build/<release>/min_cards.json is an array of these records; each line of
    min_cards.jsonl is one record (the schema's `items`)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:mincards:schemas:min_cards",
        "title": "min_cards",
        "description": "build/<release>/min_cards.json: one record per (" + ", ".join(KEY) + "), sorted by that "
                       "key. Each line of build/<release>/min_cards.jsonl is one record (validate it against "
                       "`items`). Generated from schemas/min_cards.py by `python -m schemas.generate`; do not "
                       "edit by hand.",
        "type": "array",
        "items": json_record_schema(SCHEMA, record_rules()),
    }
