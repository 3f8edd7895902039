"""The min_cards contract: every rule fails with a readable, lineage-carrying report."""
from __future__ import annotations

import json

import jsonschema
import pandas as pd
import pytest

from conftest import REPO
from pipeline.errors import ContractError
from schemas.min_cards import COLUMNS, MinCards, validate_min_cards

JSON_SCHEMA = json.loads((REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8"))


@pytest.fixture
def frame(tidy):
    return tidy["2025-10-22"].copy()


def locate(frame, model, strategy, seq_len, framework, hardware):
    hit = frame[(frame.model == model) & (frame.strategy == strategy) & (frame.seq_len == seq_len)
                & (frame.framework == framework) & (frame.hardware == hardware)]
    return hit.index[0]


def violations(frame) -> str:
    with pytest.raises(ContractError) as info:
        validate_min_cards(frame, "raw/2025-10-22/page.html")
    return str(info.value)


def test_real_releases_meet_the_contract(tidy):
    for frame in tidy.values():
        assert validate_min_cards(frame, "x") is not None


def test_units_set_on_an_unsupported_row(frame):
    i = locate(frame, "DeepSeek-R1", "full", 4096, "Llama-Factory", "Snt9b")
    frame.loc[i, "min_units"] = 8
    frame.loc[i, "min_nodes"] = 1
    report = violations(frame)
    assert report == ("raw/2025-10-22/page.html: contract violated: row 71, column 6: check 'min_units is set "
                      "exactly when supported' failed for DeepSeek-R1 / full / 4096 / Llama-Factory / Snt9b, "
                      "read from '-' in raw/2025-10-22/page.html")


def test_nodes_inconsistent_with_units_and_unit_with_hardware(frame):
    i = locate(frame, "gemma3-27b", "full", 8192, "Llama-Factory", "Snt9b")
    frame.loc[i, "min_nodes"] = 5
    j = locate(frame, "gemma3-27b", "full", 8192, "Llama-Factory", "Snt9b23")
    frame.loc[j, "unit"] = "card"
    report = violations(frame)
    # the wrong unit also breaks that row's node count (48 DIE are 3 nodes, 48 cards 6)
    assert "3 problems" in report.splitlines()[0]
    assert ("row 81, column 6: check 'min_nodes = ceil(min_units / units per node: 8 cards or 16 DIE)' "
            "failed for gemma3-27b / full / 8192 / Llama-Factory / Snt9b, read from '48*Ascend'") in report
    assert "check 'unit matches hardware (Snt9b: card, Snt9b23: die)' failed for gemma3-27b" in report


def test_column_rules_name_column_value_and_lineage(frame):
    i = locate(frame, "qwen2-7b", "lora", 4096, "MindSpeed-LLM", "Snt9b")
    frame.loc[i, "strategy"] = "qlora"
    frame.loc[frame.index[0], "raw_text"] = ""
    report = violations(frame)
    assert ("row 15, column 4: check \"isin(['full', 'lora'])\" failed on column strategy, value 'qlora' "
            "for qwen2-7b / qlora / 4096 / MindSpeed-LLM / Snt9b") in report
    assert "check 'str_length(1, None)' failed on column raw_text, value ''" in report


def test_duplicate_key_and_order(frame):
    doubled = pd.concat([frame, frame.iloc[[0]]], ignore_index=True)
    report = violations(doubled)
    assert "check 'multiple_fields_uniqueness' failed for DeepSeek-R1 / full / 4096 / Llama-Factory / Snt9b" in report
    assert "check 'rows are sorted by the key' failed" in report


def test_dtypes_and_columns_are_strict(frame):
    report = violations(frame.assign(seq_len=frame.seq_len.astype("float64")))
    assert "check \"dtype('Int64')\" failed on column seq_len, value 'float64'" in report
    assert "column_in_dataframe" in violations(frame.drop(columns="raw_text"))
    assert "column_in_schema" in violations(frame.assign(extra=1))


def test_every_failure_is_reported_at_once(frame):
    frame.loc[frame.index[:3], "family"] = "two words"
    report = violations(frame)
    assert report.splitlines()[0].endswith("3 problems")
    assert report.count("failed on column family, value 'two words'") == 3


def test_json_schema_covers_exactly_the_contract_columns():
    jsonschema.Draft202012Validator.check_schema(JSON_SCHEMA)
    assert JSON_SCHEMA["items"]["required"] == COLUMNS
    assert list(JSON_SCHEMA["items"]["properties"]) == COLUMNS == list(MinCards.to_schema().columns)


def test_json_schema_rejects_what_the_contract_rejects():
    record = {"release": "2025-10-22", "model": "m-1b", "model_label": "m-1b", "family": "m",
              "params_b": 1.0, "active_params_b": None, "modality": "text", "strategy": "full",
              "seq_len": 4096, "framework": "F", "hardware": "Snt9b", "supported": False, "min_units": 4,
              "unit": "card", "min_nodes": 1, "certain": True, "source_file": "f", "source_page": None, "source_row": 3,
              "source_col": 4, "raw_text": "-"}
    validator = jsonschema.Draft202012Validator(JSON_SCHEMA)
    assert not validator.is_valid([record])  # units on an unsupported row
    assert validator.is_valid([{**record, "min_units": None, "min_nodes": None}])
    assert not validator.is_valid([{**record, "min_units": None, "min_nodes": None, "unit": "die"}])


def test_zero_units_on_a_supported_row(frame):
    # page.html row 81, column 6: gemma3-27b's Llama-Factory '48*Ascend' (full 8192), here read as 0
    i = locate(frame, "gemma3-27b", "full", 8192, "Llama-Factory", "Snt9b")
    frame.loc[i, "min_units"] = 0
    problems = violations(frame).splitlines()
    assert problems[0] == "raw/2025-10-22/page.html: contract violated: 2 problems"
    assert ("  - row 81, column 6: check 'greater_than(0)' failed on column min_units, value 0 for gemma3-27b / "
            "full / 8192 / Llama-Factory / Snt9b, read from '48*Ascend' in raw/2025-10-22/page.html") in problems
    # 6 nodes are no longer ceil(0 / 8)
    assert ("  - row 81, column 6: check 'min_nodes = ceil(min_units / units per node: 8 cards or 16 DIE)' failed "
            "for gemma3-27b / full / 8192 / Llama-Factory / Snt9b, read from '48*Ascend' in "
            "raw/2025-10-22/page.html") in problems


def test_missing_node_count_on_a_supported_row(frame):
    i = locate(frame, "gemma3-27b", "full", 8192, "Llama-Factory", "Snt9b")
    frame.loc[i, "min_nodes"] = pd.NA
    assert violations(frame) == (
        "raw/2025-10-22/page.html: contract violated: row 81, column 6: check 'min_nodes = ceil(min_units / units "
        "per node: 8 cards or 16 DIE)' failed for gemma3-27b / full / 8192 / Llama-Factory / Snt9b, read from "
        "'48*Ascend' in raw/2025-10-22/page.html")
