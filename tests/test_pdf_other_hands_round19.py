"""PDFs made by other hands, round 19 (session 51).

- **Overprint under the default overprint mode** (left open in round 18): a graphics state setting
  `/OP true` was refused whatever its mode; under `/OPM 0` every component of a CMYK paint is
  painted, and the viewers draw it alike. Overprint is an error only where a graphics state of the
  page sets the nonzero mode, in the same state or another (pdf_guards.check_graphics_states).
- **Pages pdfminer does not find** (hunt 164): a page, or a node of the page tree, written without
  its /Type is shown by pdfium, poppler and MuPDF and skipped by pdfminer, which walks only nodes
  typed /Pages: a print's last pages under such a node were never read (400 of 1,350 rows published,
  exit 0). More pages loaded by pdfium than pdfminer finds is an error (pdf.check_same_pages).
"""
from __future__ import annotations

import io

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pdfminer.pdftypes import resolve1

from conftest import FIXTURES
from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from test_pdf_other_hands_round7 import REAL, page_one
from test_pdf_other_hands_round18 import PAGE, ink_before_the_value, one_painted_in, published


def test_overprint_under_the_default_mode_is_read():
    """What must be read (hunt 158's over-refusal): a black CMYK 1 painted with overprint under
    /OPM 0 is drawn by every viewer; 14, as pdfium draws it."""
    data = one_painted_in(b"/GO gs 0 0 0 1 k", b"/ExtGState << /GO << /OP true /op true /OPM 0 >> >>")
    assert ink_before_the_value(data) > 10
    assert published(data) == {14}


def test_overprint_and_its_nonzero_mode_set_by_two_states_is_an_error():
    """Catches a check asking each graphics state alone: after `/GO gs /GM gs`, the first setting
    overprint and the second /OPM 1, a white CMYK 1 on a black box is left unpainted by MuPDF (the
    box all black at 288 dpi) and drawn by poppler and Ghostscript (checked with mutool 1.21,
    pdftoppm 22 and gs 10)."""
    data = one_painted_in(b"0 g 229 655 9 13 re f /GO gs /GM gs 0 0 0 0 k",
                          b"/ExtGState << /GO << /OP true /op true >> /GM << /OPM 1 >> >>")
    with pytest.raises(LayoutError, match=r"page 1: the graphics state /GO sets overprint \(/OP true\) under the "
                                          r"nonzero overprint mode"):
        extract_pdf(data, "doc.pdf")


def with_last_pages_under_an_untyped_node(data: bytes) -> bytes:
    """Chromium's print of the 2025-10-22 page (4 pages: objects 2, 7, 9 and 14 under the tree's
    root, 16) with its last three pages moved under a node written without `/Type /Pages`."""
    return incremental_update(data, {16: b"<< /Type /Pages /Count 4 /Kids [2 0 R 40 0 R] >>",
                                     40: b"<< /Count 3 /Kids [7 0 R 9 0 R 14 0 R] /Parent 16 0 R >>"})


def test_pages_under_a_node_without_its_type_are_an_error():
    """Catches (hunt 164): pdfminer walks only nodes typed /Pages and found one page of four;
    pdfium (as poppler and MuPDF) shows all four (the premise: each loads and draws its part of the
    table); 400 of 1,350 rows published, exit 0."""
    data = with_last_pages_under_an_untyped_node((FIXTURES / "pdf" / "browser-chromium.pdf").read_bytes())
    document = pdfium.PdfDocument(data)
    assert len(document) == 4 and all(len(document[i].get_textpage().get_text_range()) > 100 for i in range(4))
    with pytest.raises(SourceError, match=r"pdfium shows 4 page\(s\) and pdfminer finds 1: a page or a node of the "
                                          r"page tree without its /Type"):
        extract_pdf(data, "doc.pdf")


def test_a_page_without_its_type_is_an_error():
    """Catches (hunt 164, and round 18's misleading message): page 1 written without `/Type /Page`
    is shown by every viewer and skipped by pdfminer, whose first page was then the print's second:
    refused as text the page does not show."""
    number, _ = page_one()
    data = incremental_update(REAL.read_bytes(), {3: PAGE.replace(b"/Type /Page ", b"") % (b"/Contents %d 0 R" % number,
                                                                                            b"")})
    with pytest.raises(SourceError, match=r"pdfium shows 2 page\(s\) and pdfminer finds 1"):
        extract_pdf(data, "doc.pdf")


def test_a_count_above_the_pages_there_are_is_read():
    """What must be read: `/Count 3` over two pages; pdfium counts three and fails to load the third
    (the premise), as no viewer shows it."""
    data = incremental_update(REAL.read_bytes(), {11: b"<< /Count 3 /Kids [ 3 0 R 4 0 R ] /Type /Pages >>"})
    document = pdfium.PdfDocument(data)
    assert len(document) == 3
    with pytest.raises(pdfium.PdfiumError):
        document[2]
    assert published(data) == {4}


MALFORMED = {  # hunt 166: pdfium (and Ghostscript) draw the 1; poppler or MuPDF does not
    "an operator without its operand": b"w",  # poppler stops drawing the page
    "a move given one operand": b"BT 5 Td ET",
    "a text shown with nothing": b"BT Tj ET",
    "a grey given two operands": b"1 0 g",  # MuPDF takes the first: a white 1
    "a render mode given two operands": b"3 0 Tr",  # MuPDF: invisible
    "a move given three operands": b"0 100 0 Td",
    "150 words that are no operators": b"xyz " * 150,  # MuPDF gives up on the page after 100
    "a Q closing no q, the page drawn on after it": b"Q Q Q Q Q Q Q Q Q Q",
}


@pytest.mark.parametrize("name", MALFORMED)
def test_content_viewers_recover_from_otherwise_is_an_error(name):
    """Catches (hunt 166): 14 published, exit 0, where poppler (pdftoppm, Evince) or MuPDF shows
    4*Ascend: each recovers from the fault its own way, and pdfminer and pdfium read it alike. (The
    premise: pdfium draws the 1.)"""
    data = one_painted_in(MALFORMED[name], b"")
    assert ink_before_the_value(data) > 10
    with pytest.raises(LayoutError, match=r"page 1: the page's content is not written as PDF says: "):
        extract_pdf(data, "doc.pdf")


WELL_FORMED = {
    "an unknown operator in a compatibility section": b"BX 1 2 xyz EX",
    "a q left open": b"q q",
    "a colour of a named device space": b"/DeviceRGB cs 0 0 0 sc",
    "a pattern's name": b"/Pattern cs /P0 scn 0 g",
    "an inline image": b"q 1 0 0 1 600 800 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI Q",
    "strings, arrays and a dictionary": b"/P << /MCID 0 /X [(a\\)) <0041> 5 [1]] >> BDC EMC",
}


@pytest.mark.parametrize("name", WELL_FORMED)
def test_content_written_as_pdf_says_is_read(name):
    """What must be read: operands counted through strings, arrays, dictionaries, inline images,
    BX/EX and the colour spaces' components."""
    assert published(one_painted_in(WELL_FORMED[name], b"")) == {14}


def with_symbol_subtable(four_drawn_as_one: bool) -> bytes:
    """The real print with its F2+0 program's cmap replaced by one Microsoft symbol (3, 0) subtable
    mapping each code both as it is and at F0xx to its own glyph; 0x34 (`4`) as it is to the
    glyph of 1 when `four_drawn_as_one`."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._c_m_a_p import cmap_format_4

    with pdfplumber.open(REAL) as pdf:
        program = TTFont(io.BytesIO(resolve1(resolve1(pdf.doc.getobj(7))["FontFile2"]).get_data()))
    mac = program["cmap"].getcmap(1, 0).cmap
    mapping = {**mac, **{0xF000 + code: glyph for code, glyph in mac.items()}}
    if four_drawn_as_one:
        mapping[0x34] = mac[0x31]
    symbol = cmap_format_4(4)
    symbol.platformID, symbol.platEncID, symbol.language, symbol.cmap = 3, 0, 0, mapping
    program["cmap"].tables = [symbol]
    written = io.BytesIO()
    program.save(written)
    return incremental_update(REAL.read_bytes(), {6: stream(b"", written.getvalue())})


def test_a_symbol_subtable_is_looked_up_by_the_code_before_f0xx():
    """Catches (hunt 168): with 0x34 drawn as the outline of 1 and 0xF034 as that of 4, pdfium,
    poppler and MuPDF draw every 4 of page 1 as a 1 (they look the code up as it is first; pdfium's
    text there is 4: the premise below, its ink against the unedited subtable's); the tool looked
    F0xx up first and published the print's values, exit 0. Now the outlines compared are those the
    viewers draw, and a glyph read as one digit drawn as another is an error."""
    edited, control = with_symbol_subtable(True), with_symbol_subtable(False)
    assert published(control) == {4}
    page, unedited = pdfium.PdfDocument(edited)[0], pdfium.PdfDocument(control)[0]
    assert (page.render(scale=2, grayscale=True).to_numpy() != unedited.render(scale=2, grayscale=True).to_numpy()).any()
    with pytest.raises(LayoutError, match=r"page 1: a glyph read as '\d' .* the page shows another character than "
                                          r"its text says"):
        extract_pdf(edited, "doc.pdf")
