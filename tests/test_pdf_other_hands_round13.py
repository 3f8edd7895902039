"""Prints made by other hands, round 13 (hunt 94, session 43): the vendor PDFs after other tools.

348 outputs of Ghostscript, mutool, qpdf, pdftk, pdfjam, pdfcrop and poppler were read exactly or
refused. pdfcrop crops each page to its own content, so the pages come out of different heights
(the first 3 pt shorter): a running footer then stands at another height from the page's top on
each page, was not taken for one, and the table left open at the first page's foot was refused
("a page missing?"). A running header or footer is now matched from the page's top or from its
foot (pdf_pages.running).

Hunt 95 printed the vendor page with one cell written as two paragraphs (`4096` / `8192`, as an
editor splits a compound value): Chromium draws two lines in a column wide enough for both on one,
and the print was read as `40968192`, one sequence length nobody wrote (1,330 rows published). A
line that ends with room for the next line's first character was not broken by the layout: the
text had whitespace or its author's break there, and is read as the page's HTML is
(pdf_cells.with_author_breaks, tokens.is_wrap). A line ending in a whole model name whose last part
is a word, before a letter, is two items or one word wrapped anywhere (`Qwen3-30B-A3B-Instruct` /
`beta`): an error too (tokens.check_whole_names)."""
from __future__ import annotations

import sys

import pypdfium2 as pdfium
import pytest

from chromium import tab
from conftest import FIXTURES, RAW, REPO
from pipeline.errors import CellError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_other_hands_round11 import rows  # a frame's key and value columns, as a set

CROPPED = FIXTURES / "pdf" / "pdfcrop-2025-05-07.pdf"


def test_pdfcrop_leaves_pages_of_different_heights_with_the_footer_as_far_from_each_foot():
    """The premise, as pdfium reads the print: page 1 is shorter, and its footer (`1/2`, `2/2`: the
    page's last text) stands at the same distance from each page's foot, not from its top."""
    document = pdfium.PdfDocument(str(CROPPED))
    heights, feet, tops = [], [], []
    for page in document:
        text = page.get_textpage()
        last = text.count_chars()
        assert text.get_text_range(last - 3, 3)[1:] == f"/{len(document)}"
        _, bottom, _, top = text.get_charbox(last - 3)  # the page's number
        heights.append(page.get_height())
        feet.append(round(bottom, 1))
        tops.append(round(page.get_height() - top, 1))
    assert heights[0] < heights[1]
    assert len(set(feet)) == 1 and len(set(tops)) == 2


def test_a_pdfcrop_of_the_vendor_pdf_is_read_whole():
    """Catches: the footer matched only from the page's top, the part left open at page 1's foot
    refused as "a page missing?"."""
    grid, _ = extract_html((RAW / "2025-05-07" / "page.html").read_bytes(), "page.html")
    printed, _ = extract_pdf(CROPPED.read_bytes(), "doc.pdf")
    assert rows(normalize(printed, "2025-05-07").frame) == rows(normalize(grid, "2025-05-07").frame)


PAGE = (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8")
SEQ_CELL = '<p id="modelarts_llm_train_590804__p0090">4096/8192</p>'  # llama3.2-1b's sequence lengths
PARAGRAPHS = {  # the cell written as two paragraphs, its two lines as pdfium reads them, and the error
    "two sequence lengths": (SEQ_CELL, SEQ_CELL.replace("4096/8192", "4096</p><p>8192"), ("4096", "8192"),
                             r"'4096\\n\\n8192' is not a sequence length: a line break between '4096' and '8192'"),
    "a name, then a word": (">glm4-9b<", ">Qwen3-30B-A3B-Instruct</p><p>beta<", ("Qwen3-30B-A3B-Instruct", "beta"),
                            r"a line break after the whole name 'Qwen3-30B-A3B-Instruct' may separate two items"),
}


def boxes(text, word: str) -> list[tuple[float, float, float, float]]:
    """pdfium's boxes of each place `word` is printed on a page (left, bottom, right, top)."""
    search = text.search(word, match_case=True)
    found = [search.get_next() for _ in range(200)]
    return [(text.get_charbox(i)[0], text.get_charbox(i)[1], text.get_charbox(i + n - 1)[2], text.get_charbox(i)[3])
            for i, n in filter(None, found)]


def stacked(text, first: str, second: str) -> bool:
    """Is `second` printed under `first`, at its left, within three of its heights (the next
    paragraph of a cell, not the next row's)?"""
    return any(abs(b[0] - a[0]) < 0.5 and 0 < a[1] - b[3] < 3 * (a[3] - a[1])
               for a in boxes(text, first) for b in boxes(text, second))


def printed(printer, html: str) -> bytes:
    with tab(printer) as page:
        page.set_content(html)
        return page.pdf(format="A4", landscape=True, scale=0.6)


@pytest.mark.parametrize("name", PARAGRAPHS)
def test_two_paragraphs_of_a_cell_in_a_print_are_not_one_word_wrapped(printer, name):
    """Catches: the line break between the paragraphs read as a wrap of one word (`40968192`
    published, 1,330 rows; `Qwen3-30B-A3B-Instructbeta`)."""
    cell, paragraphs, (first, second), refused = PARAGRAPHS[name]
    assert PAGE.count(cell) == 1
    data = printed(printer, PAGE.replace(cell, paragraphs, 1))
    assert any(stacked(page.get_textpage(), first, second) for page in pdfium.PdfDocument(data))  # the premise
    grid, _ = extract_pdf(data, "doc.pdf")
    with pytest.raises(CellError, match=refused):
        normalize(grid, "2025-10-22")


def test_the_unedited_page_printed_alike_is_read_whole(printer):
    """What must not be refused: the same print of the vendor page (its wraps are the layout's)."""
    grid, _ = extract_html(PAGE.encode("utf-8"), "page.html")
    printed_grid, _ = extract_pdf(printed(printer, PAGE), "doc.pdf")
    assert rows(normalize(printed_grid, "2025-10-22").frame) == rows(normalize(grid, "2025-10-22").frame)


# Hunt 98: the same two paragraphs where the room cannot tell (a narrow column breaking words anywhere,
# as the vendor's own pages set their cells): told by the step down between them, wider than a wrap's
# where the paragraphs keep their margins; where they do not, a length cut between its digits must
# come out a power of two (4096 / 8192 is not 40968192, 409 / 6 is 4096).
NARROW = ("<style>table{table-layout:fixed;width:auto} td,th{word-break:break-all;"
          "padding:4px}%s</style>")
COLUMNS = "<colgroup>" + "".join(f'<col style="width:{w}px">' for w in [160, 60, 36] + [70] * 10) + "</colgroup>"


def narrow(html: str, css: str = "") -> str:
    return html.replace("</head>", NARROW % css + "</head>", 1).replace("</caption>", "</caption>" + COLUMNS, 1)


@pytest.mark.parametrize("css", ["", "p{margin:0}"])
def test_two_paragraphs_in_a_column_breaking_words_anywhere_are_not_one_length(printer, css):
    """Told by the room the line `6` leaves, or by the step down to the next paragraph."""
    cell, paragraphs, _, _ = PARAGRAPHS["two sequence lengths"]
    grid, _ = extract_pdf(printed(printer, narrow(PAGE.replace(cell, paragraphs, 1), css)), "doc.pdf")
    with pytest.raises(CellError, match=r"'409\\n6\\n\\n819\\n2' is not a sequence length: a line break between "
                                        r"'6' and '819' may separate two items"):
        normalize(grid, "2025-10-22")


def test_two_paragraphs_the_print_sets_as_a_wrap_are_not_one_length(printer):
    """Catches (hunt 98): the repo's own A5 print of the page (tools/render_pdf.py: fixed narrow
    columns, paragraphs without margins) sets `4096` / `8192` exactly as `40968192` broken anywhere
    would be set, and 40968192 was published (20 rows; 40 lost)."""
    sys.path.insert(0, str(REPO / "tools"))
    from render_pdf import print_ready_html

    cell, paragraphs, _, _ = PARAGRAPHS["two sequence lengths"]
    with tab(printer) as page:
        page.set_content(print_ready_html("2025-10-22", "A5 portrait").replace(cell, paragraphs, 1))
        data = page.pdf(prefer_css_page_size=True)
    grid, _ = extract_pdf(data, "doc.pdf")
    with pytest.raises(CellError, match=r"'4096\\n8192': cannot tell 40968192 wrapped from two sequence lengths"):
        normalize(grid, "2025-10-22")


@pytest.mark.parametrize("css", ["", "p{margin:0}"])
def test_a_column_breaking_words_anywhere_is_read_whole(printer, css):
    """What must not be refused: the unedited page in the same narrow column, its lengths cut
    between their digits (`40` / `96/` / `81` / `92`)."""
    html_grid, _ = extract_html(PAGE.encode("utf-8"), "page.html")
    grid, _ = extract_pdf(printed(printer, narrow(PAGE, css)), "doc.pdf")
    assert any("\n" in c.raw_text and c.raw_text[:2].isdigit() for c in grid.cells)  # the premise: cut lengths
    assert rows(normalize(grid, "2025-10-22").frame) == rows(normalize(html_grid, "2025-10-22").frame)
