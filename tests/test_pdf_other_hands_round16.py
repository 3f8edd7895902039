"""PDF round 34 (hunt 131, session 47): prints passed through the tools people use on PDFs
afterwards. The real print raw/2025-05-07/doc.pdf edited by an incremental update, as an editor
saves."""
from __future__ import annotations

import re

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_other_hands_round7 import FOUR, REAL, updated
from test_pdf_text_painted_otherwise import with_four

STAMP = b" BT /F1 14 Tf 40 50 Td (APPROVED) Tj ET"  # Helvetica, in the first page's bottom margin


def test_a_stamp_under_the_table_on_one_page_is_named_as_what_ends_it(tmp_path):
    """Catches the message (hunt 131): a stamp under the table on its first page only keeps the
    table from going on overleaf (the stamp could be text between two tables), and the error
    said "a page missing?" of a whole file. It now names the line under the table that the next
    page does not print."""
    data = with_four(FOUR + STAMP, b"", {}, tmp_path / "t.pdf")
    with pytest.raises(LayoutError, match=r"page 1: the vendor table is left open at the bottom of the page and does "
                                          r"not go on on the next page; under it, 'APPROVED', which the next page does "
                                          r"not print as a running footer, ends it"):
        extract_pdf(data, "doc.pdf")


@pytest.mark.parametrize("encoding", [b"/WinAnsiEncoding", b"/MacRomanEncoding"])
def test_a_named_encoding_on_the_prints_symbolic_font_is_read(encoding, tmp_path):
    """Catches (hunt 133) 'internal error: AttributeError' (exit 3): the print's embedded symbolic
    TrueType font given a named /Encoding, which holds no /Differences. Viewers draw the page as
    before (a symbolic font draws its codes by its own cmap), and every row is read."""
    font = re.search(rb"\n8 0 obj\s*(.*?)endobj", REAL.read_bytes(), re.S)[1].strip()
    assert font.startswith(b"<<") and b"/Encoding" not in font
    data = updated({8: b"<< /Encoding " + encoding + b" " + font[2:]}, tmp_path / "t.pdf")
    rows = normalize(extract_pdf(data, "doc.pdf")[0], "2025-05-07").frame
    reference = normalize(extract_pdf(REAL.read_bytes(), "doc.pdf")[0], "2025-05-07").frame
    assert rows[["model", "strategy", "seq_len", "hardware", "min_units"]].equals(
        reference[["model", "strategy", "seq_len", "hardware", "min_units"]])


A5_BREAKS = FIXTURES / "pdf" / "breaks-chromium-a5-26.pdf"


def with_five_read_as_seven() -> bytes:
    """Chromium's A5 print with the Unicode map of its values' font (BAAAAA+WenQuanYiZenHei,
    object 5, its map object 2594) reading the glyph of 5 as 7 (an incremental update). The
    print's other subset of the font (AAAAAA) has no 5, so no other font reads that glyph."""
    with pdfplumber.open(A5_BREAKS) as pdf:
        cmap = pdf.doc.getobj(2594).get_data()
    old = b"<002E> <003B> <002D>"
    assert old in cmap  # the construction: the digits a range, CID 0x36 read as 5
    cmap = cmap.replace(old, b"<002E> <0035> <002D>\n<0036> <0036> <0037>\n<0037> <003B> <0036>")
    return incremental_update(A5_BREAKS.read_bytes(), {2594: stream(b"", cmap.replace(b"15 beginbfrange",
                                                                                       b"17 beginbfrange"))})


def test_a_map_naming_a_glyph_another_digit_than_its_program_does_is_an_error():
    """Catches (hunt 133's open case): the only font of the values reading the glyph of 5 as 7.
    Both engines read 7, and a 5 and a 7 have the same counters (none), so every 5 of the print
    was published as 7 with exit 0. The font program's own Unicode map gives that glyph to 5."""
    with pytest.raises(LayoutError, match=r"a glyph read as '7' in font BAAAAA\+WenQuanYiZenHei is drawn as '5', the "
                                          r"glyph its font program's own map gives 5 \(glyph \d+\)"):
        extract_pdf(with_five_read_as_seven(), "doc.pdf")


def test_a_font_drawing_a_letter_with_a_digits_outline_is_read():
    """Catches the outline rule refusing homoglyphs (hunt 134): DejaVu Sans Mono draws Cyrillic З as
    its 3 (a composite of one component, unmoved), so one outline is read as З and as 3 on the
    page. Only two digits read from one outline are an error; the print reads as the HTML page."""
    grid, updated = extract_pdf((FIXTURES / "pdf" / "chromium-dejavu-mono-cyrillic-2025-05-07.pdf").read_bytes(),
                                "doc.pdf")
    html, _ = extract_html((RAW / "2025-05-07" / "page.html").read_bytes(), "page.html")
    columns = ["model", "strategy", "seq_len", "framework", "hardware", "supported", "min_units", "unit"]
    assert normalize(grid, updated).frame[columns].equals(normalize(html, "2025-05-07").frame[columns])
