"""What the vendor's next releases may print (hunt 91, session 42): edits an editor would make to
the real page, read as the page means them or refused naming the cell.

- A compound model cell whose first name ends in a word (`qwen3-8b-instruct/14b`): the part after
  the slash replaced that word, publishing `qwen3-8b-14b`, a model nobody wrote, where a reader
  sees qwen3-14b (or qwen3-14b-instruct). An alternative must be alike the part it replaces (a
  size for a size, a version for a version), else the cell is an error.
- A superscript or circled digit in a cell of a print (`4*Ascend¹`, a footnote mark) stopped the
  PDF reader with an internal KeyError: the digits' shapes are known for 0-9 only. Now the cell
  is read and refused as a value, as the same page's HTML is."""
from __future__ import annotations

import pytest

from chromium import tab
from conftest import RAW
from pipeline.errors import CellError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from pipeline.tokens import TokenError, parse_model_label, split_model_label


@pytest.mark.parametrize("label", ["qwen3-8b-instruct/14b", "llama3.1-8b-instruct/70b", "DeepSeek-V3-base/R1",
                                   "qwen2.5-7b/R1"])
def test_an_alternative_unlike_the_part_it_replaces_is_an_error(label):
    with pytest.raises(TokenError, match="after the slash would take the place of .* which is not alike"):
        parse_model_label(label)


@pytest.mark.parametrize("label, models", [
    ("qwen2.5-7b/14b", ("qwen2.5-7b", "qwen2.5-14b")),
    ("DeepSeek-V3/R1", ("DeepSeek-V3", "DeepSeek-R1")),
    ("qwen3_moe-30B_A3B/235B_A22B", ("qwen3_moe-30B_A3B", "qwen3_moe-235B_A22B")),
    ("qwen3-8b-instruct/chat", ("qwen3-8b-instruct", "qwen3-8b-chat")),
    ("DeepSeek-V3/DeepSeek-R1", ("DeepSeek-V3", "DeepSeek-R1")),
])
def test_an_alternative_alike_the_part_it_replaces_is_read(label, models):
    assert split_model_label(parse_model_label(label).value) == models


@pytest.mark.parametrize("mark", ["¹", "①"])
def test_a_digit_like_mark_in_a_printed_cell_is_a_cell_error_not_a_crash(printer, mark):
    """Catches: `internal error: KeyError: '¹'` (exit 3) from the digits' shape check."""
    html = (RAW / "2025-05-07" / "page.html").read_text(encoding="utf-8").replace(">4*Ascend<", f">4*Ascend{mark}<", 1)
    with tab(printer) as page:
        page.set_content(html)
        data = page.pdf(format="A4")
    grid, _ = extract_pdf(data, "doc.pdf")  # the crash was here
    with pytest.raises(CellError, match=f"'4\\*Ascend{mark}' is not a unit count"):
        normalize(grid, "2025-05-07")


# Models named as Hugging Face names them (issue 17: "new models with ordinary names still pass"): the
# real page with four model cells renamed, read as the same rows under the new names, with what each
# name says of its family and size.
RENAMED_CELLS = {"qwen3-8b": "Qwen3-Next-80B-A3B", "glm4-9b": "glm-4.5-air", "qwen3_moe-235B_A22B": "qwen3-235B-A22B",
                 "llama3.1-8b": "llama4-scout-17b-16e", "DeepSeek-V3/R1": "DeepSeek-R1-0528/DeepSeek-V3.1"}
RENAMED_MODELS = {**{old: new for old, new in RENAMED_CELLS.items() if "/" not in old},
                  "DeepSeek-V3": "DeepSeek-R1-0528", "DeepSeek-R1": "DeepSeek-V3.1"}


def test_models_named_as_hugging_face_names_them_are_read_as_the_same_rows():
    from page_variants import PAGE_HTML, read

    html = PAGE_HTML
    for old, new in RENAMED_CELLS.items():
        assert html.count(f">{old}<") == 1
        html = html.replace(f">{old}<", f">{new}<")
    before, after = read(PAGE_HTML)[2].frame, read(html)[2].frame
    expected = before.assign(model=before["model"].replace(RENAMED_MODELS))
    key = ["model", "strategy", "seq_len", "framework", "hardware"]
    columns = [*key, "supported", "min_units"]
    assert after[columns].sort_values(key).reset_index(drop=True).equals(
        expected[columns].sort_values(key).reset_index(drop=True))
    described = after.drop_duplicates("model").set_index("model")[["family", "params_b", "active_params_b"]]
    assert described.loc[list(RENAMED_MODELS.values())].astype(object).where(described.notna(), None).values.tolist() == [
        ["Qwen3-Next", 80.0, 3.0], ["glm", None, None], ["qwen3", 235.0, 22.0], ["llama4-scout", None, 17.0],
        ["DeepSeek", None, None], ["DeepSeek", None, None]]
