"""Prints made by other hands, round 12 (hunt 86, session 42): the vendor table typeset by Typst
and XeLaTeX, its rest in a second ruled part that opens with body rows, not at the top of the next
page: in the second column of a two-column page, or on the next page under a "（续表）" line. The
table was read only as far as its first part (96 or 102 of 124 rows published, exit 0), the rest
taken for another table. A table opening with the vendor table's values once the table has begun
is now an error naming it (pdf_regions.check_no_part_elsewhere); a guide's other tables in the same
columns open with their own heading row and are still other tables (test_pdf_documents.py). A
caption line saying the table goes on (（续表）, 表1（续）, "Table 1: (Continued)") right above a part
at the top of a page is the typesetting convention for a continuation: such a part is read
(pdf_regions.CONTINUED), with its header repeated or not."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from conftest import FIXTURES, RAW
from pipeline.errors import LayoutError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_other_hands_round11 import rows  # a frame's key and value columns, as a set

PRINTS = FIXTURES / "pdf"
ELSEWHERE = {  # print -> (page, where the part the table was cut at lies)
    "typst-two-columns-2025-05-07.pdf": (1, "308 pt from the left, 93 pt from the top"),
    "xelatex-twocolumn-supertabular-2025-05-07.pdf": (1, "303 pt from the left, 43 pt from the top"),
}


@pytest.fixture(scope="module")
def page_rows() -> set[tuple]:
    grid, _ = extract_html((RAW / "2025-05-07" / "page.html").read_bytes(), "page.html")
    return rows(normalize(grid, "2025-05-07").frame)


@pytest.mark.parametrize("name", ELSEWHERE)
def test_a_viewer_shows_the_tables_last_model_in_a_part_after_the_first(name):
    """The premise: pdfium's text of the page holding the second part shows DeepSeek-V3/R1, the
    table's last model (what the first part leaves out), and the first page the first model."""
    document = pdfium.PdfDocument(str(PRINTS / name))
    page, _ = ELSEWHERE[name]
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    assert "DeepSeek-V3/R1" in texts[page - 1].replace("\r", "").replace("\n", "")
    assert "llama3.1-8b" in texts[0]


@pytest.mark.parametrize("name", ELSEWHERE)
def test_a_part_opening_with_values_not_where_the_table_goes_on_is_an_error(name):
    """Catches: the part read as another table and the first part published alone."""
    page, where = ELSEWHERE[name]
    with pytest.raises(LayoutError, match=f"page {page}: a table opening with the vendor table's rows \\({where}\\)"
                                          " that is not where the table goes on"):
        extract_pdf((PRINTS / name).read_bytes(), name)


@pytest.mark.parametrize("name", [
    "typst-continued-top-2025-05-07.pdf",  # the rest at the top of page 2, nothing above it
    "typst-continued-caption-2025-05-07.pdf",  # under a line （续表）, the header not repeated
    "typst-continued-caption-header-2025-05-07.pdf",  # under （续表）, both header rows repeated
])
def test_the_rest_at_the_top_of_the_next_page_is_read_whole_under_a_continued_caption_or_none(page_rows, name):
    """Catches: the part under （续表） taken for another table (dropped, or refused as "another table
    headed like the vendor table" when it repeats the header)."""
    grid, updated = extract_pdf((PRINTS / name).read_bytes(), name)
    assert updated == "2025-05-07" and rows(normalize(grid, "2025-05-07").frame) == page_rows


def test_a_continued_caption_is_the_line_right_above_the_part():
    """The caption convention, as the page's numbers are read (#), and lines that are no such caption."""
    from pipeline.extract.pdf_regions import CONTINUED
    from pipeline.tokens import squash
    said = ["（续表）", "续表", "续表#", "表#（续）", "表# 续表", "表#（续表）", "Table #: (Continued)", "(continued)"]
    other = ["表# 推理规格", "注：“-”代表不支持", "#/#", "续写", "表# 模型最小卡数配置"]
    assert all(CONTINUED.fullmatch(squash(t)) for t in said) and not any(CONTINUED.fullmatch(squash(t)) for t in other)


# Hunt 89: the rest opening with a head row without values (the second header row, a 续表 row naming the
# table's caption), not where the table goes on; and another table captioned 表2 at the top of the next page.
HEADED_ELSEWHERE = {
    "xelatex-twocolumn-hardware-row-2025-05-07.pdf": 1,
    "writer-continued-row-narrower-2025-05-07.pdf": 2,
    "writer-two-columns-hardware-row-2025-05-07.pdf": 1,
}


@pytest.mark.parametrize("name", HEADED_ELSEWHERE)
def test_a_part_opening_with_the_vendors_own_headings_elsewhere_is_an_error(name):
    """Catches: a part whose first ruled row holds only the vendor's headings (Snt9B / Snt9B23) or a
    续表 row naming its caption, taken for another table: 102 or 104 of 124 rows published."""
    with pytest.raises(LayoutError, match=f"page {HEADED_ELSEWHERE[name]}: a table opening with the vendor "
                                          "table's rows .* that is not where the table goes on"):
        extract_pdf((PRINTS / name).read_bytes(), name)


def test_a_table_captioned_as_another_at_the_top_of_the_next_page_is_an_error(page_rows):
    """Catches: 表2's 8 rows read on as the vendor table's (132 published): a caption of another
    table beside a part at the top of the page leaves it open whether the vendor table goes on
    there (hunt 92: a sentence opening 表1… below the real rest dropped it), so it is an error."""
    name = "typst-other-table-captioned-below-2025-05-07.pdf"
    texts = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(str(PRINTS / name))]
    assert any("表 2 已下线模型" in t for t in texts)  # the premise: the viewer shows the other table's caption
    with pytest.raises(LayoutError, match="page 3: the table at the top of the page, in the vendor table's columns, "
                                          "has the caption '表2 已下线模型"):
        extract_pdf((PRINTS / name).read_bytes(), name)


@pytest.mark.parametrize("line, caption", [("表2 已下线模型", True), ("Table 2: retired models", True),
                                           ("附表1 推荐卡数", True), ("附表 已下线模型", True),
                                           ("表1中的卡数为最小配置", True),
                                           ("表1 模型最小卡数配置", False), ("（续表）", False), ("注：以上配置仅供参考", False)])
def test_what_reads_as_another_tables_caption(line, caption):
    from pipeline.extract.pdf_pages import NUMBER
    from pipeline.extract.pdf_regions import other_caption
    assert other_caption(NUMBER.sub("#", line)) is caption
