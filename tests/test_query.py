"""`mincards query`: one model's units and nodes, tolerant of case and separators."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    assert CliRunner().invoke(main, ["extract", str(RAW), "--out", str(out)]).exit_code == 0
    return out


def query(build, *args):
    return CliRunner().invoke(main, ["query", *args, "--build", str(build)])


def test_table_for_a_model_with_case_and_separator_differences(build):
    result = query(build, "QWEN2.5-7B", "--seq-len", "4096", "--strategy", "full")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "qwen2.5-7b (published as qwen2.5-7b), release 2025-10-22"
    assert lines[1].split() == ["MindSpeed-LLM", "Llama-Factory", "VeRL", "MindSpeed-RL", "MindSpeed-MM"]
    assert lines[3].split() == ["full", "4096", "4", "(1", "node)", "4", "(1", "node)", "8", "(1", "node)",
                                "8", "(1", "node)", "8", "(1", "node)", "8", "(1", "node)", "8", "(1", "node)",
                                "8", "(1", "node)", "-", "-"]


def test_moe_name_with_other_separators_and_filters(build):
    result = query(build, "qwen3-moe-235b-a22b", "--framework", "llama-factory", "--hardware", "snt9b",
                   "--format", "json")
    records = json.loads(result.output)
    assert [(r["strategy"], r["min_units"], r["min_nodes"], r["source_row"]) for r in records] == [
        ("full", 512, 64, 66), ("lora", 256, 32, 67)]


def test_label_gives_all_its_models_and_older_release(build):
    result = query(build, "DeepSeek-V3/R1", "--release", "2025-05-07", "--format", "json")
    records = json.loads(result.output)
    assert sorted({r["model"] for r in records}) == ["DeepSeek-R1", "DeepSeek-V3"]
    assert {r["release"] for r in records} == {"2025-05-07"}


def test_unknown_model_suggests_the_closest_names(build):
    result = query(build, "qwen2.5-7c")
    assert result.exit_code == 1
    assert result.output.strip() == ("error: " + str(build / "2025-10-22" / "min_cards.parquet") +
                                     ": unknown model: no model 'qwen2.5-7c' in this release; did you mean "
                                     "qwen2.5-7b, qwen2.5-72b, qwen2.5_vl-7b?")


def test_filters_that_match_nothing(build):
    result = query(build, "qwen2.5-7b", "--seq-len", "1024")
    assert result.exit_code == 1 and "has no rows matching" in result.output
