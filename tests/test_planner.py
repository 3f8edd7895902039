"""The capacity planner's commands on the real releases: models, fit, plan, query
--all-releases, names as users paste them, output formats.

Expected values are read by hand from raw/<release>/page.html (the row quoted in
each test), never from the code under test."""
from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from cli_run import as_json, ok, run
from pipeline.cli import main


def key(record):
    return record["model"], record["strategy"], record["seq_len"], record["framework"], record["hardware"]


# --- models -------------------------------------------------------------------------------

def test_models_lists_every_model_with_what_its_name_says_and_where_it_runs(published):
    records = {r["model"]: r for r in as_json(published, "models")}
    assert len(records) == 37  # the 2025-10-22 table: 36 model cells, DeepSeek-V3/R1 gives two
    # `qwen3_moe-30B_A3B full 4096 16*Ascend 32*Ascend - - - - - -`: MoE, 30B total, 3B active
    assert records["qwen3_moe-30B_A3B"] | {"frameworks": None} == {
        "model": "qwen3_moe-30B_A3B", "family": "qwen3_moe", "params_b": 30.0, "active_params_b": 3.0,
        "modality": "text", "frameworks": None, "hardware": ["Snt9b", "Snt9b23"]}
    # `qwen2.5_vl-3b full 1024 - - - - - - 8*Ascend`: the only value is in the last (MindSpeed-MM) group
    assert records["qwen2.5_vl-3b"]["frameworks"] == ["MindSpeed-MM"]
    assert records["qwen2.5_vl-3b"]["modality"] == "vision-language"
    # `mixtral-8x7b full 4096/8192 16*Ascend - - - - - - -`: MindSpeed-LLM only; 8x7b states no total
    assert records["mixtral-8x7b"]["frameworks"] == ["MindSpeed-LLM"]
    assert records["mixtral-8x7b"]["params_b"] is None


def test_models_of_the_older_release(published):
    records = as_json(published, "models", "--release", "2025-05-07")
    assert len(records) == 17 and {tuple(r["frameworks"]) for r in records} == {("MindSpeed-LLM",)}


# --- fit ----------------------------------------------------------------------------------

def test_fit_answers_which_models_lora_tune_at_4096_on_one_snt9b_node(published):
    records = as_json(published, "fit", "--hardware", "snt9b", "--nodes", "1", "--strategy", "LoRA",
                      "--seq-len", "4096")
    by_key = {key(r): r for r in records}
    # `llama3.1-8b lora 4*Ascend 1*Ascend 2*Ascend`: MindSpeed-LLM 4 (both hardware), Llama-Factory 1 / 2
    assert by_key[("llama3.1-8b", "lora", 4096, "Llama-Factory", "Snt9b")]["spare_units"] == 7
    assert by_key[("llama3.1-8b", "lora", 4096, "MindSpeed-LLM", "Snt9b")]["spare_units"] == 4
    # `qwen2.5-72b ... lora 16*Ascend 32*Ascend`: 16 cards at least, more than one node
    assert not any(r["model"] == "qwen2.5-72b" for r in records)
    assert all(r["hardware"] == "Snt9b" and r["unit"] == "card" and r["min_units"] <= 8 for r in records)
    assert all(r["min_units"] + r["spare_units"] == 8 for r in records)


def test_fit_on_snt9b23_counts_cards_as_two_dies_and_nodes_as_sixteen(published):
    cards = run(published, "fit", "--hardware", "Snt9b23", "--cards", "8", "--format", "csv").stdout
    dies = run(published, "fit", "--hardware", "Snt9b23", "--dies", "16", "--format", "csv").stdout
    nodes = run(published, "fit", "--hardware", "Snt9b23", "--nodes", "1", "--format", "csv").stdout
    assert cards == dies == nodes and cards.count("\n") > 1
    half = {key(r): r for r in as_json(published, "fit", "--hardware", "Snt9b23", "--cards", "4")}
    # `qwen2.5-14b full 4096 8*Ascend ...`: MindSpeed-LLM needs 8 DIE = exactly 4 cards
    assert half[("qwen2.5-14b", "full", 4096, "MindSpeed-LLM", "Snt9b23")]["spare_units"] == 0
    # `qwen2.5-32b full 4096 16*Ascend ...`: 16 DIE does not fit in 4 cards
    assert ("qwen2.5-32b", "full", 4096, "MindSpeed-LLM", "Snt9b23") not in half


def test_fit_refuses_dies_on_snt9b_and_more_than_one_budget(published):
    dies = run(published, "fit", "--hardware", "Snt9b", "--dies", "8")
    assert dies.exit_code == 2 and "Snt9b is counted in cards, not DIEs" in dies.stderr
    both = run(published, "fit", "--hardware", "Snt9b", "--cards", "8", "--nodes", "1")
    assert both.exit_code == 2 and "give exactly one of --cards, --dies, --nodes" in both.stderr


def test_fit_with_nothing_small_enough_says_so(published):
    # `DeepSeek-V3/R1 full 4096 512*Ascend` / `lora 64*Ascend`, MindSpeed-LLM only
    result = run(published, "fit", "--hardware", "Snt9b", "--cards", "1", "--framework", "MindSpeed-LLM",
                 "--strategy", "full", "--seq-len", "4096")
    assert result.exit_code == 0  # 1-card models exist (`llama3.2-1b full/lora 4096/8192 1*Ascend`)
    none = run(published, "fit", "--hardware", "Snt9b", "--cards", "8", "--release", "2025-05-07",
               "--seq-len", "1024")
    assert none.exit_code == 1 and none.stderr.startswith("error: ") and "no configuration fits" in none.stderr


# --- plan ---------------------------------------------------------------------------------

def plan(build, *args):
    """hardware -> (units, hours) of a plan whose configurations give one row per hardware."""
    records = as_json(build, "plan", *args)
    assert len({r["hardware"] for r in records}) == len(records), records
    return {r["hardware"]: (r["units"], r["hours"]) for r in records}


def test_plan_sizes_to_a_multiple_of_eight_above_eight(published):
    # 2e9 tokens / (24 h x 3600 s x 1500 tokens/s) = 15.43 units -> 16 -> 2 Snt9b nodes or 1 Snt9b23 node;
    # at 16 units: 2e9 / (16 x 1500) / 3600 = 23.148 h -> 23 (two significant figures)
    records = as_json(published, "plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500", "--hours", "24",
                      "--strategy", "full", "--seq-len", "4096", "--framework", "MindSpeed-LLM")
    assert records == [
        {"model": "qwen2.5-7b", "hardware": "Snt9b", "min_units": 4, "units": 16, "unit": "card", "nodes": 2,
         "hours": 23.0, "configurations": 1, "holds_for": "MindSpeed-LLM: full 4096",
         "certain": True},  # LAYOUT.md row 22: CERTAIN
        {"model": "qwen2.5-7b", "hardware": "Snt9b23", "min_units": 4, "units": 16, "unit": "die", "nodes": 1,
         "hours": 23.0, "configurations": 1, "holds_for": "MindSpeed-LLM: full 4096",
         "certain": True}]


def test_plan_rounds_up_never_below_the_minimum_and_to_even_dies(published):
    # `qwen2.5-7b ... lora 2*Ascend 1*Ascend 2*Ascend`: lora 4096 MindSpeed-LLM 2 / 2, Llama-Factory 1 / 2.
    # 9e6 tokens / (1 h x 3600 x 1000) = 2.5 units -> 3 cards (0.833 h); on Snt9b23 3 DIE -> 4 (0.625 h -> 0.63)
    rows = plan(published, "qwen2.5-7b", "--tokens", "9e6", "--tps", "1000", "--hours", "1", "--strategy", "lora",
                "--seq-len", "4096", "--framework", "llama-factory")
    assert rows == {"Snt9b": (3, 0.83), "Snt9b23": (4, 0.63)}
    # 1e8 tokens / (10 h x 3600 x 2000) = 1.4 -> 2, below the full 4096 MindSpeed-LLM minimum of 4: 3.472 h
    full = plan(published, "qwen2.5-7b", "--tokens", "1e8", "--tps", "2000", "--hours", "10", "--strategy", "full",
                "--seq-len", "4096", "--framework", "MindSpeed-LLM", "--hardware", "Snt9b")
    assert full == {"Snt9b": (4, 3.5)}
    # 33.12e6 / (1 h x 3600 x 1000) = 9.2 -> 10 -> 16 (above 8: a multiple of 8)
    big = plan(published, "qwen2.5-7b", "--tokens", "33.12e6", "--tps", "1000", "--hours", "1", "--strategy", "lora",
               "--seq-len", "4096", "--framework", "Llama-Factory", "--hardware", "Snt9b")
    assert big["Snt9b"][0] == 16


def test_efficiency_below_one_costs_time_and_cards(published):
    """The vendor's page multiplies by the speed-up ratio; that would make training faster."""
    args = ["qwen2.5-7b", "--tokens", "1e9", "--tps", "1000", "--strategy", "lora", "--seq-len", "4096",
            "--framework", "Llama-Factory", "--hardware", "Snt9b"]
    # 1e9 / (8 x 1000) / 3600 = 34.722 h -> 35; at efficiency 0.5 twice that, 69.444 -> 69
    assert plan(published, *args, "--units", "8") == {"Snt9b": (8, 35.0)}
    assert plan(published, *args, "--units", "8", "--efficiency", "0.5") == {"Snt9b": (8, 69.0)}
    # 1e9 / (10 h x 3600 x 1000) = 27.8 -> 32 cards; at 0.8: 34.7 -> 40
    assert plan(published, *args, "--hours", "10", "--efficiency", "0.8")["Snt9b"][0] == 40


def test_plan_with_too_few_units_leaves_out_what_does_not_fit_and_says_so(published):
    result = ok(published, "plan", "Qwen/Qwen2.5-72B-Instruct", "--tokens", "5e9", "--tps", "300", "--units", "16",
                "--format", "json")
    records = json.loads(result.stdout)
    # `qwen2.5-72b full 4096 32*Ascend 64*Ascend ...`: no full configuration runs on 16 units
    assert records and all("full" not in r["holds_for"] and r["min_units"] <= 16 for r in records)
    assert "left out, their minimum is above 16: full 4096" in result.stderr
    assert list(records[0]) == ["model", "hardware", "min_units", "units", "unit", "nodes", "hours",
                                "configurations", "holds_for", "certain"]


def test_nodes_are_rounded_up_in_plan_and_in_the_fit_budget(published):
    """Catches: nodes rounded down (12 cards shown as 1 node, 12 DIE as 0 nodes)."""
    # `qwen2.5-7b ... lora 2*Ascend 1*Ascend 2*Ascend`: Llama-Factory 1 card / 2 DIE, so 12 units run on both;
    # 12 cards / 8 per node = 1.5 -> 2 nodes; 12 DIE / 16 per node = 0.75 -> 1 node
    records = as_json(published, "plan", "qwen2.5-7b", "--tokens", "1e9", "--tps", "1000", "--units", "12",
                      "--strategy", "lora", "--seq-len", "4096", "--framework", "Llama-Factory")
    assert {r["hardware"]: (r["units"], r["nodes"]) for r in records} == {"Snt9b": (12, 2), "Snt9b23": (12, 1)}
    # the budget line of fit: 12 cards = 1.5 nodes -> 2; 20 DIE = 1.25 nodes -> 2
    cards = ok(published, "fit", "--hardware", "Snt9b", "--cards", "12").stdout.splitlines()[0]
    assert cards.endswith(" fit in 12 cards (2 nodes) on Snt9b, release 2025-10-22"), cards
    dies = ok(published, "fit", "--hardware", "Snt9b23", "--dies", "20").stdout.splitlines()[0]
    assert dies.endswith(" fit in 20 DIEs (2 nodes) on Snt9b23, release 2025-10-22"), dies


def test_plan_takes_hours_or_units_not_both(published):
    both = run(published, "plan", "qwen2.5-7b", "--tokens", "1e9", "--tps", "1000", "--hours", "1", "--units", "8")
    assert both.exit_code == 2 and "give at most one of --hours, --units" in both.stderr
    bad = run(published, "plan", "qwen2.5-7b", "--tokens", "lots", "--tps", "1000", "--hours", "1")
    assert bad.exit_code == 2 and "'lots' is not a number" in bad.stderr


# --- plan: the trade-off, TPS per hardware, collapsed rows, --explain (issue 19) --------------

QWEN7_FULL_4096_MS = ["qwen2.5-7b", "--tokens", "2B", "--strategy", "full", "--seq-len", "4096",
                      "--framework", "MindSpeed-LLM"]


def test_plan_without_hours_or_units_shows_the_minimum_then_whole_node_steps(published):
    """Catches: plan refusing to answer without --hours/--units (it only ever gave one side of
    the trade-off). `qwen2.5-7b full 4096 4*Ascend`: 4 cards, then 1, 2, 4, 8 nodes of 8 cards;
    hours = 2e9 / (units x 1500) / 3600: 92.6, 46.3, 23.1, 11.6, 5.79 -> two significant figures."""
    records = as_json(published, "plan", *QWEN7_FULL_4096_MS, "--tps", "1500", "--hardware", "Snt9b")
    assert [(r["units"], r["nodes"], r["hours"]) for r in records] == [
        (4, 1, 93.0), (8, 1, 46.0), (16, 2, 23.0), (32, 4, 12.0), (64, 8, 5.8)]
    table = ok(published, "plan", *QWEN7_FULL_4096_MS, "--tps", "1500", "--hardware", "Snt9b").stdout
    assert "the minimum, then 4 whole-node steps (1, 2, 4, 8 … nodes)" in table.splitlines()[0]
    # Snt9b23: 4 DIE, then 16, 32, 64, 128 DIE (1, 2, 4, 8 nodes of 16)
    dies = as_json(published, "plan", *QWEN7_FULL_4096_MS, "--tps", "1500", "--hardware", "Snt9b23")
    assert [(r["units"], r["nodes"]) for r in dies] == [(4, 1), (16, 1), (32, 2), (64, 4), (128, 8)]
    # `qwen2.5-7b full 4096 4*Ascend 8*Ascend`: Llama-Factory's minimum is one whole node; the steps start above it
    whole = as_json(published, "plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500", "--strategy", "full",
                    "--seq-len", "4096", "--framework", "Llama-Factory", "--hardware", "Snt9b")
    assert [r["units"] for r in whole] == [8, 16, 32, 64, 128]


def test_tps_is_given_per_hardware_and_a_bare_number_still_works(published):
    """Catches: one --tps applied per card on Snt9b and per DIE on Snt9b23 with no way to tell them apart.
    At 16 units: 2e9 / (16 x 1500) / 3600 = 23.1 h on Snt9b; 2e9 / (16 x 800) / 3600 = 43.4 h on Snt9b23."""
    args = ["qwen2.5-7b", "--tokens", "2B", "--units", "16", "--strategy", "lora", "--seq-len", "4096",
            "--framework", "Llama-Factory"]
    assert plan(published, *args, "--tps", "Snt9b=1500", "--tps", "snt9b23=800") == {"Snt9b": (16, 23.0),
                                                                                    "Snt9b23": (16, 43.0)}
    assert plan(published, *args, "--tps", "1500") == {"Snt9b": (16, 23.0), "Snt9b23": (16, 23.0)}
    one = ok(published, "plan", *args, "--tps", "Snt9b=1500", "--format", "json")
    assert [r["hardware"] for r in json.loads(one.stdout)] == ["Snt9b"]
    assert "left out, no --tps for Snt9b23" in one.stderr
    title = ok(published, "plan", *args, "--tps", "Snt9b=1500", "--tps", "Snt9b23=800").stdout.splitlines()[0]
    assert "1500 tokens/s per card on Snt9b, 800 tokens/s per DIE on Snt9b23" in title
    twice = run(published, "plan", *args, "--tps", "Snt9b=1", "--tps", "SNT9B=2")
    assert twice.exit_code == 2 and "one per hardware" in twice.stderr
    unknown = run(published, "plan", *args, "--tps", "Snt9c=1")
    assert unknown.exit_code == 2 and "'Snt9c' in 'Snt9c=1' is not one of Snt9b, Snt9b23" in unknown.stderr


def test_identical_results_are_one_row_naming_what_it_holds_for(published):
    """Catches: a row per configuration when strategy, sequence length and framework do not change
    the result. `qwen2.5-7b` on the page: 4 frameworks x full/lora x 4096/8192 on each hardware, every
    minimum at most 8; sized for 24 h at 1500 tokens/s: 16 units for all of them."""
    records = as_json(published, "plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500", "--hours", "24")
    assert [(r["hardware"], r["units"], r["configurations"], r["holds_for"]) for r in records] == [
        ("Snt9b", 16, 16, "MindSpeed-LLM/Llama-Factory/VeRL/MindSpeed-RL: full/lora 4096/8192"),
        ("Snt9b23", 16, 16, "MindSpeed-LLM/Llama-Factory/VeRL/MindSpeed-RL: full/lora 4096/8192")]
    assert {r["min_units"] for r in records} == {8}  # the largest minimum among them


def test_hours_have_two_significant_figures_and_are_never_zero(published):
    """Catches: hours rounded to 3 decimals, printed as 0 for a small run: 1e4 tokens on 16 cards at
    1500 tokens/s is 1e4 / (16 x 1500) / 3600 = 0.000116 h."""
    args = ["qwen2.5-7b", "--tokens", "1e4", "--tps", "1500", "--units", "16", "--strategy", "full",
            "--seq-len", "4096", "--framework", "MindSpeed-LLM", "--hardware", "Snt9b"]
    assert plan(published, *args) == {"Snt9b": (16, 0.00012)}
    line = ok(published, "plan", *args).stdout.splitlines()[2]
    assert line.split()[6] == "0.00012"


@pytest.mark.parametrize("tokens, hours", [(302400, 0.011), (2865600, 0.1), (1684800, 0.059), (73440, 0.0026)])
def test_an_exact_half_of_the_second_figure_is_rounded_up(published, tokens, hours):
    """Catches (hunt 90): hours rounded from the nearest float, which lies just below the half:
    302,400 tokens on 8 cards at 1000 tokens/s is exactly 0.0105 h, printed 0.01 (0.0995 as 0.099)."""
    args = ["qwen2.5-7b", "--tokens", str(tokens), "--tps", "1000", "--units", "8", "--strategy", "lora",
            "--seq-len", "4096", "--framework", "MindSpeed-LLM", "--hardware", "Snt9b"]
    assert plan(published, *args) == {"Snt9b": (8, hours)}


def test_units_just_above_a_step_are_rounded_up_exactly(published):
    """Catches (hunt 90): 28,800,000,001 tokens in 1 h at 1e6 tokens/s need 8.0000000003 cards, which
    a tolerance of 1e-9 took for 8; rounded up, above 8 to a multiple of 8: 16 cards."""
    args = ["qwen2.5-7b", "--tokens", "28800000001", "--tps", "1000000", "--hours", "1", "--strategy", "lora",
            "--seq-len", "4096", "--framework", "MindSpeed-LLM", "--hardware", "Snt9b"]
    assert plan(published, *args)["Snt9b"][0] == 16


def test_huge_counts_are_whole_numbers_exactly(published):
    """Catches (hunt 90): 1e30 tokens at 0.001 tokens/s in 0.001 h need 2.7e35... units as a float
    (277777777777777742643788041420800); exactly, ceil(1e30 / 3.6e-3) rounded to a multiple of 8."""
    args = ["qwen2.5-7b", "--tokens", "1e30", "--tps", "0.001", "--hours", "0.001", "--strategy", "lora",
            "--seq-len", "4096", "--framework", "MindSpeed-LLM", "--hardware", "Snt9b", "--format", "json"]
    units = json.loads(ok(published, "plan", *args).stdout)[0]["units"]
    assert units == 277777777777777777777777777777784


def test_fractional_tokens_are_shown_as_given(published):
    """Catches (hunt 90): --tokens 302.4 shown as 302 tokens while the hours used 302.4."""
    out = ok(published, "plan", "qwen2.5-7b", "--tokens", "302.4", "--tps", "1000", "--units", "8", "--explain",
             "--strategy", "lora", "--seq-len", "4096", "--framework", "MindSpeed-LLM", "--hardware", "Snt9b").stdout
    assert "302.4 tokens" in out and "302 tokens" not in out


def test_explain_fills_in_the_vendors_formula_and_names_each_source(published):
    """Catches: no way to see how a plan was computed or where its numbers come from."""
    cell = as_json(published, "query", "qwen2.5-7b", "--strategy", "full", "--seq-len", "4096",
                   "--framework", "MindSpeed-LLM", "--hardware", "Snt9b")[0]
    result = ok(published, "plan", *QWEN7_FULL_4096_MS, "--tps", "Snt9b=1500", "--hours", "24", "--explain")
    text = result.stdout
    assert "N = tokens / (time x TPS x efficiency)" in text
    assert "tokens = 2,000,000,000: --tokens, your training data (all epochs)" in text
    assert "TPS = 1500 tokens/s per card: --tps, your own measurement on Snt9b" in text
    assert (f"minimum = 4 cards (1 node): the vendor's table, {cell['source_file']} row {cell['source_row']}, "
            f"column {cell['source_col']}") in text
    # 2e9 / (24 x 3600 x 1500) = 15.43 -> 16 cards; 2e9 / (16 x 1500) / 3600 = 23.1 h
    assert "N = 2,000,000,000 / (24 h x 3600 s x 1500 x 1) = 15.4, rounded up" in text
    assert "16 cards (2 nodes)" in text and "time at 16 cards = 2,000,000,000 / (16 x 1500 x 1) / 3600 s = 23 h" in text
    machine = ok(published, "plan", *QWEN7_FULL_4096_MS, "--tps", "Snt9b=1500", "--hours", "24", "--explain",
                 "--format", "json")
    assert json.loads(machine.stdout) and "note:   TPS = 1500 tokens/s per card" in machine.stderr


def test_plan_help_says_tps_is_the_users_measurement_and_its_unit(published):
    text = " ".join(CliRunner().invoke(main, ["plan", "--help"]).stdout.split())
    assert "Your own measurement" in text and "per card on Snt9b and per DIE on Snt9b23" in text


# --- names as users paste them --------------------------------------------------------------

@pytest.mark.parametrize("pasted, model", [
    ("Qwen/Qwen2.5-72B-Instruct", "qwen2.5-72b"),
    ("Qwen3-30B-A3B", "qwen3_moe-30B_A3B"),
    ("meta-llama/Llama-3.1-8B-Instruct", "llama3.1-8b"),
    ("google/gemma-3-27b-it", "gemma3-27b"),
    ("deepseek-ai/DeepSeek-R1", "DeepSeek-R1"),
    ("mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"),
    ("Qwen/Qwen2.5-VL-7B-Instruct", "qwen2.5_vl-7b"),
    ("OpenGVLab/InternVL2_5-8B", "internvl2.5-8b"),
])
def test_hugging_face_names_resolve_with_a_note(published, pasted, model):
    result = ok(published, "query", pasted, "--format", "json")
    assert {r["model"] for r in json.loads(result.stdout)} == {model}
    assert result.stderr.splitlines() == [result.stderr.splitlines()[0]]
    assert result.stderr.startswith(f"note: read {pasted!r} as {model} (")


SIBLINGS = ["Qwen3-30B-A3B-Thinking-2507", "Qwen3-30B-A3B-Instruct-2507", "qwen3_moe-30B_A3B", "DeepSeek-V3",
            "DeepSeek-R1"]


def test_a_repo_id_of_a_published_name_is_that_model_whatever_its_siblings():
    """Catches (hunt 95): the exact Hugging Face id of a published model refused as ambiguous among
    the models sharing its name up to the size (its suffix dropped before its prefix was tried)."""
    from pipeline.names import resolve

    resolved = resolve("Qwen/Qwen3-30B-A3B-Thinking-2507", SIBLINGS, {}, "release 2025-12-01")
    assert resolved.models == ["Qwen3-30B-A3B-Thinking-2507"]
    assert resolved.note == "read 'Qwen/Qwen3-30B-A3B-Thinking-2507' as Qwen3-30B-A3B-Thinking-2507 (the org prefix " \
                            "'Qwen/' dropped)"


def test_an_unknown_repo_id_is_compared_without_its_prefix():
    """Catches: `deepseek-ai/DeepSeek-V3.1` told "no model of that family; the families are deepseek…"."""
    from pipeline.names import UnknownModel, resolve

    with pytest.raises(UnknownModel, match="did you mean DeepSeek-V3, DeepSeek-R1"):
        resolve("deepseek-ai/DeepSeek-V3.1", SIBLINGS, {}, "release 2025-12-01")


def test_the_published_spelling_needs_no_note(published):
    result = ok(published, "query", "QWEN3-moe-30b-a3b", "--format", "json")
    assert result.stderr == "" and {r["model"] for r in json.loads(result.stdout)} == {"qwen3_moe-30B_A3B"}


def test_an_ambiguous_name_lists_the_candidates(published):
    result = run(published, "query", "deepseek-ai/DeepSeek")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: deepseek-ai/DeepSeek: ambiguous model: could be any of 2 models of "
                                     "release 2025-10-22: DeepSeek-R1, DeepSeek-V3")
    # a text model is not read as its vision-language sibling: no qwen2.5-3b in the table, only qwen2.5_vl-3b
    sibling = run(published, "query", "Qwen/Qwen2.5-3B-Instruct")
    assert sibling.exit_code == 1 and "unknown model" in sibling.stderr


def test_every_published_name_reads_as_a_distinct_key(published):
    from pipeline.names import read_name

    names = {r["model"] for release in ("2025-05-07", "2025-10-22")
             for r in as_json(published, "models", "--release", release)}
    keys = {read_name(n, pasted=False).key for n in names}
    assert len(keys) == len(names)


# --- one model across releases --------------------------------------------------------------

def test_query_all_releases_marks_each_change(published):
    records = as_json(published, "query", "qwen2.5-7b", "--all-releases", "--seq-len", "4096")
    by_key = {key(r): r for r in records}
    # 2025-05-07: `qwen2.5-7b full 4096 2*Ascend` / `lora 2*Ascend` (MindSpeed-LLM, one column)
    # 2025-10-22: `qwen2.5-7b full 4096 4*Ascend 8*Ascend ...` / `lora 2*Ascend 1*Ascend 2*Ascend`
    assert {k: by_key[("qwen2.5-7b", "full", 4096, "MindSpeed-LLM", "Snt9b")][k]
            for k in ("2025-05-07", "2025-10-22", "change")} == {
        "2025-05-07": "2", "2025-10-22": "4", "change": "2025-10-22: 2 -> 4"}
    assert by_key[("qwen2.5-7b", "lora", 4096, "MindSpeed-LLM", "Snt9b")]["change"] == ""
    added = by_key[("qwen2.5-7b", "lora", 4096, "Llama-Factory", "Snt9b")]
    assert (added["2025-05-07"], added["2025-10-22"], added["change"]) == ("", "1", "added in 2025-10-22")
    table = ok(published, "query", "qwen2.5-7b", "--all-releases", "--seq-len", "4096").stdout
    assert table.startswith("qwen2.5-7b across 2 releases (2025-05-07, 2025-10-22)")


# --- formats --------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["query", "qwen2.5-7b", "--seq-len", "4096"],
    ["models"],
    ["fit", "--hardware", "Snt9b", "--cards", "8"],
    ["plan", "qwen2.5-7b", "--tokens", "1e9", "--tps", "1000", "--hours", "24"],
])
def test_every_format_holds_the_same_records(published, command):
    records = as_json(published, *command)
    rows = list(csv.DictReader(io.StringIO(ok(published, *command, "--format", "csv").stdout)))
    ndjson = [json.loads(line) for line in ok(published, *command, "--format", "ndjson").stdout.splitlines()]
    md = ok(published, *command, "--format", "MD").stdout.splitlines()
    assert ndjson == records and len(rows) == len(records) and len(md) == 2 + len(records)
    assert list(rows[0]) == list(records[0]) and md[0].startswith("| " + " | ".join(list(records[0])[:2]))


@pytest.mark.parametrize("command", [
    ["query", "qwen2.5-7b", "--seq-len", "4096"],
    ["fit", "--hardware", "Snt9b", "--cards", "1"],
])
def test_ndjson_ends_every_record_with_a_newline(published, command):
    """Catches: no newline after the last record (`… --format ndjson >> all.ndjson` would glue
    the next command's first record onto it)."""
    text = ok(published, *command, "--format", "ndjson").stdout
    assert text.endswith("}\n") and text.count("\n") == len(text.splitlines()) > 1
    assert all(json.loads(line) for line in text.splitlines())


def test_booleans_print_as_true_and_false_in_lower_case(published):
    """Catches: Python's True/False in the text formats (JSON says true/false; so do our CSV and
    tables, so that a CSV reads back the same in DuckDB, pandas or a spreadsheet)."""
    from pipeline.formats import render
    from pipeline.query import Filters, answer_query

    # `qwen2.5-7b full 4096 4*Ascend ... - -`: MindSpeed-LLM supported, MindSpeed-MM (the last group) not
    args = ("qwen2.5-7b", "--seq-len", "4096", "--strategy", "full")
    rows = {(r["framework"], r["hardware"]): r["supported"]
            for r in csv.DictReader(io.StringIO(ok(published, "query", *args, "--format", "csv").stdout))}
    assert (rows[("MindSpeed-LLM", "Snt9b")], rows[("MindSpeed-MM", "Snt9b")]) == ("true", "false")
    answer = answer_query(published, None, "qwen2.5-7b", Filters("full", 4096, "MindSpeed-MM", "Snt9b"))
    header, line = render(answer.records, answer.columns, "table").splitlines()
    assert line.split()[header.split().index("supported")] == "false"


def test_output_file_is_written_and_nothing_printed(published, tmp_path):
    target = tmp_path / "fit.csv"
    result = ok(published, "fit", "--hardware", "Snt9b", "--nodes", "1", "--format", "csv", "-o", str(target))
    assert result.stdout == ""
    assert target.read_text(encoding="utf-8") == ok(published, "fit", "--hardware", "Snt9b", "--nodes", "1",
                                                    "--format", "csv").stdout
    diff_md = tmp_path / "diff.md"
    assert run(published, "diff", "-o", str(diff_md)).exit_code == 0
    assert "**Summary:** 2025-05-07 -> 2025-10-22" in diff_md.read_text(encoding="utf-8")


def test_diff_as_ndjson_and_table(published):
    lines = [json.loads(line) for line in ok(published, "diff", "--format", "ndjson").stdout.splitlines()]
    changed = [r for r in lines if r["change"] == "changed"]
    # LAYOUT.md §6: 8 values changed, among them qwen2.5-7b full 4096 MindSpeed-LLM Snt9b 2 -> 4
    assert len(changed) == 8
    hit = [r for r in changed if key(r) == ("qwen2.5-7b", "full", 4096, "MindSpeed-LLM", "Snt9b")]
    assert (hit[0]["old"]["min_units"], hit[0]["new"]["min_units"]) == (2, 4)
    table = ok(published, "diff", "--format", "table").stdout.splitlines()
    assert table[0].startswith("2025-05-07 -> 2025-10-22: ") and table[2].split()[:2] == ["change", "reason"]


def test_options_are_case_insensitive(published):
    upper = as_json(published, "query", "qwen2.5-7b", "--strategy", "LORA", "--hardware", "SNT9B23",
                    "--framework", "LLAMA-FACTORY", "--seq-len", "4096")
    # `lora 2*Ascend 1*Ascend 2*Ascend`: Llama-Factory Snt9b23 = 2
    assert [(r["framework"], r["hardware"], r["min_units"]) for r in upper] == [("Llama-Factory", "Snt9b23", 2)]


def test_build_from_the_environment(published, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["models", "--format", "csv"], env={"MINCARDS_BUILD": str(published)})
    assert result.exit_code == 0 and result.stdout.count("\n") == 38
    missing = CliRunner().invoke(main, ["models"], env={"MINCARDS_BUILD": ""})
    assert missing.exit_code == 1
    assert f"looked in {tmp_path / 'build'}; give --build DIR or set MINCARDS_BUILD" in missing.stderr
