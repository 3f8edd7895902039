"""`mincards query`: one model's units and nodes, tolerant of case and separators."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pipeline.cli import main


@pytest.fixture(scope="module")
def build(published):
    return published  # the session's build of the real releases: only read here


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
    assert result.output.strip() == ("error: qwen2.5-7c: unknown model: not a model of release 2025-10-22; "
                                     "did you mean qwen2.5-7b, qwen2.5-72b, qwen2.5_vl-7b?")


def test_filters_that_match_nothing(build):
    result = query(build, "qwen2.5-7b", "--seq-len", "1024")
    assert result.exit_code == 1 and "has no rows matching" in result.output


def table_cells(output: str) -> dict[tuple[str, str, str, str], str]:
    """The query table read back by column position: (strategy, seq_len, framework, column heading) -> cell."""
    lines = output.splitlines()
    frameworks, headings, body = lines[1], lines[2], lines[3:lines.index("")]
    starts = [m.start() for m in re.finditer(r"\S+(?: \S+)*", headings)]
    bounds = list(zip(starts, starts[1:] + [None]))
    cells, framework = {}, ""
    for start, end in bounds[2:]:
        framework = frameworks[start:end].strip() or framework
        for line in body:
            strategy, seq_len = line[:bounds[0][1]].strip(), line[bounds[1][0]:bounds[1][1]].strip()
            cells[(strategy, seq_len, framework, headings[start:end].strip())] = line[start:end].strip()
    return cells


def test_table_labels_snt9b_in_cards_and_snt9b23_in_dies(build):
    # raw/2025-10-22/page.html, row 23 (qwen2.5- / 1.5b, full/lora, 4096/8192), read by hand:
    # MindSpeed-LLM '1*Asce nd' under Snt9b and '2*Ascend' under Snt9b23; Llama-Factory '-' over both;
    # VeRL '-', '-'; MindSpeed-RL '8*Ascend' over both; MindSpeed-MM '-', '-'.
    result = query(build, "qwen2.5-1.5b", "--strategy", "full", "--seq-len", "4096")
    assert result.exit_code == 0, result.output
    assert table_cells(result.output) == {
        ("full", "4096", "MindSpeed-LLM", "Snt9b (cards)"): "1 (1 node)",
        ("full", "4096", "MindSpeed-LLM", "Snt9b23 (DIEs)"): "2 (1 node)",
        ("full", "4096", "Llama-Factory", "Snt9b (cards)"): "-",
        ("full", "4096", "Llama-Factory", "Snt9b23 (DIEs)"): "-",
        ("full", "4096", "VeRL", "Snt9b (cards)"): "-",
        ("full", "4096", "VeRL", "Snt9b23 (DIEs)"): "-",
        ("full", "4096", "MindSpeed-RL", "Snt9b (cards)"): "8 (1 node)",
        ("full", "4096", "MindSpeed-RL", "Snt9b23 (DIEs)"): "8 (1 node)",
        ("full", "4096", "MindSpeed-MM", "Snt9b (cards)"): "-",
        ("full", "4096", "MindSpeed-MM", "Snt9b23 (DIEs)"): "-",
    }
    assert result.output.splitlines()[-1] == ("units (nodes): cards on Snt9b (8 per node), DIEs on Snt9b23 "
                                              "(16 per node); - not supported")


def test_nodes_count_8_cards_on_snt9b_and_16_dies_on_snt9b23(build):
    # raw/2025-10-22/page.html, gemma3-27b full 8192: Llama-Factory '48*Ascend' spans both hardware
    # columns, so 48 cards (ceil(48 / 8) = 6 nodes) and 48 DIE (ceil(48 / 16) = 3 nodes).
    result = query(build, "gemma3-27b", "--strategy", "full", "--seq-len", "8192", "--framework", "Llama-Factory")
    assert result.exit_code == 0, result.output
    assert table_cells(result.output) == {
        ("full", "8192", "Llama-Factory", "Snt9b (cards)"): "48 (6 nodes)",
        ("full", "8192", "Llama-Factory", "Snt9b23 (DIEs)"): "48 (3 nodes)",
    }
