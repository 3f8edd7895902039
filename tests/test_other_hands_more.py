"""More of the 2025-10-22 page as other hands save or edit it: rows inside wrapper elements,
a table of headings only, a headless part with a caption of its own, separate items on
separate lines, footnote and revision markup in a cell, hidden stale rows, an XHTML save
with an XML declaration, and charsets named in comments or in other metas. Each variant is
the real page edited, written to tmp_path and read by the real extractor; it must give
exactly the page's 1,350 rows, or an error naming the place, never other data with exit 0."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from page_variants import PAGE_HTML, first_place, read, reference, same_rows, write  # noqa: F401 (reference is a fixture)
from pipeline.errors import CellError, HeaderError, SourceError
from pipeline.extract import check_kind
from pipeline.extract.html import sniff_encoding
from pipeline.grid import Grid
from pipeline.normalize import normalize

BODY_START = PAGE_HTML.index("<tbody>") + len("<tbody>")
BODY_END = PAGE_HTML.index("</tbody>")
BODY_ROWS = re.findall(r"<tr .*?</tr>", PAGE_HTML[BODY_START:BODY_END], flags=re.S)


def sub1(pattern: str, replacement: str) -> str:
    html, n = re.subn(pattern, replacement, PAGE_HTML, count=1)
    assert n == 1, pattern
    return html


# --- D1: rows and cells inside a wrapper element inside <table> ------------------------------

def wrap_rows(first: int, last: int, opening: str, closing: str) -> str:
    """Body rows first..last-1 wrapped in one element inside the <tbody>."""
    return (PAGE_HTML[:BODY_START] + "\n".join(BODY_ROWS[:first]) + opening + "\n".join(BODY_ROWS[first:last])
            + closing + "\n".join(BODY_ROWS[last:]) + PAGE_HTML[BODY_END:])


WRAPPERS = {
    "a form around four models": (21, 37, "<form action='#'>", "</form>"),
    "a div around four models": (21, 37, "<div class='grp'>", "</div>"),
    "a div around all body rows": (0, len(BODY_ROWS), "<div>", "</div>"),
    "a span around one model": (21, 25, "<span>", "</span>"),
    "a font around one model": (21, 25, "<font color='red'>", "</font>"),
    "a center around the last rows": (60, len(BODY_ROWS), "<center>", "</center>"),
    "an a around one model": (21, 25, "<a name='x'>", "</a>"),
    "a section around four models": (21, 37, "<section>", "</section>"),
    "a custom element around four models": (21, 37, "<x-rows data-k='1'>", "</x-rows>"),
    "two nested wrappers": (21, 37, "<div><form>", "</form></div>"),
}


@pytest.mark.parametrize("name", sorted(WRAPPERS))
def test_rows_inside_a_wrapper_element_are_read(name, reference, tmp_path):
    """Catches: wrapped rows silently dropped (a div around all body rows gave 0 rows, exit 0);
    browsers show every one of them."""
    grid, _, tidy = read(write(tmp_path, wrap_rows(*WRAPPERS[name])))
    same_rows(tidy.frame, reference[1])
    assert [(c.row, c.col, c.text) for c in grid.cells] == [(c.row, c.col, c.text) for c in reference[0].cells]


def test_cells_inside_a_wrapper_in_a_row_are_read_and_a_templates_rows_are_not(reference, tmp_path):
    """A row's cells inside a <span> are the row's; the rows of a <template> inside the table are
    not the vendor table's rows."""
    row = BODY_ROWS[5]
    cells = re.findall(r"<td.*?</td>", row, flags=re.S)
    spanned = row.replace(cells[1] + cells[2], f"<span>{cells[1]}{cells[2]}</span>", 1)
    html = PAGE_HTML.replace(row, spanned, 1)
    html = html.replace("<tbody>", "<tbody><template><tr><td>qwen9-1b</td><td>full</td></tr></template>", 1)
    grid, _, tidy = read(write(tmp_path, html))
    same_rows(tidy.frame, reference[1])


# --- D2: a header with no body rows ---------------------------------------------------------

def test_a_header_with_no_body_rows_is_an_error(tmp_path):
    """Catches: exit 0 with 0 rows for a table whose body was deleted or is filled by script."""
    html = PAGE_HTML[:BODY_START] + PAGE_HTML[BODY_END:]
    with pytest.raises(HeaderError, match=r"^page.html: .*row 1, column 1: the table has 2 header rows and no "
                                          r"body rows \(expected at least one model row\)"):
        read(write(tmp_path, html))


# --- D3: a headless continuation part with a caption of its own ------------------------------

def split_headless(caption: str, between: str = "") -> str:
    """The table closed before body row 40 (a model's first row) and continued in a new table
    with no header rows, under `caption`."""
    cut = BODY_START + PAGE_HTML[BODY_START:BODY_END].index(BODY_ROWS[39])
    return (PAGE_HTML[:cut] + f'</tbody></table>{between}<table border="1"><caption>{caption}</caption><tbody>'
            + PAGE_HTML[cut:])


@pytest.mark.parametrize("caption", ["表1 模型最小卡数配置", "表1 模型最小卡数配置（接上表）", "表1 模型最小卡数配置（續）",
                                     "Table 1 (continued)", "Table 1 (Cont.)", "续表"])
def test_a_headless_part_captioned_as_the_table_or_a_continuation_is_attached(caption, reference, tmp_path):
    """Catches: the second part's rows (600 of 1,350) silently dropped because its caption had
    no simplified 续."""
    grid, _, tidy = read(write(tmp_path, split_headless(caption)))
    same_rows(tidy.frame, reference[1])
    assert {c.part for c in grid.cells} == {1, 2}


def test_a_headless_part_under_another_caption_is_an_error_naming_it(tmp_path):
    """A headless table of the vendor's width with unit values under a caption of its own:
    its values mean nothing without the vendor header, so it is never silently skipped."""
    with pytest.raises(SourceError, match=r"table #2 of 2 follows the vendor table \(#1\) with its width and unit "
                                          r"values but no header rows, under a caption of its own \('表2其他配置'\)"):
        read(write(tmp_path, split_headless("表2 其他配置")))


def test_a_headless_captioned_part_that_does_not_follow_is_an_error(tmp_path):
    prose = "<p>" + "以下为其余模型的配置，请结合集群规模与性能要求选择合适的卡数，并参考前文说明的并行策略。" * 2 + "</p>"
    for caption in ("表1 模型最小卡数配置", "表2 其他配置"):
        with pytest.raises(SourceError, match=r"table #2 of 2 looks like a part of the vendor table \(#1\) but "
                                              r"does not follow it"):
            read(write(tmp_path, split_headless(caption, between=prose)))


# --- D4: separate items on separate lines are not glued -------------------------------------

GLUED = {
    "4096<br>8192": (r">4096/8192<", ">4096<br>8192<", "4096/8192", "'4096\\n8192' is not a sequence length"),
    "three paragraphs": (r'<p id="[^"]+">1024/4096/8192</p>', "<p>1024</p><p>4096</p><p>8192</p>",
                         "1024/4096/8192", "'1024\\n4096\\n8192' is not a sequence length"),
    "DeepSeek-V3<br>R1": (r">DeepSeek-V3/R1<", ">DeepSeek-V3<br>R1<", "DeepSeek-V3/R1",
                          "'DeepSeek-V3\\nR1' is not a model name"),
    "8 then 16*Ascend": (r'<p id="[^"]+">16\*Ascend</p>', "<p>8</p><p>16*Ascend</p>", "16*Ascend",
                         "'8\\n16*Ascend' is not a unit count"),
    "2 4*Ascend": (r">4\*Ascend<", ">2 4*Ascend<", "4*Ascend", "'2 4*Ascend' is not a unit count"),
}


@pytest.mark.parametrize("name", sorted(GLUED))
def test_separate_items_are_not_glued_into_a_new_value(name, reference, tmp_path):
    """Catches: 4096<br>8192 read as sequence length 40968192, DeepSeek-V3<br>R1 as a model
    DeepSeek-V3R1, <p>8</p><p>16*Ascend</p> as 816 cards, with exit 0."""
    pattern, replacement, original, message = GLUED[name]
    place = first_place(reference[0], original)
    with pytest.raises(CellError) as info:
        read(write(tmp_path, sub1(pattern, replacement)))
    problems = [str(p) for p in info.value.problems]
    assert len(problems) == 1
    assert problems[0].startswith(f"{place}: {message}: a ")
    assert "may separate two items" in problems[0] and "one value per cell, its parts joined by /" in problems[0]


REPAIRED = {
    "a word cut by a space": (r">1\*Ascend<", ">1*Asce nd<"),
    "a name over two paragraphs": (r'<p id="([^"]+)">qwen2\.5-0\.5b</p>', r'<p id="\1">qwen2.5-</p><p>0.5b</p>'),
    "spaces around the star": (r">8\*Ascend<", ">8 * Ascend<"),
    "a sequence length over two lines after the slash": (r">4096/8192<", ">4096/<br>8192<"),
}


@pytest.mark.parametrize("name", sorted(REPAIRED))
def test_the_source_quirks_whitespace_repair_exists_for_still_parse(name, reference, tmp_path):
    pattern, replacement = REPAIRED[name]
    tidy = read(write(tmp_path, sub1(pattern, replacement)))[2]
    same_rows(tidy.frame, reference[1])
    assert any("repaired" in w for w in tidy.warnings)


def with_raw_text(grid: Grid, original: str, raw_text: str, layout_breaks: bool) -> Grid:
    index = next(i for i, c in enumerate(grid.cells) if c.raw_text == original)
    cells = list(grid.cells)
    cells[index] = replace(cells[index], text=raw_text, raw_text=raw_text, layout_breaks=layout_breaks)
    return Grid.from_cells(grid.source_file, cells)


def test_a_layout_line_break_between_digits_joins_only_when_the_cell_says_so(reference):
    """A PDF's wrap (`4096/81` / `92`, LibreOffice) is the layout's, and joins; the same break
    in an HTML cell is the author's, and may separate two values: an error naming the cell."""
    grid = reference[0]
    place = first_place(grid, "4096/8192")
    tidy = normalize(with_raw_text(grid, "4096/8192", "4096/81\n92", layout_breaks=True), "2025-10-22")
    same_rows(tidy.frame, reference[1])
    assert any("repaired '4096/81\\n92' -> '4096/8192'" in w for w in tidy.warnings)
    with pytest.raises(CellError, match=rf"{place}: '4096/81\\n92' is not a sequence length"):
        normalize(with_raw_text(grid, "4096/8192", "4096/81\n92", layout_breaks=False), "2025-10-22")
    with pytest.raises(CellError, match=rf"{place}: '4096/81 92' is not a sequence length"):  # spaces still checked
        normalize(with_raw_text(grid, "4096/8192", "4096/81 92", layout_breaks=True), "2025-10-22")


# --- D5: footnote and revision markup is not glued into the token ----------------------------

MARKUP = {
    "a footnote after a model": (r">llama3\.1-70b<", ">llama3.1-70b<sup>1</sup><", "llama3.1-70b",
                                 "'llama3.1-70b[1]' is not a model name"),
    "a footnote after a sequence length": (r">4096/8192<", ">4096/8192<sup>1</sup><", "4096/8192",
                                           "'4096/8192[1]' is not a sequence length"),
    "a footnote before a count": (r">16\*Ascend<", "><sup>1</sup>16*Ascend<", "16*Ascend",
                                  "'[1]16*Ascend' is not a unit count"),
    "a footnote after a count": (r">1\*Ascend<", ">1*Ascend<sup>1</sup><", "1*Ascend",
                                 "'1*Ascend[1]' is not a unit count"),
    "a subscript after a count": (r">1\*Ascend<", ">1*Ascend<sub>2</sub><", "1*Ascend",
                                  "'1*Ascend[2]' is not a unit count"),
    "a struck-out old count": (r">16\*Ascend<", "><s>8</s>16*Ascend<", "16*Ascend",
                               "'[8]16*Ascend' is not a unit count"),
    "a deleted old count": (r">16\*Ascend<", "><del>8</del><ins>16</ins>*Ascend<", "16*Ascend",
                            "'[8][16]*Ascend' is not a unit count"),
    "a struck-out old length": (r">4096/8192<", "><strike>2048</strike>4096/8192<", "4096/8192",
                                "'[2048]4096/8192' is not a sequence length"),
    "a letter footnote after a model": (r">llama3\.1-70b<", ">llama3.1-70b<sup>a</sup><", "llama3.1-70b",
                                        "'llama3.1-70b[a]' is not a model name"),
    "a struck-out old model name": (r">llama3\.1-70b<", "><s>llama3-70b</s>llama3.1-70b<", "llama3.1-70b",
                                    "'[llama3-70b]llama3.1-70b' is not a model name"),
}


@pytest.mark.parametrize("name", sorted(MARKUP))
def test_footnote_and_revision_markup_is_an_error_naming_the_cell(name, reference, tmp_path):
    """Catches: llama3.1-70b<sup>1</sup> read as a model llama3.1-70b1, <s>8</s>16*Ascend as 816
    cards, qwen2-7b<sup>a</sup> as qwen2-7ba, with exit 0 and no warning."""
    pattern, replacement, original, message = MARKUP[name]
    place = first_place(reference[0], original)
    with pytest.raises(CellError) as info:
        read(write(tmp_path, sub1(pattern, replacement)))
    assert len(info.value.problems) == 1 and str(info.value.problems[0]).startswith(f"{place}: {message} (expected")


# --- D6: hidden rows are not data ------------------------------------------------------------

@pytest.mark.parametrize("hiding", ['style="display:none"', 'style="visibility: hidden"', "hidden"])
def test_a_hidden_stale_row_is_not_read(hiding, reference, tmp_path):
    """Catches: a stale copy of a row the editor hid read as data (an extra model, exit 0)."""
    row = re.search(r'<tr id="modelarts_llm_train_590804__row0087">.*?</tr>', PAGE_HTML, flags=re.S).group(0)
    stale = row.replace("<tr id=", f"<tr {hiding} id=", 1).replace(">llama3.2-1b<", ">llama3.2-1b-old<")
    grid, _, tidy = read(write(tmp_path, PAGE_HTML.replace(row, stale + row, 1)))
    same_rows(tidy.frame, reference[1])


def test_rows_in_a_hidden_tbody_are_not_read(reference, tmp_path):
    row = re.search(r'<tr id="modelarts_llm_train_590804__row0087">.*?</tr>', PAGE_HTML, flags=re.S).group(0)
    stale = row.replace(">llama3.2-1b<", ">llama3.2-1b-old<")
    html = PAGE_HTML.replace("</tbody>", f"</tbody><tbody hidden>{stale}</tbody>", 1)
    same_rows(read(write(tmp_path, html))[2].frame, reference[1])


# --- D7: an XML declaration (an XHTML save) --------------------------------------------------

def test_a_page_starting_with_an_xml_declaration_is_read(reference, tmp_path):
    """Catches: 'ValueError: Unicode strings with encoding declaration are not supported' (exit 3)."""
    html = '<?xml version="1.0" encoding="utf-8"?>\n' + PAGE_HTML
    grid, updated, tidy = read(write(tmp_path, html))
    assert updated == "2025-10-22"
    same_rows(tidy.frame, reference[1])
    same_rows(read(b"\xef\xbb\xbf" + html.encode("utf-8"))[2].frame, reference[1])  # after a BOM too


def test_the_xml_declarations_encoding_is_honoured(reference, tmp_path):
    html = ('<?xml version="1.0" encoding="GBK"?>\n'
            + PAGE_HTML.replace('<meta charset="utf-8">', ""))
    data = write(tmp_path, html, "gbk")
    assert sniff_encoding(data) == "gb18030"  # the decoder browsers use for GBK
    check_kind(data, "html", "page.html")
    same_rows(read(data)[2].frame, reference[1])
    assert sniff_encoding(b"<?xml version='1.0' encoding='utf-16'?><html>") == "utf-8"  # byte-readable: not UTF-16


# --- D8: only real <meta> tags decide the encoding -------------------------------------------

@pytest.mark.parametrize("extra", ['<!-- <meta charset="gbk"> -->', '<meta name="keywords" content="charset=gbk">',
                                   '<meta content="charset=gbk" name="description">'])
def test_a_charset_in_a_comment_or_another_metas_content_is_not_the_encoding(extra, reference, tmp_path):
    """Catches: a valid UTF-8 page refused as 'binary data, not gbk text'."""
    html = PAGE_HTML.replace('<meta charset="utf-8">', extra + '<meta charset="utf-8">', 1)
    data = write(tmp_path, html)
    assert sniff_encoding(data) == "utf-8"
    check_kind(data, "html", "page.html")
    same_rows(read(data)[2].frame, reference[1])


@pytest.mark.parametrize("meta", ['<meta content="text/html; charset=gbk" http-equiv="Content-Type">',
                                  "<META HTTP-EQUIV='content-type' CONTENT='text/html;charset=GBK'>",
                                  "<meta CharSet=gbk>"])
def test_a_real_meta_charset_in_any_attribute_order_and_case_is_read(meta, reference, tmp_path):
    html = PAGE_HTML.replace('<meta charset="utf-8">', meta, 1)
    data = write(tmp_path, html, "gbk")
    assert sniff_encoding(data) == "gb18030"  # the decoder browsers use for GBK
    same_rows(read(data)[2].frame, reference[1])
