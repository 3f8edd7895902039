"""Data-quality findings: what the real releases produce (checked by hand against
LAYOUT.md §6), each check on a synthetic frame, and --strict."""
from __future__ import annotations

import shutil

import pandas as pd
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main
from pipeline.quality import CHECKS, find_issues


def test_newest_release_findings(tidy):
    findings = find_issues(tidy["2025-10-22"])
    assert findings[["rule", "model", "framework", "hardware", "detail"]].values.tolist() == [
        ["lora_exceeds_full", "qwen2-7b", "Llama-Factory", "Snt9b", "seq_len 4096: lora 8 cards > full 1 card"],
        ["lora_exceeds_full", "qwen2-7b", "Llama-Factory", "Snt9b", "seq_len 8192: lora 8 cards > full 1 card"],
        ["lora_exceeds_full", "qwen2-7b", "Llama-Factory", "Snt9b23", "seq_len 4096: lora 8 DIEs > full 2 DIEs"],
        ["lora_exceeds_full", "qwen2-7b", "Llama-Factory", "Snt9b23", "seq_len 8192: lora 8 DIEs > full 2 DIEs"],
        ["odd_die_count", "llama3.2-1b", "Llama-Factory", "Snt9b23",
         "full seq_len 4096: 1 DIE; full seq_len 8192: 1 DIE; lora seq_len 4096: 1 DIE; lora seq_len 8192: 1 DIE"],
        ["odd_die_count", "qwen2vl-2b", "Llama-Factory", "Snt9b23", "lora seq_len 4096: 1 DIE; lora seq_len 8192: 1 DIE"],
    ]
    assert findings.cells.iloc[0] == ("raw/2025-10-22/page.html row 14, column 6 ('1*Ascend'); "
                                      "raw/2025-10-22/page.html row 15, column 6 ('8*Ascend')")
    assert findings.cells.iloc[4] == "raw/2025-10-22/page.html row 9, column 7 ('1*Ascend')"


def test_oldest_release_has_no_findings(tidy):
    assert find_issues(tidy["2025-05-07"]).empty


def test_longer_sequence_needing_fewer_units(tidy):
    frame = tidy["2025-05-07"].copy()
    i = frame.index[(frame.model == "qwen2.5-72b") & (frame.strategy == "full") & (frame.seq_len == 8192)
                    & (frame.hardware == "Snt9b")][0]
    frame.loc[i, ["min_units", "min_nodes"]] = [16, 2]
    findings = find_issues(frame)
    assert findings[["rule", "model", "detail"]].values.tolist() == [
        ["longer_sequence_fewer_units", "qwen2.5-72b", "full: seq_len 8192 needs 16 < 32 cards at seq_len 4096"]]


def test_model_never_supported(tidy):
    frame = tidy["2025-05-07"].copy()
    mixtral = frame.model == "mixtral-8x7b"
    frame.loc[mixtral, ["supported", "min_units", "min_nodes"]] = [False, pd.NA, pd.NA]
    findings = find_issues(frame)
    assert findings[["rule", "model", "cells"]].values.tolist() == [
        ["model_never_supported", "mixtral-8x7b", "4 rows, all '-'"]]


def test_every_check_is_described():
    assert list(CHECKS) == ["lora_exceeds_full", "longer_sequence_fewer_units", "odd_die_count",
                            "model_never_supported"]


def test_strict_turns_findings_into_a_failure(tmp_path):
    raw = tmp_path / "raw"
    shutil.copytree(RAW, raw, ignore=shutil.ignore_patterns("*.pdf"))  # the pages: the PDFs only add time
    out = tmp_path / "build"
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out), "--strict"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "error: raw/2025-10-22/page.html: data-quality findings (--strict): 6 problems"
    assert lines[1] == ("  - lora_exceeds_full: qwen2-7b Llama-Factory Snt9b: seq_len 4096: lora 8 cards > full 1 card "
                        "[raw/2025-10-22/page.html row 14, column 6 ('1*Ascend'); raw/2025-10-22/page.html row 15, "
                        "column 6 ('8*Ascend')]")
    assert not out.exists()
    ok = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out), "--strict", "--release", "2025-05-07"])
    assert ok.exit_code == 0


def with_glm4_lora_8192_dies(tidy, units: int) -> pd.DataFrame:
    """2025-05-07 with glm4-9b lora 8192 on Snt9b23 (page.html row 40, column 4: '2*Ascend') set to `units`
    DIE; between lora 4096 (2) and full 8192 (8) for units 2..8, so no other check fires."""
    frame = tidy["2025-05-07"].copy()
    i = frame.index[(frame.model == "glm4-9b") & (frame.strategy == "lora") & (frame.seq_len == 8192)
                    & (frame.hardware == "Snt9b23")][0]
    frame.loc[i, ["min_units", "min_nodes", "raw_text"]] = [units, 1, f"{units}*Ascend"]
    return frame


def test_odd_die_counts_above_one_are_findings(tidy):
    for units in (3, 5):
        findings = find_issues(with_glm4_lora_8192_dies(tidy, units))
        assert findings.values.tolist() == [
            ["odd_die_count", "glm4-9b", "MindSpeed-LLM", "Snt9b23", f"lora seq_len 8192: {units} DIEs",
             f"raw/2025-05-07/page.html row 40, column 4 ('{units}*Ascend')"]]


def test_even_die_counts_are_not_findings(tidy):
    for units in (2, 4, 6):
        assert find_issues(with_glm4_lora_8192_dies(tidy, units)).empty


def test_two_dies_instead_of_one_clears_the_odd_finding(tidy):
    # llama3.2-1b's Llama-Factory '1*Ascend' (page.html row 9, column 7) read as 2: only qwen2vl-2b is left
    frame = tidy["2025-10-22"].copy()
    rows = (frame.model == "llama3.2-1b") & (frame.framework == "Llama-Factory") & (frame.hardware == "Snt9b23")
    frame.loc[rows, ["min_units", "min_nodes"]] = [2, 1]
    odd = find_issues(frame).query("rule == 'odd_die_count'")
    assert odd[["model", "detail"]].values.tolist() == [
        ["qwen2vl-2b", "lora seq_len 4096: 1 DIE; lora seq_len 8192: 1 DIE"]]
