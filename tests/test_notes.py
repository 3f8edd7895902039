"""Cells whose reading is uncertain: raw/<release>/notes.toml (pipeline/notes.py), the
`certain` column it sets, and how the readers of the data show it (query, fit, plan,
the report, the diff).

The expected cells come from tests/fixtures/vendor/LAYOUT.md (§4.2's certainty column,
§4.3's alternatives), read here independently of the notes file."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner

from conftest import RAW, VENDOR
from pipeline.cli import main
from pipeline.diff import diff_releases, to_json, to_markdown, to_table
from pipeline.errors import ReleaseError
from pipeline.notes import mark_uncertain, read_notes

BIG = "2025-10-22"
LAYOUT_COLUMNS = ["LLM", "LF", "VeRL", "RL", "MM"]


def layout_rows() -> list[dict]:
    """LAYOUT.md §4.2: one dict per body row (model, strategy, seq_len, the ten values, certainty)."""
    text = (VENDOR / "LAYOUT.md").read_text(encoding="utf-8")
    part = text.split("### 4.2")[1].split("### 4.3")[0]
    rows = []
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or not cells[0].isdigit():
            continue
        values = dict(zip([f"{fw} {hw}" for fw in LAYOUT_COLUMNS for hw in ("9b", "9b23")], cells[4:14]))
        rows.append({"row": int(cells[0]), "model": cells[1], "strategy": cells[2], "seq_len": cells[3],
                     "values": values, "certainty": cells[-1]})
    return rows


def test_the_declared_cells_are_the_ambiguous_rows_of_layout_md(tidy):
    """Catches: notes.toml not applied (every row certain), a cell declared on a row LAYOUT.md
    calls certain, or an ambiguous row forgotten. LAYOUT.md counts 7 AMBIGUOUS rows (13, 15,
    26-29, 46) and 3 with certain values but an ambiguous span (12, 14, 45): only the first
    have a value that differs between readings."""
    rows = layout_rows()
    assert len(rows) == 80
    ambiguous = {(r["model"], r["strategy"], int(r["seq_len"])) for r in rows if r["certainty"] == "AMBIGUOUS"}
    assert len(ambiguous) == 7
    span_only = [r["row"] for r in rows if r["certainty"].startswith("CERTAIN values")]
    assert span_only == [12, 14, 45]
    frame = tidy[BIG]
    flagged = frame[~frame["certain"]]
    assert set(zip(flagged["model"], flagged["strategy"], flagged["seq_len"])) == ambiguous
    assert len(flagged) == 18  # LAYOUT.md §4.3: 3 + 2 + 8 + 5 cells whose value differs between readings
    assert tidy["2025-05-07"]["certain"].all()


def test_each_declared_alternative_differs_from_the_published_value(results):
    """Catches: a cell declared uncertain whose alternative reading is the value published
    (nothing uncertain about it), or a declaration on the wrong hardware column."""
    notes = results[BIG].uncertain
    frame = results[BIG].frame.set_index(["model", "strategy", "seq_len", "framework", "hardware"])
    assert len(notes) == 18
    for note in notes:
        row = frame.loc[note.key]
        published = str(row["min_units"]) if row["supported"] else "-"
        alternatives = re.findall(r"(\d+|-) \(reading", note.alternative)
        assert alternatives and published not in alternatives, (note, published)
        assert note.reason.startswith("LAYOUT.md §4.3"), note


def write_notes(folder, text: str):
    (folder / "notes.toml").write_text(text, encoding="utf-8")
    return folder


def uncertain_entry(model: str, strategy: str, seq_len: int, framework: str, hardware: str,
                    reason: str = "a reason", alternative: str = "8") -> str:
    """One [[uncertain]] entry of a notes.toml, as a release folder declares it."""
    return (f'[[uncertain]]\nmodel = "{model}"\nstrategy = "{strategy}"\nseq_len = {seq_len}\n'
            f'framework = "{framework}"\nhardware = "{hardware}"\nreason = "{reason}"\nalternative = "{alternative}"\n')


ENTRY = uncertain_entry("qwen2-7b", "lora", 4096, "VeRL", "Snt9b")


@pytest.mark.parametrize("text, message", [
    (ENTRY.replace('"qwen2-7b"', '"qwen2-7B"'),
     "uncertain entry 1 (qwen2-7B / lora / 4096 / VeRL / Snt9b): no such cell in raw/2025-10-22/page.html"),
    (ENTRY + ENTRY, "uncertain entry 2 (qwen2-7b / lora / 4096 / VeRL / Snt9b) declares the cell of entry 1 again"),
    (ENTRY.replace('reason = "a reason"\n', ""), "uncertain entry 1: no reason"),
    (ENTRY.replace("seq_len = 4096", 'seq_len = "4096"'), "uncertain entry 1: seq_len = '4096' is not a whole number"),
    (ENTRY + 'colour = "red"\n', "uncertain entry 1: unknown key 'colour'"),
    (ENTRY.replace('"a reason"', '" "'), "uncertain entry 1: reason = ' ' is not a non-empty text"),
    ("[[uncertain]\n", "not valid TOML"),
    ("[cells]\n", "unknown table 'cells'"),
])
def test_a_bad_notes_file_is_an_error_naming_the_file_and_the_entry(tidy, tmp_path, text, message):
    """Catches: a declared cell the table lacks silently ignored (a typo would leave the cell
    published as certain), an entry without its reason, a key misspelt."""
    folder = write_notes(tmp_path, text)
    with pytest.raises(ReleaseError) as caught:
        mark_uncertain(tidy[BIG], read_notes(folder, "raw/2025-10-22"), "raw/2025-10-22/notes.toml",
                       "raw/2025-10-22/page.html")
    assert str(caught.value).startswith("raw/2025-10-22/notes.toml")
    assert message in str(caught.value)


def test_extract_refuses_a_release_whose_notes_name_an_unknown_cell_and_keeps_the_build(tmp_path, published):
    """Catches: the check run too late (after publishing) or not through `extract`: the error
    names the notes file and the entry, exits non-zero, and build/ keeps what it had."""
    raw = tmp_path / "raw"
    (raw / "2025-05-07").mkdir(parents=True)
    for name in ("page.html", "SOURCE.md"):  # the small release, HTML only: a cheap extract
        shutil.copy(RAW / "2025-05-07" / name, raw / "2025-05-07" / name)
    write_notes(raw / "2025-05-07", ENTRY)  # 2025-05-07 has no VeRL column
    out = tmp_path / "build"
    shutil.copytree(published, out)
    before = (out / "2025-05-07" / "min_cards.csv").read_bytes()
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out), "--jobs", "1"])
    assert result.exit_code != 0
    assert "raw/2025-05-07/notes.toml" in result.output
    assert "uncertain entry 1 (qwen2-7b / lora / 4096 / VeRL / Snt9b): no such cell in raw/2025-05-07/page.html" \
        in result.output
    assert (out / "2025-05-07" / "min_cards.csv").read_bytes() == before


# --- how the readers show them -------------------------------------------------------------

def run(*args: str):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_query_marks_the_uncertain_values(published):
    """Catches: uncertain values shown exactly like certain ones. LAYOUT.md row 13: qwen2-7b
    lora 4096 MindSpeed-LLM Snt9b is 4 under both readings (certain), Snt9b23 4 or 8."""
    table = run("query", "qwen2-7b", "--build", str(published), "--strategy", "lora", "--seq-len", "4096")
    line = next(line for line in table.splitlines() if line.startswith("lora"))
    assert line.split()[2:10] == ["4", "(1", "node)", "4?", "(1", "node)", "8?", "(1"]
    assert "uncertain (? after a value, or certain false): the vendor's page admits another reading" in table
    rows = json.loads(run("query", "qwen2-7b", "--build", str(published), "--strategy", "lora", "--seq-len",
                          "4096", "--format", "json"))
    assert {(r["framework"], r["hardware"]) for r in rows if not r["certain"]} == {
        ("MindSpeed-LLM", "Snt9b23"), ("Llama-Factory", "Snt9b"), ("Llama-Factory", "Snt9b23")}
    certain = run("query", "qwen3-8b", "--build", str(published))
    assert "?" not in certain  # no footnote where nothing is uncertain


def test_query_across_releases_marks_the_uncertain_release_and_keeps_the_change(published):
    """Catches: the mark taken for a change of value (4? against 4), or left out across releases."""
    lines = run("query", "qwen2-7b", "--build", str(published), "--all-releases", "--strategy", "lora",
                "--seq-len", "4096", "--framework", "MindSpeed-LLM").splitlines()
    rows = {line.split()[4]: line.split()[6:] for line in lines[2:] if line.startswith("qwen2-7b ")}
    assert rows == {"Snt9b": ["2", "4", "2025-10-22:", "2", "->", "4"],
                    "Snt9b23": ["2", "4?", "2025-10-22:", "2", "->", "4"]}
    assert lines[-1].startswith("? after a value: that release's reading of it is uncertain")


def test_fit_and_plan_carry_the_flag(published):
    """Catches: fit or plan answers losing the flag (an uncertain minimum planned as a fact)."""
    fits = run("fit", "--build", str(published), "--hardware", "Snt9b", "--cards", "8", "--framework", "VeRL",
               "--format", "csv").splitlines()
    assert fits[0].split(",")[-2:] == ["certain", "spare_units"]
    uncertain = sorted(line.split(",")[0] + " " + line.split(",")[1] for line in fits[1:] if ",false," in line)
    assert uncertain == ["qwen2.5-14b full", "qwen2.5-14b full", "qwen2.5-14b lora", "qwen2.5-14b lora",
                         "qwen2.5_vl-7b lora"]
    plan = json.loads(run("plan", "qwen2.5-14b", "--build", str(published), "--framework", "VeRL", "--tokens",
                          "1e9", "--tps", "1000", "--units", "16", "--format", "json"))
    # the 8 VeRL configurations (full/lora x 4096/8192 x 2 hardware), one row per hardware (identical plans)
    assert [r["certain"] for r in plan] == [False, False] and [r["configurations"] for r in plan] == [4, 4]
    text = run("plan", "qwen2.5-14b", "--build", str(published), "--framework", "VeRL", "--tokens", "1e9",
               "--tps", "1000", "--units", "16")
    assert "uncertain (? after a value, or certain false): the vendor's page admits another reading" in text


def test_the_diff_says_a_changed_value_was_uncertain(tidy):
    """Catches: a changed value presented as news when its new reading is uncertain. Of the 8
    values changed from 2025-05-07, qwen2-7b lora 4096 MindSpeed-LLM Snt9b23 (2 -> 4) is read
    from LAYOUT.md's ambiguous row 13; its Snt9b neighbour (2 -> 4) is certain."""
    diff = diff_releases("2025-05-07", tidy["2025-05-07"], BIG, tidy[BIG])
    markdown = to_markdown(diff)
    assert "| lora | 4096 | MindSpeed-LLM | Snt9b23 | 2 | 4? |" in markdown
    assert "| lora | 4096 | MindSpeed-LLM | Snt9b | 2 | 4 |" in markdown
    assert "? the value's reading was uncertain in that release" in markdown
    assert "? the value's reading was uncertain in that release" in to_table(diff)
    changed = {(r["hardware"], r["seq_len"]): r for r in json.loads(to_json(diff))["changed"]
               if r["model"] == "qwen2-7b" and r["strategy"] == "lora" and r["framework"] == "MindSpeed-LLM"}
    assert changed[("Snt9b23", 4096)]["new"]["certain"] is False and changed[("Snt9b23", 4096)]["old"]["certain"]
    assert changed[("Snt9b", 4096)]["new"]["certain"] is True


def test_a_finding_resting_on_an_uncertain_reading_says_so(published):
    """Catches: findings.csv/.parquet without the flag. The four lora_exceeds_full findings
    (lora 8 > full 1/2 on qwen2-7b's Llama-Factory) pair a certain full cell (LAYOUT.md rows 12,
    14) with an uncertain lora cell (rows 13, 15: reading (B) gives lora 1/2 and no finding);
    the odd DIE counts (rows 7, 39) are certain."""
    import pandas as pd

    findings = pd.read_parquet(published / BIG / "findings.parquet")
    lines = findings[["rule", "strategy", "certain"]].value_counts().sort_index().to_dict()
    assert lines == {("lora_exceeds_full", "full", True): 4, ("lora_exceeds_full", "lora", False): 4,
                     ("odd_die_count", "full", True): 2, ("odd_die_count", "lora", True): 4}


def test_the_report_lists_the_uncertain_cells_with_reason_and_alternative(published):
    """Catches: the reason and the other reading kept out of what a reader sees."""
    report = (published / BIG / "report.md").read_text(encoding="utf-8")
    section = report.split("## Uncertain cells (18)")[1]
    lines = [line for line in section.splitlines() if line.startswith("| qwen")]
    assert len(lines) == 18
    assert lines[0].startswith("| qwen2-7b | lora | 4096 | MindSpeed-LLM | Snt9b23 | 8 (reading B) | LAYOUT.md §4.3")
    assert "## Uncertain cells" not in (published / "2025-05-07" / "report.md").read_text(encoding="utf-8")
