"""Release diffs: the real pair of releases with hand-checked changes, and small
synthetic frames for each category."""
from __future__ import annotations

import json
import shutil

import pandas as pd
import pytest
from click.testing import CliRunner
from hypothesis import Phase, given, settings, strategies as st

from pipeline.cli import main
from pipeline.diff import diff_releases, to_csv, to_json, to_markdown, to_table
from tests.reference import diff_pandas

# in the order the vendor's page prints them (tests/fixtures/vendor/2025-10-22-cells.txt), not the alphabet's
NEW_MODELS = [
    "qwen2.5-1.5b", "qwen2vl-2b", "qwen2vl-7b", "qwen2vl-72b", "qwen2.5_vl-3b", "qwen2.5_vl-7b",
    "qwen2.5_vl-32b", "qwen2.5_vl-72b", "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b",
    "qwen3-32b", "qwen3_moe-30B_A3B", "qwen3_moe-235B_A22B", "internvl2.5-8b", "internvl2.5-38b",
    "internvl2.5-78b", "gemma3-27b"]
# the header of tests/fixtures/vendor/2025-10-22-cells.txt, MindSpeed-LLM (in both releases) left out
NEW_FRAMEWORKS = ["Llama-Factory", "VeRL", "MindSpeed-RL", "MindSpeed-MM"]


@pytest.fixture(scope="module")
def real(tidy):
    return diff_releases("2025-05-07", tidy["2025-05-07"], "2025-10-22", tidy["2025-10-22"])


def test_real_releases_columns_and_models(real):
    assert real.frameworks == {"added": NEW_FRAMEWORKS, "removed": []}
    assert real.hardware == {"added": [], "removed": []}  # Snt9B -> Snt9b is not a change
    assert real.models == {"added": NEW_MODELS, "removed": []}


def test_real_releases_values_changed(real):
    changed = real.where("changed")
    got = {(r.model, r.strategy, r.seq_len, r.hardware): (r.old_min_units, r.new_min_units)
           for r in changed.itertuples()}
    # tests/fixtures/vendor/LAYOUT.md §6: MindSpeed-LLM values that moved between the releases
    assert got == {
        ("qwen2.5-7b", "full", 4096, "Snt9b"): (2, 4), ("qwen2.5-7b", "full", 4096, "Snt9b23"): (2, 4),
        ("qwen2.5-7b", "full", 8192, "Snt9b"): (2, 8), ("qwen2.5-7b", "full", 8192, "Snt9b23"): (2, 8),
        ("qwen2-7b", "lora", 4096, "Snt9b"): (2, 4), ("qwen2-7b", "lora", 4096, "Snt9b23"): (2, 4),
        ("qwen2-7b", "lora", 8192, "Snt9b"): (2, 8), ("qwen2-7b", "lora", 8192, "Snt9b23"): (2, 8),
    }
    assert set(changed.framework) == {"MindSpeed-LLM"}


def test_real_releases_summary(real):
    counts = real.counts()
    assert counts["unchanged"] == 124 - 8 and counts["rows_added"] == 1350 - 124 and counts["rows_removed"] == 0
    assert counts["configurations_added"] == counts["configurations_removed"] == 0
    assert real.summary() == (
        "2025-05-07 -> 2025-10-22: 4 frameworks added, 0 removed; 0 hardware added, 0 removed; 20 models added, "
        "0 removed; 8 values changed; 0 configurations added, 0 removed; 1226 rows added and 0 removed in all; "
        "116 unchanged")
    assert real.differs


def test_markdown_leads_with_the_change(real):
    """Catches: the summary at the end, the 8 changed values after the ~170 lines of the new
    models' tables, removed after added."""
    text = to_markdown(real)
    order = ["**Summary:**", "- frameworks added:", "## Values changed (8)", "## Models removed (0)",
             "## Configurations removed", "## Models added (20)", "## Configurations added"]
    positions = [text.index(h) for h in order]
    assert positions == sorted(positions)
    assert text.splitlines()[2].startswith("**Summary:** 2025-05-07 -> 2025-10-22: 4 frameworks added")
    assert text.index("| full | 4096 | MindSpeed-LLM | Snt9b | 2 | 4 | r23 c4 | r24 c4 |") < text.index("### qwen2.5-1.5b")
    assert "- frameworks added: Llama-Factory, VeRL, MindSpeed-RL, MindSpeed-MM (496 rows)" in text


def test_markdown_models_in_the_vendor_column_order(real):
    """Catches: a new model's table with its framework columns in alphabetical order
    (Llama-Factory, MindSpeed-LLM, MindSpeed-MM, ...) rather than the vendor's header's."""
    text = to_markdown(real)
    headers = [line for line in text.splitlines() if line.startswith("| strategy | seq_len | MindSpeed-LLM")]
    vendor = ["MindSpeed-LLM", *NEW_FRAMEWORKS]
    assert len(headers) == 20 and set(headers) == {
        "| strategy | seq_len | " + " | ".join(f"{fw} {hw}" for fw in vendor for hw in ("Snt9b", "Snt9b23")) + " |"}
    models = [line.removeprefix("### ") for line in text[text.index("## Models added"):].splitlines()
              if line.startswith("### ")]
    assert models == NEW_MODELS
    # qwen2.5-1.5b as the page prints it (2025-10-22-cells.txt from line 232): MindSpeed-LLM 1 card / 2 DIE,
    # MindSpeed-RL 8 / 8, '-' elsewhere
    start = text.index("### qwen2.5-1.5b")
    assert text[start:].splitlines()[4] == "| full | 4096 | 1 | 2 | - | - | - | - | 8 | 8 | - | - |"


def test_table_lists_changed_then_removed_then_added(base):
    """Catches: `--format table` listing the added rows before the changed values."""
    old = base.copy()
    i = old.index[(old.model == "glm4-9b") & (old.framework == "MindSpeed-LLM")][0]
    old.loc[i, "min_units"] = 2
    old = old[old.model != "qwen2.5-7b"]
    new = base[base.framework != "VeRL"]
    lines = to_table(diff_releases("A", old, "B", new)).splitlines()
    assert lines[0].startswith("A -> B: 0 frameworks added, 1 removed;")
    changes = [line.split()[0] for line in lines[3:]]
    assert changes == sorted(changes, key=["changed", "removed", "added"].index)
    assert changes.count("changed") == 1 and changes.count("removed") == 8 and changes.count("added") == 32


def test_json_has_stable_keys_and_lineage(real):
    doc = json.loads(to_json(real))
    assert list(doc) == ["old", "new", "frameworks", "hardware", "models", "changed", "configurations", "summary"]
    first = doc["changed"][0]
    assert first == {"model": "qwen2-7b", "strategy": "lora", "seq_len": 4096, "framework": "MindSpeed-LLM",
                     "hardware": "Snt9b",
                     "old": {"supported": True, "min_units": 2, "certain": True, "source": {"file": "raw/2025-05-07/page.html",
                             "page": None, "row": 15, "col": 4, "raw_text": "2*Ascend"}},
                     "new": {"supported": True, "min_units": 4, "certain": True, "source": {"file": "raw/2025-10-22/page.html",
                             "page": None, "row": 15, "col": 4, "raw_text": "4*Ascend"}}}
    assert [m["model"] for m in doc["models"]["added"]] == NEW_MODELS
    assert sum(len(f["rows"]) for f in doc["frameworks"]["added"]) == 496
    assert doc["summary"]["values_changed"] == 8


def test_csv_has_one_row_per_changed_key(real):
    lines = to_csv(real).splitlines()
    assert lines[0].startswith("change,reason,model,strategy,seq_len,framework,hardware,old_supported,")
    assert len(lines) - 1 == 1226 + 8


# --- synthetic frames: one category each, from a small slice of the real release -------------

@pytest.fixture
def base(tidy):
    frame = tidy["2025-10-22"]
    return frame[frame.model.isin(["qwen2.5-7b", "glm4-9b"])].reset_index(drop=True)


def categories(old, new):
    d = diff_releases("A", old, "B", new)
    return {k: v for k, v in d.counts().items() if v and k != "unchanged"}, d


def test_identical_frames_do_not_differ(base):
    counts, d = categories(base, base)
    assert counts == {} and not d.differs


def test_value_changed_and_support_flipped(base):
    new = base.copy()
    i = new.index[(new.model == "glm4-9b") & (new.framework == "VeRL")][0]
    new.loc[i, ["supported", "min_units", "min_nodes"]] = [True, 8, 1]
    j = new.index[(new.model == "glm4-9b") & (new.framework == "MindSpeed-LLM")][0]
    new.loc[j, "min_units"] = 16
    counts, d = categories(base, new)
    assert counts == {"values_changed": 2}
    text = to_markdown(d)
    assert "| full | 4096 | VeRL | Snt9b | - | 8 | r68 c8 | r68 c8 |" in text  # not supported -> supported
    assert "| full | 4096 | MindSpeed-LLM | Snt9b | 8 | 16 | r68 c4 | r68 c4 |" in text


def test_model_removed_and_added(base):
    old = base[base.model != "glm4-9b"]
    counts, d = categories(old, base)
    assert counts == {"models_added": 1, "rows_added": 40}
    counts, d = categories(base, old)
    assert counts == {"models_removed": 1, "rows_removed": 40} and d.models["removed"] == ["glm4-9b"]


def test_framework_renamed_is_one_added_and_one_removed(base):
    new = base.assign(framework=base.framework.replace({"VeRL": "VeRL2"}))
    counts, d = categories(base, new)
    assert counts == {"frameworks_added": 1, "frameworks_removed": 1, "rows_added": 16, "rows_removed": 16}


def test_hardware_removed(base):
    counts, _ = categories(base, base[base.hardware == "Snt9b"])
    assert counts == {"hardware_removed": 1, "rows_removed": 40}


def test_configuration_added_for_an_existing_model(base):
    extra = base[(base.model == "glm4-9b") & (base.seq_len == 8192)].assign(seq_len=16384)
    new = pd.concat([base, extra], ignore_index=True)
    counts, d = categories(base, new)
    assert counts == {"configurations_added": 20, "rows_added": 20}
    assert set(d.where("added").reason) == {"configuration"}


def test_cli_diff_formats_exit_code_and_save(published, tmp_path):
    build = tmp_path / "build"
    shutil.copytree(published, build)
    runner = CliRunner()
    same = runner.invoke(main, ["diff", "2025-10-22", "2025-10-22", "--build", str(build), "--exit-code"])
    assert same.exit_code == 0 and "1350 unchanged" in same.output
    differs = runner.invoke(main, ["diff", "--build", str(build), "--exit-code", "--format", "json",
                                   "--save", str(build / "diff")])
    assert differs.exit_code == 1
    assert json.loads(differs.output)["summary"]["values_changed"] == 8
    assert sorted(p.name for p in (build / "diff").iterdir()) == [
        "2025-05-07..2025-10-22.html", "2025-05-07..2025-10-22.json", "2025-05-07..2025-10-22.md"]
    by_path = runner.invoke(main, ["diff", str(build / "2025-05-07"), str(build / "2025-10-22"), "--format", "csv"])
    assert by_path.exit_code == 0 and by_path.output.count("\n") == 1 + 1226 + 8
    missing = runner.invoke(main, ["diff", "2024-01-01", "2025-10-22", "--build", str(build)])
    assert missing.exit_code == 1
    assert "no published release '2024-01-01' (expected a release id (2025-05-07, 2025-10-22)" in missing.output


def test_cli_diff_format_html_writes_the_diff_page(published, tmp_path):
    """Catches: `--format html` refused (the page only came from --save), a page to -o that is
    not the one --save writes, a page that differs from one run to the next."""
    runner = CliRunner()
    page = tmp_path / "page.html"
    args = ["diff", "2025-05-07", "2025-10-22", "--build", str(published), "--format", "HTML"]
    written = runner.invoke(main, [*args, "-o", str(page), "--save", str(tmp_path / "saved")])
    assert written.exit_code == 0 and written.output == ""
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<h1>What changed: 2025-05-07 → 2025-10-22</h1>" in text
    assert text.count('<td class="changed"') == 8
    assert page.read_bytes() == (tmp_path / "saved" / "2025-05-07..2025-10-22.html").read_bytes()
    again = runner.invoke(main, args)
    assert again.exit_code == 0 and again.output == text


# --- the join-free classification against the join it replaced -------------------------------

@st.composite
def edited_pairs(draw, frames):
    """Two releases made from the real ones: rows dropped, values changed or made
    unsupported, rows reordered, a model renamed, certainty flipped, rows on pages (as
    a PDF's), sources swapped."""
    old, new = draw(st.permutations(frames)) if draw(st.booleans()) else [draw(st.sampled_from(frames))] * 2
    new = new.copy()
    n = len(new)
    if draw(st.booleans()):  # 40 rows a page: ordered by page first, a row number repeats on each page
        new["source_page"], new["source_row"] = new["source_row"] // 40 + 1, new["source_row"] % 40
    picked = draw(st.lists(st.integers(0, n - 1), max_size=40, unique=True))
    new.loc[new.index[picked], "min_units"] = new["min_units"].iloc[picked] * 2
    unsupported = draw(st.lists(st.integers(0, n - 1), max_size=10, unique=True))
    new.loc[new.index[unsupported], ["supported", "min_units"]] = [False, pd.NA]
    if draw(st.booleans()):
        new["model"] = new["model"].replace({new["model"].iloc[0]: "renamed-7b"})
    if draw(st.booleans()):
        new["certain"] = [i % 5 != 0 for i in range(n)]
    keep = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    new = new[keep].sample(frac=1, random_state=draw(st.integers(0, 2**16)))
    return old[[i % 3 != 0 or draw(st.booleans()) for i in range(len(old))]], new


@given(data=st.data())
@settings(max_examples=10, phases=[Phase.explicit, Phase.reuse, Phase.generate])  # shrinking 1,350-row frames takes minutes
def test_every_key_is_classified_and_ordered_as_the_join_did(tidy, data):
    """A key matched to the wrong row, a missing value counted as equal, a reason of the
    wrong priority or a row out of the vendor's order all show as a frame difference."""
    old, new = data.draw(edited_pairs([tidy["2025-05-07"], tidy["2025-10-22"]]))
    ours, joined = diff_releases("A", old, "B", new), diff_pandas.diff_releases("A", old, "B", new)
    pd.testing.assert_frame_equal(ours.rows, joined.rows)
    assert (ours.models, ours.frameworks, ours.hardware) == (joined.models, joined.frameworks, joined.hardware)
