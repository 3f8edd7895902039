"""Prints made by other hands, round 13 (hunt 94, session 43): the vendor PDFs after other tools.

348 outputs of Ghostscript, mutool, qpdf, pdftk, pdfjam, pdfcrop and poppler were read exactly or
refused. pdfcrop crops each page to its own content, so the pages come out of different heights
(the first 3 pt shorter): a running footer then stands at another height from the page's top on
each page, was not taken for one, and the table left open at the first page's foot was refused
("a page missing?"). A running header or footer is now matched from the page's top or from its
foot (pdf_pages.running)."""
from __future__ import annotations

import pypdfium2 as pdfium

from conftest import FIXTURES, RAW
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
