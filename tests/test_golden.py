"""Values checked by hand against the vendor table (tests/fixtures/vendor/LAYOUT.md §4.2 and §5).

Each case is (model, strategy, seq_len, framework, hardware, expected min_units or
None for '-'). The expectations were read off the published grid by a person,
not produced by this code."""
from __future__ import annotations

import pandas as pd
import pytest

LLM, LF, VERL, RL, MM = "MindSpeed-LLM", "Llama-Factory", "VeRL", "MindSpeed-RL", "MindSpeed-MM"
B, B23 = "Snt9b", "Snt9b23"

GOLDEN_2025_10_22 = [
    ("llama3.1-8b", "full", 4096, LLM, B, 4),
    ("llama3.1-8b", "lora", 8192, LF, B, 1),
    ("llama3.1-8b", "lora", 8192, LF, B23, 2),
    ("llama3.1-70b", "full", 8192, LF, B23, 64),
    ("llama3.2-1b", "full", 4096, LF, B23, 1),
    ("qwen2-1.5b", "lora", 8192, LF, B, None),
    ("qwen2.5-1.5b", "full", 4096, LLM, B, 1),  # published as '1*Asce nd'
    ("qwen2.5-1.5b", "lora", 8192, RL, B23, 8),
    ("qwen2.5-1.5b", "full", 4096, VERL, B, None),
    ("qwen2.5-7b", "lora", 8192, VERL, B, 8),  # VeRL cell spans the model's four rows
    ("qwen2.5-7b", "lora", 4096, RL, B23, 8),
    ("qwen2.5-7b", "full", 8192, LLM, B, 8),
    ("qwen2.5-32b", "lora", 4096, LF, B, 8),
    ("qwen2.5-32b", "lora", 8192, RL, B, 16),
    ("qwen2.5_vl-7b", "full", 1024, MM, B23, 8),  # from the 1024/4096/8192 cell
    ("qwen2.5_vl-7b", "full", 8192, VERL, B, 8),
    ("qwen2.5_vl-7b", "lora", 4096, LF, B, 1),
    ("qwen2.5_vl-7b", "lora", 4096, LF, B23, 2),
    ("qwen2.5_vl-3b", "full", 1024, MM, B, 8),
    ("qwen2.5_vl-3b", "full", 1024, LF, B, None),
    ("qwen2vl-72b", "lora", 1024, LF, B23, 16),
    ("qwen2vl-2b", "lora", 4096, LF, B23, 1),
    ("qwen3-32b", "full", 4096, VERL, B, 16),
    ("qwen3-32b", "full", 8192, VERL, B, None),
    ("qwen3_moe-30B_A3B", "lora", 8192, LLM, B, 16),
    ("qwen3_moe-235B_A22B", "full", 4096, LLM, B23, 256),
    ("qwen3_moe-235B_A22B", "full", 4096, LF, B, 512),
    ("qwen3_moe-235B_A22B", "lora", 4096, LF, B23, 256),
    ("DeepSeek-V3", "full", 4096, LLM, B, 512),
    ("DeepSeek-R1", "lora", 4096, LLM, B23, 64),
    ("DeepSeek-R1", "full", 4096, LF, B, None),
    ("gemma3-27b", "full", 8192, LF, B, 48),
    ("internvl2.5-78b", "lora", 8192, LF, B23, 32),
    ("mixtral-8x7b", "full", 8192, LLM, B23, 16),
]

GOLDEN_2025_05_07 = [
    ("llama3.1-8b", "full", 4096, LLM, B, 4),
    ("llama3.1-8b", "full", 4096, LLM, B23, 4),
    ("llama3.1-8b", "lora", 8192, LLM, B23, 4),
    ("llama3.1-70b", "full", 8192, LLM, B, 64),
    ("llama3.1-70b", "lora", 8192, LLM, B, 16),
    ("llama3.2-1b", "full", 4096, LLM, B, 1),
    ("llama3.2-1b", "full", 4096, LLM, B23, 2),
    ("llama3.2-1b", "lora", 8192, LLM, B23, 2),
    ("llama3.2-3b", "lora", 4096, LLM, B, 1),
    ("llama3.2-3b", "lora", 4096, LLM, B23, 2),
    ("llama3.2-3b", "full", 8192, LLM, B23, 2),
    ("qwen2-7b", "lora", 4096, LLM, B, 2),
    ("qwen2-7b", "full", 8192, LLM, B23, 8),
    ("qwen2.5-7b", "full", 4096, LLM, B, 2),  # 4 in later releases
    ("qwen2.5-7b", "full", 8192, LLM, B, 2),
    ("qwen2.5-14b", "lora", 4096, LLM, B, 4),
    ("qwen2.5-14b", "lora", 8192, LLM, B23, 8),
    ("qwen2.5-32b", "lora", 8192, LLM, B, 16),
    ("qwen2.5-72b", "full", 8192, LLM, B23, 64),
    ("glm4-9b", "lora", 8192, LLM, B, 2),
    ("mixtral-8x7b", "full", 4096, LLM, B23, 16),
    ("DeepSeek-V3", "full", 4096, LLM, B, 512),
    ("DeepSeek-R1", "lora", 4096, LLM, B23, 64),
]


def lookup(frame, model, strategy, seq_len, framework, hardware):
    rows = frame[(frame.model == model) & (frame.strategy == strategy) & (frame.seq_len == seq_len)
                 & (frame.framework == framework) & (frame.hardware == hardware)]
    assert len(rows) == 1, (model, strategy, seq_len, framework, hardware, len(rows))
    return rows.iloc[0]


@pytest.mark.parametrize("release, cases", [("2025-10-22", GOLDEN_2025_10_22),
                                            ("2025-05-07", GOLDEN_2025_05_07)])
def test_hand_checked_values(tidy, release, cases):
    for *key, expected in cases:
        row = lookup(tidy[release], *key)
        if expected is None:
            assert not row.supported and pd.isna(row.min_units), key
            assert row.raw_text == "-"
        else:
            assert row.supported and row.min_units == expected, (key, row.min_units)


def test_lineage_points_at_the_published_cell(tidy):
    row = lookup(tidy["2025-10-22"], "qwen2.5-1.5b", "full", 4096, LLM, B)
    # table row 21 of LAYOUT.md + 2 header rows; MindSpeed-LLM Snt9b is grid column 4
    assert (row.source_file, row.source_row, row.source_col, row.raw_text) == (
        "raw/2025-10-22/page.html", 23, 4, "1*Asce nd")
    spanned = lookup(tidy["2025-10-22"], "qwen2.5-7b", "lora", 8192, VERL, B)
    assert (spanned.source_row, spanned.source_col) == (24, 8)  # the rowspan=4 cell of table row 22


def test_nodes_and_units(tidy):
    frame = tidy["2025-10-22"]
    row = lookup(frame, "qwen3_moe-235B_A22B", "full", 4096, LF, B)
    assert (row.unit, row.min_units, row.min_nodes) == ("card", 512, 64)
    row = lookup(frame, "qwen3_moe-235B_A22B", "full", 4096, LLM, B23)
    assert (row.unit, row.min_units, row.min_nodes) == ("die", 256, 16)
    row = lookup(frame, "gemma3-27b", "full", 8192, LF, B)
    assert row.min_nodes == 6
    row = lookup(frame, "llama3.2-1b", "full", 4096, LLM, B23)
    assert (row.min_units, row.min_nodes) == (2, 1)


def test_model_names_and_metadata(tidy):
    frame = tidy["2025-10-22"].drop_duplicates("model").set_index("model")
    assert frame.loc["qwen3_moe-235B_A22B", ["family", "params_b", "active_params_b", "modality"]].tolist() == [
        "qwen3_moe", 235.0, 22.0, "text"]
    assert frame.loc["qwen2.5_vl-7b", ["family", "params_b", "modality"]].tolist() == [
        "qwen2.5_vl", 7.0, "vision-language"]
    assert frame.loc["qwen2.5-1.5b", ["model_label", "family", "params_b"]].tolist() == [
        "qwen2.5-1.5b", "qwen2.5", 1.5]
    assert frame.loc["DeepSeek-R1", "model_label"] == "DeepSeek-V3/R1"
    assert pd.isna(frame.loc["DeepSeek-R1", "params_b"])
    assert pd.isna(frame.loc["mixtral-8x7b", "params_b"])  # 8x7b is not a total


def test_models_frameworks_and_hardware_per_release(tidy):
    new = tidy["2025-10-22"]
    labels = list(dict.fromkeys(new.sort_values(["source_row"]).model_label))
    assert labels == [
        "llama3.1-8b", "llama3.1-70b", "llama3.2-1b", "llama3.2-3b", "qwen2-0.5b", "qwen2-1.5b", "qwen2-7b",
        "qwen2-72b", "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b",
        "qwen2.5-72b", "qwen2vl-2b", "qwen2vl-7b", "qwen2vl-72b", "qwen2.5_vl-3b", "qwen2.5_vl-7b",
        "qwen2.5_vl-32b", "qwen2.5_vl-72b", "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b",
        "qwen3-14b", "qwen3-32b", "qwen3_moe-30B_A3B", "qwen3_moe-235B_A22B", "glm4-9b", "mixtral-8x7b",
        "DeepSeek-V3/R1", "internvl2.5-8b", "internvl2.5-38b", "internvl2.5-78b", "gemma3-27b"]
    assert new.model.nunique() == 37
    assert sorted(new.framework.unique()) == sorted([LLM, LF, VERL, RL, MM])
    old = tidy["2025-05-07"]
    assert list(old.framework.unique()) == [LLM]
    assert sorted(old.hardware.unique()) == [B, B23]  # published as Snt9B / Snt9B23
    # 41 rows: 4 full/lora x 4096/8192 rows, 7 single-strategy 4096/8192 rows,
    # 28 single rows, 2 DeepSeek-V3/R1 rows (two models each); x 2 hardware columns
    assert len(old) == 2 * (4 * 4 + 7 * 2 + 28 + 2 * 2)
