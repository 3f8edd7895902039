"""Grid -> tidy frame: header keys, span filling, token repair, compound expansion,
and every error path with its message."""
from __future__ import annotations

import re

import pandas as pd
import pytest
from click.testing import CliRunner

from conftest import FIXTURES, RAW
from pipeline.cli import main
from pipeline.errors import CellError, HeaderError, LayoutError
from pipeline.extract.html import extract_html
from pipeline.header import read_header
from pipeline.models import describe
from pipeline.normalize import fill_spans, normalize
from pipeline.tokens import split_model_label

MINIMAL = (FIXTURES / "html" / "minimal.html").read_text(encoding="utf-8")


def tidy_of(html: str, release: str = "2025-01-15"):
    grid, _ = extract_html(html.encode("utf-8"), "minimal.html")
    return normalize(grid, release)


def value(frame, model, strategy, seq_len, framework, hardware):
    row = frame[(frame.model == model) & (frame.strategy == strategy) & (frame.seq_len == seq_len)
                & (frame.framework == framework) & (frame.hardware == hardware)]
    assert len(row) == 1
    return None if pd.isna(row.min_units.iloc[0]) else int(row.min_units.iloc[0])


def test_minimal_fixture_tidy_rows():
    result = tidy_of(MINIMAL)
    frame = result.frame
    # 2 rows x 2 seq_len x 4 value columns, plus 2 models x 2 strategies x 3 seq_len x 4
    assert len(frame) == 2 * 2 * 4 + 2 * 2 * 3 * 4
    assert value(frame, "toy2.5-7b", "full", 8192, "MindSpeed-LLM", "Snt9b23") == 4  # colspan
    assert value(frame, "toy2.5-7b", "lora", 4096, "MindSpeed-LLM", "Snt9b") == 1  # '1*Asce nd'
    assert value(frame, "toy2.5-7b", "lora", 8192, "VeRL", "Snt9b23") == 16  # rowspan
    assert value(frame, "Toy-R2", "lora", 1024, "MindSpeed-LLM", "Snt9b23") == 64
    assert value(frame, "Toy-V1", "full", 8192, "VeRL", "Snt9b") is None
    assert set(frame.model_label) == {"toy2.5-7b", "Toy-V1/R2"}
    assert result.warnings == ("row 3, column 1: repaired 'toy2.5-\\n7b' -> 'toy2.5-7b'",
                               "row 4, column 4: repaired '1*Asce nd' -> '1*Ascend'")


def test_fill_spans_fills_down_and_across_from_the_origin_only():
    grid, _ = extract_html(MINIMAL.encode(), "minimal.html")
    dense = fill_spans(grid)
    assert dense.iloc[3].tolist() == ["toy2.5-\n7b", "lora", "4096/8192", "1*Asce nd", "2*Ascend",
                                      "8*Ascend", "16*Ascend"]
    assert dense.iloc[0].tolist()[3:] == ["MindSpeed-LLM规格卡数/DIE"] * 2 + ["VeRL规格卡数/DIE"] * 2


def test_header_keys_are_read_from_the_header_text():
    grid, _ = extract_html(MINIMAL.replace("<p>Snt9b23</p>", "<p>Snt9B23</p>").encode(), "m.html")
    keys = read_header(grid)
    assert [k.role for k in keys] == ["model", "strategy", "seq_len"] + ["value"] * 4
    assert [(k.framework, k.hardware.name) for k in keys[3:]] == [
        ("MindSpeed-LLM", "Snt9b"), ("MindSpeed-LLM", "Snt9b23"), ("VeRL", "Snt9b"), ("VeRL", "Snt9b23")]


def add_framework(html: str, heading: str) -> str:
    """Append a framework column group: heading, two hardware cells, a '-' pair or values per row."""
    html = html.replace('<th colspan="2"><p>VeRL规格卡数/DIE</p></th></tr>',
                        f'<th colspan="2"><p>VeRL规格卡数/DIE</p></th><th colspan="2"><p>{heading}</p></th></tr>')
    html = html.replace("<th><p>Snt9b23</p></th></tr>", "<th><p>Snt9b23</p></th><th><p>Snt9b</p></th><th><p>Snt9b23</p></th></tr>")
    rows = html.split("<tbody>")[1].split("</tbody>")[0]
    new_rows = rows.replace("<td rowspan=\"2\"><p>16*Ascend</p></td></tr>",
                            "<td rowspan=\"2\"><p>16*Ascend</p></td><td><p>2*Ascend</p></td><td><p>4*Ascend</p></td></tr>")
    new_rows = new_rows.replace("*Ascend</p></td></tr>\n<tr><td><p>Toy",
                                "*Ascend</p></td><td colspan=\"2\"><p>8*Ascend</p></td></tr>\n<tr><td><p>Toy")
    new_rows = new_rows.replace("<p>&nbsp;-&nbsp;</p></td></tr>", "<p>&nbsp;-&nbsp;</p></td><td><p>-</p></td><td><p>-</p></td></tr>")
    return html.replace(rows, new_rows)


def test_a_new_framework_comes_through_with_no_code_change():
    frame = tidy_of(add_framework(MINIMAL, "MindSpeed-Omni规格卡数/DIE")).frame
    assert sorted(frame.framework.unique()) == ["MindSpeed-LLM", "MindSpeed-Omni", "VeRL"]
    assert value(frame, "toy2.5-7b", "full", 4096, "MindSpeed-Omni", "Snt9b23") == 4
    assert value(frame, "toy2.5-7b", "lora", 4096, "MindSpeed-Omni", "Snt9b23") == 8
    assert value(frame, "Toy-V1", "full", 1024, "MindSpeed-Omni", "Snt9b") is None


@pytest.mark.parametrize("old, new, message", [
    ("<p>Snt9b23</p></th></tr>", "<p>Snt9c</p></th></tr>",
     r"row 2, column 7: unrecognised heading 'VeRL规格卡数/DIE' / 'Snt9c'"),
    ("<p>训练策略类型</p>", "<p>训练方式</p>", r"row 1, column 2: unrecognised heading '训练方式'"),
    ("<p>VeRL规格卡数/DIE</p>", "<p>备注</p>", r"row 2, column 6: unrecognised heading '备注' / 'Snt9b'"),
])
def test_unrecognised_headers_name_the_heading(old, new, message):
    with pytest.raises(HeaderError, match=r"minimal.html: table header: " + message):
        tidy_of(MINIMAL.replace(old, new, 1))


def test_nonsense_framework_heading_is_an_error_but_a_new_name_is_not():
    with pytest.raises(HeaderError, match=r"unrecognised heading '\?\?\?规格卡数/DIE' / 'Snt9b'"):
        tidy_of(add_framework(MINIMAL, "???规格卡数/DIE"))


def test_removed_header_column_is_a_layout_error():
    html = MINIMAL.replace('<th colspan="2"><p>VeRL规格卡数/DIE</p></th>', '<th><p>VeRL规格卡数/DIE</p></th>')
    with pytest.raises(LayoutError, match=r"row 2, column 7: cell 'Snt9b23' reaches column 7, past the header's 6 columns"):
        tidy_of(html)


@pytest.mark.parametrize("text, message", [
    ("4*Ascnd", r"row 3, column 4: '4\*Ascnd' is not a unit count \(expected N\*Ascend with N ≥ 1, or - for not supported\)"),
    ("abc", r"row 3, column 4: 'abc' is not a unit count"),
    ("0*Ascend", r"row 3, column 4: '0\*Ascend' asks for 0 units"),
    ("-4*Ascend", r"row 3, column 4: '-4\*Ascend' is not a unit count"),
    ("", r"row 3, column 4: '' is not a unit count"),
])
def test_value_cells_that_do_not_parse_name_the_cell(text, message):
    with pytest.raises(CellError, match=r"minimal.html: cell value: " + message):
        tidy_of(MINIMAL.replace("<p>4*Ascend</p>", f"<p>{text}</p>", 1))


@pytest.mark.parametrize("old, new, message", [
    ("<p>4096/8192</p>", "<p>4096/</p>", r"row 3, column 3: '4096/' is not a sequence length"),
    ("<p>1024/4096/8192</p>", "<p>1k</p>", r"row 5, column 3: '1k' is not a sequence length"),
    ("<p>full/lora</p>", "<p>full/qlora</p>", r"row 5, column 2: 'full/qlora' is not a training strategy"),
    ("<p>Toy-V1/R2</p>", "<p>Toy V1 (beta)</p>", r"row 5, column 1: 'Toy V1 \(beta\)' is not a model name"),
])
def test_key_cells_that_do_not_parse_name_the_cell(old, new, message):
    with pytest.raises(CellError, match=message):
        tidy_of(MINIMAL.replace(old, new, 1))


def test_all_bad_cells_are_reported_at_once():
    html = MINIMAL.replace("<p>4*Ascend</p>", "<p>4*Ascnd</p>").replace("<p>16*Ascend</p>", "<p>x</p>")
    with pytest.raises(CellError) as info:
        tidy_of(html)
    assert [str(p.place) for p in info.value.problems] == ["row 3, column 4", "row 3, column 7"]
    assert str(info.value).startswith("minimal.html: cell value: 2 problems\n  - row 3, column 4:")


def test_duplicate_configuration_names_both_cells():
    row = re.search(r"<tr><td><p>Toy-V1/R2</p>.*?</tr>", MINIMAL, flags=re.S).group(0)
    twice = MINIMAL.replace(row, row + "\n" + row.replace("32*Ascend", "48*Ascend"))
    with pytest.raises(CellError) as info:
        tidy_of(twice)
    assert [str(p) for p in info.value.problems][0] == (
        "row 5, column 4: Toy-R2, Toy-V1 / full, lora / 1024, 4096, 8192 / MindSpeed-LLM / Snt9b is listed 2 times: "
        "row 5, column 4 ('32*Ascend'); row 6, column 4 ('48*Ascend') (expected one cell per model, strategy, "
        "sequence length, framework and hardware)")
    assert len(info.value.problems) == 3  # one per pair of cells: LLM Snt9b, LLM Snt9b23, VeRL (one '-' cell)


@pytest.mark.parametrize("label, models", [
    ("DeepSeek-V3/R1", ("DeepSeek-V3", "DeepSeek-R1")),
    ("qwen2.5-7b", ("qwen2.5-7b",)),
    ("foo/bar", ("foo", "bar")),
])
def test_compound_model_labels_split(label, models):
    assert split_model_label(label) == models


@pytest.mark.parametrize("model, family, params, active, modality", [
    ("llama3.1-8b", "llama3.1", 8.0, None, "text"),
    ("qwen2.5-0.5b", "qwen2.5", 0.5, None, "text"),
    ("qwen2vl-72b", "qwen2vl", 72.0, None, "vision-language"),
    ("qwen2.5_vl-3b", "qwen2.5_vl", 3.0, None, "vision-language"),
    ("internvl2.5-38b", "internvl2.5", 38.0, None, "vision-language"),
    ("qwen3_moe-30B_A3B", "qwen3_moe", 30.0, 3.0, "text"),
    ("mixtral-8x7b", "mixtral", None, None, "text"),
    ("DeepSeek-V3", "DeepSeek", None, None, "text"),
    ("gemma3-27b", "gemma3", 27.0, None, "text"),
    # names as other vendors spell them: the family is everything before the size (without one,
    # before the version), sizes and 'VL' in either case, words and stamps after the size
    ("DeepSeek-R1-Distill-Qwen-7B", "DeepSeek-R1-Distill-Qwen", 7.0, None, "text"),
    ("Qwen2.5-VL-72B", "Qwen2.5-VL", 72.0, None, "vision-language"),
    ("Qwen2.5-VL-72B-Instruct", "Qwen2.5-VL", 72.0, None, "vision-language"),  # not "Qwen2.5-VL-72B", size None
    ("qwen3-235B-A22B", "qwen3", 235.0, 22.0, "text"),  # the active size as a part of its own
    ("Qwen3-Next-80B-A3B", "Qwen3-Next", 80.0, 3.0, "text"),
    ("Qwen3-30B-A3B-Instruct-2507", "Qwen3", 30.0, 3.0, "text"),
    ("Llama-3.1-8B-Instruct", "Llama-3.1", 8.0, None, "text"),
    ("llama4-scout-17b-16e", "llama4-scout", None, 17.0, "text"),  # 17B active of 16 experts: not the total
    ("glm-4.5-air", "glm", None, None, "text"),  # no size: the family is the name before its version
    ("DeepSeek-R1-0528", "DeepSeek", None, None, "text"),
    ("Phi-3-mini-4k-instruct", "Phi", None, None, "text"),  # 4k is a context length, not parameters
    ("OLMoE-1B-7B-0924", "OLMoE", None, None, "text"),  # two sizes: which is the total, the name does not say
    ("Qwen1.5-MoE-A2.7B", "Qwen1.5-MoE", None, 2.7, "text"),  # the active size alone
    ("deepseek-vl2-small", "deepseek", None, None, "vision-language"),  # vl outside the family
    ("Llama-3.2-11B-Vision-Instruct", "Llama-3.2", 11.0, None, "vision-language"),
    ("GLM-4.5V", "GLM", None, None, "vision-language"),  # a version's V
])
def test_model_metadata_from_the_name(model, family, params, active, modality):
    info = describe(model)
    assert (info.family, info.params_b, info.active_params_b, info.modality) == (family, params, active, modality)


def test_output_is_sorted_by_key_and_typed():
    frame = tidy_of(MINIMAL).frame
    key = ["release", "model", "strategy", "seq_len", "framework", "hardware"]
    assert frame.equals(frame.sort_values(key).reset_index(drop=True))
    assert str(frame.seq_len.dtype) == "Int64" and str(frame.supported.dtype) == "boolean"


def test_a_framework_column_pair_appearing_twice_is_a_header_error(tmp_path):
    # the real page with VeRL's heading renamed: Llama-Factory / Snt9b and / Snt9b23 each appear twice
    page = (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8")
    assert page.count("VeRL规格卡数/DIE") == 1
    variant = tmp_path / "raw" / "2025-10-22" / "page.html"
    variant.parent.mkdir(parents=True)
    variant.write_text(page.replace("VeRL规格卡数/DIE", "Llama-Factory规格卡数/DIE"), encoding="utf-8")
    expected = ("raw/2025-10-22/page.html: table header: row 1, column 1: a framework/hardware column appears "
                "twice (expected each framework and hardware once)")
    grid, _ = extract_html(variant.read_bytes(), "raw/2025-10-22/page.html")
    with pytest.raises(HeaderError) as info:
        normalize(grid, "2025-10-22")
    assert str(info.value) == expected
    out = tmp_path / "build"
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(out)])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == f"error: {expected}"
    assert not out.exists()


def test_bad_cells_of_every_kind_are_listed_in_table_order():
    # the real page with a bad value cell near the top (row 3, column 4: llama3.1-8b's first '4*Ascend')
    # and a bad model cell near the bottom (gemma3-27b, whose cell starts at row 80 of the 82)
    page = (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8")
    variant = page.replace(">gemma3-27b<", ">gemma3 27b (preview)<").replace(">4*Ascend<", ">4*Ascnd<", 1)
    grid, _ = extract_html(variant.encode("utf-8"), "raw/2025-10-22/page.html")
    with pytest.raises(CellError) as info:
        normalize(grid, "2025-10-22")
    assert str(info.value).splitlines() == [
        "raw/2025-10-22/page.html: cell value: 2 problems",
        "  - row 3, column 4: '4*Ascnd' is not a unit count (expected N*Ascend with N ≥ 1, or - for not supported)",
        "  - row 80, column 1: 'gemma3 27b (preview)' is not a model name: a space between 'gemma3' and '27b' may "
        "separate two items (expected a name such as qwen2.5-7b or DeepSeek-V3/R1; one value per cell, its parts "
        "joined by /)"]
