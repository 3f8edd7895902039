"""The 2025-10-22 page as other hands save it: split into several <table> parts, wrapped in
layout tables, beside a second table with the same key headings, with a date in a script,
re-encoded as UTF-16, written with full-width or invisible characters. Each variant is the
real page edited the way an editor, portal or browser does, written to tmp_path and read by
the real extractor; it must give exactly the page's 1,350 rows, or an error naming the place."""
from __future__ import annotations

import re

import pandas as pd
import pytest
from click.testing import CliRunner

from page_variants import PAGE_HTML, ROWS, read, reference, write  # noqa: F401 (reference is a fixture)
from pipeline.cli import main
from pipeline.errors import CellError, LayoutError, SourceError
from pipeline.extract import check_kind
from pipeline.extract.html import decode_page, extract_html, sniff_encoding

TABLE_OPEN = re.search(r"<table [^>]*>", PAGE_HTML).group(0)
CAPTION = re.search(r"<caption>.*?</caption>", PAGE_HTML, flags=re.S).group(0)
THEAD = re.search(r"<thead.*?</thead>", PAGE_HTML, flags=re.S).group(0)


def model_row(model: str) -> str:
    """The <tr ...><td ...><p ...>model opening of the row where a model's block starts."""
    return re.search(rf'<tr id="[^"]*"><td[^>]*><p[^>]*>{re.escape(model)}</p>', PAGE_HTML).group(0)


def split(html: str, before: str, header: bool = True, caption: str = "", between: str = "\n") -> str:
    """Close the vendor table before `before`'s block and open a new table part there, the
    way the vendor's editor splits a long table: header rows repeated or not, a caption or not,
    and whatever markup (`between`) the editor puts between the two tables."""
    opening = model_row(before)
    head = THEAD if header else ""
    cap = f"<caption>{caption}</caption>" if caption else ""
    return html.replace(opening, f"</tbody>\n</table>{between}{TABLE_OPEN}{cap}{head}<tbody>{opening}", 1)


def cells(grid):
    return [(c.row, c.col, c.rowspan, c.colspan, c.text, c.raw_text) for c in grid.cells]


# --- 1. a table split in parts ------------------------------------------------------------

SPLITS = {
    "header repeated, no caption": lambda s: split(s, "qwen2.5_vl-3b"),
    "header repeated, （续） caption": lambda s: split(s, "qwen2.5_vl-3b", caption="<b>表1 </b>模型最小卡数配置（续）"),
    "no header, no caption": lambda s: split(s, "qwen2.5_vl-3b", header=False),
    "no header, （续） caption": lambda s: split(s, "qwen2.5_vl-3b", header=False, caption="表1 模型最小卡数配置（续）"),
    "three parts, headers repeated": lambda s: split(split(s, "qwen2.5-7b"), "glm4-9b"),
    "four parts, mixed": lambda s: split(split(split(s, "qwen2-7b", header=False), "qwen3-8b"), "gemma3-27b",
                                         header=False),
    "a continuation line between the parts": lambda s: split(s, "qwen3-0.6b", between="<p>表1 模型最小卡数配置（续）</p>"),
    "each part in its own wrapper div": lambda s: split(s, "qwen3-0.6b", header=False,
                                                        between="</div><div class=\"tablenoborder\">"),
    "each part in its own layout table": lambda s: split(s, "qwen3-0.6b", between="</td></tr></table>\n<table><tr><td>")
    .replace('<div class="tablenoborder">', '<div class="tablenoborder"><table><tr><td>', 1)
    .replace("</tbody>\n</table>\n</div>", "</tbody>\n</table></td></tr></table>\n</div>", 1),
}


@pytest.mark.parametrize("name", sorted(SPLITS))
def test_a_table_split_in_parts_reads_as_the_whole_table(name, reference, tmp_path):
    """Catches: parts after the first silently dropped (790 of 1,350 rows lost), a repeated
    header read as a body row, or two parts refused as 'two vendor tables'."""
    html = SPLITS[name](PAGE_HTML)
    assert html.count("<table") > PAGE_HTML.count("<table")  # the variant really is split
    grid, updated, tidy = read(write(tmp_path, html))
    assert updated == "2025-10-22"
    assert len(tidy.frame) == ROWS
    # rows count over the stitched table, repeated headers dropped: same coordinates as unsplit
    assert cells(grid) == cells(reference[0])
    pd.testing.assert_frame_equal(tidy.frame, reference[1])
    assert {c.part for c in grid.cells} == set(range(1, html.count(TABLE_OPEN) + 1))


def test_each_cell_keeps_its_part_and_errors_name_it(tmp_path):
    """Catches: a bad cell in a later part reported at a part-local row, or with no part."""
    html = split(PAGE_HTML, "qwen3-0.6b")
    rest = html.index(model_row("qwen3-0.6b"))
    html = html[:rest] + re.sub(r">(\d+)\*Ascend<", r">\1*Ascnd<", html[rest:], count=1)
    with pytest.raises(CellError) as info:
        read(write(tmp_path, html))
    grid = extract_html(PAGE_HTML.encode(), "page.html")[0]
    row = next(r for r in range(grid.n_rows) if grid.cell_at(r, 0).text == "qwen3-0.6b") + 1
    assert str(info.value.problems[0]).startswith(f"table part 2, row {row}, column ")
    assert "*Ascnd' is not a unit count" in str(info.value)


def test_a_part_of_another_width_is_an_error_naming_it(tmp_path):
    """Catches: a continuation that cannot be attached being skipped with its rows."""
    html = split(PAGE_HTML, "qwen3-0.6b", header=False)
    rest = html.index(model_row("qwen3-0.6b"))
    tail = html[rest:]
    end = tail.index("</table>")
    # the second part loses its last column in every row
    narrowed = re.sub(r"<td[^>]*><p[^>]*>[^<]*</p></td></tr>", "</tr>", tail[:end])
    html = html[:rest] + narrowed + tail[end:]
    with pytest.raises(LayoutError, match=r"table part 2, row \d+: table #2 continues the vendor table \(#1\) "
                                          r"but is 12 columns wide, not 13"):
        read(write(tmp_path, html))


def test_a_rowspan_cannot_run_into_the_next_part(tmp_path):
    """Catches: a model's rowspan silently continued into a later, closed, table."""
    opening = re.search(r'<tr id="[^"]*"><td[^>]*><p[^>]*>lora</p>.*?</tr>', PAGE_HTML[
        PAGE_HTML.index(model_row("qwen2.5-7b")):], flags=re.S).group(0)  # the 2nd row of a 4-row block
    html = PAGE_HTML.replace(opening, f"</tbody></table>{TABLE_OPEN}<tbody>{opening}", 1)
    with pytest.raises(LayoutError, match=r"table part 1, row 24, column 1: cell 'qwen2.5-7b' has rowspan=4 but "
                                          r"the table part ends 0 row\(s\) below it"):
        read(write(tmp_path, html))


def test_two_full_tables_each_captioned_are_an_error_naming_both(tmp_path):
    """Catches: two complete copies read as one (or one silently chosen): a continuation's
    header repeats, but its caption does not start a table afresh."""
    table = re.search(r"<table .*?</table>", PAGE_HTML, flags=re.S).group(0)
    html = PAGE_HTML.replace(table, table + "\n" + table, 1)
    with pytest.raises(SourceError, match=r"2 tables look like the vendor table \(#1, #2 of 2\)"):
        read(write(tmp_path, html))


def test_a_part_that_repeats_the_body_too_is_an_error_naming_the_cells(tmp_path):
    """A second copy without a caption of its own follows as a part would: stitched, its rows
    are the same configurations again, and each is named twice, never silently kept once."""
    table = re.search(r"<table .*?</table>", PAGE_HTML, flags=re.S).group(0)
    html = PAGE_HTML.replace(table, table + "\n" + table.replace(CAPTION, ""), 1)
    with pytest.raises(CellError, match=r"is listed 2 times: row 3, column 4 \('4\*Ascend'\); row 83, column 4"):
        read(write(tmp_path, html))


def test_a_part_separated_by_prose_is_not_stitched_silently(tmp_path):
    """Catches: a second part after a long paragraph either dropped (no header) or taken
    as a second table without a word."""
    prose = "<p>" + "以下为其余模型的配置，请结合集群规模与性能要求选择合适的卡数，并参考前文说明的并行策略。" * 2 + "</p>"
    with pytest.raises(SourceError, match=r"2 tables look like the vendor table \(#1, #2 of 2\)"):
        read(write(tmp_path, split(PAGE_HTML, "qwen3-0.6b", between=prose)))
    with pytest.raises(SourceError, match=r"table #2 of 2 looks like a part of the vendor table \(#1\) but does "
                                          r"not follow it"):
        read(write(tmp_path, split(PAGE_HTML, "qwen3-0.6b", header=False, between=prose)))


def test_a_table_between_two_parts_stops_the_stitching(tmp_path):
    """Catches: the parts joined across another table (a short note in a table of its own,
    well within the text allowed between parts): what lies between is not the vendor's."""
    note = "<table><tr><td>注：以下为其他配置</td></tr></table>"
    with pytest.raises(SourceError, match=r"2 tables look like the vendor table \(#1, #3 of 3\)"):
        read(write(tmp_path, split(PAGE_HTML, "qwen3-0.6b", between=note)))
    with pytest.raises(SourceError, match=r"table #3 of 3 looks like a part of the vendor table \(#1\) but does "
                                          r"not follow it"):
        read(write(tmp_path, split(PAGE_HTML, "qwen3-0.6b", header=False, between=note)))


def test_a_following_part_with_an_edited_header_is_an_error(tmp_path):
    """Catches: a continuation whose repeated header differs (a renamed framework) being taken
    for some other table and its rows dropped."""
    html = split(PAGE_HTML, "qwen3-0.6b")
    rest = html.index(model_row("qwen3-0.6b"))
    second = html.rindex("<thead", 0, rest)
    html = html[:second] + html[second:rest].replace(">VeRL规格卡数/DIE<", ">VeRL-2规格卡数/DIE<") + html[rest:]
    with pytest.raises(SourceError, match=r"table #2 of 2 follows the vendor table \(#1\) with framework columns "
                                          r"but another header"):
        read(write(tmp_path, html))


# --- 2. a compound label written in full ----------------------------------------------------

def test_a_compound_label_written_in_full(reference, tmp_path):
    """Catches: `DeepSeek-V3/DeepSeek-R1` read as DeepSeek-V3 + `DeepSeek-DeepSeek-R1`."""
    html = PAGE_HTML.replace(">DeepSeek-V3/R1<", ">DeepSeek-V3/DeepSeek-R1<")
    frame = read(write(tmp_path, html))[2].frame
    assert len(frame) == ROWS
    assert set(frame.model) == set(reference[1].model)
    assert set(frame[frame.model.str.startswith("DeepSeek")].model) == {"DeepSeek-V3", "DeepSeek-R1"}
    pd.testing.assert_frame_equal(frame.drop(columns="model_label"), reference[1].drop(columns="model_label"))


# --- 3. the update date is what a reader sees ------------------------------------------------

@pytest.mark.parametrize("markup", [
    "<script>var meta = {updated: '更新时间：2025-09-30'};</script>",
    "<script type='application/ld+json'>{\"note\": \"更新时间：2025-09-30\"}</script>",
    "<style>/* 更新时间：2025-09-30 */</style>",
    "<!-- 更新时间：2025-09-30 -->",
    "<template><p>更新时间：2025-09-30</p></template>",
    "<noscript><p>更新时间：2025-09-30</p></noscript>",
    "<div hidden>更新时间：2025-09-30</div>",
    "<div style='display: none'>更新时间：2025-09-30</div>",
    "<span title='更新时间：2025-09-30'></span>",
])
def test_a_date_no_reader_sees_is_not_the_update_date(markup, reference, tmp_path):
    """Catches: the release rejected (or dated) by an analytics snippet's date."""
    html = PAGE_HTML.replace("<body>", "<body>" + markup, 1)
    grid, updated, _ = read(write(tmp_path, html))
    assert updated == "2025-10-22"


def test_a_date_in_the_head_is_not_the_update_date(tmp_path):
    html = PAGE_HTML.replace("<head>", "<head><title>更新时间：2025-09-30</title>", 1)
    assert read(write(tmp_path, html))[1] == "2025-10-22"


def test_the_date_split_over_elements_and_full_width_is_read(tmp_path):
    html = PAGE_HTML.replace("<span>更新时间：2025-10-22 GMT+08:00</span>",
                             "<span>更新时间：</span><span>２０２５-１０-２２</span>")
    assert read(write(tmp_path, html))[1] == "2025-10-22"


# --- 4. layout tables and a second table with the key headings ---------------------------

TABLE2 = ("<table><caption>表2 推荐训练参数</caption><thead><tr><th>支持模型参数量</th><th>训练策略类型</th>"
          "<th>序列长度SEQ_LEN</th><th>学习率</th></tr></thead><tbody><tr><td>qwen2.5-7b</td><td>full</td>"
          "<td>4096</td><td>1e-5</td></tr></tbody></table>")

LAYOUTS = {
    "the content in a one-cell layout table": lambda s: s.replace(
        '<div class="help-main">', '<table class="layout"><tr><td><div class="help-main">', 1).replace(
        "</body>", "</td></tr></table></body>"),
    "two nested layout tables": lambda s: s.replace(
        '<div class="help-main">', '<table><tr><td><table><tr><td><div class="help-main">', 1).replace(
        "</body>", "</td></tr></table></td></tr></table></body>"),
    "a layout table with a heading line of its own": lambda s: s.replace(
        '<div class="help-main">', '<table><tr><td>支持模型参数量与训练策略类型</td></tr><tr><td><div class="help-main">',
        1).replace("</body>", "</td></tr></table></body>"),
    "a 表2 with the key headings after the table": lambda s: s.replace(
        '<div class="note"', TABLE2 + '<div class="note"', 1),
    "a 表2 with the key headings before the table": lambda s: s.replace(
        '<div class="tablenoborder">', TABLE2 + '<div class="tablenoborder">', 1),
    "a copy of the table in a <template> and a <noscript>": lambda s: s.replace(
        "<body>", "<body><template>" + re.search(r"<table .*?</table>", s, flags=re.S).group(0) + "</template>"
        "<noscript>" + re.search(r"<table .*?</table>", s, flags=re.S).group(0) + "</noscript>", 1),
}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_layout_tables_and_other_tables_are_not_the_vendor_table(name, reference, tmp_path):
    """Catches: 'two tables look like the vendor table' for a wrapper or a 表2, or the
    wrong table read."""
    grid, _, tidy = read(write(tmp_path, LAYOUTS[name](PAGE_HTML)))
    assert cells(grid) == cells(reference[0])
    pd.testing.assert_frame_equal(tidy.frame, reference[1])


def test_split_inside_a_layout_table_and_beside_a_table2(reference, tmp_path):
    html = LAYOUTS["the content in a one-cell layout table"](SPLITS["header repeated, （续） caption"](PAGE_HTML))
    html = html.replace('<div class="note"', TABLE2 + '<div class="note"', 1)
    pd.testing.assert_frame_equal(read(write(tmp_path, html))[2].frame, reference[1])


# --- 5. encodings: one rule for the kind check and the extractor --------------------------

@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be-bom", "utf-8-sig"])
def test_page_saved_with_a_bom_is_read(encoding, reference, tmp_path):
    """Catches: the kind check calling a UTF-16 page 'binary data' while the reader can read it."""
    data = (b"\xfe\xff" + PAGE_HTML.encode("utf-16-be")) if encoding == "utf-16-be-bom" else PAGE_HTML.encode(encoding)
    check_kind(data, "html", "page.html")
    pd.testing.assert_frame_equal(read(data)[2].frame, reference[1])


def test_http_equiv_charset_is_read(reference):
    html = PAGE_HTML.replace('<meta charset="utf-8">',
                             '<meta http-equiv="Content-Type" content="text/html; charset=GBK">')
    data = html.encode("gbk")
    assert sniff_encoding(data) == "gb18030"  # the decoder browsers use for GBK (round 10)
    check_kind(data, "html", "page.html")
    pd.testing.assert_frame_equal(read(data)[2].frame, reference[1])


@pytest.mark.parametrize("label, codec", [("gb18030", "gb18030"), ("gb2312", "gb18030")])
def test_http_equiv_charset_with_digits_is_read(label, codec, reference):
    """Catches: a charset label with digits cut at its first digit ('gb'), unknown, so the page
    read as UTF-8 and refused as binary data. gb2312 pages are decoded as GB18030, as browsers do."""
    html = PAGE_HTML.replace('<meta charset="utf-8">',
                             f'<meta http-equiv="Content-Type" content="text/html; charset={label}">')
    data = html.encode(codec)
    assert sniff_encoding(data) == codec
    check_kind(data, "html", "page.html")
    assert decode_page(data, "page.html") == html
    assert cells(extract_html(data, "page.html")[0]) == cells(reference[0])


def test_utf16_without_a_bom_is_refused_by_both_with_one_message():
    """No BOM and no charset that says so: the bytes are not the page's declared text."""
    data = PAGE_HTML.encode("utf-16-le")
    with pytest.raises(SourceError) as kind:
        check_kind(data, "html", "raw/x/page.html")
    with pytest.raises(SourceError) as extractor:
        extract_html(data, "raw/x/page.html")
    assert str(kind.value) == str(extractor.value)
    assert str(kind.value).startswith("raw/x/page.html: cannot read source: the file is binary data, not utf-8 text")


def test_nul_bytes_in_otherwise_valid_utf8_are_refused():
    data = PAGE_HTML.replace("<body>", "<body>\x00", 1).encode("utf-8")
    with pytest.raises(SourceError, match=r"the file is binary data, not utf-8 text \(a NUL at character \d+\)"):
        check_kind(data, "html", "page.html")


# --- 6. characters: full-width, invisible, and what stays ambiguous --------------------------

def test_full_width_and_invisible_characters_parse_and_are_named(reference, tmp_path):
    """Catches: `４＊Ａｓｃｅｎｄ`, `／`, zero-width spaces or `Ｓｎｔ９ｂ` headings failing, or
    being read with no warning."""
    html = (PAGE_HTML.replace(">4*Ascend<", ">４＊Ａｓｃｅｎｄ<", 1)
            .replace(">DeepSeek-V3/R1<", ">DeepSeek－V3／R1<")
            .replace(">qwen2-7b<", ">qwen2\u200b-7b\u2060<")
            .replace(">4096/8192<", ">4096\ufeff/8192<", 1)
            .replace(">Snt9b</p></th>", ">Ｓｎｔ９ｂ</p></th>", 1)
            .replace(">Llama-Factory规格卡数/DIE<", ">Ｌｌａｍａ－Ｆａｃｔｏｒｙ规格卡数／DIE<"))
    grid, _, tidy = read(write(tmp_path, html))
    frame, ref = tidy.frame, reference[1]
    pd.testing.assert_frame_equal(frame.drop(columns=["raw_text", "model_label"]),
                                  ref.drop(columns=["raw_text", "model_label"]))
    changed = frame.raw_text != ref.raw_text
    assert set(frame.raw_text[changed]) == {"４＊Ａｓｃｅｎｄ"}
    warnings = "\n".join(tidy.warnings)
    for published in ("４＊Ａｓｃｅｎｄ", "DeepSeek－V3／R1", "qwen2\u200b-7b\u2060", "4096\ufeff/8192"):
        assert f"repaired {published!r}" in warnings


@pytest.mark.parametrize("published, message", [
    ("8*Ascend*", "'8*Ascend*' is not a unit count"),
    ("8卡", "'8卡' is not a unit count"),
    ("1,024*Ascend", "'1,024*Ascend' is not a unit count"),
    ("8⁴*Ascend", "'8⁴*Ascend' is not a unit count"),
    ("①*Ascend", "'①*Ascend' is not a unit count"),
])
def test_ambiguous_values_stay_errors_naming_the_cell(published, message, tmp_path):
    html = PAGE_HTML.replace(">4*Ascend<", f">{published}<", 1)
    with pytest.raises(CellError, match=rf"page.html: cell value: row 3, column 4: {re.escape(message)}"):
        read(write(tmp_path, html))


def test_an_ambiguous_sequence_length_names_the_cell(tmp_path):
    with pytest.raises(CellError, match=r"row 3, column 3: '4K/8K' is not a sequence length"):
        read(write(tmp_path, PAGE_HTML.replace(">4096/8192<", ">4K/8K<", 1)))


# --- through the CLI ------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["split", "utf-16"])
def test_cli_reads_the_variant_with_exit_0_and_all_rows(variant, tmp_path):
    folder = tmp_path / "raw" / "2025-10-22"
    folder.mkdir(parents=True)
    if variant == "split":
        (folder / "page.html").write_text(SPLITS["no header, no caption"](PAGE_HTML), encoding="utf-8")
    else:
        (folder / "page.html").write_bytes(PAGE_HTML.encode("utf-16"))
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "raw"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2025-10-22: 1350 rows, 37 models, 5 frameworks")
    assert len(pd.read_csv(tmp_path / "out" / "2025-10-22" / "min_cards.csv")) == ROWS
