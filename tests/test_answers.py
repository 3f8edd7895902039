"""Issue 19, the answers: which models fit (`fit --by model`), one parsing rule for sizes and
names (pipeline/names.py) in every command, -o into a missing folder, errors that name the
model typed, plurals. On the real releases (the session's `published` build).

Expected values are read by hand from raw/2025-10-22/page.html (the row quoted in each
test), never from the code under test."""
from __future__ import annotations

import csv
import io
import json

import pytest

from pipeline import names
from cli_run import as_json, ok, run


# --- fit --by model ----------------------------------------------------------------------------

ONE_NODE_LORA = ["fit", "--hardware", "Snt9b23", "--nodes", "1", "--strategy", "lora"]


def test_fit_by_model_gives_one_row_per_model_with_its_cheapest_configuration_per_framework(published):
    """Catches: no per-model answer (the issue's 106 configurations for 31 model names)."""
    flat = as_json(published, *ONE_NODE_LORA)
    models = as_json(published, *ONE_NODE_LORA, "--by", "model")
    assert [m["model"] for m in models] == sorted({r["model"] for r in flat}) and len(models) == 31
    assert sum(m["configurations"] for m in models) == len(flat)
    by_name = {m["model"]: m for m in models}
    # `llama3.1-8b lora 4096/8192 4*Ascend 1*Ascend 2*Ascend`: on Snt9b23 MindSpeed-LLM 4 DIE, Llama-Factory 2 DIE,
    # at both sequence lengths: the shorter is the cheaper
    assert by_name["llama3.1-8b"]["MindSpeed-LLM"] == {"strategy": "lora", "seq_len": 4096, "min_units": 4,
                                                       "certain": True, "spare_units": 12}
    assert by_name["llama3.1-8b"]["Llama-Factory"] == {"strategy": "lora", "seq_len": 4096, "min_units": 2,
                                                       "certain": True, "spare_units": 14}
    # qwen2.5-14b's VeRL cells (LAYOUT.md rows 26-29, declared in raw/2025-10-22/notes.toml): the
    # cheapest is an uncertain reading, and says so as text too
    assert by_name["qwen2.5-14b"]["VeRL"]["certain"] is False
    text = ok(published, *ONE_NODE_LORA, "--by", "model").stdout
    assert "qwen2.5-14b" in text and "8? (lora 4096)" in text and "\nuncertain (? after a value" in text
    # `gemma3-27b`: Llama-Factory only
    assert by_name["gemma3-27b"]["MindSpeed-LLM"] is None
    assert list(models[0]) == ["model", "configurations", "MindSpeed-LLM", "Llama-Factory", "VeRL", "MindSpeed-RL"]


def test_fit_by_model_prefers_lora_when_units_and_sequence_length_tie(published):
    """Catches: the tie broken the other way (or not at all). `qwen2.5-7b`'s VeRL cells: 8*Ascend for
    full and lora, 4096 and 8192: the cheapest on one Snt9b node is lora 4096."""
    models = {m["model"]: m for m in as_json(published, "fit", "--hardware", "Snt9b", "--nodes", "1",
                                             "--by", "model")}
    assert models["qwen2.5-7b"]["VeRL"] == {"strategy": "lora", "seq_len": 4096, "min_units": 8, "certain": True,
                                           "spare_units": 0}


@pytest.mark.parametrize("fmt", ["table", "csv", "md", "ndjson"])
def test_fit_by_model_in_every_format(published, fmt):
    text = ok(published, *ONE_NODE_LORA, "--by", "model", "--format", fmt).stdout
    if fmt == "ndjson":
        records = [json.loads(line) for line in text.splitlines()]
        assert records == as_json(published, *ONE_NODE_LORA, "--by", "model")
        return
    if fmt == "csv":
        rows = {r["model"]: r for r in csv.DictReader(io.StringIO(text))}
        assert len(rows) == 31 and rows["llama3.1-8b"]["Llama-Factory"] == "2 (lora 4096)"
        assert rows["gemma3-27b"]["MindSpeed-LLM"] == ""
        return
    line = next(line for line in text.splitlines() if "llama3.1-8b" in line)
    assert "4 (lora 4096)" in line and "2 (lora 4096)" in line
    if fmt == "table":
        assert text.startswith("31 models with a configuration that fits in 16 DIEs (1 node) on Snt9b23")


# --- one parsing rule for sizes and names --------------------------------------------------------

@pytest.mark.parametrize("text, length", [("8K", 8192), ("16k", 16384), ("32K", 32768), ("4096", 4096),
                                          ("4_096", 4096)])
def test_sequence_lengths_take_a_binary_k(text, length):
    assert names.seq_len(text) == length


@pytest.mark.parametrize("text, message", [("4096.5", "not a whole number"), ("8B", "not a number"),
                                           ("0", "not above 0"), ("lots", "not a number")])
def test_a_bad_sequence_length_says_what_was_expected(text, message):
    with pytest.raises(ValueError, match=message):
        names.seq_len(text)


def test_sizes_keep_their_decimal_suffixes():
    assert (names.size("2B"), names.size("500M"), names.size("2.5e9"), names.size("1,000")) == (2e9, 5e8, 2.5e9, 1e3)


@pytest.mark.parametrize("command", [
    ["query", "qwen2.5-7b"],
    ["fit", "--hardware", "Snt9b", "--nodes", "1"],
    ["plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500"],
])
def test_seq_len_8k_is_8192_in_every_command(published, command):
    """Catches: `--seq-len 8K` refused (it was an integer option) where `--tokens 2B` was accepted."""
    assert as_json(published, *command, "--seq-len", "8K") == as_json(published, *command, "--seq-len", "8192")


def test_seq_len_8k_in_history(builds):
    base = ["history", "qwen2.5-7b", "--framework", "MindSpeed-LLM", "--format", "json"]
    assert json.loads(ok(builds["real"], *base, "--seq-len", "8k").stdout) == \
        json.loads(ok(builds["real"], *base, "--seq-len", "8192").stdout)


@pytest.mark.parametrize("spelling", ["llamafactory", "llama factory", "LLAMA-FACTORY", "Llama_Factory"])
def test_frameworks_are_as_forgiving_as_model_names(published, spelling):
    """Catches: `--framework llamafactory` and "llama factory" refused (case only was forgiven)."""
    # `qwen2.5-7b lora 4096 2*Ascend 1*Ascend 2*Ascend`: Llama-Factory 1 card on Snt9b, 2 DIE on Snt9b23
    records = as_json(published, "query", "qwen2.5-7b", "--framework", spelling, "--strategy", "lora",
                      "--seq-len", "4096")
    assert [(r["framework"], r["hardware"], r["min_units"]) for r in records] == [
        ("Llama-Factory", "Snt9b", 1), ("Llama-Factory", "Snt9b23", 2)]


@pytest.mark.parametrize("command", [["fit", "--nodes", "1", "--strategy", "lora"],
                                     ["query", "qwen2.5-7b", "--strategy", "lora"]])
def test_hardware_and_strategies_are_as_forgiving(published, command):
    """Catches: `--hardware "snt 9b23"` refused (a click choice forgives case only)."""
    assert as_json(published, *command, "--hardware", "snt 9b23", "--strategy", "LoRA") == \
        as_json(published, *command, "--hardware", "Snt9b23")


def test_a_name_of_another_family_gets_the_list_of_families_not_a_suggestion(published):
    """Catches: `QwQ-32B` answered "did you mean qwen3-32b" (spelling alone is no kinship), and errors
    that start with the Parquet file's path instead of the name typed."""
    result = run(published, "query", "QwQ-32B")
    assert result.exit_code == 1 and "qwen3-32b" not in result.stderr
    assert result.stderr.startswith("error: QwQ-32B: unknown model: not a model of release 2025-10-22; no model of "
                                    "that family; the families are deepseek, gemma, glm, internvl, llama, mixtral, "
                                    "qwen")
    assert "min_cards.parquet" not in result.stderr


def test_a_near_miss_in_the_same_family_is_suggested(published):
    # the page has qwen2.5-7b, qwen2.5-72b and qwen2.5-32b (and no qwen2.5-8b)
    result = run(published, "plan", "qwen2.5-8b", "--tokens", "1B", "--tps", "1000")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: qwen2.5-8b: unknown model: not a model of release 2025-10-22; did you "
                                    "mean qwen2.5-7b")


def test_completion_of_frameworks_follows_the_same_rule(published):
    from pipeline.cli.common import complete_framework

    class Context:
        params = {"build_dir": str(published)}

    assert complete_framework(Context(), None, "llama fa") == ["Llama-Factory"]
    assert complete_framework(Context(), None, "mindspeed") == ["MindSpeed-LLM", "MindSpeed-MM", "MindSpeed-RL"]


# --- -o into a missing folder ------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["query", "qwen2.5-7b"], ["models"], ["fit", "--hardware", "Snt9b", "--nodes", "1"],
    ["plan", "qwen2.5-7b", "--tokens", "1B", "--tps", "1000"], ["diff"],
])
def test_output_into_a_missing_folder_is_an_error_naming_it(published, tmp_path, command):
    """Catches: -o silently creating the folders of a mistyped path."""
    missing = tmp_path / "missing" / "dir"
    result = run(published, *command, "-o", str(missing / "out.txt"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {missing}: no such folder: the folder of -o ")
    assert not (tmp_path / "missing").exists()


# --- plurals ----------------------------------------------------------------------------------

def test_one_configuration_fits_in_the_singular(published):
    """Catches: "1 configurations fit". `qwen2.5_vl-7b full 1024/4096/8192 - 8*Ascend ...`: the only
    Llama-Factory full 1024 cell of the page (`qwen2vl-72b`'s is 32*Ascend) fits in 4 cards = 8 DIE."""
    title = ok(published, "fit", "--hardware", "Snt9b23", "--cards", "4", "--framework", "Llama-Factory",
               "--strategy", "full", "--seq-len", "1024").stdout.splitlines()[0]
    assert title == "1 configuration fits in 8 DIEs (1 node) on Snt9b23, release 2025-10-22"


def test_unit_amounts_are_singular_for_one():
    from pipeline.units import amount

    assert [amount(1, "card"), amount(8, "card"), amount(1, "die"), amount(2, "die")] == [
        "1 card", "8 cards", "1 DIE", "2 DIEs"]
